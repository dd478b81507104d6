#pragma once
// Module-level fusion candidates with impact estimates (docs/fusion_semantics.md section D, seed
// 004): kernels grouped under the nn.Module / Python function / cpu_op that launched them; groups
// of several kernels that a fused kernel could replace, with the GPU time that fusion would save
// as a share of the end-to-end GPU time (low/mid/high).
#include "attribution/attribution.h"
#include "triage/gpuspecs.h"

#include <string>
#include <vector>

namespace fusion {

// D.5: the memory traffic and arithmetic of one kernel, from its launching op's shapes.
struct KernelCost {
    bool modeled = false;
    double bytesIn = -1, bytesOut = -1;  // -1: unknown side
    double flops = 0;
};

struct ModuleKernel {
    uint32_t kernel = 0;     // kernel id
    std::string name;        // raw trace name
    std::string type;        // D.2: Attention, GEMM, CONV, Norm, Softmax, Reduce, Copy/Cast, Elementwise
    std::string op;          // launching cpu_op
    Ns dur = 0;
    KernelCost cost;
    bool matrix() const { return type == "GEMM" || type == "CONV"; }
};

struct ModuleCandidate {
    std::string operation;        // base name (a frame's function name for plain frames)
    std::string moduleName;       // raw container name of the first instance
    std::vector<std::string> parentChain;  // innermost first
    std::vector<ModuleKernel> kernels;     // first instance, after attention-core narrowing
    uint64_t instanceCount = 1;
    Ns totalKernelTime = 0;       // all instances
    size_t eligibleKernelCount = 0;
    // Estimate (D.6/D.7)
    double impactLow = 0, impactMid = 0, impactHigh = 0;  // percent of E2E GPU time
    double timeMs = 0, savingsHighMs = 0;
    size_t modeledKernelCount = 0;
    std::string estimation;       // full | partial
    std::string bound;            // compute | memory
    std::string fusionType;       // matrix_compute | memory_bound
    std::string confidence;       // high | medium | low
    std::string label;            // "Unfused RMSNorm", …
    std::string warning;
};

struct ModuleCandidates {
    double baselineMs = 0;        // E2E GPU time (max end − min start of all GPU ops)
    std::string gpuKey;           // gpu_specs.yaml entry used, "" when unknown
    std::vector<ModuleCandidate> candidates;   // estimated, impact_mid descending
};

struct ModuleCandidateOptions {
    std::string gpuKey;           // force a gpu_specs.yaml entry; empty: match the trace's device
    Ns baseline = 0;              // the end-to-end GPU time impacts are shares of; 0: the whole GPU span
};

ModuleCandidates findModuleCandidates(const Trace &trace, const TraceAttribution &attribution,
                                      const GpuSpecs &specs, const ModuleCandidateOptions &options = {});

// D.5 for one cpu_op row (bytes and flops of the whole op; callers split over its kernels).
KernelCost costOfOp(const EventStore &store, size_t cpuOp, std::string_view kernelName);

} // namespace fusion
