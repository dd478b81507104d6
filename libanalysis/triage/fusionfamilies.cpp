#include "triage/fusionfamilies.h"

#include "triage/sitetext.h"
#include "util/resourcepaths.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_map>

namespace fusion {

// ---------------------------------------------------------------------------------------------
// Loading

namespace {

struct YamlReader {
    const std::string &file;

    [[noreturn]] void fail(const YAML::Node &n, const std::string &problem) const
    {
        throw FusionPatternError(file, n.IsDefined() ? n.Mark().line + 1 : 0, problem);
    }

    std::vector<std::string> strings(const YAML::Node &n, const char *what, bool lower = true) const
    {
        std::vector<std::string> out;
        if (!n.IsDefined() || n.IsNull())
            return out;
        if (n.IsScalar()) {  // a single string stands for a one-element list
            out.push_back(lower ? lowerAscii(n.as<std::string>()) : n.as<std::string>());
            return out;
        }
        if (!n.IsSequence())
            fail(n, std::string(what) + " must be a list of strings");
        for (const YAML::Node &e : n) {
            if (!e.IsScalar())
                fail(e, std::string(what) + " must hold strings");
            out.push_back(lower ? lowerAscii(e.as<std::string>()) : e.as<std::string>());
        }
        return out;
    }

    SiteMatcher siteMatcher(const YAML::Node &n) const
    {
        if (!n.IsMap())
            fail(n, "a matcher object must be a mapping");
        for (const auto &kv : n) {
            if (!kv.first.IsScalar())
                fail(kv.first, "a matcher key must be a plain word");
            const std::string k = kv.first.Scalar();
            if (k != "kernel" && k != "cpu_op" && k != "scope" && k != "not_kernel" && k != "not_scope")
                fail(kv.first, "unknown matcher key '" + k + "'");
        }
        SiteMatcher m;
        m.kernel = strings(n["kernel"], "kernel");
        m.cpuOp = strings(n["cpu_op"], "cpu_op");
        m.scope = strings(n["scope"], "scope");
        m.notKernel = strings(n["not_kernel"], "not_kernel");
        m.notScope = strings(n["not_scope"], "not_scope");
        return m;
    }

    // A plain list (form 1) or {kernel, …} (form 2) or {any_of: […]} (form 3).
    KeywordMatcher matcher(const YAML::Node &n) const
    {
        KeywordMatcher m;
        if (n.IsSequence()) {
            m.keywords = strings(n, "keywords");
        } else if (n.IsMap() && n["any_of"]) {
            if (!n["any_of"].IsSequence())
                fail(n["any_of"], "any_of must be a list of matcher objects");
            for (const YAML::Node &e : n["any_of"])
                m.anyOf.push_back(siteMatcher(e));
        } else if (n.IsMap()) {
            m.anyOf.push_back(siteMatcher(n));
        } else if (!n.IsNull()) {
            fail(n, "expected a keyword list or a matcher object");
        }
        return m;
    }

