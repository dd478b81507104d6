#pragma once
// How far a finding can be trusted; worded (high, medium, low) only where results are written.
#include <cstdint>

namespace fusion {

enum class Confidence : uint8_t { Low, Medium, High };

constexpr const char *confidenceName(Confidence c)
{
    return c == Confidence::High ? "high" : c == Confidence::Medium ? "medium" : "low";
}

} // namespace fusion
