#include "report/comparereport.h"
#include "report/gapreport.h"
#include "report/kernelrefs.h"
#include "report/stepsreport.h"
#include "report/summaryreport.h"
#include "util/text.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

namespace fusion {

namespace {


std::string ratioText(Ns a, Ns b)
{
    if (a <= 0 || b <= 0)
        return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", double(b) / double(a));
    return buf;
}

const std::string &layerName(const AnalyzedTrace &t, int32_t idx)
{
    static const std::string none;
    return idx >= 0 ? t.layers.layers[size_t(idx)].name : none;
}

std::string sideLabel(const Comparison &c, TraceSide side) { return side == TraceSide::A ? c.labelA : c.labelB; }

void writeKernelRefs(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const std::vector<uint32_t> &aIds,
                     const std::vector<uint32_t> &bIds)
{
    w.key("a_kernel_refs");
    writeKernelRefsJson(w, *a.trace, aIds);
    w.key("b_kernel_refs");
    writeKernelRefsJson(w, *b.trace, bIds);
}

// The kernel columns a finding's CSV row ends with: ids, starts (the file's µs), correlation ids.
std::string kernelRefColumns(const AnalyzedTrace &a, const AnalyzedTrace &b, const std::vector<uint32_t> &aIds,
                             const std::vector<uint32_t> &bIds)
{
    return kernelIdList(aIds) + ',' + kernelIdList(bIds) + ',' + kernelStartList(*a.trace, aIds) + ','
           + kernelStartList(*b.trace, bIds) + ',' + kernelCorrelationList(*a.trace, aIds) + ','
           + kernelCorrelationList(*b.trace, bIds);
}

constexpr const char *kKernelRefHeader = ",a_kernel_ids,b_kernel_ids,a_kernel_starts_us,b_kernel_starts_us,a_correlations,"
                                         "b_correlations";

} // namespace

namespace {

// The document up to its layer alignment, the bulk of it: from the alignment in the comparison's own
// orientation, as it is while the comparison goes on, or from the one the comparison holds in the end.
void writeCompareJsonHead(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, Stage stage,
                          const AlignedLayers &aligned)
{
    w.beginObject();
    SummaryReportOptions so;
    so.steps = &a.steps;
    so.classes = &a.classes;  // classified with the registry the analysis was given (--registry)
    w.key("a");
    writeSummaryJson(w, *a.trace, a.summary, so);
    so.steps = &b.steps;
    so.classes = &b.classes;
    w.key("b");
    writeSummaryJson(w, *b.trace, b.summary, so);
    w.field("label_a", aligned.labelA);
    w.field("label_b", aligned.labelB);
    // The scope asked for, then what it kept on each side with the step times (mean, min, median,
    // max: the noise between steps).
    w.field("scope", a.scope.kind == Scope::Kind::All ? "all" : a.scope.step ? "step" : "steps");
    for (const AnalyzedTrace *t : {&a, &b}) {
        w.key(t == &a ? "scope_a" : "scope_b").beginObject();
        writeScopeJson(w, t->steps, t->scope);
        const StepStats st = t->scope.kind == Scope::Kind::All ? StepStats{} : stepStats(t->steps, t->scope.step);
        w.field("steps", uint64_t(st.count));
        w.field("step_mean_us", toUs(st.mean), 3);
        w.field("step_min_us", toUs(st.min), 3);
        w.field("step_median_us", toUs(st.median), 3);
        w.field("step_max_us", toUs(st.max), 3);
        w.endObject();
    }
    w.field("stage", stageName(stage));
    w.key("architecture").beginObject().field("a", a.architecture).field("b", b.architecture).endObject();

    w.key("layers").beginObject();
    w.field("a", uint64_t(a.layers.layers.size()));
    w.field("b", uint64_t(b.layers.layers.size()));
    w.field("method", aligned.layers.method);
    w.field("method_a", a.layers.method);
    w.field("method_b", b.layers.method);
    w.key("alignment").beginArray();
    // Each side of a pair as the document names it: a mirrored alignment's A side is trace B.
    const bool m = aligned.mirrored;
    // The bulk of the document: formatted in blocks on two threads when the writer has a pool.
    w.elements(aligned.layers.pairs.size(), [&](JsonWriter &w, size_t i) {
        const LayerPair &p = aligned.layers.pairs[i];
        const int32_t pa = m ? p.b : p.a, pb = m ? p.a : p.b;
        const Ns aTotal = m ? p.bTotal : p.aTotal, bTotal = m ? p.aTotal : p.bTotal;
        w.beginObject();
        pa >= 0 ? w.field("a", int64_t(pa)) : (w.key("a"), w.null());
        pb >= 0 ? w.field("b", int64_t(pb)) : (w.key("b"), w.null());
        w.field("a_name", layerName(a, pa));
        w.field("b_name", layerName(b, pb));
        w.field("a_kernels", uint64_t(m ? p.bKernels : p.aKernels));
        w.field("b_kernels", uint64_t(m ? p.aKernels : p.bKernels));
        w.field("a_us", toUs(aTotal), 3);
        w.field("b_us", toUs(bTotal), 3);
        w.field("ratio", aTotal > 0 && bTotal > 0 ? double(bTotal) / double(aTotal) : 0.0, 4);
        w.field("gap_us", toUs(bTotal - aTotal), 3);
        w.key("kernels").beginArray();
        for (const KernelPair &k : p.kernels) {
            w.beginObject();
            w.field("op", k.op);
            if (!k.detail.empty())
                w.field("detail", k.detail);
            w.field("a_name", m ? k.bName : k.aName);
            w.field("b_name", m ? k.aName : k.bName);
            w.field("a_us", toUs(m ? k.bTotal : k.aTotal), 3);
            w.field("b_us", toUs(m ? k.aTotal : k.bTotal), 3);
            w.field("same_kernel", k.sameKernel);
            w.key("a_kernels");
            writeIdArray(w, m ? k.bKernels : k.aKernels);
            w.key("b_kernels");
            writeIdArray(w, m ? k.aKernels : k.bKernels);
            w.endObject();
        }
        w.endArray();
        w.endObject();
    });
    w.endArray();
    w.endObject();
}

// The rest of the document, once the comparison is whole.
void writeCompareJsonTail(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                          const std::function<void(JsonWriter &)> &extra)
{
    w.key("fusion_patterns").beginArray();
    for (const FusionFinding &f : c.findings) {
        w.beginObject();
        w.field("operation", f.operation);
        w.field("fused_side", sideName(f.fusedSide));
        w.field("fused_label", sideLabel(c, f.fusedSide));
        w.field("method", f.methods.empty() ? std::string() : fusionMethodName(f.methods.front()));
        w.key("methods").beginArray();
        for (FusionMethod m : f.methods)
            w.value(fusionMethodName(m));
        w.endArray();
        w.field("count", f.count);
        w.field("evidence", f.evidence);
        w.field("confidence", confidenceName(f.confidence));
        w.field("time_at_stake_us", toUs(f.timeAtStake), 3);
        w.field("unfused_us", toUs(f.unfusedTotal), 3);
        w.field("fused_us", toUs(f.fusedTotal), 3);
        w.key("layers");
        writeIdArray(w, f.layerPairs);
        w.field("comparable_layers", uint64_t(f.comparableLayers));
        w.key("fused_kernels").beginArray();
        for (const auto &n : f.fusedKernels)
            w.value(n);
        w.endArray();
        w.key("unfused_components").beginArray();
        for (const auto &n : f.unfusedComponents)
            w.value(n);
        w.endArray();
        w.key("a_kernels");
        writeIdArray(w, f.aKernels);
        w.key("b_kernels");
        writeIdArray(w, f.bKernels);
        w.key("locations").beginArray();
        for (const auto &l : f.locations)
            w.value(l);
        w.endArray();
        writeKernelRefs(w, a, b, f.aKernels, f.bKernels);
        w.key("occurrences");
        writeOccurrencesJson(w, f.occurrences, otherSide(f.fusedSide));
        w.endObject();
    }
    w.endArray();

    w.key("extra_work").beginArray();
    for (const ExtraWork &e : c.extraWork) {
        w.beginObject();
        w.field("side", sideName(e.side));
        w.field("label", sideLabel(c, e.side));
        w.field("operation", e.operation);
        w.field("cpu_op", e.cpuOp);
        w.field("reason", e.explained ? "no_counterpart_op" : "unexplained");
        w.field("count", e.count);
        w.field("time_us", toUs(e.total), 3);
        w.field("confidence", confidenceName(e.confidence));
        w.field("evidence", e.evidence);
        w.key("kernels").beginArray();
        for (const auto &n : e.kernels)
            w.value(n);
        w.endArray();
        w.key("a_kernels");
        writeIdArray(w, e.aKernels);
        w.key("b_kernels");
        writeIdArray(w, e.bKernels);
        w.key("layers");
        writeIdArray(w, e.layerPairs);
        w.field("comparable_layers", uint64_t(e.comparableLayers));
        w.key("locations").beginArray();
        for (const auto &l : e.locations)
            w.value(l);
        w.endArray();
        writeKernelRefs(w, a, b, e.aKernels, e.bKernels);
        w.key("occurrences");
        writeOccurrencesJson(w, e.occurrences, e.side);
        w.endObject();
    }
    w.endArray();

    w.key("left_out_layers").beginArray();
    for (const LeftOutLayer &l : c.leftOutLayers)
        w.beginObject().field("pair", uint64_t(l.pair)).field("side", sideName(l.side)).field("reason", l.reason).endObject();
    w.endArray();

    w.key("module_candidates").beginArray();
    for (const ModuleDifference &m : c.modules) {
        w.beginObject();
        w.field("module", m.module);
        w.field("unfused_side", sideName(m.unfusedSide));
        w.field("a_calls", uint64_t(m.aInstances));
        w.field("b_calls", uint64_t(m.bInstances));
        w.field("a_kernels_per_call", m.aKernelsPerCall, 2);
        w.field("b_kernels_per_call", m.bKernelsPerCall, 2);
        w.field("a_us", toUs(m.aTotal), 3);
        w.field("b_us", toUs(m.bTotal), 3);
        w.field("impact_us", toUs(m.timeDifference), 3);
        w.field("impact_pct", m.impactPercent, 2);
        w.field("impact_estimated", m.estimated);
        w.field("speed_gap_us", toUs(m.speedGap), 3);
        w.key("a_kernels");
        writeIdArray(w, m.aKernels);
        w.key("b_kernels");
        writeIdArray(w, m.bKernels);
        w.endObject();
    }
    w.endArray();

    w.key("op_table").beginArray();
    for (const OpRow &r : c.ops) {
        w.beginObject();
        w.field("op", r.op);
        w.field("a_count", r.aCount);
        w.field("b_count", r.bCount);
        w.field("a_us", toUs(r.aTotal), 3);
        w.field("b_us", toUs(r.bTotal), 3);
        w.field("a_avg_us", r.aCount ? toUs(r.aTotal) / double(r.aCount) : 0.0, 3);
        w.field("b_avg_us", r.bCount ? toUs(r.bTotal) / double(r.bCount) : 0.0, 3);
        w.field("ratio", r.ratio(), 4);
        w.field("gap_us", toUs(r.bTotal - r.aTotal), 3);
        w.field("a_per_step_us", toUs(r.aPerStep()), 3);
        w.field("b_per_step_us", toUs(r.bPerStep()), 3);
        w.field("status", r.status);
        w.endObject();
    }
    w.endArray();
    w.field("status_rule", "B relative to A: slower when B/A > 1.1, faster when B/A < 0.9, else similar");

    w.key("same_kernels").beginArray();
    for (const SameKernelRow &r : c.sameKernels)
        w.beginObject()
            .field("name", r.name)
            .field("a_count", r.aCount)
            .field("b_count", r.bCount)
            .field("a_us", toUs(r.aTotal), 3)
            .field("b_us", toUs(r.bTotal), 3)
            .field("ratio", r.aTotal > 0 ? double(r.bTotal) / double(r.aTotal) : 0.0, 4)
            .endObject();
    w.endArray();

    writeGapJson(w, c);

    if (extra)
        extra(w);
    w.key("warnings").beginArray();
    for (const auto &m : c.warnings)
        w.value(m);
    w.endArray();
    w.endObject();
}

} // namespace

void writeCompareJson(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                      const std::function<void(JsonWriter &)> &extra)
{
    writeCompareJsonHead(w, a, b, c.stage, {c.layers, false, c.labelA, c.labelB});
    writeCompareJsonTail(w, a, b, c, extra);
}

Comparison compareWritingJson(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &options,
                              const std::function<void(JsonWriter &)> &extra)
{
    CompareOptions o = options;
    o.whileComparing = [&](const AlignedLayers &aligned) { writeCompareJsonHead(w, a, b, options.stage, aligned); };
    Comparison c = compareTraces(a, b, o);
    writeCompareJsonTail(w, a, b, c, extra);
    return c;
}

void writeCompareText(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c, size_t limit)
{
    out << "A: " << c.labelA << "  " << a.trace->info.gpuName << "  " << a.summary.kernelCount << " kernels, "
        << usText(a.summary.kernelTotal) << " us\n";
    out << "B: " << c.labelB << "  " << b.trace->info.gpuName << "  " << b.summary.kernelCount << " kernels, "
        << usText(b.summary.kernelTotal) << " us\n";
    for (const AnalyzedTrace *t : {&a, &b}) {
        out << "Scope " << (t == &a ? "A" : "B") << scopeLine(t->steps, t->scope).substr(5);  // "Scope A: …"
        const StepStats st = stepStats(t->steps, t->scope.step);
        if (st.count > 1 && t->scope.kind == Scope::Kind::Steps)
            out << "; step time mean " << usText(st.mean) << ", min " << usText(st.min) << ", median " << usText(st.median)
                << ", max " << usText(st.max) << " us";
        out << '\n';
    }
    out << "Stage: " << stageName(c.stage) << "   Architecture: " << a.architecture << " / " << b.architecture << '\n';
    out << "Layers: " << a.layers.layers.size() << " (" << a.layers.method << ") vs " << b.layers.layers.size() << " ("
        << b.layers.method << "), " << c.layers.pairs.size() << " aligned pairs\n";

    out << "\nFusion differences (" << c.findings.size() << "):\n";
    for (const FusionFinding &f : c.findings) {
        out << "  [" << confidenceName(f.confidence) << "] " << f.operation << " — fused by " << sideLabel(c, f.fusedSide) << ", "
            << usText(f.timeAtStake) << " us at stake, " << f.count << "× (" << join(fusionMethodNames(f.methods), ", ") << ")\n";
        out << "      " << f.evidence << '\n';
        if (!f.locations.empty())
            out << "      at " << f.locations.front() << '\n';
    }
    if (!c.extraWork.empty()) {
        out << "\nExtra work (kernels with no counterpart and no fused kernel on the other side):\n";
        for (const ExtraWork &e : c.extraWork)
            out << "  [" << confidenceName(e.confidence) << "] " << sideLabel(c, e.side) << ": " << (e.cpuOp.empty() ? e.operation : e.cpuOp)
                << ", " << usText(e.total) << " us, " << e.count << "×\n      " << e.evidence << '\n';
    }
    if (!c.modules.empty()) {
        out << "\nModules launching more kernels per call on one side:\n";
        for (const ModuleDifference &m : c.modules)
            out << "  " << std::left << std::setw(28) << m.module << std::right << " A " << std::setw(5)
                << std::fixed << std::setprecision(1) << m.aKernelsPerCall << "  B " << std::setw(5) << m.bKernelsPerCall
                << " kernels/call; " << sideLabel(c, otherSide(m.unfusedSide)) << " fuses, "
                << usText(m.timeDifference) << " us (" << std::setprecision(2) << m.impactPercent << " %) at stake; speed gap "
                << usText(m.speedGap) << " us\n"
                << std::defaultfloat;
    }
    out << "\nOperations (B relative to A: slower > 1.1×, faster < 0.9×):\n";
    out << "  " << std::left << std::setw(24) << "op" << std::right << std::setw(8) << "A n" << std::setw(8) << "B n"
        << std::setw(13) << "A us" << std::setw(13) << "B us" << std::setw(7) << "B/A" << "  status\n";
    size_t n = 0;
    for (const OpRow &r : c.ops) {
        if (limit && n++ >= limit)
            break;
        out << "  " << std::left << std::setw(24) << r.op.substr(0, 23) << std::right << std::setw(8) << r.aCount
            << std::setw(8) << r.bCount << std::setw(13) << usText(r.aTotal) << std::setw(13) << usText(r.bTotal) << std::setw(7)
            << ratioText(r.aPerStep(), r.bPerStep()) << "  " << r.status << '\n';
    }
    writeGapText(out, c);
    out << "\nLayers (aligned):\n";
    n = 0;
    for (const LayerPair &p : c.layers.pairs) {
        if (limit && n++ >= limit) {
            out << "  ... " << c.layers.pairs.size() - limit << " more\n";
            break;
        }
        out << "  " << std::left << std::setw(28) << (p.a >= 0 ? layerName(a, p.a) : "-") << std::setw(28)
            << (p.b >= 0 ? layerName(b, p.b) : "-") << std::right << std::setw(12) << usText(p.aTotal) << std::setw(12)
            << usText(p.bTotal) << std::setw(7) << ratioText(p.aTotal, p.bTotal) << '\n';
    }
    if (!c.warnings.empty()) {
        out << "\nWarnings:\n";
        for (const auto &w : c.warnings)
            out << "  - " << w << '\n';
    }
}

std::vector<const LayerPair *> layersByGap(const Comparison &c)
{
    std::vector<const LayerPair *> layers;
    for (const LayerPair &p : c.layers.pairs)
        if (p.a >= 0 && p.b >= 0)
            layers.push_back(&p);
    std::sort(layers.begin(), layers.end(), [](auto *x, auto *y) {
        return std::llabs(x->bTotal - x->aTotal) > std::llabs(y->bTotal - y->aTotal);
    });
    return layers;
}

void writeCompareMarkdown(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    out << "# FusionScope comparison\n\n";
    out << "| | A | B |\n|---|---|---|\n";
    out << "| trace | " << c.labelA << " | " << c.labelB << " |\n";
    out << "| GPU | " << a.trace->info.gpuName << " | " << b.trace->info.gpuName << " |\n";
    out << "| framework | " << a.trace->info.framework << " | " << b.trace->info.framework << " |\n";
    out << "| kernels | " << a.summary.kernelCount << " | " << b.summary.kernelCount << " |\n";
    out << "| GPU time (µs) | " << usText(a.summary.kernelTotal) << " | " << usText(b.summary.kernelTotal) << " |\n";
    out << "| scope | " << scopeLine(a.steps, a.scope).substr(7) << " | " << scopeLine(b.steps, b.scope).substr(7) << " |\n";
    out << "| layers | " << a.layers.layers.size() << " (" << a.layers.method << ") | " << b.layers.layers.size() << " ("
        << b.layers.method << ") |\n\n";

    out << "## Fusion differences\n\n";
    if (c.findings.empty())
        out << "No fusion differences found.\n\n";
    int i = 1;
    for (const FusionFinding &f : c.findings) {
        out << "### " << i++ << ". " << f.operation << " — fused by " << sideLabel(c, f.fusedSide) << "\n\n";
        out << "- **Time at stake:** " << usText(f.timeAtStake) << " µs on " << sideLabel(c, otherSide(f.fusedSide))
            << " (unfused runs " << usText(f.unfusedTotal) << " µs, fused kernels " << usText(f.fusedTotal) << " µs)"
            << "\n- **Confidence:** " << confidenceName(f.confidence) << " (" << join(fusionMethodNames(f.methods), ", ") << ")\n";
        out << "- **Evidence:** " << f.evidence << "\n";
        if (!f.fusedKernels.empty())
            out << "- **Fused kernel:** `" << f.fusedKernels.front().substr(0, 160) << "`\n";
        if (!f.unfusedComponents.empty()) {
            out << "- **Unfused pieces:**";
            for (size_t k = 0; k < f.unfusedComponents.size() && k < 4; ++k)
                out << (k ? ", " : " ") << '`' << f.unfusedComponents[k].substr(0, 100) << '`';
            out << '\n';
        }
        for (const auto &l : f.locations)
            out << "- **Source:** `" << l << "`\n";
        out << '\n';
    }

    if (!c.extraWork.empty()) {
        out << "## Extra work\n\nKernels one side runs with no counterpart and no fused kernel on the other side.\n\n"
               "| runs it | CPU op | operation | count | µs | confidence |\n|---|---|---|---:|---:|---|\n";
        for (const ExtraWork &e : c.extraWork)
            out << "| " << sideLabel(c, e.side) << " | " << (e.cpuOp.empty() ? "-" : e.cpuOp) << " | " << e.operation << " | "
                << e.count << " | " << usText(e.total) << " | " << confidenceName(e.confidence) << (e.explained ? "" : " (unexplained)") << " |\n";
        out << '\n';
    }
    if (!c.modules.empty()) {
        out << "## Modules with more kernels per call on one side\n\n"
               "| module | A kernels/call | B kernels/call | fused by | impact µs | impact % | speed gap µs |\n"
               "|---|---:|---:|---|---:|---:|---:|\n";
        for (const ModuleDifference &m : c.modules) {
            char buf[160];
            std::snprintf(buf, sizeof buf, " | %.1f | %.1f | ", m.aKernelsPerCall, m.bKernelsPerCall);
            char pct[32];
            std::snprintf(pct, sizeof pct, "%.2f", m.impactPercent);
            out << "| " << m.module << buf << sideLabel(c, otherSide(m.unfusedSide)) << " | "
                << usText(m.timeDifference) << " | " << pct << " | " << usText(m.speedGap) << " |\n";
        }
        out << '\n';
    }
    out << "## Slowest operations (B relative to A)\n\n| op | A count | B count | A µs | B µs | B/A | status |\n"
           "|---|---:|---:|---:|---:|---:|---|\n";
    size_t n = 0;
    for (const OpRow &r : c.ops) {
        if (n++ >= 15)
            break;
        out << "| " << r.op << " | " << r.aCount << " | " << r.bCount << " | " << usText(r.aTotal) << " | " << usText(r.bTotal)
            << " | " << ratioText(r.aPerStep(), r.bPerStep()) << " | " << r.status << " |\n";
    }
    out << "\nStatus rule: B is slower when B/A > 1.1, faster when B/A < 0.9, else similar.\n\n";

    writeGapMarkdown(out, c);

    const std::vector<const LayerPair *> layers = layersByGap(c);
    out << "## Layers with the largest gap\n\n| A layer | B layer | A µs | B µs | B/A |\n|---|---|---:|---:|---:|\n";
    for (size_t k = 0; k < layers.size() && k < 10; ++k)
        out << "| " << layerName(a, layers[k]->a) << " | " << layerName(b, layers[k]->b) << " | " << usText(layers[k]->aTotal)
            << " | " << usText(layers[k]->bTotal) << " | " << ratioText(layers[k]->aTotal, layers[k]->bTotal) << " |\n";
    if (!c.warnings.empty()) {
        out << "\n## Warnings\n\n";
        for (const auto &w : c.warnings)
            out << "- " << w << '\n';
    }
}

std::map<std::string, std::string> compareCsvTables(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    std::map<std::string, std::string> t;
    {
        std::ostringstream o;
        o << "op,a_count,b_count,a_us,b_us,ratio,gap_us,status,a_per_step_us,b_per_step_us\n";
        for (const OpRow &r : c.ops)
            o << csvField(r.op) << ',' << r.aCount << ',' << r.bCount << ',' << usText(r.aTotal) << ',' << usText(r.bTotal) << ','
              << ratioText(r.aPerStep(), r.bPerStep()) << ',' << usText(r.bTotal - r.aTotal) << ',' << r.status << ','
              << usText(r.aPerStep()) << ',' << usText(r.bPerStep()) << '\n';
        t["ops"] = o.str();
    }
    {
        std::ostringstream o, k;
        o << "pair,a_layer,b_layer,a_kernels,b_kernels,a_us,b_us,ratio,gap_us\n";
        k << "pair,op,detail,a_name,b_name,a_us,b_us,same_kernel,a_kernel_ids,b_kernel_ids\n";
        size_t i = 0;
        for (const LayerPair &p : c.layers.pairs) {
            o << i << ',' << csvField(layerName(a, p.a)) << ',' << csvField(layerName(b, p.b)) << ',' << p.aKernels << ','
              << p.bKernels << ',' << usText(p.aTotal) << ',' << usText(p.bTotal) << ',' << ratioText(p.aTotal, p.bTotal) << ','
              << usText(p.bTotal - p.aTotal) << '\n';
            for (const KernelPair &kp : p.kernels) {
                k << i << ',' << csvField(kp.op) << ',' << csvField(kp.detail) << ',' << csvField(kp.aName) << ','
                  << csvField(kp.bName) << ',' << usText(kp.aTotal) << ',' << usText(kp.bTotal) << ',' << (kp.sameKernel ? 1 : 0)
                  << ',' << kernelIdList(kp.aKernels) << ',' << kernelIdList(kp.bKernels) << '\n';
            }
            ++i;
        }
        t["layers"] = o.str();
        t["kernel_pairs"] = k.str();
    }
    {
        std::ostringstream o;
        o << "name,a_count,b_count,a_us,b_us,ratio\n";
        for (const SameKernelRow &r : c.sameKernels)
            o << csvField(r.name) << ',' << r.aCount << ',' << r.bCount << ',' << usText(r.aTotal) << ',' << usText(r.bTotal) << ','
              << ratioText(r.aTotal, r.bTotal) << '\n';
        t["same_kernels"] = o.str();
    }
    {
        std::ostringstream o;
        o << "operation,fused_side,fused_label,methods,count,time_at_stake_us,confidence,evidence,fused_kernels,"
             "unfused_components,locations,unfused_us,fused_us"
          << kKernelRefHeader << '\n';
        for (const FusionFinding &f : c.findings)
            o << csvField(f.operation) << ',' << char(f.fusedSide) << ',' << csvField(sideLabel(c, f.fusedSide)) << ','
              << csvField(join(fusionMethodNames(f.methods), ";")) << ',' << f.count << ',' << usText(f.timeAtStake) << ',' << confidenceName(f.confidence) << ','
              << csvField(f.evidence) << ',' << csvField(join(f.fusedKernels, ";")) << ','
              << csvField(join(f.unfusedComponents, ";")) << ',' << csvField(join(f.locations, ";")) << ','
              << usText(f.unfusedTotal) << ',' << usText(f.fusedTotal) << ',' << kernelRefColumns(a, b, f.aKernels, f.bKernels)
              << '\n';
        t["fusion_patterns"] = o.str();
    }
    {
        std::ostringstream o;
        o << "side,label,operation,cpu_op,reason,count,time_us,confidence,evidence,kernels,locations" << kKernelRefHeader
          << '\n';
        for (const ExtraWork &e : c.extraWork)
            o << char(e.side) << ',' << csvField(sideLabel(c, e.side)) << ',' << csvField(e.operation) << ',' << csvField(e.cpuOp)
              << ',' << (e.explained ? "no_counterpart_op" : "unexplained") << ',' << e.count << ',' << usText(e.total) << ','
              << confidenceName(e.confidence) << ',' << csvField(e.evidence) << ',' << csvField(join(e.kernels, ";")) << ','
              << csvField(join(e.locations, ";")) << ',' << kernelRefColumns(a, b, e.aKernels, e.bKernels) << '\n';
        t["extra_work"] = o.str();
    }
    t["gap"] = gapCsv(c);
    t["what_if"] = whatIfCsv(c);
    return t;
}

} // namespace fusion
