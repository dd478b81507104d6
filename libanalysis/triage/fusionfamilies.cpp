#include "triage/fusionfamilies.h"

#include "triage/familyinstances.h"
#include "triage/sitetext.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace fusion {

// ---------------------------------------------------------------------------------------------
// Context

namespace {

// Text rules of 0.4 on a lower-cased text.
std::string frameworkFromText(const std::string &t)
{
    if (t.find("tokenspeed") != std::string::npos || t.find("token-speed") != std::string::npos)
        return "tokenspeed";
    for (const char *k : {"tensorrt_llm", "tensorrt-llm", "trtllm", "pyexecutor"})
        if (t.find(k) != std::string::npos)
            return "trtllm";
    if (t.find("vllm") != std::string::npos)
        return "vllm";
    for (const char *k : {"python/sglang/", "sgl_kernel/", "sglang/"})
        if (t.find(k) != std::string::npos)
            return "sglang";
    return {};
}

std::string jsonStringValue(const std::string &text, const std::string &key)
{
    const size_t k = text.find("\"" + key + "\"");
    if (k == std::string::npos)
        return {};
    size_t q = text.find(':', k);
    if (q == std::string::npos)
        return {};
    q = text.find_first_not_of(" \t\r\n", q + 1);
    if (q == std::string::npos)
        return {};
    if (text[q] == '"') {
        const size_t e = text.find('"', q + 1);
        return e == std::string::npos ? std::string() : text.substr(q + 1, e - q - 1);
    }
    const size_t e = text.find_first_of(",}\r\n", q);
    return text.substr(q, e == std::string::npos ? std::string::npos : e - q);
}

} // namespace

FamilyContext detectFamilyContext(const Trace &trace)
{
    FamilyContext c;
    // server_args.json beside the trace or one directory up (SGLang writes it there).
    namespace fs = std::filesystem;
    std::string serverArgs;
    std::error_code ec;
    fs::path dir = fs::path(trace.path).parent_path();
    for (int up = 0; up < 2 && serverArgs.empty(); ++up, dir = dir.parent_path()) {
        const fs::path p = dir / "server_args.json";
        if (fs::is_regular_file(p, ec)) {
            std::ifstream in(p);
            std::stringstream ss;
            ss << in.rdbuf();
            serverArgs = ss.str();
        }
    }
    if (!serverArgs.empty()) {
        c.modelPath = lowerAscii(jsonStringValue(serverArgs, "model_path"));
        if (c.modelPath.empty())
            c.modelPath = lowerAscii(jsonStringValue(serverArgs, "model"));
        const std::string tp = jsonStringValue(serverArgs, "tp_size");
        if (!tp.empty())
            c.tpSize = std::max(1, std::atoi(tp.c_str()));
        c.framework = frameworkFromText(lowerAscii(serverArgs));
        if (c.framework.empty())
            for (const char *k : {"attention_backend", "sampling_backend", "disable_cuda_graph", "chunked_prefill_size", "schedule_policy"})
                if (serverArgs.find(std::string("\"") + k + "\"") != std::string::npos)
                    c.framework = "sglang";
    }
    if (c.framework.empty() || c.framework == "none") {
        // TraceInfo already looked at the trace's events and paths.
        const std::string f = lowerAscii(trace.info.framework);
        if (f == "sglang" || f == "vllm" || f == "tokenspeed")
            c.framework = f;
        else if (f == "tensorrt-llm")
            c.framework = "trtllm";
        else
            c.framework = frameworkFromText(lowerAscii(trace.path));
    }
    if (c.framework.empty())
        c.framework = "none";
    return c;
}

// ---------------------------------------------------------------------------------------------
// Matching

