#include "compare/gapdecomposition.h"
#include "fusion/kerneldifferences.h"
#include "util/timespans.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <set>

namespace fusion {

const char *gapKindName(GapKind k)
{
    switch (k) {
    case GapKind::Fusion: return "fusion";
    case GapKind::KernelSpeed: return "kernel_speed";
    case GapKind::ExtraWork: return "extra_work";
    case GapKind::Idle: return "idle";
    case GapKind::OutsideLayers: return "outside_layers";
    case GapKind::Residual: return "residual";
    }
    return "residual";
}

GapTrace gapTraceOf(const AnalyzedTrace &t, Stage stage)
{
    GapTrace g;
    const GpuOpTable &k = t.trace->store.kernels, &m = t.trace->store.memOps;
    const bool staged = t.stages.hasPrefill || t.stages.hasDecode;
    const bool bySteps = t.scope.kind == Scope::Kind::Steps && !t.steps.steps.empty();
    g.counted.assign(k.size(), 0);
    // The profiled window: per step (under the steps scope) and device, first start to last end.
    std::map<std::pair<int32_t, int32_t>, TimeSpan> windows;
    std::map<int32_t, std::vector<TimeSpan>> spans;
    auto add = [&](int32_t step, int32_t device, Ns start, Ns end) {
        spans[device].push_back({start, end});
        auto [it, fresh] = windows.try_emplace({bySteps ? step : -1, device}, TimeSpan{start, end});
        it->second = {std::min(it->second.first, start), std::max(it->second.second, end)};
    };
    for (uint32_t id = 0; id < k.size(); ++id) {
        const Stage s = t.stages.ofKernel[id];
        g.counted[id] = s != Stage::Outside && (stage == Stage::All || !staged || s == stage);
        if (g.counted[id])
            add(id < t.steps.ofKernel.size() ? t.steps.ofKernel[id] : -1, k.device[id], k.start[id], k.end(id));
    }
    // Memcpys and memsets carry no stage: they count under the whole trace only.
    for (uint32_t i = 0; i < m.size() && (stage == Stage::All || !staged); ++i) {
        const int32_t step = i < t.steps.ofMemOp.size() ? t.steps.ofMemOp[i] : -1;
        const bool inScope = !bySteps || (step >= 0 && (!t.scope.step || t.steps.steps[size_t(step)].number == *t.scope.step));
        if (inScope)
            add(step, m.device[i], m.start[i], m.end(i));
    }
    for (auto &[device, v] : spans) {
        g.busy[device] = mergeSpans(std::move(v));
        for (const TimeSpan &s : g.busy[device])
            g.busyTotal += s.second - s.first;
    }
    for (const auto &[key, w] : windows)
        g.wallTotal += w.second - w.first;
    return g;
}

namespace {

using Pair2 = std::array<Ns, 2>;  // per side: A, B

// One side's GPU operations as the decomposition sees them: the trace's own view, and which
// aligned pair and which part of this comparison hold each kernel.
struct SideView : GapTrace {
    const AnalyzedTrace &t;
    std::vector<int32_t> pairOf;  // per kernel id: the aligned pair whose layer holds it, else -1
    std::vector<int32_t> claim;   // per kernel id: the kernel part counting it, else -1

