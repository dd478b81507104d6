#pragma once
// The sweep line of the overlap analysis (docs/fusion_semantics.md B.2): kernel intervals on several
// streams, swept in time order. At every moment a kernel is exclusive when no other stream is busy,
// and hidden otherwise — then by the strongest kernel running on another stream (compute >
// communication > memory > elementwise > other, then the longer, then the earlier to start), and
// "hidden by compute" when any kernel on another stream is compute.
#include "trace/eventstore.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace fusion {

enum class OverlapBucket : uint8_t { Compute, Communication, Memory, Elementwise, Other };

struct SweepInterval {
    Ns start = 0, end = 0;  // end > start
    uint32_t name = 0;      // the caller's name index: overlappers are reported by name
    uint32_t stream = 0;    // dense stream key
    OverlapBucket bucket = OverlapBucket::Other;
};

struct SweepTimes {
    Ns exclusive = 0, hidden = 0, hiddenByCompute = 0;
    bool operator==(const SweepTimes &) const = default;
};

struct OverlapSweep {
    Ns busy = 0;      // union of all intervals
    Ns overlap = 0;   // time with two or more streams busy
    int maxConcurrentStreams = 0;
    std::vector<SweepTimes> times;  // per interval, in input order
    // Per name: the name of the kernel hiding it → for how long (summed over its intervals).
    std::unordered_map<uint32_t, std::unordered_map<uint32_t, Ns>> hiddenUnder;
};

// O(n log n), plus one step per group of same-named kernels on a stream whenever the name of the
// kernel hiding them changes (a handful of groups run at once in real traces).
OverlapSweep sweepOverlap(const std::vector<SweepInterval> &intervals);

// The definition, moment by moment: every running kernel compared with every other one, O(n·k²)
// for k kernels running at once. Kept as the reference the tests and the benchmark check
// sweepOverlap() against; it takes minutes where thousands of kernels overlap.
OverlapSweep sweepOverlapReference(const std::vector<SweepInterval> &intervals);

} // namespace fusion
