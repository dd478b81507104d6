#include "fusion/kerneldifferences.h"
#include "classify/opnames.h"
#include "fusion/fusedparts.h"
#include "fusion/windowedges.h"
#include "util/taskpool.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

namespace fusion {

const char *fusionMethodName(FusionMethod m)
{
    switch (m) {
    case FusionMethod::SplitInsideOp: return "split_inside_op";
    case FusionMethod::OpFusedAway: return "op_fused_away";
    case FusionMethod::NamedFusedKernel: return "named_fused_kernel";
    case FusionMethod::ManyToOne: return "many_to_one";
    case FusionMethod::ExplicitFusedOp: return "explicit_fused_op";
    case FusionMethod::SequencePattern: return "sequence_pattern";
    case FusionMethod::CountImbalance: return "count_imbalance";
    case FusionMethod::Chain: return "chain";
    }
    return "many_to_one";
}

std::vector<std::string> fusionMethodNames(const std::vector<FusionMethod> &methods)
{
    std::vector<std::string> names;
    for (FusionMethod m : methods)
        names.emplace_back(fusionMethodName(m));
    return names;
}

namespace {

// A one-sided kernel no rule has explained yet.
struct Leftover {
    uint32_t kernel;
    int step;
    int32_t op;          // its CPU op row, -1 unknown
    bool noCounterpart;  // its CPU op does not run on the other side (extra work)
    bool taken = false;
};

// One-sided kernels after the last paired kernel of their stream in a layer pair. The next layer
// may start with the fused kernel they belong to: Hugging Face models run the residual add at the
// end of one decoder layer, and a fused add + RMSNorm kernel runs at the start of the next.
struct Carry {
    std::vector<Leftover> a, b;
    uint32_t pair = 0;
};

class LayerExplainer {
public:
    LayerExplainer(const LayerPair &p, uint32_t index, const FusionSide &a, const FusionSide &b, std::vector<Occurrence> &out)
        : m_p(p), m_index(index), m_a(a), m_b(b), m_out(out), m_first(out.size()), m_edgeA(edgesOf(p, TraceSide::A)),
          m_edgeB(edgesOf(p, TraceSide::B)), m_nearA(nearestPaired(a)), m_nearB(nearestPaired(b))
    {
        size_t matched = 0, same = 0;
        for (const KernelPair &k : p.kernels)
            if (!k.isGap())
                ++matched, same += k.sameKernel;
        // Only where both sides mostly run the very same kernels does a changed kernel stand out.
        m_namesComparable = matched > 0 && 2 * same >= matched;
    }

    void run()
    {
        int prev = -1;
        const int n = int(m_p.kernels.size());
        for (int i = 0; i <= n; ++i) {
            if (i < n && m_p.kernels[size_t(i)].isGap())
                continue;
            if (i - prev > 1)
                segment(prev, i < n ? i : -1);
            prev = i;
        }
        absorbIntoComposites(m_b, m_a, m_leftB, m_leftA);
        absorbIntoComposites(m_a, m_b, m_leftA, m_leftB);
    }

    // Kernels carried over from the previous layer pair join a fusion at the start of this one
    // that covers them; the rest are flushed as that pair's. Then this pair's own trailing
    // one-sided kernels are carried on (when `next` is set), the others flushed.
    void settle(Carry &carry, bool next)
    {
        for (const FusionSide *x : {&m_a, &m_b}) {
            std::vector<Leftover> &carried = x->tag == TraceSide::A ? carry.a : carry.b;
            for (Leftover &c : carried)
                c.taken = joinLeadingFusion(*x, c.kernel);
            flushLeftovers(*x, carried, carry.pair);
            std::vector<Leftover> &own = x->tag == TraceSide::A ? m_leftA : m_leftB;
            carried.clear();
            for (Leftover &l : own) {
                if (l.taken || pairedNear(*x, l.step, +1) >= 0)
                    continue;
                if (next && isLightOp(x->t.classes.opOf(l.kernel)))
                    carried.push_back(l), l.taken = true;
                // Its counterpart may run just after the layer, where the CPU window did not look.
                l.noCounterpart = false;
            }
            flushLeftovers(*x, own, m_index);
        }
        carry.pair = m_index;
    }

private:
    static const std::vector<uint32_t> &of(const FusionSide &s, const KernelPair &p) { return s.tag == TraceSide::A ? p.aKernels : p.bKernels; }

