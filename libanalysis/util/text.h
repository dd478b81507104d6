#pragma once
// Small text helpers shared by the readers' messages and the report writers.
#include <cstddef>
#include <string>
#include <vector>

namespace fusion {

// The strings of `parts` with `sep` between them ("a, b, c").
std::string join(const std::vector<std::string> &parts, const char *sep);

// `v` with `decimals` digits after the point ("12.35"), in the C locale's notation.
std::string decimalText(double v, int decimals);

// Whole mebibytes as a size limit names them in an error message ("512 MB").
std::string megabytes(size_t bytes);

} // namespace fusion
