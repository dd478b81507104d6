#pragma once
// What the fusion analysis finds in two aligned traces: fusions one side does and the other does
// not, kernels one side runs in addition, and layer pairs it had to leave out.
#include "trace/eventstore.h"
#include "util/confidence.h"
#include "util/traceside.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fusion {

// How a fusion was told. The first four are the kernel alignment's rules (fusion/kerneldifferences.h),
// in the order they are tried; the others are evidence that agrees with one of them: the fused
// side's kernel is a known fused op, or a count-based heuristic (fusion/corroboration.h) says so.
enum class FusionMethod : uint8_t {
    SplitInsideOp, OpFusedAway, NamedFusedKernel, ManyToOne,
    ExplicitFusedOp, SequencePattern, CountImbalance, Chain
};
// split_inside_op, op_fused_away, named_fused_kernel, many_to_one, explicit_fused_op,
// sequence_pattern, count_imbalance, chain: the names the outputs use.
const char *fusionMethodName(FusionMethod m);
std::vector<std::string> fusionMethodNames(const std::vector<FusionMethod> &methods);

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
    TraceSide fusedSide = TraceSide::A;  // the side that fuses
    // The rule that placed it, then the count-based methods that agree.
    std::vector<FusionMethod> methods;
    std::vector<std::string> fusedKernels;      // names of the fused kernel(s) on the fusing side
    std::vector<std::string> unfusedComponents; // names of the kernels the other side runs instead
    uint64_t count = 0;                  // occurrences
    // What `evidence` says, for a reader that words it in another language: kernels per occurrence.
    uint32_t fusedPerRun = 1, unfusedPerRun = 0;
    std::string evidence;                // one sentence, with the traces' labels
    Confidence confidence = Confidence::Low;
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
    TraceSide side = TraceSide::A;       // the side that runs it
    std::string operation;               // the kernels' op(s)
    std::string cpuOp;                   // the launching CPU op, "" when unknown
    bool explained = true;               // false: no CPU-side evidence either way (unexplained)
    uint64_t count = 0;                  // occurrences
    Ns total = 0;                        // the kernels' time
    std::vector<std::string> kernels;    // names, by time
    std::vector<uint32_t> aKernels, bKernels;   // the kernels (on `side` only)
    std::vector<uint32_t> layerPairs;
    uint32_t comparableLayers = 0;
    Confidence confidence = Confidence::Low;
    std::string evidence;
    std::vector<std::string> locations;
    std::vector<DifferenceOccurrence> occurrences;  // unfused: the kernels on `side`; fused: empty
};

// A layer pair left out of the fusion analysis because the profiling window cut it.
struct LeftOutLayer {
    uint32_t pair = 0;                   // index into the layer alignment
    TraceSide side = TraceSide::A;       // the side whose layer looks cut
    std::string reason;
};

} // namespace fusion
