#pragma once
// Every kernel of one trace classified: one registry lookup per distinct name.
#include "classify/kernelregistry.h"
#include "trace/traceloader.h"

#include <vector>

namespace fusion {

struct TraceClassification {
    static constexpr uint32_t kNoClass = 0xffffffffu;  // classOfName of a string that names no kernel
    std::vector<KernelClass> classes;         // distinct classes seen in this trace
    std::vector<uint32_t> classOfName;        // indexed by StrId of a kernel name → index into classes
    std::vector<uint32_t> classOfKernel;      // indexed by kernel id → index into classes
    const KernelClass &ofKernel(size_t kernelId) const { return classes[classOfKernel[kernelId]]; }
    const std::string &opOf(size_t kernelId) const { return ofKernel(kernelId).op; }
    double classifiedShare = 0;               // share of kernel time not classified Other
};

TraceClassification classifyTrace(const Trace &trace, const KernelRegistry &registry);

} // namespace fusion
