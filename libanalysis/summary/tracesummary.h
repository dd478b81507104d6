#pragma once
// The one-trace overview behind `fusionscope-cli summary`: event counts, streams, the kernel time
// window, kernels grouped by exact name, and what the trace lacks for deeper analysis.
#include "trace/traceloader.h"

#include <string>
#include <vector>

namespace fusion {

struct KernelNameRow {
    StrId name = 0;
    uint64_t count = 0;
    Ns total = 0, min = 0, max = 0;
    std::vector<uint32_t> kernelIds;  // ascending
};

struct StreamRow {
    int32_t device = 0, stream = 0;
    uint64_t kernels = 0;
    Ns busy = 0;  // sum of kernel durations on the stream
};

struct TraceSummary {
    uint64_t kernelCount = 0;
    Ns kernelTotal = 0;
    Ns windowStart = 0, windowEnd = 0;  // first kernel start, last kernel end
    uint64_t memcpyCount = 0, memsetCount = 0;
    std::vector<KernelNameRow> byName;  // sorted by total time, descending, then name
    std::vector<StreamRow> streams;
    std::vector<std::string> warnings;  // trace warnings plus what is missing
    bool hasPythonStacks = false, hasShapes = false, hasAnnotations = false;
};

TraceSummary summarize(const Trace &trace);

} // namespace fusion
