#include "util/text.h"

#include <cstdio>

namespace fusion {

std::string join(const std::vector<std::string> &parts, const char *sep)
{
    std::string out;
    for (const std::string &s : parts)
        out += (out.empty() ? "" : sep) + s;
    return out;
}

std::string decimalText(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string megabytes(size_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MB"; }

} // namespace fusion
