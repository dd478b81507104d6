#include "triage/fusionpatterns.h"

#include "triage/sitetext.h"
#include "util/resourcepaths.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

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
            if (k != "kernel" && k != "cpu_op" && k != "scope" && k != "not_kernel" && k != "not_scope" && k != "op"
                && k != "not_op")
                fail(kv.first, "unknown matcher key '" + k + "'");
        }
        SiteMatcher m;
        m.kernel = strings(n["kernel"], "kernel");
        m.cpuOp = strings(n["cpu_op"], "cpu_op");
        m.scope = strings(n["scope"], "scope");
        m.notKernel = strings(n["not_kernel"], "not_kernel");
        m.notScope = strings(n["not_scope"], "not_scope");
        m.op = strings(n["op"], "op");
        m.notOp = strings(n["not_op"], "not_op");
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

    // A mapping {match: <form 1, 2 or 3>, op: [...], not_op: [...]} (a group or active_keywords).
    KeywordMatcher groupMatcher(const YAML::Node &n) const
    {
        KeywordMatcher m;
        if (n["match"])
            m = matcher(n["match"]);
        m.op = strings(n["op"], "op");
        m.notOp = strings(n["not_op"], "not_op");
        if (m.empty())
            fail(n, "a group needs a match or an op");
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
        fam.needsOp = r.strings(f["needs_op"], "needs_op");
        if (const YAML::Node a = f["active_keywords"]; a && !a.IsNull()) {
            fam.active = a.IsMap() && a["match"] ? r.groupMatcher(a) : r.matcher(a);
        }
        if (const YAML::Node groups = f["split_groups"]; groups && !groups.IsNull() && !groups.IsSequence())
            r.fail(groups, "split_groups must be a list");
        if (const YAML::Node groups = f["split_groups"]; groups && groups.IsSequence()) {
            for (const YAML::Node &g : groups) {
                SplitGroup sg;
                if (g.IsMap() && (g["match"] || g["role"] || g["optional"])) {
                    sg.match = r.groupMatcher(g);
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
} // namespace fusion
