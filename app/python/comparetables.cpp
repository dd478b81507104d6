// A comparison's tables: aligned layers and kernels, operations, fusion findings, extra work and
// the parts of the GPU-time gap.
#include "tables.h"

#include "util/jsonwriter.h"

namespace fusion::python {

namespace {

std::optional<int64_t> layerIndex(int32_t i) { return i >= 0 ? std::optional<int64_t>(i) : std::nullopt; }

const std::string &layerName(const AnalyzedTrace &t, int32_t i)
{
    static const std::string none;
    return i >= 0 ? t.layers.layers[size_t(i)].name : none;
}

const std::string &sideLabel(const Comparison &c, TraceSide side) { return side == TraceSide::A ? c.labelA : c.labelB; }

double ratio(Ns a, Ns b) { return a > 0 && b > 0 ? double(b) / double(a) : 0.0; }

} // namespace

Table layerPairsTable(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    return Table::of(c.layers.pairs, [&](Table::Row &r, size_t i, const LayerPair &p) {
        r("pair", uint64_t(i))("a", layerIndex(p.a))("b", layerIndex(p.b));
        r("a_name", layerName(a, p.a))("b_name", layerName(b, p.b))("a_kernels", p.aKernels)("b_kernels", p.bKernels);
        r("a_us", toUs(p.aTotal))("b_us", toUs(p.bTotal))("ratio", ratio(p.aTotal, p.bTotal));
        r("gap_us", toUs(p.bTotal - p.aTotal));
    });
}

Table kernelPairsTable(const Comparison &c)
{
    Table t;
    auto fill = [](Table::Row &r, size_t pair, const KernelPair &k) {
        r("pair", uint64_t(pair))("op", k.op)("detail", k.detail)("a_name", k.aName)("b_name", k.bName);
        r("a_us", toUs(k.aTotal))("b_us", toUs(k.bTotal))("same_kernel", k.sameKernel);
        r("a_kernels", k.aKernels)("b_kernels", k.bKernels);
    };
    for (size_t i = 0; i < c.layers.pairs.size(); ++i)
        for (const KernelPair &k : c.layers.pairs[i].kernels) {
            Table::Row r = t.row();
            fill(r, i, k);
        }
    if (!t.rows) {
        Table::Row r = t.schema();
        fill(r, 0, KernelPair{});
    }
    return t;
}

Table opTable(const Comparison &c)
{
    return Table::of(c.ops, [](Table::Row &r, const OpRow &o) {
        r("op", o.op)("a_count", o.aCount)("b_count", o.bCount)("a_us", toUs(o.aTotal))("b_us", toUs(o.bTotal));
        r("a_avg_us", o.aCount ? toUs(o.aTotal) / double(o.aCount) : 0.0);
        r("b_avg_us", o.bCount ? toUs(o.bTotal) / double(o.bCount) : 0.0);
        r("ratio", o.ratio())("gap_us", toUs(o.bTotal - o.aTotal));
        r("a_per_step_us", toUs(o.aPerStep()))("b_per_step_us", toUs(o.bPerStep()))("status", o.status);
    });
}

Table fusionPatternsTable(const Comparison &c)
{
    return Table::of(c.findings, [&](Table::Row &r, const FusionFinding &f) {
        r("operation", f.operation)("fused_side", sideName(f.fusedSide))("fused_label", sideLabel(c, f.fusedSide));
        r("method", f.methods.empty() ? "" : fusionMethodName(f.methods.front()))("methods", fusionMethodNames(f.methods));
        r("count", f.count)("evidence", f.evidence)("confidence", confidenceName(f.confidence));
        r("time_at_stake_us", toUs(f.timeAtStake))("unfused_us", toUs(f.unfusedTotal))("fused_us", toUs(f.fusedTotal));
        r("layers", f.layerPairs)("comparable_layers", f.comparableLayers);
        r("fused_kernels", f.fusedKernels)("unfused_components", f.unfusedComponents);
        r("a_kernels", f.aKernels)("b_kernels", f.bKernels)("locations", f.locations);
    });
}

Table extraWorkTable(const Comparison &c)
{
    return Table::of(c.extraWork, [&](Table::Row &r, const ExtraWork &e) {
        r("side", sideName(e.side))("label", sideLabel(c, e.side))("operation", e.operation)("cpu_op", e.cpuOp);
        r("reason", e.explained ? "no_counterpart_op" : "unexplained")("count", e.count)("time_us", toUs(e.total));
        r("confidence", confidenceName(e.confidence))("evidence", e.evidence)("kernels", e.kernels);
        r("a_kernels", e.aKernels)("b_kernels", e.bKernels)("layers", e.layerPairs);
        r("comparable_layers", e.comparableLayers)("locations", e.locations);
    });
}

Table sameKernelsTable(const Comparison &c)
{
    return Table::of(c.sameKernels, [](Table::Row &r, const SameKernelRow &k) {
        r("name", k.name)("a_count", k.aCount)("b_count", k.bCount)("a_us", toUs(k.aTotal))("b_us", toUs(k.bTotal));
        r("ratio", k.aTotal > 0 ? double(k.bTotal) / double(k.aTotal) : 0.0);
    });
}

Table leftOutLayersTable(const Comparison &c)
{
    return Table::of(c.leftOutLayers, [](Table::Row &r, const LeftOutLayer &l) {
        r("pair", l.pair)("side", sideName(l.side))("reason", l.reason);
    });
}

Table gapPartsTable(const GapBreakdown &g)
{
    return Table::of(g.parts, [](Table::Row &r, const GapPart &p) {
        r("name", p.name)("kind", gapKindName(p.kind))("us", toUs(p.gap()))("a_us", toUs(p.a))("b_us", toUs(p.b));
        r("a_kernels", p.aKernels)("b_kernels", p.bKernels);
    });
}

} // namespace fusion::python