    template<typename T>
    T scalar(const YAML::Node &n, const char *what, T fallback) const
    {
        if (!n.IsDefined() || n.IsNull())
            return fallback;
        try {
            return n.as<T>();
        } catch (const YAML::Exception &) {
            fail(n, std::string("bad value for ") + what);
        }
    }
};

} // namespace

namespace {
FusionPatterns parsePatterns(const std::string &yaml, const std::string &file)
{
    YAML::Node root;
    try {
        root = YAML::Load(yaml);
    } catch (const YAML::Exception &e) {
        throw FusionPatternError(file, e.mark.line >= 0 ? e.mark.line + 1 : 0, "not valid YAML: " + e.msg);
    }
    const YamlReader r{file};
    if (!root.IsMap() || !root["families"] || !root["families"].IsSequence())
        throw FusionPatternError(file, 0, "expected a mapping with a 'families' list");
    const YAML::Node d = root["defaults"];
    FusionFamily defaults;
    if (d && !d.IsNull() && !d.IsMap())
        r.fail(d, "defaults must be a mapping");
    if (d && d.IsMap()) {
        defaults.origin = r.scalar<std::string>(d["origin"], "origin", defaults.origin);
        defaults.frameworks = r.strings(d["frameworks"], "frameworks");
        defaults.tpMin = r.scalar<int>(d["tp_min"], "tp_min", defaults.tpMin);
        defaults.minShare = r.scalar<double>(d["min_share"], "min_share", defaults.minShare);
        defaults.likelyShare = r.scalar<double>(d["likely_share"], "likely_share", defaults.likelyShare);
        defaults.priority = r.scalar<int>(d["priority"], "priority", defaults.priority);
        defaults.subsumes = r.strings(d["subsumes"], "subsumes", false);
    }
    FusionPatterns out;
    for (const YAML::Node &f : root["families"]) {
        if (!f.IsMap())
            r.fail(f, "a family must be a mapping");
        FusionFamily fam = defaults;
        fam.line = f.Mark().line + 1;
        fam.name = r.scalar<std::string>(f["name"], "name", "");
        if (fam.name.empty())
            r.fail(f, "a family needs a name");
        fam.origin = r.scalar<std::string>(f["origin"], "origin", fam.origin);
        if (fam.origin != "mainline" && fam.origin != "upstream" && fam.origin != "pending")
            r.fail(f["origin"], "origin must be mainline, upstream or pending");
        if (f["frameworks"])
            fam.frameworks = r.strings(f["frameworks"], "frameworks");
        if (const YAML::Node m = f["models"]; m && !m.IsNull() && !m.IsMap())
            r.fail(m, "models must be a mapping {include: [...], exclude: [...]}");
        if (const YAML::Node m = f["models"]; m && m.IsMap()) {
            fam.modelsInclude = r.strings(m["include"], "models.include");
            fam.modelsExclude = r.strings(m["exclude"], "models.exclude");
        }
        fam.tpMin = r.scalar<int>(f["tp_min"], "tp_min", fam.tpMin);
        fam.minShare = r.scalar<double>(f["min_share"], "min_share", fam.minShare);
        fam.likelyShare = r.scalar<double>(f["likely_share"], "likely_share", fam.likelyShare);
        fam.priority = r.scalar<int>(f["priority"], "priority", fam.priority);
        if (f["subsumes"])
            fam.subsumes = r.strings(f["subsumes"], "subsumes", false);
        if (const YAML::Node a = f["active_keywords"]; a && !a.IsNull())
            fam.active = r.matcher(a.IsMap() && a["match"] ? a["match"] : a);
        if (const YAML::Node groups = f["split_groups"]; groups && !groups.IsNull() && !groups.IsSequence())
            r.fail(groups, "split_groups must be a list");
        if (const YAML::Node groups = f["split_groups"]; groups && groups.IsSequence()) {
            for (const YAML::Node &g : groups) {
                SplitGroup sg;
                if (g.IsMap() && g["match"]) {
                    sg.match = r.matcher(g["match"]);
                    const std::string role = r.scalar<std::string>(g["role"], "role", "counted");
                    if (role != "counted" && role != "context")
                        r.fail(g["role"], "role must be counted or context");
                    sg.counted = role == "counted";
                    sg.optional = r.scalar<bool>(g["optional"], "optional", false);
                } else {
                    sg.match = r.matcher(g);
                }
                fam.splitGroups.push_back(std::move(sg));
            }
        }
        if (const YAML::Node s = f["sequence"]; s && !s.IsNull() && !s.IsMap())
            r.fail(s, "sequence must be a mapping {first, then, ...}");
        if (const YAML::Node s = f["sequence"]; s && s.IsMap()) {
            SequenceRule seq;
            seq.first = r.scalar<int>(s["first"], "first", 0);
            seq.then = r.scalar<int>(s["then"], "then", 1);
            seq.maxFollow = r.scalar<int>(s["max_follow"], "max_follow", 1);
            const std::string count = r.scalar<std::string>(s["count"], "count", "first");
            seq.count = count == "then" ? SequenceRule::Count::Then
                      : count == "both" ? SequenceRule::Count::Both : SequenceRule::Count::First;
            seq.sameParentScope = r.scalar<bool>(s["same_parent_scope"], "same_parent_scope", false);
            const int groups = int(fam.splitGroups.size());
            if (seq.first < 0 || seq.first >= groups || seq.then < 0 || seq.then >= groups)
                r.fail(s, "sequence first/then must index split_groups");
            fam.sequence = seq;
        }
        fam.candidatePath = r.strings(f["candidate_path"], "candidate_path", false);
        fam.rationale = r.scalar<std::string>(f["rationale"], "rationale", "");
        out.families.push_back(std::move(fam));
    }
    return out;
}
} // namespace

FusionPatterns FusionPatterns::fromYaml(const std::string &yaml, const std::string &file)
{
    try {
        return parsePatterns(yaml, file);
    } catch (const YAML::Exception &e) {
        // A conversion yaml-cpp refuses somewhere not checked above (e.g. a lookup in a mapping with
        // a list as a key): still the file's error, with its line.
        throw FusionPatternError(file, e.mark.line >= 0 ? e.mark.line + 1 : 0, "bad value: " + e.msg);
    }
}

FusionPatterns FusionPatterns::load(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FusionPatternError(path, 0, "cannot open");
    std::stringstream ss;
    ss << in.rdbuf();
    return fromYaml(ss.str(), path);
}

const FusionPatterns &FusionPatterns::builtin()
{
    static const FusionPatterns patterns = load(findResource("fusion_patterns.yaml"));
    return patterns;
}

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

bool contains(const std::string &hay, const std::string &needle) { return hay.find(needle) != std::string::npos; }

std::string compact(const std::string &s)
{
    std::string out;
    for (char c : s) {
        c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))
            out += c;
    }
    return out;
}

