#include "classify/opnames.h"

namespace fusion {

bool isMatrixOp(std::string_view op)
{
    return op.find("GEMM") != std::string_view::npos || op.find("gemm") != std::string_view::npos;
}

bool isAttentionOp(std::string_view op)
{
    return op.starts_with("Attention");
}

bool isNormOp(std::string_view op)
{
    return op.find("Norm") != std::string_view::npos;
}

bool isLightOp(std::string_view op)
{
    for (std::string_view w : {"Elementwise", "Reduce", "Memory", "Index", "Copy", "Other"})
        if (op.find(w) != std::string_view::npos)
            return true;
    return false;
}

} // namespace fusion
