#include "report/triagefindings.h"
#include "trace/traceerror.h"
#include "util/text.h"

#include <algorithm>
#include <cstdio>
#include <future>

namespace fusion {

namespace {

std::string mdCell(std::string s)
{
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
    return out;
}

template<typename T>
const T *forStage(const std::vector<T> &v, Stage st)
{
    for (const T &x : v)
        if (x.stage == st)
            return &x;
    return nullptr;
}

bool shown(const FamilyMatch &m, const TriageFindings &f) { return f.showAll || m.share >= 1.0; }

// "24 split instances", "mixed: 3 direct, 45 split instances".
std::string instancesText(const FamilyMatch &m)
{
    const auto plural = [](size_t n) { return n == 1 ? " instance" : " instances"; };
    if (m.mixed())
        return "mixed: " + std::to_string(m.directInstances) + " direct, " + std::to_string(m.splitInstances) + " split"
             + plural(m.splitInstances);
    const size_t n = m.directInstances + m.splitInstances;
    return std::to_string(n) + (m.direct ? " direct" : " split") + plural(n);
}

} // namespace

TriageFindings findTriageFindings(const Trace &trace, const TraceAttribution &attribution,
                                  const TraceClassification &classes, const TraceStages &stages,
                                  const RunOverrides &overrides, const std::function<bool(double)> &progress)
{
    const auto step = [&](double f) {
        if (progress && !progress(f))
            throw Cancelled();
    };
    // Only kernels linked to their launch by the trace count (docs/fusion_semantics.md 0.2): layer-aligned (inferred)
    // sites have no cpu_op of their own and would let name-only matches into scope-gated groups
    // (on the H100 Qwen trace RoPE would grow from 15.3 % to 21.7 % of GPU time).
    // Kernels outside the analysis scope (before the first profiler step) lose their site too, so
    // module candidates do not count them; the impacts are shares of the scope's GPU span.
    TraceAttribution linked = attribution;
    ModuleCandidateOptions moduleOptions;
    Ns first = 0, last = 0;
    const GpuOpTable &k = trace.store.kernels;
    for (size_t i = 0; i < linked.kind.size(); ++i) {
        const bool outside = stages.ofKernel[i] == Stage::Outside;
        if (linked.kind[i] == AttributionKind::Inferred || outside) {
            linked.location[i] = 0;
            linked.scope[i] = 0;
        }
        if (outside) {
            linked.cpuOp[i] = -1;
            moduleOptions.baseline = 1;  // a scope is in force: measured below
        } else {
            first = last == 0 ? k.start[i] : std::min(first, k.start[i]);
            last = std::max(last, k.end(i));
        }
    }
    if (moduleOptions.baseline)
        moduleOptions.baseline = std::max<Ns>(1, last - first);
    TriageFindings f;
    FamilyContext context = detectFamilyContext(trace);
    if (!overrides.model.empty()) {
        context.modelPath = overrides.model;
        std::transform(context.modelPath.begin(), context.modelPath.end(), context.modelPath.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
    }
    if (overrides.tpSize > 0)
        context.tpSize = overrides.tpSize;
    step(0.05);
    // The module candidates read only what the families and the overlap read too, and take as long
    // as both on a long trace: they run beside them on a second thread. Should the caller cancel,
    // the future waits for them (a fraction of a second) before the exception leaves.
    auto modules = std::async(std::launch::async,
                              [&] { return findModuleCandidates(trace, linked, GpuSpecs::builtin(), moduleOptions); });
    f.families = findFusionFamilies(trace, linked, classes, stages, FusionPatterns::builtin(), context);
    step(0.4);
    f.overlap = findOverlap(trace, linked, stages, 0, [&](double s) { return !progress || progress(0.4 + 0.3 * s); });
    step(0.7);
    f.modules = modules.get();
    step(1.0);
    return f;
}

void writeStageFindingsJson(JsonWriter &w, const TriageFindings &findings, Stage stage)
{
    w.key("fusion_families").beginArray();
    if (const StageFamilies *sf = forStage(findings.families, stage)) {
        for (const FamilyMatch &m : sf->families) {
            w.beginObject();
            w.field("pattern", m.pattern);
            w.field("status", m.direct ? "direct" : "split");
            w.field("status_label", m.status);
            w.field("origin", m.origin);
            w.field("confidence", m.confidence());
            w.field("related_us", toUs(m.related), 3);
            w.field("share", m.share / 100.0, 5);  // a fraction, like every "share" in the JSON
            w.field("direct_instances", uint64_t(m.directInstances));
            w.field("split_instances", uint64_t(m.splitInstances));
            w.field("direct_us", toUs(m.directNs), 3);
            w.field("split_us", toUs(m.splitNs), 3);
            w.key("evidence_kernels").beginArray();
            for (const std::string &e : m.evidence)
                w.value(e);
            w.endArray();
            w.key("locations").beginArray();
            for (const std::string &l : m.locations)
                w.value(l);
            w.endArray();
            w.key("candidate_path").beginArray();
            for (const std::string &p : m.candidatePath)
                w.value(p);
            w.endArray();
            w.field("rationale", m.rationale);
            writeIdArray(w.key("kernel_ids"), m.kernelIds);
            w.endObject();
        }
    }
    w.endArray();
    w.key("overlap").beginObject();
    const StageOverlap *so = forStage(findings.overlap, stage);
    w.field("busy_us", toUs(so ? so->busy : 0), 3);
    w.field("overlap_us", toUs(so ? so->overlap : 0), 3);
    w.field("max_concurrent_streams", so ? so->maxConcurrentStreams : 0);
    w.key("rows").beginArray();
    if (so) {
        for (const OverlapRow &r : so->rows) {
            w.beginObject();
            w.field("priority", "P" + std::to_string(r.priority));
            w.field("verdict", r.verdict);
            w.field("kernel", r.kernel);
            w.field("bucket", overlapBucketName(r.bucket));
            w.field("scope", r.scope);
            w.field("launch_op", r.launchOp);
            w.field("count", r.count);
            w.field("total_us", toUs(r.total), 3);
            w.field("share", r.share / 100.0, 5);  // a fraction, like every "share" in the JSON
            w.field("exclusive_us", toUs(r.exclusive), 3);
            w.field("hidden_us", toUs(r.hidden), 3);
            w.field("hidden_by_compute_us", toUs(r.hiddenByCompute), 3);
            w.field("exclusive_ratio", r.exclusiveRatio, 4);
            w.field("hidden_ratio", r.hiddenRatio, 4);
            w.field("dependency", r.dependency);
            w.field("dependency_signal", r.dependencySignal);
            w.field("recommendation", r.recommendation);
            w.field("suggestion", r.suggestion);
            w.field("top_overlapper", r.topOverlapper);
            w.endObject();
        }
    }
    w.endArray();
    w.endObject();
    const ModuleCandidates &mc = findings.modules;
    w.key("module_candidates").beginObject();
    w.field("baseline_ms", mc.baselineMs, 3);
    w.field("gpu", mc.gpuKey);
    w.key("candidates").beginArray();
    for (const ModuleCandidate &m : mc.candidates) {
        w.beginObject();
        w.field("operation", m.operation);
        w.field("module", m.moduleName);
        w.field("label", m.label);
        w.field("impact_low", m.impactLow, 2);
        w.field("impact_mid", m.impactMid, 2);
        w.field("impact_high", m.impactHigh, 2);
        w.field("bound", boundName(m.bound));
        w.field("fusion_type", m.fusionType());
        w.field("confidence", confidenceName(m.confidence));
        w.field("estimation", estimationName(m.estimation));
        w.field("time_ms", m.timeMs, 3);
        w.field("instance_count", m.instanceCount);
        w.field("kernel_count", uint64_t(m.kernels.size()));
        w.field("modeled_kernel_count", uint64_t(m.modeledKernelCount));
        w.field("warning", m.warning);
        w.key("kernels").beginArray();
        for (const ModuleKernel &k : m.kernels)
            w.value(k.name);
        w.endArray();
        w.key("kernel_ids").beginArray();
        for (const ModuleKernel &k : m.kernels)
            w.value(uint64_t(k.kernel));
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

void writeFindingsText(std::ostream &out, const TriageFindings &findings)
{
    for (const StageOverlap &so : findings.overlap) {
        out << "\nOverlap opportunities (" << stageName(so.stage) << "): busy " << decimalText(toUs(so.busy), 1) << " us, overlap "
            << decimalText(toUs(so.overlap), 1) << " us, max " << so.maxConcurrentStreams << " concurrent streams\n";
        if (so.rows.empty()) {
            out << "  (none)\n";
            continue;
        }
        for (const OverlapRow &r : so.rows) {
            out << "  P" << r.priority << "  " << r.verdict << "  " << r.kernel.substr(0, 80) << "\n"
                << "      " << r.scope << " | " << decimalText(toUs(r.total), 1) << " us, share " << decimalText(r.share, 1) << "%, excl "
                << decimalText(100 * r.exclusiveRatio, 0) << "% / hid " << decimalText(100 * r.hiddenRatio, 0) << "% | dep "
                << r.dependency << " | " << r.recommendation << "\n";
        }
    }
    for (const StageFamilies &sf : findings.families) {
        out << "\nFusion families (" << stageName(sf.stage) << "):\n";
        size_t n = 0;
        for (const FamilyMatch &m : sf.families) {
            if (!shown(m, findings))
                continue;
            ++n;
            out << "  " << m.pattern << "  [" << m.status << ", " << m.confidence() << "]  " << decimalText(toUs(m.related), 1)
                << " us, " << decimalText(m.share, 1) << "%  (" << instancesText(m) << ")\n";
            if (!m.evidence.empty())
                out << "      evidence: " << join(m.evidence, "; ") << "\n";
            if (!m.locations.empty())
                out << "      at: " << join(m.locations, "; ") << "\n";
        }
        if (n == 0)
            out << "  (none at >= 1 % of the stage)\n";
    }
    const ModuleCandidates &mc = findings.modules;
    out << "\nModule candidates (all stages, impact as % of " << decimalText(mc.baselineMs, 2) << " ms E2E GPU time, GPU "
        << (mc.gpuKey.empty() ? std::string("unknown") : mc.gpuKey) << "):\n";
    if (mc.candidates.empty())
        out << "  (none above 2 %)\n";
    for (const ModuleCandidate &m : mc.candidates)
        out << "  " << m.operation << "  [" << m.label << ", " << confidenceName(m.confidence) << " confidence, " << boundName(m.bound) << "-bound]  impact "
            << decimalText(m.impactLow, 1) << " / " << decimalText(m.impactMid, 1) << " / " << decimalText(m.impactHigh, 1) << " %  ("
            << m.instanceCount << " x " << m.kernels.size() << " kernels, " << decimalText(m.timeMs, 3) << " ms)\n";
}

void writeFindingsMarkdown(std::ostream &out, const Trace &trace, const TriageFindings &findings)
{
    struct Item {
        Stage stage;
        const FamilyMatch *family = nullptr;
        const OverlapRow *overlap = nullptr;
        const ModuleCandidate *module = nullptr;
        double share = 0;
    };
    std::vector<Item> items;
    for (const StageFamilies &sf : findings.families)
        for (const FamilyMatch &m : sf.families)
            if (shown(m, findings) && !m.direct)  // a direct family is already fused: not an action
                items.push_back({sf.stage, &m, nullptr, nullptr, m.share});
    for (const StageOverlap &so : findings.overlap)
        for (const OverlapRow &r : so.rows)
            if (r.priority <= 2)
                items.push_back({so.stage, nullptr, &r, nullptr, 100.0 * double(r.exclusive) / double(std::max<Ns>(so.busy, 1))});
    for (const ModuleCandidate &m : findings.modules.candidates)
        items.push_back({Stage::All, nullptr, nullptr, &m, m.impactMid});
    std::stable_sort(items.begin(), items.end(), [](const Item &a, const Item &b) { return a.share > b.share; });

    out << "\n## Findings\n\n";
    out << "Trace `" << mdCell(trace.label) << "`: " << items.size()
        << " actionable item(s) — fusion families whose unfused pieces run (share of the stage's GPU time) and "
           "exposed kernels an overlap or fusion could hide (share of busy time), module-level fusion candidates "
           "(estimated saving, mid value, as share of the end-to-end GPU time).\n\n";
    size_t p = 0;
    for (const Item &it : items) {
        ++p;
        if (it.module) {
            const ModuleCandidate &m = *it.module;
            out << "### P" << p << ". " << m.label << ": `" << mdCell(m.operation) << "` (impact " << decimalText(m.impactMid, 1)
                << " % of E2E GPU time, " << confidenceName(m.confidence) << " confidence)\n\n"
                << "A fused kernel for this module would save " << decimalText(m.impactLow, 1) << "–" << decimalText(m.impactHigh, 1)
                << " % of the end-to-end GPU time (" << m.instanceCount << " instances, " << decimalText(m.timeMs, 3) << " ms, "
                << boundName(m.bound) << "-bound, " << estimationName(m.estimation) << " estimate).";
            if (!m.warning.empty())
                out << " " << m.warning << ".";
            out << "\n\n| kernel | type | duration (us) | launched by |\n|---|---|---|---|\n";
            for (const ModuleKernel &k : m.kernels)
                out << "| " << mdCell(k.name.substr(0, 96)) << " | " << kernelKindName(k.type) << " | " << decimalText(double(k.dur) / 1000.0, 2)
                    << " | " << mdCell(k.op) << " |\n";
            out << "\n";
        } else if (it.family) {
            const FamilyMatch &m = *it.family;
            out << "### P" << p << ". " << mdCell(m.pattern) << " (" << stageName(it.stage) << ", " << decimalText(m.share, 1)
                << " %, " << m.confidence() << ")\n\n" << m.rationale << "\n\n";
            out << "Instances: " << instancesText(m);
            if (m.mixed())
                out << " — the split ones take " << decimalText(toUs(m.splitNs), 1) << " us, the fused kernels "
                    << decimalText(toUs(m.directNs), 1) << " us";
            out << ".\n\n";
            if (!m.candidatePath.empty())
                out << "Where: " << mdCell(join(m.candidatePath, ", ")) << "\n\n";
            out << "| kernel (share of stage) |\n|---|\n";
            for (const std::string &e : m.evidence)
                out << "| " << mdCell(e) << " |\n";
            out << "\n";
        } else {
            const OverlapRow &r = *it.overlap;
            out << "### P" << p << ". Exposed " << overlapBucketName(r.bucket) << " kernel (" << stageName(it.stage) << ", "
                << decimalText(it.share, 1) << " % exposed, dependency " << r.dependency << ")\n\n" << r.suggestion << "\n\n"
                << "| kernel | type | total (us) | exclusive | location |\n|---|---|---|---|---|\n"
                << "| " << mdCell(r.kernel.substr(0, 96)) << " | " << overlapBucketName(r.bucket) << " | "
                << decimalText(toUs(r.total), 1) << " | " << decimalText(100 * r.exclusiveRatio, 0) << " % | " << mdCell(r.scope) << " |\n\n";
        }
    }
    out << "### Impact summary\n\n| # | item | stage | status | share | confidence |\n|---|---|---|---|---|---|\n";
    p = 0;
    for (const Item &it : items) {
        ++p;
        if (it.module)
            out << "| P" << p << " | " << mdCell(it.module->label + ": " + it.module->operation) << " | all stages | impact "
                << decimalText(it.module->impactLow, 1) << "–" << decimalText(it.module->impactHigh, 1) << " % | " << decimalText(it.share, 1)
                << " % | " << confidenceName(it.module->confidence) << " |\n";
        else if (it.family)
            out << "| P" << p << " | " << mdCell(it.family->pattern) << " | " << stageName(it.stage) << " | "
                << it.family->status << (it.family->mixed() ? " (" + instancesText(*it.family) + ")" : std::string())
                << " | " << decimalText(it.share, 1) << " % | " << it.family->confidence() << " |\n";
        else
            out << "| P" << p << " | " << mdCell(it.overlap->kernel.substr(0, 60)) << " | " << stageName(it.stage) << " | "
                << it.overlap->verdict << " | " << decimalText(it.share, 1) << " % | dependency " << it.overlap->dependency << " |\n";
    }
    out << "\n### Fusion families already fused (direct)\n\n| family | stage | share | instances |\n|---|---|---|---|\n";
    for (const StageFamilies &sf : findings.families)
        for (const FamilyMatch &m : sf.families)
            if (m.direct && shown(m, findings))
                out << "| " << mdCell(m.pattern) << " | " << stageName(sf.stage) << " | " << decimalText(m.share, 1) << " % | "
                    << m.directInstances << " |\n";
}

} // namespace fusion