// One kernel site of a stage (0.3).
struct Row {
    uint32_t name = 0, cpuOp = 0, scope = 0, location = 0;
    std::vector<uint32_t> events;  // kernel ids, ascending
    Ns total = 0;
    // Matching texts
    std::string lname, lcpuOp, H, S, cname, cloc, ccpu;
};

bool siteMatches(const SiteMatcher &m, const Row &r)
{
    bool ok = m.kernel.empty() && m.cpuOp.empty();
    for (size_t i = 0; !ok && i < m.kernel.size(); ++i)
        ok = contains(r.lname, m.kernel[i]);
    for (size_t i = 0; !ok && i < m.cpuOp.size(); ++i)
        ok = r.lcpuOp == m.cpuOp[i];
    if (!ok)
        return false;
    if (!m.scope.empty()) {
        if (r.S.empty())
            return false;
        if (std::none_of(m.scope.begin(), m.scope.end(), [&](const std::string &s) { return contains(r.S, s); }))
            return false;
    }
    for (const std::string &k : m.notKernel)
        if (contains(r.lname, k))
            return false;
    for (const std::string &k : m.notScope)
        if (!r.S.empty() && contains(r.S, k))
            return false;
    return true;
}

bool rowMatches(const KeywordMatcher &m, const Row &r)
{
    for (const std::string &k : m.keywords) {
        if (contains(r.H, k))
            return true;
        const std::string ck = compact(k);
        if (!ck.empty() && (contains(r.cname, ck) || contains(r.cloc, ck) || contains(r.ccpu, ck)))
            return true;
    }
    return std::any_of(m.anyOf.begin(), m.anyOf.end(), [&](const SiteMatcher &s) { return siteMatches(s, r); });
}

struct StageData {
    Stage stage;
    Ns total = 0;
    std::vector<Row> rows;
    std::vector<int32_t> rowOf;                   // kernel id → row, -1 outside the stage
    std::vector<std::vector<uint32_t>> streams;   // kernel ids per stream in (ts, end, id) order
};

struct Candidate {
    const FusionFamily *family = nullptr;
    size_t order = 0;
    size_t span = 0;
    std::vector<uint32_t> related;                       // R, ascending kernel ids
    std::vector<uint32_t> activeEvents;                  // ascending
    std::vector<std::vector<uint32_t>> requiredCounted;  // per required counted group: its events
    std::vector<std::vector<uint32_t>> occurrences;      // sequence: counted events per occurrence
    Ns relatedNs = 0;
    size_t distinctRows = 0;
    bool splitOriginal = false;                          // has_split before any consumption
};