    // The one-sided kernels between the paired steps `p` and `n` (-1: the layer's start or end).
    void segment(int p, int n)
    {
        std::vector<uint32_t> ua, ub;
        std::vector<int> sa, sb;  // their steps
        for (int i = p + 1; i < (n < 0 ? int(m_p.kernels.size()) : n); ++i) {
            const KernelPair &k = m_p.kernels[size_t(i)];
            for (uint32_t id : k.aKernels)
                ua.push_back(id), sa.push_back(i);
            for (uint32_t id : k.bKernels)
                ub.push_back(id), sb.push_back(i);
        }
        // A stretch of kernels on one side facing a single kernel on the other: that kernel does
        // the stretch's work.
        if (ua.size() >= 2 && ub.size() == 1)
            return add({DifferenceKind::Fusion, FusionMethod::ManyToOne, TraceSide::A, ua, ub, m_index});
        if (ub.size() >= 2 && ua.size() == 1)
            return add({DifferenceKind::Fusion, FusionMethod::ManyToOne, TraceSide::B, ub, ua, m_index});
        if (!ua.empty())
            oneSided(m_a, m_b, ua, sa, m_leftA);
        if (!ub.empty())
            oneSided(m_b, m_a, ub, sb, m_leftB);
    }

    uint32_t kernelAt(const FusionSide &s, int step) const
    {
        return step < 0 ? UINT32_MAX : of(s, m_p.kernels[size_t(step)]).front();
    }

    // The layer's first (dir -1) or last (dir +1) kernel on side s.
    uint32_t edge(const FusionSide &s, int dir) const
    {
        const auto &e = s.tag == TraceSide::A ? m_edgeA : m_edgeB;
        return dir < 0 ? e.first : e.second;
    }

    static std::pair<uint32_t, uint32_t> edgesOf(const LayerPair &p, TraceSide tag)
    {
        std::pair<uint32_t, uint32_t> e{UINT32_MAX, 0};
        bool any = false;
        for (const KernelPair &k : p.kernels)
            for (uint32_t id : tag == TraceSide::A ? k.aKernels : k.bKernels)
                e = {std::min(e.first, id), std::max(e.second, id)}, any = true;
        return any ? e : std::pair<uint32_t, uint32_t>{UINT32_MAX, UINT32_MAX};
    }

    // The nearest paired step before (dir -1) or after (dir +1) `step` whose kernel on side `x`
    // ran on the stream of `step`'s kernel there: kernels of other streams interleave in start
    // order and are no neighbours in the dependency sense. -1 when there is none.
    int pairedNear(const FusionSide &x, int step, int dir) const
    {
        const auto &near = x.tag == TraceSide::A ? m_nearA : m_nearB;
        return (dir < 0 ? near.first : near.second)[size_t(step)];
    }

    // For every step, pairedNear in both directions, in two passes over the layer pair.
    std::pair<std::vector<int>, std::vector<int>> nearestPaired(const FusionSide &x) const
    {
        const GpuOpTable &k = x.t.trace->store.kernels;
        const int n = int(m_p.kernels.size());
        std::pair<std::vector<int>, std::vector<int>> out{std::vector<int>(size_t(n), -1), std::vector<int>(size_t(n), -1)};
        for (int dir : {+1, -1}) {
            std::map<std::pair<int32_t, int32_t>, int> last;  // (device, stream) → paired step
            std::vector<int> &v = dir > 0 ? out.first : out.second;
            for (int i = dir > 0 ? 0 : n - 1; i >= 0 && i < n; i += dir) {
                const KernelPair &s = m_p.kernels[size_t(i)];
                if (of(x, s).empty())
                    continue;
                const uint32_t id = of(x, s).front();
                const auto key = std::make_pair(k.device[id], k.stream[id]);
                if (auto it = last.find(key); it != last.end())
                    v[size_t(i)] = it->second;
                if (!s.isGap())
                    last[key] = i;
            }
        }
        return out;
    }

    // A pair where side y runs a composite kernel against a plain one on side x: y fused there.
    bool fusedHere(const FusionSide &x, const FusionSide &y, int step) const
    {
        return step >= 0 && isComposite(y, kernelAt(y, step)) && !isComposite(x, kernelAt(x, step));
    }

    // The paired neighbour whose kernel on the other side most likely took the work in: a fused
    // kernel facing a plain one, else the pair that changed kernel, else the previous one (a
    // producer absorbs its consumer's epilogue).
    int neighbour(const FusionSide &x, const FusionSide &y, int p, int n) const
    {
        if (p < 0 || n < 0)
            return p < 0 ? n : p;
        auto weight = [&](int s) { return (fusedHere(x, y, s) ? 2 : 0) + (m_namesComparable && !m_p.kernels[size_t(s)].sameKernel ? 1 : 0); };
        return weight(n) > weight(p) ? n : p;
    }

    void attach(int step, FusionMethod rule, uint32_t u)
    {
        auto [it, fresh] = m_attached.try_emplace(step, rule, std::vector<uint32_t>{});
        it->second.first = std::min(it->second.first, rule);
        it->second.second.push_back(u);
    }