namespace {

struct Candidate {
    const FusionFamily *family = nullptr;
    size_t span = 0;
    std::vector<FamilyInstance> instances;
    std::vector<uint32_t> related;  // the kernels of all instances, ascending
    Ns relatedNs = 0;
    size_t distinctRows = 0;
};

std::optional<Candidate> evaluate(const FusionFamily &f, const FamilyStage &sd, const TraceAttribution &attr,
                                  const GpuOpTable &kernels)
{
    Candidate c;
    c.family = &f;
    c.instances = findFamilyInstances(f, sd, attr);
    if (c.instances.empty())
        return std::nullopt;
    bool hasDirect = false;
    for (const FamilyInstance &inst : c.instances) {
        hasDirect = hasDirect || inst.direct;
        c.related.insert(c.related.end(), inst.counted.begin(), inst.counted.end());
    }
    std::sort(c.related.begin(), c.related.end());
    c.related.erase(std::unique(c.related.begin(), c.related.end()), c.related.end());
    for (uint32_t k : c.related)
        c.relatedNs += kernels.dur[k];
    if (c.relatedNs <= 0)
        return std::nullopt;
    const double share = 100.0 * double(c.relatedNs) / double(sd.total);
    if (!hasDirect && share < f.minShare)
        return std::nullopt;
    const size_t required = size_t(std::count_if(f.splitGroups.begin(), f.splitGroups.end(),
                                                 [](const SplitGroup &g) { return !g.optional; }));
    c.span = std::max(required, f.active.empty() ? size_t(0) : size_t(1));
    std::vector<int32_t> rows;
    for (uint32_t k : c.related)
        rows.push_back(sd.rowOf[k]);
    std::sort(rows.begin(), rows.end());
    c.distinctRows = size_t(std::unique(rows.begin(), rows.end()) - rows.begin());
    return c;
}

bool gatesPass(const FusionFamily &f, const FamilyContext &ctx)
{
    if (!f.frameworks.empty() && ctx.framework != "all"
        && std::find(f.frameworks.begin(), f.frameworks.end(), ctx.framework) == f.frameworks.end())
        return false;
    if (f.tpMin > 1 && ctx.tpSize < f.tpMin)
        return false;
    if (!f.modelsInclude.empty()
        && std::none_of(f.modelsInclude.begin(), f.modelsInclude.end(),
                        [&](const std::string &t) { return !ctx.modelPath.empty() && ctx.modelPath.find(t) != std::string::npos; }))
        return false;
    for (const std::string &t : f.modelsExclude)
        if (!ctx.modelPath.empty() && ctx.modelPath.find(t) != std::string::npos)
            return false;
    return true;
}

std::string oneDecimal(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string rationaleFor(const FusionFamily &f, const FamilyMatch &m)
{
    const std::string s = oneDecimal(m.share);
    std::string prefix;
    if (f.origin == "upstream")
        prefix = "Matches a fused path available upstream (" + s + " % related GPU time).";
    else if (f.origin == "pending")
        prefix = "Matches an open, not yet merged upstream change (" + s + " % related GPU time).";
    else if (m.mixed())
        prefix = "Partly active in this trace: " + std::to_string(m.directInstances) + " instance(s) run the fused kernel, "
               + std::to_string(m.splitInstances) + " run the pieces separately (" + s + " % related GPU time).";
    else if (m.direct)
        prefix = "Already active in this trace (" + s + " % related GPU time).";
    else
        prefix = "Split kernels of this family take " + s + " % of GPU time; a fused path exists in the framework.";
    return f.rationale.empty() ? prefix : prefix + " " + f.rationale;
}

// The instance's kernels that no earlier family claimed, or nothing when what is left no longer
// makes the instance (A.4 [FS]): a split instance without a sequence must keep a kernel of every
// required counted group; any other instance one kernel.
std::vector<uint32_t> unclaimed(const FamilyInstance &inst, const std::vector<char> &consumed)
{
    for (const std::vector<uint32_t> &group : inst.requiredCounted)
        if (std::all_of(group.begin(), group.end(), [&](uint32_t k) { return consumed[k]; }))
            return {};
    std::vector<uint32_t> rest;
    for (uint32_t k : inst.counted)
        if (!consumed[k])
            rest.push_back(k);
    return rest;
}

void describe(FamilyMatch &m, const FusionFamily &f, const FamilyStage &sd, const SiteTexts &texts,
              const TraceAttribution &attr, const GpuOpTable &kernels)
{
    // Evidence: kernel names by time (A.6).
    std::unordered_map<uint32_t, Ns> byName;
    std::map<int32_t, Ns> byRow;
    for (uint32_t k : m.kernelIds) {
        byName[texts.nameOf[k]] += kernels.dur[k];
        byRow[sd.rowOf[k]] += kernels.dur[k];
    }
    std::vector<std::pair<Ns, uint32_t>> names;
    for (auto [n, t] : byName)
        names.emplace_back(t, n);
    std::sort(names.begin(), names.end(), [](auto &a, auto &b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    for (auto [t, n] : names) {
        const double s = 100.0 * double(t) / double(sd.total);
        if (s < 1.0 || m.evidence.size() == 3)
            break;
        m.evidence.push_back(texts.names[n].substr(0, 96) + " (" + oneDecimal(s) + "%)");
    }
    std::vector<std::pair<Ns, int32_t>> rowsByTime;
    for (auto [r, t] : byRow)
        rowsByTime.emplace_back(t, r);
    std::stable_sort(rowsByTime.begin(), rowsByTime.end(), [](auto &a, auto &b) { return a.first > b.first; });
    for (auto [t, r] : rowsByTime) {
        const uint32_t loc = sd.rows[size_t(r)].location;
        if (loc == 0)
            continue;
        const std::string label = locationLabel(attr.locations[loc]);
        if (label.empty() || std::find(m.locations.begin(), m.locations.end(), label) != m.locations.end())
            continue;
        if (m.locations.size() == 4)
            break;
        m.locations.push_back(label);
    }
    for (const std::string &p : f.candidatePath) {
        if (p == "{location}")
            m.candidatePath.insert(m.candidatePath.end(), m.locations.begin(), m.locations.end());
        else
            m.candidatePath.push_back(p);
    }
    m.rationale = rationaleFor(f, m);
}

} // namespace

std::vector<StageFamilies> findFusionFamilies(const Trace &trace, const TraceAttribution &attr, const TraceClassification &classes,
                                              const TraceStages &stages, const FusionPatterns &patterns, const FamilyContext &ctx)
{
    const GpuOpTable &kernels = trace.store.kernels;
    const SiteTexts texts = buildSiteTexts(trace, attr);
    std::vector<StageFamilies> result;
    for (const FamilyStage &sd : buildFamilyStages(trace, attr, classes, stages, texts)) {
        StageFamilies out;
        out.stage = sd.stage;
        out.total = sd.total;
        std::vector<Candidate> cands;
        for (const FusionFamily &f : patterns.families)
            if (gatesPass(f, ctx))
                if (auto c = evaluate(f, sd, attr, kernels))
                    cands.push_back(std::move(*c));
        std::stable_sort(cands.begin(), cands.end(), [](const Candidate &a, const Candidate &b) {
            return std::make_tuple(a.family->priority, a.span, a.distinctRows, a.relatedNs)
                 > std::make_tuple(b.family->priority, b.span, b.distinctRows, b.relatedNs);
        });
        std::vector<char> consumed(kernels.size(), 0);
        std::vector<std::string> blocked;
        for (const Candidate &c : cands) {
            const FusionFamily &f = *c.family;
            if (std::find(blocked.begin(), blocked.end(), f.name) != blocked.end())
                continue;
            // Only the instances that what earlier families left over still makes count.
            // Each kernel counts once, for the first instance that claims it.
            FamilyMatch m;
            for (const FamilyInstance &inst : c.instances) {
                const std::vector<uint32_t> rest = unclaimed(inst, consumed);
                if (rest.empty())
                    continue;
                Ns t = 0;
                for (uint32_t k : rest) {
                    t += kernels.dur[k];
                    consumed[k] = 1;
                }
                (inst.direct ? m.directInstances : m.splitInstances) += 1;
                (inst.direct ? m.directNs : m.splitNs) += t;
                m.related += t;
                m.kernelIds.insert(m.kernelIds.end(), rest.begin(), rest.end());
            }
            std::sort(m.kernelIds.begin(), m.kernelIds.end());
            m.share = 100.0 * double(m.related) / double(sd.total);
            if (m.related <= 0 || (!m.directInstances && m.share < f.minShare)) {
                for (uint32_t k : m.kernelIds)  // rejected: its kernels stay free for later families
                    consumed[k] = 0;
                continue;
            }
            blocked.insert(blocked.end(), f.subsumes.begin(), f.subsumes.end());

            m.pattern = f.name;
            m.origin = f.origin;
            // Direct only when every instance runs the fused kernel: one split instance is work to do.
            m.direct = m.splitInstances == 0;
            m.status = f.origin + (m.direct ? " direct" : " split");
            m.confirmed = m.directInstances > 0 || m.share >= f.likelyShare;
            describe(m, f, sd, texts, attr, kernels);
            out.families.push_back(std::move(m));
        }
        result.push_back(std::move(out));
    }
    return result;
}

} // namespace fusion