std::vector<uint32_t> eventsOf(const StageData &sd, const std::vector<char> &hit)
{
    std::vector<uint32_t> out;
    for (size_t i = 0; i < sd.rows.size(); ++i)
        if (hit[i])
            out.insert(out.end(), sd.rows[i].events.begin(), sd.rows[i].events.end());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<uint32_t> unite(std::vector<uint32_t> a, const std::vector<uint32_t> &b)
{
    a.insert(a.end(), b.begin(), b.end());
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    return a;
}

// A.5 same_parent_scope: the follower runs in the parent module of the first event (or below it).
bool parentScopeOk(const std::vector<std::string> &paths, uint32_t sa, uint32_t sb)
{
    const std::string &pa = paths[sa], &pb = paths[sb];
    if (pa.empty() || pb.empty())
        return false;
    const size_t cut = pa.rfind(" > ");
    if (cut == std::string::npos)
        return true;  // P empty
    const std::string P = pa.substr(0, cut);
    return pb == P || pb.rfind(P + " > ", 0) == 0;
}

std::optional<Candidate> evaluate(const FusionFamily &f, size_t order, const StageData &sd, const SiteTexts &texts,
                                  const TraceAttribution &attr, const GpuOpTable &kernels)
{
    const size_t nRows = sd.rows.size();
    std::vector<char> activeHit(nRows, 0);
    if (!f.active.empty())
        for (size_t i = 0; i < nRows; ++i)
            activeHit[i] = rowMatches(f.active, sd.rows[i]);
    std::vector<std::vector<char>> groupHit(f.splitGroups.size(), std::vector<char>(nRows, 0));
    std::vector<bool> groupNonEmpty(f.splitGroups.size(), false);
    for (size_t g = 0; g < f.splitGroups.size(); ++g)
        for (size_t i = 0; i < nRows; ++i)
            if (rowMatches(f.splitGroups[g].match, sd.rows[i]))
                groupHit[g][i] = 1, groupNonEmpty[g] = true;

    Candidate c;
    c.family = &f;
    c.order = order;
    c.activeEvents = eventsOf(sd, activeHit);
    const bool hasActive = !c.activeEvents.empty();
    bool requiredAll = !f.splitGroups.empty();
    size_t required = 0;
    for (size_t g = 0; g < f.splitGroups.size(); ++g)
        if (!f.splitGroups[g].optional) {
            ++required;
            requiredAll = requiredAll && groupNonEmpty[g];
        }
    bool hasSplit = false;
    std::vector<uint32_t> R = c.activeEvents;
    if (!f.sequence) {
        hasSplit = requiredAll;
        for (size_t g = 0; g < f.splitGroups.size(); ++g) {
            const SplitGroup &sg = f.splitGroups[g];
            if (!sg.counted)
                continue;
            if (!sg.optional) {
                std::vector<uint32_t> ev = eventsOf(sd, groupHit[g]);
                R = unite(std::move(R), ev);
                c.requiredCounted.push_back(std::move(ev));
            } else if (!hasActive) {
                R = unite(std::move(R), eventsOf(sd, groupHit[g]));
            }
        }
    } else if (requiredAll) {
        const SequenceRule &seq = *f.sequence;
        const auto &firstHit = groupHit[size_t(seq.first)], &thenHit = groupHit[size_t(seq.then)];
        std::vector<uint32_t> occurring;  // united with R once: per occurrence it was quadratic
        for (const auto &stream : sd.streams) {
            for (size_t i = 0; i < stream.size(); ++i) {
                const uint32_t a = stream[i];
                if (!firstHit[size_t(sd.rowOf[a])])
                    continue;
                std::vector<uint32_t> followers;
                for (size_t j = i + 1; j < stream.size() && followers.size() < size_t(seq.maxFollow); ++j) {
                    const uint32_t b = stream[j];
                    if (!thenHit[size_t(sd.rowOf[b])])
                        break;
                    if (seq.sameParentScope && !parentScopeOk(texts.modulePaths, attr.scope[a], attr.scope[b]))
                        break;
                    followers.push_back(b);
                }
                if (followers.empty())
                    continue;
                std::vector<uint32_t> counted;
                if (seq.count != SequenceRule::Count::Then)
                    counted.push_back(a);
                if (seq.count != SequenceRule::Count::First)
                    counted.insert(counted.end(), followers.begin(), followers.end());
                std::sort(counted.begin(), counted.end());
                occurring.insert(occurring.end(), counted.begin(), counted.end());
                c.occurrences.push_back(std::move(counted));
            }
        }
        R = unite(std::move(R), occurring);
        hasSplit = !c.occurrences.empty();
    }
    c.splitOriginal = hasSplit;
    if (!hasActive && !hasSplit)
        return std::nullopt;
    c.related = std::move(R);
    for (uint32_t k : c.related)
        c.relatedNs += kernels.dur[k];
    if (c.relatedNs <= 0)
        return std::nullopt;
    const double share = 100.0 * double(c.relatedNs) / double(sd.total);
    if (!hasActive && share < f.minShare)
        return std::nullopt;
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
                        [&](const std::string &t) { return !ctx.modelPath.empty() && contains(ctx.modelPath, t); }))
        return false;
    for (const std::string &t : f.modelsExclude)
        if (!ctx.modelPath.empty() && contains(ctx.modelPath, t))
            return false;
    return true;
}