    void oneSided(const FusionSide &x, const FusionSide &y, const std::vector<uint32_t> &kernels, const std::vector<int> &steps,
                  std::vector<Leftover> &leftovers)
    {
        m_attached.clear();
        for (size_t i = 0; i < kernels.size(); ++i) {
            const uint32_t u = kernels[i];
            const int p = pairedNear(x, steps[i], -1), n = pairedNear(x, steps[i], +1);
            const int32_t op = x.cpu.opOf(u);
            if (op >= 0 && p >= 0 && x.cpu.opOf(kernelAt(x, p)) == op) {
                attach(p, FusionMethod::SplitInsideOp, u);
                continue;
            }
            if (op >= 0 && n >= 0 && x.cpu.opOf(kernelAt(x, n)) == op) {
                attach(n, FusionMethod::SplitInsideOp, u);
                continue;
            }
            const int q = neighbour(x, y, p, n);
            // The CPU ops are counted one paired step further out on both sides: the fused kernel
            // may have been paired with either kernel of the run it replaces (a run of copies of
            // one name), and the op it took over then lies beyond it.
            const int wp = p >= 0 && pairedNear(x, p, -1) >= 0 ? pairedNear(x, p, -1) : p;
            const int wn = n >= 0 && pairedNear(x, n, +1) >= 0 ? pairedNear(x, n, +1) : n;
            const CpuOpWindow::Span spanY = y.cpu.span(kernelAt(y, wp), kernelAt(y, wn), edge(y, -1), edge(y, +1));
            const bool cpuKnown = op >= 0 && spanY.valid();
            CpuOpWindow::Count cx, cy;
            if (cpuKnown) {
                cx = x.cpu.count(x.cpu.span(kernelAt(x, wp), kernelAt(x, wn), edge(x, -1), edge(x, +1)), x.cpu.name(op));
                cx.ops = std::max(cx.ops, 1u);  // u's own op, even when the span missed it
                cy = y.cpu.count(spanY, x.cpu.name(op));
            }
            if (cpuKnown && q >= 0 && cy.withoutKernel > 0 && cy.ops >= cx.ops)
                attach(q, FusionMethod::OpFusedAway, u);
            else if (q >= 0 && isComposite(y, kernelAt(y, q)) && covers(y, kernelAt(y, q), x, u, fusedHere(x, y, q)))
                attach(q, FusionMethod::NamedFusedKernel, u);
            else if (q >= 0 && !(cpuKnown && cy.ops < cx.ops) && m_namesComparable && !m_p.kernels[size_t(q)].sameKernel)
                attach(q, FusionMethod::ManyToOne, u);
            else  // without a paired kernel before it, the CPU window misses what ran before the layer
                leftovers.push_back({u, steps[i], op, cpuKnown && cy.ops < cx.ops && p >= 0});
        }
        for (auto &[step, ruleAndKernels] : m_attached) {
            std::vector<uint32_t> run = ruleAndKernels.second;
            run.push_back(kernelAt(x, step));
            std::sort(run.begin(), run.end());
            add({DifferenceKind::Fusion, ruleAndKernels.first, x.tag, run, of(y, m_p.kernels[size_t(step)]), m_index});
        }
    }

    // A composite kernel that found no partner (a SwiGLU kernel where the other side runs silu
    // before the up-projection GEMM and mul after it) takes in the nearby one-sided kernels of
    // the other side that it covers.
    void absorbIntoComposites(const FusionSide &y, const FusionSide &x, std::vector<Leftover> &composites,
                              std::vector<Leftover> &pieces)
    {
        constexpr int kReach = 6;  // steps: the pieces of one fused op sit close together
        for (Leftover &c : composites) {
            if (c.taken || !isComposite(y, c.kernel))
                continue;
            std::vector<uint32_t> run;
            for (Leftover &u : pieces)
                if (!u.taken && std::abs(u.step - c.step) <= kReach && covers(y, c.kernel, x, u.kernel, true)) {
                    u.taken = true;
                    run.push_back(u.kernel);
                }
            if (run.empty())
                continue;
            c.taken = true;
            std::sort(run.begin(), run.end());
            add({DifferenceKind::Fusion, FusionMethod::NamedFusedKernel, x.tag, run, {c.kernel}, m_index});
        }
    }

    // A fusion of this pair on side x that starts before x's first paired kernel and whose fused
    // kernel covers `kernel` takes it into its run.
    bool joinLeadingFusion(const FusionSide &x, uint32_t kernel)
    {
        uint32_t firstPaired = UINT32_MAX;
        for (const KernelPair &k : m_p.kernels)
            if (!k.isGap()) {
                firstPaired = of(x, k).front();
                break;
            }
        const FusionSide &y = x.tag == TraceSide::A ? m_b : m_a;
        for (size_t i = m_first; i < m_out.size(); ++i) {
            Occurrence &o = m_out[i];
            if (o.kind != DifferenceKind::Fusion || o.side != x.tag || o.unfused.empty() || o.unfused.front() > firstPaired
                || !covers(y, o.fused.front(), x, kernel, true))
                continue;
            o.unfused.insert(o.unfused.begin(), kernel);
            return true;
        }
        return false;
    }

