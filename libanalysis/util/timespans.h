#pragma once
// Unions of time intervals: what GPU busy time (steps), the gap decomposition and its layer windows
// are measured with.
#include <cstdint>
#include <utility>
#include <vector>

namespace fusion {

using TimeSpan = std::pair<int64_t, int64_t>;  // [start, end)

// The length of the union of `spans` (sorted in place).
int64_t unionLength(std::vector<TimeSpan> &spans);
// The union as disjoint spans, by start (touching spans merge).
std::vector<TimeSpan> mergeSpans(std::vector<TimeSpan> spans);
// How much of [from, to) the disjoint, sorted `merged` spans cover.
int64_t coveredLength(const std::vector<TimeSpan> &merged, int64_t from, int64_t to);

} // namespace fusion
