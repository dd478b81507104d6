#pragma once
// Two analysed traces compared (SPEC §3): aligned layers, aligned kernels inside them, the operation,
// layer and same-kernel tables, and fusion findings from all five detection methods, merged.
#include "compare/analyzedtrace.h"
#include "compare/modulecomparison.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

struct KernelPair {
    std::string op;                      // operation (both sides agree, or the side present)
    std::string detail;                  // QKV / O / FFN up / FFN down / … when it can be told
    std::vector<uint32_t> aKernels, bKernels;  // kernel ids (empty on a gap side)
    std::string aName, bName;            // representative raw names ("" on a gap side)
    Ns aTotal = 0, bTotal = 0;
    bool sameKernel = false;             // identical kernel names on both sides
    bool isGap() const { return aKernels.empty() || bKernels.empty(); }
    double ratio() const { return aTotal > 0 && bTotal > 0 ? double(bTotal) / double(aTotal) : 0.0; }  // B / A
};

struct LayerPair {
    int32_t a = -1, b = -1;              // layer indices, -1 for a one-sided layer
    Ns aTotal = 0, bTotal = 0;
    uint32_t aKernels = 0, bKernels = 0;
    std::vector<KernelPair> kernels;     // aligned kernels inside the layer pair
};

struct LayerAlignment {
    std::vector<LayerPair> pairs;
    std::string method;                  // e.g. "module scope ↔ module scope"
};

// Per operation across the whole trace (or one stage).
struct OpRow {
    std::string op;
    uint64_t aCount = 0, bCount = 0;
    Ns aTotal = 0, bTotal = 0;
    std::string status;                  // "faster" / "slower" / "similar" (B relative to A) / "only A" / "only B"
    double ratio() const { return aTotal > 0 ? double(bTotal) / double(aTotal) : 0.0; }
};

struct SameKernelRow {
    std::string name;
    uint64_t aCount = 0, bCount = 0;
    Ns aTotal = 0, bTotal = 0;
};

struct FusionFinding {
    std::string operation;               // e.g. "RMSNorm+GEMM"
    char fusedSide = 'a';                // 'a' or 'b': the side that fuses
    std::vector<std::string> methods;    // explicit_fused_op, aligned_one_sided, aligned_partial,
                                         // sequence_pattern, count_imbalance, chain
    std::vector<std::string> fusedKernels;      // names of the fused kernel(s) on the fusing side
    std::vector<std::string> unfusedComponents; // ops / names run separately on the other side
    uint64_t count = 0;                  // occurrences of the fused kernel
    std::string evidence;                // one sentence, with the traces' labels
    std::string confidence;              // high | medium | low
    std::vector<uint32_t> aKernels, bKernels;   // kernel ids involved on each side
    std::vector<std::string> locations;  // source locations (file:line function)
    Ns timeAtStake = 0;                  // GPU time the unfused side spends on the components
    bool standalone = false;             // one kernel of the fusing side stands in for a ladder of kernels
};

// Op status rule: B is "slower" when its time is > 1.1× A's, "faster" when < 0.9×, else "similar".
constexpr double kSlowerRatio = 1.1, kFasterRatio = 0.9;

struct CompareOptions {
    Stage stage = Stage::All;
    std::string labelA, labelB;          // default: the traces' labels
    std::function<bool(double)> progress;  // 0..1; returning false cancels (throws Cancelled)
};

struct Comparison {
    std::string labelA, labelB;          // "label (platform)"
    Stage stage = Stage::All;
    LayerAlignment layers;
    std::vector<OpRow> ops;              // by B+A total time, descending
    std::vector<SameKernelRow> sameKernels;
    std::vector<FusionFinding> findings; // by time at stake, descending
    std::vector<ModuleDifference> modules;  // same module, more kernels per call on one side
    std::vector<std::string> warnings;
};

Comparison compareTraces(const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &options = {});

} // namespace fusion