    // What is left: extra work where the CPU side says so (grouped per CPU op), else unexplained.
    void flushLeftovers(const FusionSide &x, const std::vector<Leftover> &leftovers, uint32_t pair)
    {
        std::map<int32_t, std::vector<uint32_t>> extra;
        std::vector<uint32_t> unexplained;
        for (const Leftover &l : leftovers)
            if (!l.taken)
                (l.noCounterpart ? extra[l.op] : unexplained).push_back(l.kernel);
        for (auto &[op, ids] : extra)
            add({DifferenceKind::ExtraWork, FusionMethod::ManyToOne, x.tag, ids, {}, pair});
        if (!unexplained.empty())
            add({DifferenceKind::Unexplained, FusionMethod::ManyToOne, x.tag, unexplained, {}, pair});
    }

    void add(Occurrence o) { m_out.push_back(std::move(o)); }

    const LayerPair &m_p;
    uint32_t m_index;
    const FusionSide &m_a, &m_b;
    std::vector<Occurrence> &m_out;
    size_t m_first;  // this pair's first occurrence in m_out
    std::pair<uint32_t, uint32_t> m_edgeA, m_edgeB;  // first and last kernel of the layer, per side
    std::pair<std::vector<int>, std::vector<int>> m_nearA, m_nearB;  // pairedNear before / after
    bool m_namesComparable = false;
    std::map<int, std::pair<FusionMethod, std::vector<uint32_t>>> m_attached;  // by neighbour step
    std::vector<Leftover> m_leftA, m_leftB;
};

} // namespace

KernelDifferences findKernelDifferences(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers,
                                        TaskPool *pool)
{
    KernelDifferences out;
    auto windowB = TaskPool::later(pool, [&] { return CpuOpWindow(b); });
    out.leftOut = windowEdges(a, b, layers);
    std::set<uint32_t> leftOut;
    for (const LeftOutLayer &l : out.leftOut)
        leftOut.insert(l.pair);
    const CpuOpWindow cpuA(a), cpuB = windowB.get();
    const FusionSide sa{a, cpuA, TraceSide::A}, sb{b, cpuB, TraceSide::B};
    auto compared = [&](uint32_t i) {
        const LayerPair &p = layers.pairs[i];
        return p.a >= 0 && p.b >= 0 && !leftOut.count(i);
    };
    // Kernels are carried only into the next layer of the same forward pass.
    auto samePass = [&](uint32_t i, uint32_t j) {
        const LayerPair &p = layers.pairs[i], &q = layers.pairs[j];
        return a.layers.layers[size_t(p.a)].pass == a.layers.layers[size_t(q.a)].pass
            && b.layers.layers[size_t(p.b)].pass == b.layers.layers[size_t(q.b)].pass;
    };
    auto carriedInto = [&](uint32_t i) { return i > 0 && compared(i - 1) && compared(i) && samePass(i - 1, i); };
    auto explain = [&](uint32_t from, uint32_t to, KernelDifferences &d) {
        Carry carry;
        for (uint32_t i = from; i < to; ++i) {
            if (!compared(i))
                continue;
            d.comparedPairs.push_back(i);
            LayerExplainer explainer(layers.pairs[i], i, sa, sb, d.occurrences);
            explainer.run();
            explainer.settle(carry, i + 1 < layers.pairs.size() && compared(i + 1) && samePass(i, i + 1));
        }
    };
    // Nothing is carried across forward passes, so the pairs split there into two halves that come
    // out as one run through them would: the second half on the pool, appended after the first.
    const uint32_t n = uint32_t(layers.pairs.size());
    uint32_t split = n;
    for (uint32_t d = 0; n >= 64 && d < n / 4 && split == n; ++d)
        for (const uint32_t i : {n / 2 - d, n / 2 + d})
            if (!carriedInto(i)) {
                split = i;
                break;
            }
    KernelDifferences second;
    auto secondHalf = TaskPool::later(pool, [&] { explain(split, n, second); });
    explain(0, split, out);
    secondHalf.get();
    out.comparedPairs.insert(out.comparedPairs.end(), second.comparedPairs.begin(), second.comparedPairs.end());
    out.occurrences.insert(out.occurrences.end(), std::make_move_iterator(second.occurrences.begin()),
                           std::make_move_iterator(second.occurrences.end()));
    return out;
}

} // namespace fusion
