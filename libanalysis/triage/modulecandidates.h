#pragma once
// Module-level fusion candidates with impact estimates (docs/fusion_semantics.md section D):
// kernels grouped under the nn.Module / Python function / cpu_op that launched them; groups
// of several kernels that a fused kernel could replace, with the GPU time that fusion would save
// as a share of the end-to-end GPU time (low/mid/high).
#include "attribution/attribution.h"
#include "triage/gpuspecs.h"
#include "util/confidence.h"

#include <string>
#include <vector>

namespace fusion {

// D.5: the memory traffic and arithmetic of one kernel, from its launching op's shapes.
struct KernelCost {
    bool modeled = false;
    double bytesIn = -1, bytesOut = -1;  // -1: unknown side
    double flops = 0;
};

// What a kernel of a module does, as far as fusing it goes: told from its name and launching op.
enum class KernelKind : uint8_t { Attention, Gemm, Conv, Norm, Softmax, Reduce, CopyCast, Elementwise };
const char *kernelKindName(KernelKind kind);  // "Attention", "GEMM", "CONV", …, "Copy/Cast", "Elementwise"

struct ModuleKernel {
    uint32_t kernel = 0;     // kernel id
    std::string name;        // raw trace name
    KernelKind type = KernelKind::Elementwise;
    std::string op;          // launching cpu_op
    Ns dur = 0;
    KernelCost cost;
    bool matrix() const { return type == KernelKind::Gemm || type == KernelKind::Conv; }
};

// How the time a fusion saves is estimated: every kernel has a cost model (full) or some use their
// measured time (partial); the fused kernel is bound by compute (a matrix with its epilogue) or
// by memory traffic.
enum class Estimation : uint8_t { Full, Partial };
enum class Bound : uint8_t { Compute, Memory };
constexpr const char *estimationName(Estimation e) { return e == Estimation::Full ? "full" : "partial"; }
constexpr const char *boundName(Bound b) { return b == Bound::Compute ? "compute" : "memory"; }

struct ModuleCandidate {
    std::string operation;        // base name (a frame's function name for plain frames)
    std::string moduleName;       // raw container name of the first instance
    std::vector<std::string> parentChain;  // innermost first
    std::vector<ModuleKernel> kernels;     // first instance, after attention-core narrowing
    uint64_t instanceCount = 1;
    Ns totalKernelTime = 0;       // all instances
    size_t eligibleKernelCount = 0;
    // The estimate: what fusing the module could save
    double impactLow = 0, impactMid = 0, impactHigh = 0;  // percent of E2E GPU time
    double timeMs = 0, savingsHighMs = 0;
    size_t modeledKernelCount = 0;
    Estimation estimation = Estimation::Partial;
    Bound bound = Bound::Memory;
    bool matrixFusion = false;    // the module holds a matrix kernel: fusion_type matrix_compute, else memory_bound
    const char *fusionType() const { return matrixFusion ? "matrix_compute" : "memory_bound"; }
    Confidence confidence = Confidence::Low;
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

// The bytes and flops of one cpu_op row, from its shapes and dtypes (of the whole op; callers
// split them over its kernels).
KernelCost costOfOp(const EventStore &store, size_t cpuOp, std::string_view kernelName);

} // namespace fusion
