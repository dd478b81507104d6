#pragma once
// Two analysed traces compared: aligned layers, aligned kernels inside them, the operation,
// layer and same-kernel tables, and fusion findings from all five detection methods, merged.
#include "analyzed/analyzedtrace.h"
#include "compare/gap.h"
#include "align/layeralignment.h"
#include "fusion/findings.h"
#include "compare/modulecomparison.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

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

// Op status rule: B is "slower" when its time is > 1.1× A's, "faster" when < 0.9×, else "similar";
// "only A" / "only B" when the other side has none.
constexpr double kSlowerRatio = 1.1, kFasterRatio = 0.9;
std::string opStatus(Ns a, Ns b);

// The layer alignment as soon as it is made, before the findings: in the comparison's own
// orientation, which is B against A when `mirrored` (compare/orientation.h), and the labels of A and
// B as the comparison will hold them.
struct AlignedLayers {
    const LayerAlignment &layers;
    bool mirrored;
    const std::string &labelA, &labelB;
};

struct CompareOptions {
    Stage stage = Stage::All;
    std::string labelA, labelB;          // default: the traces' labels
    std::function<bool(double)> progress;  // 0..1; returning false cancels (throws Cancelled)
    // Compute in the canonical orientation (see compare/orientation.h) so that B/A mirrors A/B.
    // Off only to test that the analysis itself does not depend on it.
    bool canonicalOrder = true;
    // Runs on a thread of its own once the layers are aligned, beside the rest of the comparison,
    // which waits for it before it changes them and passes on what it throws: a report writes them
    // meanwhile (report/comparereport.h). A comparison that fails or is cancelled also waits for it
    // to end, and drops what it throws.
    std::function<void(const AlignedLayers &)> whileComparing;
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
    // The two traces whose interned strings the kernel pairs' names view: a comparison keeps them
    // alive, so those views stay valid for as long as it lives (and its copies do).
    std::shared_ptr<const Trace> viewed[2];
};

Comparison compareTraces(const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &options = {});

} // namespace fusion
