#include "classify/opcomponents.h"

#include <algorithm>

namespace fusion {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

bool has(const std::string &s, const char *needle) { return s.find(needle) != std::string::npos; }

} // namespace

std::vector<std::string> componentsOf(const std::string &fusedOp, const std::string &fusedWith)
{
    std::vector<std::string> out;
    const std::string &src = fusedWith.empty() ? fusedOp : fusedWith;
    const char sep = fusedWith.empty() ? '+' : (fusedWith.find(',') != std::string::npos ? ',' : '+');
    size_t start = 0;
    while (start <= src.size()) {
        size_t end = src.find(sep, start);
        if (end == std::string::npos)
            end = src.size();
        std::string part = src.substr(start, end - start);
        while (!part.empty() && part.front() == ' ')
            part.erase(part.begin());
        while (!part.empty() && part.back() == ' ')
            part.pop_back();
        if (!part.empty())
            out.push_back(part);
        start = end + 1;
    }
    return out;
}

bool opMatchesComponent(const std::string &op, const std::string &component)
{
    const std::string o = lower(op), c = lower(component);
    if (o == c || has(o, c.c_str()) || (!o.empty() && has(c, o.c_str())))
        return true;
    if (has(c, "gemm"))
        return has(o, "gemm");
    if (c == "add" || c == "residual" || c == "mul" || c == "bias")
        return has(o, "elementwise");
    if (has(c, "swiglu") || has(c, "silu") || has(c, "gelu") || has(c, "act"))
        return has(o, "activation") || has(o, "swiglu") || has(o, "silu") || has(o, "gelu");
    if (has(c, "quant"))
        return has(o, "quant");
    if (has(c, "norm"))
        return has(o, "norm");
    return false;
}

} // namespace fusion
