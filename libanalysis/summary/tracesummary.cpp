#include "summary/tracesummary.h"

#include "trace/recordimport.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace fusion {

TraceSummary summarize(const Trace &trace)
{
    const EventStore &s = trace.store;
    const GpuOpTable &k = s.kernels;
    TraceSummary out;
    out.kernelCount = k.size();
    std::unordered_map<StrId, size_t> rowOf;
    std::map<std::pair<int32_t, int32_t>, StreamRow> streams;
    for (uint32_t i = 0; i < k.size(); ++i) {
        out.kernelTotal += k.dur[i];
        auto [it, fresh] = rowOf.try_emplace(k.name[i], out.byName.size());
        if (fresh)
            out.byName.push_back({k.name[i], 0, 0, k.dur[i], k.dur[i], {}});
        KernelNameRow &r = out.byName[it->second];
        ++r.count;
        r.total += k.dur[i];
        r.min = std::min(r.min, k.dur[i]);
        r.max = std::max(r.max, k.dur[i]);
        r.kernelIds.push_back(i);
        StreamRow &sr = streams[{k.device[i], k.stream[i]}];
        sr.device = k.device[i];
        sr.stream = k.stream[i];
        ++sr.kernels;
        sr.busy += k.dur[i];
        if (i == 0 || k.start[i] < out.windowStart)
            out.windowStart = k.start[i];
        out.windowEnd = std::max(out.windowEnd, k.end(i));
    }
    std::sort(out.byName.begin(), out.byName.end(), [&](const KernelNameRow &a, const KernelNameRow &b) {
        return a.total != b.total ? a.total > b.total : s.str(a.name) < s.str(b.name);
    });
    for (auto &[key, row] : streams)
        out.streams.push_back(row);
    for (GpuKind kind : s.memOps.kind)
        ++(kind == GpuKind::Memcpy ? out.memcpyCount : out.memsetCount);

    out.hasPythonStacks = s.pyFrames.size() > 0;
    out.hasShapes = std::any_of(s.cpuOps.inputDims.begin(), s.cpuOps.inputDims.end(),
                                [](StrId d) { return d != StringPool::empty; });
    out.hasAnnotations = s.annotations.size() > 0;
    out.warnings = trace.warnings;
    if (out.kernelCount == 0)
        out.warnings.push_back("no GPU kernels: a CPU-only trace, nothing to compare on the GPU side");
    const bool kineto = s.format == TraceFormat::Kineto;
    const std::string ranges = kineto ? "annotation ranges (record_function)"
                               : s.format == TraceFormat::Rocprofv3 ? "roctx ranges" : "NVTX ranges";
    if (!out.hasPythonStacks && hasAnnotationRanges(s))
        out.warnings.push_back("no Python stacks" + std::string(kineto ? " (python_function events)" : "")
                               + ": kernels are attributed to the " + ranges + " around their launch, not to source lines"
                               + (kineto ? "; record with with_stack=True for source lines" : ""));
    else if (!out.hasPythonStacks && kineto)
        out.warnings.push_back("no Python stacks (python_function events): record with with_stack=True "
                               "to attribute kernels to source lines");
    else if (!out.hasPythonStacks)
        out.warnings.push_back("no Python stacks, nor " + ranges + " to attribute kernels by: they stay unresolved");
    if (!out.hasShapes)
        out.warnings.push_back(kineto ? "no input shapes on cpu ops: record with record_shapes=True for roofline estimates"
                                      : "no input shapes on ops (PyTorch's emit_nvtx(record_shapes=True) ranges carry "
                                        "them): no roofline estimates");
    if (!out.hasAnnotations)
        out.warnings.push_back("no annotations (user_annotation): stages and steps fall back to time windows");
    return out;
}

} // namespace fusion
