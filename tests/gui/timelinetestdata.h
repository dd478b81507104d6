#pragma once
// Small hand-made traces for the timeline tests: kernels given as (stream, start, duration, op),
// turned into the AnalyzedTrace the timeline reads, so that expected values are plain arithmetic.
#include "compare/comparison.h"

#include <memory>
#include <string>
#include <vector>

namespace fusion::test {

struct TimelineKernel {
    int stream = 7;
    Ns start = 0, dur = 0;
    std::string op = "Dense GEMM";
};

// Kernels are sorted by start (kernel ids follow that order); layers: [first, last) kernel ids;
// annotations: (start, duration) of CPU annotations named ProfilerStep#0, #1 ….
inline std::shared_ptr<AnalyzedTrace> timelineTrace(std::vector<TimelineKernel> kernels,
                                                    const std::vector<std::pair<size_t, size_t>> &layers = {},
                                                    const std::vector<std::pair<Ns, Ns>> &annotations = {})
{
    std::stable_sort(kernels.begin(), kernels.end(), [](const auto &x, const auto &y) { return x.start < y.start; });
    auto trace = std::make_shared<Trace>();
    trace->label = "synthetic";
    AnalyzedTrace a;
    GpuOpTable &k = trace->store.kernels;
    for (const TimelineKernel &tk : kernels) {
        uint32_t cls = 0;
        while (cls < a.classes.classes.size() && a.classes.classes[cls].op != tk.op)
            ++cls;
        if (cls == a.classes.classes.size()) {
            KernelClass c;
            c.op = tk.op;
            a.classes.classes.push_back(c);
        }
        k.start.push_back(tk.start);
        k.dur.push_back(tk.dur);
        k.name.push_back(trace->store.strings.intern("kernel_" + tk.op));
        k.stream.push_back(tk.stream);
        k.device.push_back(0);
        a.classes.classOfKernel.push_back(cls);
    }
    a.layers.layerOfKernel.assign(kernels.size(), -1);
    for (const auto &[first, last] : layers) {
        Layer l;
        l.index = l.ordinal = uint32_t(a.layers.layers.size());
        l.name = "Layer_" + std::to_string(l.index);
        l.start = k.start[first];
        for (size_t i = first; i < last; ++i) {
            l.kernels.push_back(uint32_t(i));
            l.end = std::max(l.end, k.end(i));
            l.total += k.dur[i];
            a.layers.layerOfKernel[i] = int32_t(l.index);
        }
        a.layers.layers.push_back(std::move(l));
    }
    AnnotationTable &an = trace->store.annotations;
    for (const auto &[start, dur] : annotations) {
        an.start.push_back(start);
        an.dur.push_back(dur);
        an.name.push_back(trace->store.strings.intern("ProfilerStep#" + std::to_string(an.size() - 1)));
        an.pid.push_back(1);
        an.tid.push_back(1);
        an.externalId.push_back(-1);
        an.onGpu.push_back(0);
    }
    a.trace = trace;
    return std::make_shared<AnalyzedTrace>(std::move(a));
}

// Back-to-back kernels on one stream: n of them, each `dur` long, starting at `origin`.
inline std::shared_ptr<AnalyzedTrace> evenTrace(size_t n, Ns dur, Ns origin = 1000)
{
    std::vector<TimelineKernel> k;
    for (size_t i = 0; i < n; ++i)
        k.push_back({7, origin + Ns(i) * dur, dur, i % 3 ? "Elementwise" : "Dense GEMM"});
    return timelineTrace(std::move(k));
}

} // namespace fusion::test
