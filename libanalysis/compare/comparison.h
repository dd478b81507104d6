#pragma once
// Two analysed traces compared (SPEC §3): aligned layers, aligned kernels inside them, the operation,
// layer and same-kernel tables, and fusion findings from all five detection methods, merged.
#include "compare/analyzedtrace.h"
#include "compare/gap.h"
#include "compare/kernelalignment.h"
#include "compare/modulecomparison.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

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
    // Profiler steps each total covers (1 without steps): two traces holding different numbers of
    // steps are compared per step, so that the ratio and the status do not count steps.
    uint32_t aSteps = 1, bSteps = 1;
    Ns aPerStep() const { return aTotal / Ns(aSteps); }
    Ns bPerStep() const { return bTotal / Ns(bSteps); }
    double ratio() const { return aTotal > 0 ? double(bPerStep()) / double(aPerStep()) : 0.0; }
};

struct SameKernelRow {
    std::string name;
    uint64_t aCount = 0, bCount = 0;
    Ns aTotal = 0, bTotal = 0;
};

// One place a finding or an extra-work item occurs: the runs of kernels it counts there.
struct DifferenceOccurrence {
    uint32_t pair = 0;                   // index into the layer alignment
    std::vector<uint32_t> unfused;       // the unfused run (fusions) or the extra kernels, in order
    std::vector<uint32_t> fused;         // fusions: the other side's kernel(s) replacing the run
};

// A fusion one side does and the other does not, derived from the kernel alignment: every
// occurrence is a run of kernels on the unfused side that one kernel (or fewer kernels) on the
// fused side replaces, in aligned layers. Kernels both sides run alike never appear in it.
struct FusionFinding {
    std::string operation;               // e.g. "pow + mean", "Dense GEMM + Reduce", "RMSNorm+GEMM"
    char fusedSide = 'a';                // 'a' or 'b': the side that fuses
    // The rule that placed it (split_inside_op, op_fused_away, named_fused_kernel, many_to_one),
    // then count-based methods that agree (explicit_fused_op, sequence_pattern, count_imbalance, chain).
    std::vector<std::string> methods;
    std::vector<std::string> fusedKernels;      // names of the fused kernel(s) on the fusing side
    std::vector<std::string> unfusedComponents; // names of the kernels the other side runs instead
    uint64_t count = 0;                  // occurrences
    // What `evidence` says, for a reader that words it in another language: kernels per occurrence.
    uint32_t fusedPerRun = 1, unfusedPerRun = 0;
    std::string evidence;                // one sentence, with the traces' labels
    std::string confidence;              // high | medium | low
    std::vector<uint32_t> aKernels, bKernels;   // exactly the kernels of the occurrences, each side
    std::vector<std::string> locations;  // source locations (file:line function)
    Ns timeAtStake = 0;                  // what fusing saves on the unfused side (≥ 0)
    Ns unfusedTotal = 0;                 // the unfused runs' whole time
    Ns fusedTotal = 0;                   // the fused kernels' time on the fusing side
    std::vector<uint32_t> layerPairs;    // where it occurs: indices into the layer alignment
    uint32_t comparableLayers = 0;       // compared layer pairs of the same class
    // Each occurrence apart (unfused: the side that does not fuse), in the order found: what a
    // trace viewer needs to join a run to the kernel replacing it.
    std::vector<DifferenceOccurrence> occurrences;
};

// Kernels one side runs that have no counterpart and no fused kernel on the other side (a
// zero-fill one backend needs, a cast, a copy): extra work, not a fusion.
struct ExtraWork {
    char side = 'a';                     // the side that runs it
    std::string operation;               // the kernels' op(s)
    std::string cpuOp;                   // the launching CPU op, "" when unknown
    bool explained = true;               // false: no CPU-side evidence either way (unexplained)
    uint64_t count = 0;                  // occurrences
    Ns total = 0;                        // the kernels' time
    std::vector<std::string> kernels;    // names, by time
    std::vector<uint32_t> aKernels, bKernels;   // the kernels (on `side` only)
    std::vector<uint32_t> layerPairs;
    uint32_t comparableLayers = 0;
    std::string confidence;              // high | medium | low
    std::string evidence;
    std::vector<std::string> locations;
    std::vector<DifferenceOccurrence> occurrences;  // unfused: the kernels on `side`; fused: empty
};

// A layer pair left out of the fusion analysis because the profiling window cut it.
struct LeftOutLayer {
    uint32_t pair = 0;                   // index into the layer alignment
    char side = 'a';                     // the side whose layer looks cut
    std::string reason;
};

// Op status rule: B is "slower" when its time is > 1.1× A's, "faster" when < 0.9×, else "similar";
// "only A" / "only B" when the other side has none.
constexpr double kSlowerRatio = 1.1, kFasterRatio = 0.9;
std::string opStatus(Ns a, Ns b);

struct CompareOptions {
    Stage stage = Stage::All;
    std::string labelA, labelB;          // default: the traces' labels
    std::function<bool(double)> progress;  // 0..1; returning false cancels (throws Cancelled)
    // Compute in the canonical orientation (see compare/orientation.h) so that B/A mirrors A/B.
    // Off only to test that the analysis itself does not depend on it.
    bool canonicalOrder = true;
};

// A sign that two traces may not run the same model: they repeat other layer blocks (a, b: the
// block names), or a layer runs several times the kernels on one side (a, b: median kernels per layer).
struct TraceMismatch {
    enum class Kind { LayerBlocks, KernelsPerLayer } kind;
    std::string a, b;
};

struct Comparison {
    std::string labelA, labelB;          // "label (platform)"
    Stage stage = Stage::All;
    uint32_t stepsA = 1, stepsB = 1;     // profiler steps in scope on each side (1 without steps)
    LayerAlignment layers;
    std::vector<OpRow> ops;              // by B+A total time, descending
    std::vector<SameKernelRow> sameKernels;
    std::vector<FusionFinding> findings; // by time at stake, descending
    std::vector<ExtraWork> extraWork;    // by time, descending
    std::vector<LeftOutLayer> leftOutLayers;
    std::vector<ModuleDifference> modules;  // same module, more kernels per call on one side
    GapDecomposition gap;                // where the GPU time difference comes from (compare/gapdecomposition.h)
    std::vector<std::string> warnings;
    // Why the two traces may not run the same model at all; each also worded among `warnings`.
    // Findings of such a pair mislead.
    std::vector<TraceMismatch> mismatches;
};

Comparison compareTraces(const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &options = {});

} // namespace fusion
