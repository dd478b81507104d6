#include "compare/orientation.h"

#include <tuple>
#include <utility>

namespace fusion {

bool canonicallyFirst(const AnalyzedTrace &x, const AnalyzedTrace &y)
{
    auto key = [](const AnalyzedTrace &t) {
        return std::make_tuple(t.summary.kernelCount, t.summary.kernelTotal, t.trace->store.eventCount, std::cref(t.trace->path),
                               std::cref(t.trace->label));
    };
    return key(x) < key(y);
}

Comparison mirrored(Comparison c)
{
    std::swap(c.labelA, c.labelB);
    std::swap(c.stepsA, c.stepsB);
    for (LayerPair &p : c.layers.pairs) {
        std::swap(p.a, p.b);
        std::swap(p.aTotal, p.bTotal);
        std::swap(p.aKernels, p.bKernels);
        for (KernelPair &k : p.kernels) {
            std::swap(k.aKernels, k.bKernels);
            std::swap(k.aName, k.bName);
            std::swap(k.aTotal, k.bTotal);
        }
    }
    for (OpRow &r : c.ops) {
        std::swap(r.aCount, r.bCount);
        std::swap(r.aTotal, r.bTotal);
        std::swap(r.aSteps, r.bSteps);
        r.status = opStatus(r.aPerStep(), r.bPerStep());
    }
    for (SameKernelRow &r : c.sameKernels) {
        std::swap(r.aCount, r.bCount);
        std::swap(r.aTotal, r.bTotal);
    }
    for (FusionFinding &f : c.findings) {
        f.fusedSide = otherSide(f.fusedSide);
        std::swap(f.aKernels, f.bKernels);
    }
    for (ExtraWork &e : c.extraWork) {
        e.side = otherSide(e.side);
        std::swap(e.aKernels, e.bKernels);
    }
    for (LeftOutLayer &l : c.leftOutLayers)
        l.side = otherSide(l.side);
    for (ModuleDifference &m : c.modules) {
        m.unfusedSide = otherSide(m.unfusedSide);
        std::swap(m.aInstances, m.bInstances);
        std::swap(m.aKernelsPerCall, m.bKernelsPerCall);
        std::swap(m.aTotal, m.bTotal);
        std::swap(m.aKernels, m.bKernels);
    }
    return c;
}

} // namespace fusion
