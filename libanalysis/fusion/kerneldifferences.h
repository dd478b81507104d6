#pragma once
// Every kernel that the kernel alignment left without a partner, explained. Inside each aligned
// layer pair, a one-sided kernel is, by the first rule that fits:
//   split inside one op  launched by the same CPU op as a neighbouring paired kernel (a GEMM and
//                        its split-K reduce): the other side runs that op in one kernel
//   op fused away        its CPU op also runs on the other side, there without a kernel of its own:
//                        the other side folded it into the neighbouring kernel
//   named fused kernel   the neighbouring kernel on the other side is a fused kernel that names
//                        the kernel's operation among its parts
//   extra work           its CPU op does not run on the other side at all (a zero-fill, a cast)
//   many to one          no CPU-side evidence, but the neighbouring pair changed kernel while the
//                        rest of the layer runs the same kernels (the other side replaced two
//                        kernels by one), or a stretch of several kernels faces a single one
//   unexplained          none of these: listed, never merged into a fusion
// Layer pairs cut by the profiling window are left out before any of this.
#include "align/layeralignment.h"
#include "fusion/findings.h"

#include <string>
#include <vector>

namespace fusion {

class TaskPool;

enum class DifferenceKind : uint8_t { Fusion, ExtraWork, Unexplained };

// One difference at one place.
struct Occurrence {
    DifferenceKind kind = DifferenceKind::Fusion;
    FusionMethod rule = FusionMethod::ManyToOne;  // fusions only: one of the four rules above
    TraceSide side = TraceSide::A;    // the side that runs more kernels: unfused side or extra work
    std::vector<uint32_t> unfused;    // its kernels, in order (a fusion's whole run, e.g. GEMM + reduce)
    std::vector<uint32_t> fused;      // fusions: the other side's kernel(s) that replace the run
    uint32_t pair = 0;                // index into the layer alignment
};

struct KernelDifferences {
    std::vector<Occurrence> occurrences;
    std::vector<LeftOutLayer> leftOut;
    std::vector<uint32_t> comparedPairs;  // layer pairs whose kernels were compared
};

// With a pool, part of the work runs on its helpers (the result is the same).
KernelDifferences findKernelDifferences(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers,
                                        TaskPool *pool = nullptr);

// The class of a layer: its block name without the instance number ("Qwen2DecoderLayer", "layer").
std::string layerClass(const std::string &layerName);

} // namespace fusion