std::string oneDecimal(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string rationaleFor(const FusionFamily &f, bool direct, double share)
{
    const std::string s = oneDecimal(share);
    std::string prefix;
    if (f.origin == "upstream")
        prefix = "Matches a fused path available upstream (" + s + " % related GPU time).";
    else if (f.origin == "pending")
        prefix = "Matches an open, not yet merged upstream change (" + s + " % related GPU time).";
    else if (direct)
        prefix = "Already active in this trace (" + s + " % related GPU time).";
    else
        prefix = "Split kernels of this family take " + s + " % of GPU time; a fused path exists in the framework.";
    return f.rationale.empty() ? prefix : prefix + " " + f.rationale;
}

bool intersects(const std::vector<uint32_t> &sortedA, const std::vector<uint32_t> &sortedB)
{
    size_t i = 0, j = 0;
    while (i < sortedA.size() && j < sortedB.size()) {
        if (sortedA[i] == sortedB[j])
            return true;
        sortedA[i] < sortedB[j] ? ++i : ++j;
    }
    return false;
}

std::vector<StageData> buildStages(const Trace &trace, const TraceAttribution &attr, const TraceStages &stages,
                                   const SiteTexts &texts)
{
    const GpuOpTable &k = trace.store.kernels;
    const size_t n = k.size();
    Ns perStage[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i)
        perStage[size_t(stages.ofKernel[i])] += k.dur[i];
    const Ns all = perStage[0] + perStage[1] + perStage[2];
    std::vector<StageData> out;
    for (Stage st : {Stage::Prefill, Stage::Decode, Stage::All}) {
        const Ns t = perStage[size_t(st)];
        if (t <= 0)
            continue;
        // A few unclaimed kernels around stage-annotated work are not a stage of their own (E.4).
        if (st == Stage::All && !out.empty() && double(t) < 0.01 * double(all))
            continue;
        StageData sd;
        sd.stage = st;
        sd.total = t;
        sd.rowOf.assign(n, -1);
        std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>, int32_t> index;
        std::map<std::pair<int32_t, int32_t>, size_t> streamIndex;
        for (size_t i = 0; i < n; ++i) {
            if (stages.ofKernel[i] != st)
                continue;
            const auto key = std::make_tuple(texts.nameOf[i], texts.cpuOpOf[i], attr.scope[i], attr.location[i]);
            auto [it, added] = index.try_emplace(key, int32_t(sd.rows.size()));
            if (added) {
                Row r;
                r.name = texts.nameOf[i];
                r.cpuOp = texts.cpuOpOf[i];
                r.scope = attr.scope[i];
                r.location = attr.location[i];
                sd.rows.push_back(std::move(r));
            }
            Row &r = sd.rows[size_t(it->second)];
            r.events.push_back(uint32_t(i));
            r.total += k.dur[i];
            sd.rowOf[i] = it->second;
            auto [sit, snew] = streamIndex.try_emplace({k.device[i], k.stream[i]}, sd.streams.size());
            if (snew)
                sd.streams.emplace_back();
            sd.streams[sit->second].push_back(uint32_t(i));
        }
        for (auto &s : sd.streams)
            std::stable_sort(s.begin(), s.end(), [&](uint32_t a, uint32_t b) {
                return std::make_tuple(k.start[a], k.end(a), a) < std::make_tuple(k.start[b], k.end(b), b);
            });
        for (Row &r : sd.rows) {
            const std::string &name = texts.names[r.name];
            const std::string &op = texts.cpuOps[r.cpuOp];
            const SourceLocation &loc = attr.locations[r.location];
            const std::string &modulePath = texts.modulePaths[r.scope];
            r.lname = lowerAscii(name);
            r.lcpuOp = lowerAscii(op);
            r.H = lowerAscii(name + " " + loc.display + " " + op);
            if (!(modulePath.empty() && r.location == 0))
                r.S = lowerAscii(modulePath + " " + loc.display + " " + texts.stacks[r.location]);
            r.cname = compact(name);
            r.cloc = compact(loc.display);
            r.ccpu = compact(op);
        }
        out.push_back(std::move(sd));
    }
    return out;
}

} // namespace

