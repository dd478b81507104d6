#pragma once
// The CPU side of one trace, as the fusion rules ask about it: which CPU op launched a kernel, and
// which ops of a name ran on a thread in a stretch of time — with or without kernels of their own.
#include "analyzed/analyzedtrace.h"

#include <map>
#include <string_view>
#include <vector>

namespace fusion {

class CpuOpWindow {
public:
    explicit CpuOpWindow(const AnalyzedTrace &t);

    // The CPU op row that launched `kernel`, -1 when no link says so (inferred links do not count:
    // they are borrowed from another layer's kernel).
    int32_t opOf(uint32_t kernel) const;
    std::string_view name(int32_t op) const;

    struct Span {
        ProcId pid = 0, tid = 0;
        Ns lo = 0, hi = -1;
        bool valid() const { return hi >= lo; }
    };
    // From the start of the op that launched `first` to the end of the op that launched `last`.
    // Either may be UINT32_MAX (no such kernel in the layer): the span then reaches back to the op
    // of the nearest linked kernel before `before`, or on to that after `after` (the neighbouring
    // layer's), or to the trace's edge. Invalid without any op.
    Span span(uint32_t first, uint32_t last, uint32_t before, uint32_t after) const;

    struct Count {
        uint32_t ops = 0, withoutKernel = 0;
    };
    // Ops named `name` that start inside the span on its thread.
    Count count(const Span &s, std::string_view name) const;

private:
    int32_t linkedNear(uint32_t kernel, int dir) const;  // op of the nearest linked kernel, -1 none

    const AnalyzedTrace &m_t;
    std::vector<uint32_t> m_launched;  // kernels per CPU op row
    std::map<std::pair<ProcId, ProcId>, std::vector<uint32_t>> m_byThread;  // op rows by start
};

} // namespace fusion
