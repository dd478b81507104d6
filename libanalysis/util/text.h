#pragma once
// Small text helpers shared by the readers' messages and the report writers.
#include <cstddef>
#include <string>
#include <vector>

namespace fusion {

// The strings of `parts` with `sep` between them ("a, b, c").
std::string join(const std::vector<std::string> &parts, const char *sep);

// Whole mebibytes as a size limit names them in an error message ("512 MB").
std::string megabytes(size_t bytes);

} // namespace fusion