std::vector<StageFamilies> findFusionFamilies(const Trace &trace, const TraceAttribution &attr, const TraceStages &stages,
                                              const FusionPatterns &patterns, const FamilyContext &ctx)
{
    const GpuOpTable &kernels = trace.store.kernels;
    const SiteTexts texts = buildSiteTexts(trace, attr);
    std::vector<StageFamilies> result;
    for (const StageData &sd : buildStages(trace, attr, stages, texts)) {
        StageFamilies out;
        out.stage = sd.stage;
        out.total = sd.total;
        std::vector<Candidate> cands;
        for (size_t i = 0; i < patterns.families.size(); ++i) {
            const FusionFamily &f = patterns.families[i];
            if (!gatesPass(f, ctx))
                continue;
            if (auto c = evaluate(f, i, sd, texts, attr, kernels))
                cands.push_back(std::move(*c));
        }
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
            // Only what earlier families left over counts (A.4 [FS]).
            std::vector<uint32_t> rest;
            for (uint32_t k : c.related)
                if (!consumed[k])
                    rest.push_back(k);
            const bool hasActive = intersects(rest, c.activeEvents);
            bool hasSplit = false;
            if (f.sequence) {
                hasSplit = std::any_of(c.occurrences.begin(), c.occurrences.end(), [&](const std::vector<uint32_t> &o) {
                    return std::any_of(o.begin(), o.end(), [&](uint32_t k) { return !consumed[k]; });
                });
            } else {
                // Context groups were checked on their original rows in evaluate(); counted
                // required groups must keep an event that no earlier family took.
                hasSplit = c.splitOriginal && std::all_of(c.requiredCounted.begin(), c.requiredCounted.end(),
                    [&](const std::vector<uint32_t> &ev) { return intersects(rest, ev); });
            }
            if (!hasActive && !hasSplit)
                continue;
            Ns related = 0;
            for (uint32_t k : rest)
                related += kernels.dur[k];
            if (related <= 0)
                continue;
            const double share = 100.0 * double(related) / double(sd.total);
            if (!hasActive && share < f.minShare)
                continue;
            for (uint32_t k : rest)
                consumed[k] = 1;
            blocked.insert(blocked.end(), f.subsumes.begin(), f.subsumes.end());

            FamilyMatch m;
            m.pattern = f.name;
            m.origin = f.origin;
            m.direct = hasActive;
            m.status = f.origin + (hasActive ? " direct" : " split");
            m.confirmed = hasActive || share >= f.likelyShare;
            m.related = related;
            m.share = share;
            m.kernelIds = rest;
            // Evidence: kernel names by time (A.6).
            std::unordered_map<uint32_t, Ns> byName;
            std::map<int32_t, Ns> byRow;
            for (uint32_t k : rest) {
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
                std::string name = texts.names[n].substr(0, 96);
                m.evidence.push_back(name + " (" + oneDecimal(s) + "%)");
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
            m.rationale = rationaleFor(f, hasActive, share);
            out.families.push_back(std::move(m));
        }
        result.push_back(std::move(out));
    }
    return result;
}

} // namespace fusion
