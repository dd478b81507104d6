#pragma once
// What the rocprofv3 and Nsight Systems readers share: a record's start and end checked and turned
// into start + duration, the CPU ranges they record (roctx, NVTX) sorted into PyTorch ops and plain
// annotations, and the finishing of the store.
#include "trace/eventstore.h"

#include <string>
#include <string_view>
#include <vector>

namespace fusion {

// Counts the records whose times cannot be placed (end before start, beyond any real clock, or
// longer than a week), so that one warning says how many were left out.
class SpanCheck {
public:
    bool accept(int64_t start, int64_t end, Ns &dur);  // false: skip the record
    void warn(std::vector<std::string> &warnings, std::string_view what) const;
    // Throws TraceError when the kept durations add up to more than int64 nanoseconds hold: every
    // analysis sums them.
    void check(const std::string &file) const;
    uint64_t skipped() const { return m_skipped; }

private:
    uint64_t m_skipped = 0;
    double m_total = 0;
};

// The name Kineto gives a copy of that direction ("HtoD" → "Memcpy HtoD (Host -> Device)"); "Memcpy"
// for one it does not know.
std::string_view memcpyName(std::string_view direction);
constexpr std::string_view kMemsetName = "Memset (Device)";

// A range PyTorch writes around each op when asked for NVTX (emit_nvtx; roctx on ROCm):
// "aten::mm, seq = 12, op_id = 40, sizes = [[4, 8], [8, 16]], input_op_ids = [(39, 0)]". Also an op
// when the name alone is a namespaced operator ("aten::add_", "c10d::allreduce_").
struct OpRange {
    bool isOp = false;
    std::string_view op;     // "aten::mm"
    std::string_view sizes;  // "[[4, 8], [8, 16]]" (the JSON Kineto writes as Input Dims), or empty
};
OpRange parseOpRange(std::string_view name);

// The readers put every CPU range into annotations. This moves the op ranges into cpuOps (with their
// shapes) and links each launch to the innermost op range around it on its thread through a made-up
// External id, as Kineto links launches to ops; then sorts the GPU tables (EventStore::finalize).
// Returns how many ranges became ops.
size_t finishImportedStore(EventStore &s);

// CPU annotation ranges other than profiler steps: what attribution falls back on without Python
// stacks.
bool hasAnnotationRanges(const EventStore &s);

} // namespace fusion