    SideView(const AnalyzedTrace &trace, GapTrace own)
        : GapTrace(std::move(own)), t(trace), pairOf(counted.size(), -1), claim(counted.size(), -1)
    {
    }
    void claimAll(const std::vector<uint32_t> &ids, int32_t part)
    {
        for (uint32_t id : ids)
            if (id < claim.size() && pairOf[id] >= 0 && claim[id] < 0)
                claim[id] = part;
    }
    Ns dur(uint32_t id) const { return t.trace->store.kernels.dur[id]; }
};

// A part that counts kernels (fusion, extra work, kernel speed).
struct KernelPartDef {
    std::string name;
    GapKind kind;
    std::string op;          // the operation (kernel speed, fusion) or CPU op (extra work)
    TraceSide side = TraceSide::A;  // fusion: the side that fuses; extra work: the side that runs it
    int ordinal = 1;
};

// What a set of aligned layer pairs holds, per side.
struct Acc {
    uint32_t layers = 0;
    Pair2 window{}, cover{}, kernelUnion{};
    std::vector<Pair2> claimed;                     // per kernel part
    std::vector<std::array<std::vector<uint32_t>, 2>> ids;
    std::array<std::vector<uint32_t>, 2> unclaimed;  // aligned kernels no part counts
    explicit Acc(size_t parts) : claimed(parts), ids(parts) {}
};

void addLayer(Acc &acc, const SideView &sv, int side, const Layer &layer)
{
    const GpuOpTable &k = sv.t.trace->store.kernels;
    std::vector<TimeSpan> spans;
    for (uint32_t id : layer.kernels) {
        if (!sv.counted[id])
            continue;
        spans.push_back({k.start[id], k.end(id)});
        if (const int32_t part = sv.claim[id]; part >= 0) {
            acc.claimed[size_t(part)][size_t(side)] += k.dur[id];
            acc.ids[size_t(part)][size_t(side)].push_back(id);
        } else {
            acc.unclaimed[size_t(side)].push_back(id);
        }
    }
    if (spans.empty())
        return;
    Ns from = spans.front().first, to = spans.front().second;
    for (const TimeSpan &s : spans)
        from = std::min(from, s.first), to = std::max(to, s.second);
    acc.window[size_t(side)] += to - from;
    acc.kernelUnion[size_t(side)] += unionLength(spans);
    const auto it = sv.busy.find(k.device[layer.kernels.front()]);
    if (it != sv.busy.end())
        acc.cover[size_t(side)] += coveredLength(it->second, from, to);
}

GapPart makePart(std::string name, GapKind kind, Pair2 v, std::array<std::vector<uint32_t>, 2> ids = {},
                 std::string subject = {})
{
    for (auto &list : ids)
        std::sort(list.begin(), list.end());
    GapPart p;
    p.name = std::move(name);
    p.kind = kind;
    p.subject = std::move(subject);
    p.a = v[0];
    p.b = v[1];
    p.aKernels = std::move(ids[0]);
    p.bKernels = std::move(ids[1]);
    return p;
}

// The kernel parts of `acc`, then `extras` (idle, outside layers), then the residual that makes the
// parts add up to `total` on each side.
GapBreakdown breakdown(const Acc &acc, const std::vector<KernelPartDef> &defs, Pair2 total, std::vector<GapPart> extras)
{
    GapBreakdown out;
    out.aTotal = total[0];
    out.bTotal = total[1];
    for (size_t k = 0; k < defs.size(); ++k)
        if (!acc.ids[k][0].empty() || !acc.ids[k][1].empty()) {
            out.parts.push_back(makePart(defs[k].name, defs[k].kind, acc.claimed[k], acc.ids[k], defs[k].op));
            out.parts.back().side = defs[k].side;
            out.parts.back().ordinal = defs[k].ordinal;
        }
    std::sort(out.parts.begin(), out.parts.end(), [](const GapPart &x, const GapPart &y) {
        if (x.kind != y.kind)
            return x.kind < y.kind;
        if (std::llabs(x.gap()) != std::llabs(y.gap()))
            return std::llabs(x.gap()) > std::llabs(y.gap());
        return x.name < y.name;
    });
    for (GapPart &p : extras)
        out.parts.push_back(std::move(p));
    Pair2 rest = total;
    for (const GapPart &p : out.parts)
        rest[0] -= p.a, rest[1] -= p.b;
    out.parts.push_back(makePart("residual", GapKind::Residual, rest, acc.unclaimed));
    return out;
}

std::string classOf(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerPair &p)
{
    const std::string x = layerClass(a.layers.layers[size_t(p.a)].name), y = layerClass(b.layers.layers[size_t(p.b)].name);
    return x == y ? x : x + " / " + y;
}

// The op a fusion's fused kernels compute, by time: what its cost is scaled by.
std::string fusedOp(const AnalyzedTrace &t, const std::vector<uint32_t> &ids)
{
    std::map<std::string, Ns> byOp;
    for (uint32_t id : ids)
        byOp[t.classes.opOf(id)] += t.trace->store.kernels.dur[id];
    const auto best = std::max_element(byOp.begin(), byOp.end(), [](auto &x, auto &y) { return x.second < y.second; });
    return best == byOp.end() ? std::string() : best->first;
}

// The projections for side `x` (0: A, 1: B) from the whole-trace busy breakdown.
void addWhatIfs(GapDecomposition &g, const Acc &whole, const std::vector<KernelPartDef> &defs, const AnalyzedTrace &a,
                const AnalyzedTrace &b, const Comparison &c, int x)
{
    const int y = 1 - x;
    const TraceSide xs = x == 0 ? TraceSide::A : TraceSide::B, ys = otherSide(xs);
    const std::string &lx = x == 0 ? c.labelA : c.labelB, &ly = x == 0 ? c.labelB : c.labelA;
    const Ns base = x == 0 ? g.busy.aTotal : g.busy.bTotal;
    // Each op's paired kernel time per side: how much faster one side runs the same work.
    std::map<std::string, Pair2> speed;
    Pair2 allSpeed{};
    for (size_t k = 0; k < defs.size(); ++k)
        if (defs[k].kind == GapKind::KernelSpeed) {
            speed[defs[k].op] = whole.claimed[k];
            allSpeed[0] += whole.claimed[k][0];
            allSpeed[1] += whole.claimed[k][1];
        }
    auto ratio = [&](const std::string &op) {
        const auto it = speed.find(op);
        const Pair2 v = it != speed.end() && it->second[0] > 0 && it->second[1] > 0 ? it->second : allSpeed;
        return v[size_t(x)] > 0 && v[size_t(y)] > 0 ? double(v[size_t(x)]) / double(v[size_t(y)]) : 1.0;
    };

    WhatIf fused;
    fused.scenario = sideName(xs) + "_fused_like_" + sideName(ys);
    fused.side = xs;
    fused.base = base;
    fused.assumption = "each fusion " + ly + " does replaces " + lx + "'s unfused kernels by the fused kernel's cost on "
                       + ly + ", scaled by " + lx + "'s time over " + ly
                       + "'s for that op's paired kernels (all paired kernels when the op has none); a fusion that "
                         "would cost more is left out; the busy time drops by the kernel time saved";
    Ns saved = 0;
    for (size_t k = 0; k < defs.size(); ++k) {
        if (defs[k].kind != GapKind::Fusion || defs[k].side != ys || whole.ids[k][size_t(y)].empty())
            continue;
        const double r = ratio(fusedOp(y == 0 ? a : b, whole.ids[k][size_t(y)]));
        const Ns cost = Ns(double(whole.claimed[k][size_t(y)]) * r + 0.5);
        const Ns saving = std::max<Ns>(0, whole.claimed[k][size_t(x)] - cost);
        fused.items.push_back({defs[k].name, saving, r});
        saved += saving;
    }
    fused.projected = base - saved;
    g.whatIf.push_back(std::move(fused));

    WhatIf fast;
    fast.scenario = sideName(xs) + "_at_" + sideName(ys) + "_speed";
    fast.side = xs;
    fast.base = base;
    fast.assumption = "every paired kernel of " + lx + " takes the time of its counterpart on " + ly
                      + " (ops " + lx + " runs faster get slower); fusions and extra work stay; the busy time changes "
                        "by the kernel time";
    saved = 0;
    for (const auto &[op, v] : speed) {
        const Ns saving = v[size_t(x)] - v[size_t(y)];
        fast.items.push_back({op, saving, v[size_t(y)] > 0 ? double(v[size_t(x)]) / double(v[size_t(y)]) : 1.0});
        saved += saving;
    }
    std::sort(fast.items.begin(), fast.items.end(), [](const WhatIfItem &p, const WhatIfItem &q) {
        return p.saving != q.saving ? p.saving > q.saving : p.name < q.name;
    });
    fast.projected = base - saved;
    g.whatIf.push_back(std::move(fast));
}

} // namespace

GapDecomposition decomposeGap(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    return decomposeGap(a, b, c, {gapTraceOf(a, c.stage), gapTraceOf(b, c.stage)});
}

GapDecomposition decomposeGap(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                              std::array<GapTrace, 2> traces)
{
    GapDecomposition g;
    SideView sides[2] = {SideView(a, std::move(traces[0])), SideView(b, std::move(traces[1]))};
    std::set<uint32_t> leftOut;
    for (const LeftOutLayer &l : c.leftOutLayers)
        leftOut.insert(l.pair);
    std::vector<uint32_t> aligned;
    for (uint32_t i = 0; i < c.layers.pairs.size(); ++i) {
        const LayerPair &p = c.layers.pairs[i];
        if (p.a < 0 || p.b < 0 || leftOut.count(i))
            continue;
        aligned.push_back(i);
        for (int s = 0; s < 2; ++s) {
            SideView &sv = sides[s];
            for (uint32_t id : sv.t.layers.layers[size_t(s == 0 ? p.a : p.b)].kernels)
                if (sv.counted[id])
                    sv.pairOf[id] = int32_t(i);
        }
    }

    // Which part counts each aligned kernel: fusions, then extra work, then paired kernels by op.
    // Two findings may read alike ("pow + mean" fused by one side at two places): numbered apart.
    std::vector<KernelPartDef> defs;
    std::map<std::string, int> named;
    auto add = [&](std::string name, GapKind kind, std::string subject, TraceSide side) {
        const int n = ++named[name];
        defs.push_back({n == 1 ? name : name + " (" + std::to_string(n) + ")", kind, std::move(subject), side, n});
    };
    for (const FusionFinding &f : c.findings) {
        sides[0].claimAll(f.aKernels, int32_t(defs.size()));
        sides[1].claimAll(f.bKernels, int32_t(defs.size()));
        add("fusion: " + f.operation + " (fused by " + (f.fusedSide == TraceSide::A ? c.labelA : c.labelB) + ")", GapKind::Fusion,
            f.operation, f.fusedSide);
    }
    for (const ExtraWork &e : c.extraWork) {
        sides[0].claimAll(e.aKernels, int32_t(defs.size()));
        sides[1].claimAll(e.bKernels, int32_t(defs.size()));
        const std::string what = e.cpuOp.empty() ? e.operation : e.cpuOp;
        add("extra work: " + what + " on " + (e.side == TraceSide::A ? c.labelA : c.labelB), GapKind::ExtraWork, what, e.side);
    }
    std::map<std::string, int32_t> speedPart;
    for (uint32_t i : aligned)
        for (const KernelPair &k : c.layers.pairs[i].kernels) {
            if (k.isGap())
                continue;
            auto [it, fresh] = speedPart.try_emplace(k.op, int32_t(defs.size()));
            if (fresh)
                add("kernel speed: " + k.op, GapKind::KernelSpeed, k.op, TraceSide::A);
            sides[0].claimAll(k.aKernels, it->second);
            sides[1].claimAll(k.bKernels, it->second);
        }

    // The aligned layers, summed for the whole trace and per layer class.
    Acc whole(defs.size());
    std::vector<std::pair<std::string, Acc>> classes;
    std::array<std::map<int32_t, std::vector<TimeSpan>>, 2> layerKernels;  // per side and device
    for (uint32_t i : aligned) {
        const LayerPair &p = c.layers.pairs[i];
        const std::string name = classOf(a, b, p);
        auto it = std::find_if(classes.begin(), classes.end(), [&](auto &e) { return e.first == name; });
        if (it == classes.end())
            it = classes.insert(classes.end(), {name, Acc(defs.size())});
        ++it->second.layers;
        ++whole.layers;
        for (int s = 0; s < 2; ++s) {
            const SideView &sv = sides[s];
            const Layer &layer = sv.t.layers.layers[size_t(s == 0 ? p.a : p.b)];
            addLayer(whole, sv, s, layer);
            addLayer(it->second, sv, s, layer);
            const GpuOpTable &k = sv.t.trace->store.kernels;
            for (uint32_t id : layer.kernels)
                if (sv.counted[id])
                    layerKernels[size_t(s)][k.device[id]].push_back({k.start[id], k.end(id)});
        }
    }

    // GPU busy: what the aligned layers' kernels cover, and what everything else adds to it.
    Pair2 outside{}, busy{}, wall{};
    std::array<std::vector<uint32_t>, 2> outsideIds;
    for (int s = 0; s < 2; ++s) {
        const SideView &sv = sides[s];
        busy[size_t(s)] = sv.busyTotal;
        wall[size_t(s)] = sv.wallTotal;
        outside[size_t(s)] = sv.busyTotal;
        for (auto &[device, spans] : layerKernels[size_t(s)])
            outside[size_t(s)] -= unionLength(spans);
        for (uint32_t id = 0; id < sv.counted.size(); ++id)
            if (sv.counted[id] && sv.pairOf[id] < 0)
                outsideIds[size_t(s)].push_back(id);
    }
    g.busy = breakdown(whole, defs, busy, {makePart("outside the aligned layers", GapKind::OutsideLayers, outside, outsideIds)});

    // Wall time: the layers' windows (kernel parts, idle gaps per class) and the rest of the window.
    auto idleOf = [](const Acc &acc) { return Pair2{acc.window[0] - acc.cover[0], acc.window[1] - acc.cover[1]}; };
    const bool staged = a.stages.hasPrefill || a.stages.hasDecode || b.stages.hasPrefill || b.stages.hasDecode;
    g.hasWall = c.stage == Stage::All || !staged;
    if (g.hasWall) {
        std::vector<GapPart> extras;
        for (const auto &[name, acc] : classes)
            extras.push_back(makePart("idle in " + name + " layers", GapKind::Idle, idleOf(acc), {}, name));
        const Pair2 rest{wall[0] - whole.window[0], wall[1] - whole.window[1]};
        extras.push_back(makePart("outside the aligned layers", GapKind::OutsideLayers, rest, outsideIds));
        g.wall = breakdown(whole, defs, wall, std::move(extras));
    } else {
        g.notes.push_back("wall time is not decomposed: a stage (" + std::string(stageName(c.stage))
                          + ") has no profiled window of its own");
    }
    for (const auto &[name, acc] : classes)
        g.layerClasses.push_back({name, acc.layers, breakdown(acc, defs, acc.window, {makePart("idle", GapKind::Idle, idleOf(acc), {}, name)})});

    addWhatIfs(g, whole, defs, a, b, c, 1);
    addWhatIfs(g, whole, defs, a, b, c, 0);
    if (c.stepsA != c.stepsB)
        g.notes.push_back(c.labelA + " holds " + std::to_string(c.stepsA) + " profiler steps, " + c.labelB + " "
                          + std::to_string(c.stepsB) + ": each total covers its own steps");
    return g;
}

} // namespace fusion
