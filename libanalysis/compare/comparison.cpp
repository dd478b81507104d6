#include "compare/comparison.h"
#include "compare/gapdecomposition.h"
#include "align/layeralignment.h"
#include "compare/orientation.h"
#include "fusion/fusiondetector.h"
#include "trace/traceerror.h"
#include "util/taskpool.h"

#include <algorithm>
#include <future>
#include <map>
#include <unordered_map>

namespace fusion {

namespace {

bool inStage(const AnalyzedTrace &t, uint32_t id, Stage stage)
{
    if (t.stages.ofKernel[id] == Stage::Outside)
        return false;
    return stage == Stage::All || !(t.stages.hasPrefill || t.stages.hasDecode) || t.stages.ofKernel[id] == stage;
}

// Kernel count and time per kernel name (by StrId) within the stage.
struct NameTotals {
    std::vector<uint64_t> count;
    std::vector<Ns> total;
};

NameTotals totalsByName(const AnalyzedTrace &t, Stage stage)
{
    const GpuOpTable &k = t.trace->store.kernels;
    NameTotals out;
    out.count.assign(t.trace->store.strings.size(), 0);
    out.total.assign(t.trace->store.strings.size(), 0);
    for (uint32_t id = 0; id < k.size(); ++id)
        if (inStage(t, id, stage)) {
            ++out.count[k.name[id]];
            out.total[k.name[id]] += k.dur[id];
        }
    return out;
}

}  // namespace

std::string opStatus(Ns a, Ns b)
{
    if (a == 0 && b == 0)
        return "similar";
    if (a == 0)
        return "only B";
    if (b == 0)
        return "only A";
    const double r = double(b) / double(a);
    return r > kSlowerRatio ? "slower" : r < kFasterRatio ? "faster" : "similar";
}

namespace {

// The comparison in the orientation given, from its layer alignment (in `c` already): every table,
// then the findings. It leaves the alignment as it is.
void compareOriented(const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &o,
                     const std::string &labelA, const std::string &labelB, Comparison &c, TaskPool &pool)
{
    c.stage = o.stage;
    c.labelA = labelA;
    c.labelB = labelB;
    auto step = [&](double f) {
        if (o.progress && !o.progress(f))
            throw Cancelled();
    };
    step(0.7);

    // Both tables are per op or per name, and every kernel of one name has one op: sum per
    // (interned) name first, so that the string-keyed maps see each distinct name once.
    std::map<std::string, OpRow> ops;
    std::unordered_map<std::string, SameKernelRow> byName;
    const NameTotals ta = totalsByName(a, o.stage), tb = totalsByName(b, o.stage);
    for (StrId name = 0; name < ta.count.size(); ++name) {
        if (!ta.count[name])
            continue;
        OpRow &r = ops[a.classes.classes[a.classes.classOfName[name]].op];
        r.aCount += ta.count[name];
        r.aTotal += ta.total[name];
        SameKernelRow &s = byName[std::string(a.trace->store.str(name))];
        s.aCount += ta.count[name];
        s.aTotal += ta.total[name];
    }
    for (StrId name = 0; name < tb.count.size(); ++name) {
        if (!tb.count[name])
            continue;
        OpRow &r = ops[b.classes.classes[b.classes.classOfName[name]].op];
        r.bCount += tb.count[name];
        r.bTotal += tb.total[name];
        auto it = byName.find(std::string(b.trace->store.str(name)));
        if (it != byName.end()) {
            it->second.bCount += tb.count[name];
            it->second.bTotal += tb.total[name];
        }
    }
    c.stepsA = stepsInScope(a.steps, a.scope);
    c.stepsB = stepsInScope(b.steps, b.scope);
    for (auto &[op, r] : ops) {
        r.op = op;
        r.aSteps = c.stepsA;
        r.bSteps = c.stepsB;
        r.status = opStatus(r.aPerStep(), r.bPerStep());
        c.ops.push_back(r);
    }
    std::sort(c.ops.begin(), c.ops.end(), [](const OpRow &x, const OpRow &y) {
        return x.aTotal + x.bTotal != y.aTotal + y.bTotal ? x.aTotal + x.bTotal > y.aTotal + y.bTotal : x.op < y.op;
    });
    for (auto &[name, r] : byName)
        if (r.aCount && r.bCount) {
            r.name = name;
            c.sameKernels.push_back(r);
        }
    std::sort(c.sameKernels.begin(), c.sameKernels.end(), [](const SameKernelRow &x, const SameKernelRow &y) {
        return x.aTotal + x.bTotal != y.aTotal + y.bTotal ? x.aTotal + x.bTotal > y.aTotal + y.bTotal : x.name < y.name;
    });

    step(0.8);
    FusionAnalysis f = detectFusions(a, b, c.layers, o.stage, labelA, labelB, &pool);
    c.findings = std::move(f.findings);
    c.extraWork = std::move(f.extraWork);
    c.leftOutLayers = std::move(f.leftOutLayers);
    c.warnings.insert(c.warnings.end(), f.warnings.begin(), f.warnings.end());
    step(0.95);
}

} // namespace

namespace {

double medianKernelsPerLayer(const LayerModel &layers)
{
    std::vector<size_t> counts;
    for (const Layer &l : layers.layers)
        counts.push_back(l.kernels.size());
    if (counts.empty())
        return 0;
    std::nth_element(counts.begin(), counts.begin() + long(counts.size() / 2), counts.end());
    return double(counts[counts.size() / 2]);
}

// Two traces of one model on two GPUs repeat the same block, and a block runs a similar number of
// kernels on either vendor (fusion changes it by a few, not by a factor of two or more).
std::vector<TraceMismatch> mismatchesOf(const AnalyzedTrace &a, const AnalyzedTrace &b)
{
    std::vector<TraceMismatch> out;
    const std::string &blockA = a.layers.blockName, &blockB = b.layers.blockName;
    if (!blockA.empty() && !blockB.empty() && blockA != blockB)
        out.push_back({TraceMismatch::Kind::LayerBlocks, blockA, blockB});
    const double ka = medianKernelsPerLayer(a.layers), kb = medianKernelsPerLayer(b.layers);
    if (ka > 0 && kb > 0 && std::max(ka, kb) >= 2 * std::min(ka, kb) && std::max(ka, kb) - std::min(ka, kb) >= 4)
        out.push_back({TraceMismatch::Kind::KernelsPerLayer, std::to_string(int(ka)), std::to_string(int(kb))});
    return out;
}

std::string wording(const TraceMismatch &m, const std::string &labelA, const std::string &labelB)
{
    if (m.kind == TraceMismatch::Kind::LayerBlocks)
        return "the traces repeat different layers (" + labelA + ": " + m.a + ", " + labelB + ": " + m.b
               + "); they may not run the same model";
    return "a layer runs " + m.a + " kernels in " + labelA + " and " + m.b + " in " + labelB
           + "; they may not run the same model or settings";
}

} // namespace

Comparison compareTraces(const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &o)
{
    std::string labelA = o.labelA.empty() ? a.trace->displayLabel() : o.labelA;
    std::string labelB = o.labelB.empty() ? b.trace->displayLabel() : o.labelB;
    if (labelA == labelB) {  // the same file twice, or two files of one name: keep them apart
        labelA += " [A]";
        labelB += " [B]";
    }
    const bool swap = o.canonicalOrder && canonicallyFirst(b, a);
    const AnalyzedTrace &x = swap ? b : a, &y = swap ? a : b;
    // The second core takes independent parts as they come: what each trace alone gives the gap
    // decomposition, while this thread aligns the layers (one alignment, which it cannot share),
    // then half of the layer pairs' kernel alignments, then parts of the findings, then the modules.
    TaskPool pool;
    PoolHelper helper(pool);
    if (o.progress && !o.progress(0.0))
        throw Cancelled();
    auto gapTraces = TaskPool::later(&pool, [&] {
        return std::array<GapTrace, 2>{gapTraceOf(a, o.stage), gapTraceOf(b, o.stage)};
    });
    Comparison c;
    c.layers = alignLayers(x, y, o.stage, o.progress, &pool);
    c.layers.method = a.layers.method + " / " + b.layers.method;  // in the order given, as mirroring leaves it
    // Declared after `c`: however this function leaves, the thread reading its layers ends first.
    std::future<void> whileComparing;
    if (o.whileComparing)
        whileComparing = std::async(std::launch::async, [&] { o.whileComparing({c.layers, swap, labelA, labelB}); });
    compareOriented(x, y, o, swap ? labelB : labelA, swap ? labelA : labelB, c, pool);
    if (whileComparing.valid())
        whileComparing.get();
    if (swap)
        c = mirrored(std::move(c));
    c.viewed[0] = a.trace;
    c.viewed[1] = b.trace;
    // The module comparison reads the findings and layer pairs, not the gap, and gives the same
    // modules (sides swapped) in either orientation: it runs on the second core beside the gap.
    auto modules = TaskPool::later(&pool, [&] { return compareModules(a, b, c); });
    // After mirroring, in the order given: the parts of B against A are those of A against B negated.
    c.gap = decomposeGap(a, b, c, gapTraces.get());
    c.modules = modules.get();

    c.mismatches = mismatchesOf(a, b);
    // Warnings in the spirit of the reference analyzer: what limits the comparison's evidence.
    std::vector<std::string> warnings;
    for (const TraceMismatch &m : c.mismatches)
        warnings.push_back(wording(m, c.labelA, c.labelB));
    for (const auto *t : {&a, &b}) {
        const std::string who = t == &a ? c.labelA : c.labelB;
        if (!t->stages.hasPrefill && !t->stages.hasDecode)
            warnings.push_back(who + ": no phase annotations (prefill/decode); stages are not separated");
        if (!t->summary.hasPythonStacks)
            warnings.push_back(who + (t->attribution.source == AttributionSource::AnnotationRanges
                                          ? ": no Python stacks; findings are located by annotation ranges only"
                                          : ": no Python stacks; findings carry no source locations"));
        if (t->classes.classifiedShare < 0.8)
            warnings.push_back(who + ": " + std::to_string(int(100 * (1 - t->classes.classifiedShare) + 0.5))
                               + " % of kernel time is unclassified (Other); extend the registry with --registry");
        if (t->layers.method == "none" || t->layers.layers.size() < 2)
            warnings.push_back(who + ": layer detection failed; kernels are compared as one sequence");
    }
    if (a.steps.steps.empty() != b.steps.steps.empty() && a.scope.kind == Scope::Kind::Steps)
        warnings.push_back((a.steps.steps.empty() ? c.labelA : c.labelB)
                           + ": no profiler steps; its whole file is compared with the other trace's steps");
    else if (c.stepsA != c.stepsB)
        warnings.push_back(c.labelA + " holds " + std::to_string(c.stepsA) + " profiler steps, " + c.labelB + " "
                           + std::to_string(c.stepsB) + ": the op table compares time per step");
    if (o.stage != Stage::All)
        for (const auto *t : {&a, &b})
            if (!t->stages.hasPrefill && !t->stages.hasDecode)
                warnings.push_back((t == &a ? c.labelA : c.labelB) + ": --stage ignored, the trace has no stages");
    c.warnings.insert(c.warnings.begin(), warnings.begin(), warnings.end());
    return c;
}

} // namespace fusion
