#pragma once
// Known fusion families of one trace (docs/fusion_semantics.md section A): the registry in
// resources/fusion_patterns.yaml matched, per stage, against kernel sites (canonical name, cpu_op,
// nn.Module path, Python location). A family is "direct" when its fused kernel already runs and
// "split" when the unfused pieces do.
#include "attribution/attribution.h"
#include "stages/stages.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace fusion {

class FusionPatternError : public std::runtime_error {
public:
    FusionPatternError(const std::string &file, int line, const std::string &problem)
        : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + problem) {}
};

// Matcher form 2 of the YAML header (all lists lower-cased at load).
struct SiteMatcher {
    std::vector<std::string> kernel, cpuOp, scope, notKernel, notScope;
};

// Form 1 (plain keywords, seed 002) or forms 2/3 (one or several SiteMatchers, OR-ed).
struct KeywordMatcher {
    std::vector<std::string> keywords;   // form 1, lower-cased
    std::vector<SiteMatcher> anyOf;      // forms 2 and 3
    bool empty() const { return keywords.empty() && anyOf.empty(); }
};

struct SplitGroup {
    KeywordMatcher match;
    bool counted = true;    // role counted (false: context)
    bool optional = false;
};

struct SequenceRule {
    enum class Count { First, Then, Both };
    int first = 0, then = 1, maxFollow = 1;
    Count count = Count::First;
    bool sameParentScope = false;
};

struct FusionFamily {
    std::string name, origin = "mainline";
    std::vector<std::string> frameworks, modelsInclude, modelsExclude, subsumes, candidatePath;
    int tpMin = 1;
    double minShare = 0.25, likelyShare = 3.0;
    int priority = 0;
    KeywordMatcher active;
    std::vector<SplitGroup> splitGroups;
    std::optional<SequenceRule> sequence;
    std::string rationale;
    int line = 0;  // in the YAML file, for messages
};

struct FusionPatterns {
    std::vector<FusionFamily> families;
    // resources/fusion_patterns.yaml (via findResource), loaded once per process.
    static const FusionPatterns &builtin();
    // Throws FusionPatternError naming `file` and the line of the offending node.
    static FusionPatterns fromYaml(const std::string &yaml, const std::string &file);
    static FusionPatterns load(const std::string &path);
};

// Run context of the gates (A.1). framework: sglang|vllm|trtllm|tokenspeed|all|none.
struct FamilyContext {
    std::string framework = "none";
    std::string modelPath;  // lower-case, "" when unknown
    int tpSize = 1;
};
// The context detected from the trace (TraceInfo framework; server_args.json beside the trace
// or one directory up for model path and tp size).
FamilyContext detectFamilyContext(const Trace &trace);

struct FamilyMatch {
    std::string pattern, origin, status;  // status: "<origin> direct" | "<origin> split"
    bool direct = false;
    bool confirmed = false;               // Confirmed vs Candidate
    Ns related = 0;
    double share = 0;                     // percent of the stage's GPU time
    std::vector<std::string> evidence;    // "<kernel> (x.x%)", at most 3
    std::vector<std::string> locations;   // "func @ path:line", at most 4
    std::vector<std::string> candidatePath;
    std::string rationale;
    std::vector<uint32_t> kernelIds;      // the family's related kernels, ascending
    const char *confidence() const { return confirmed ? "Confirmed" : "Candidate"; }
};

struct StageFamilies {
    Stage stage = Stage::All;
    Ns total = 0;                        // GPU kernel time of the stage
    std::vector<FamilyMatch> families;   // acceptance order, including rows under 1 % share
};

// Stages in the order prefill, decode, all; an "all" bucket under 1 % of kernel time is left out
// when other stages exist.
std::vector<StageFamilies> findFusionFamilies(const Trace &trace, const TraceAttribution &attribution,
                                              const TraceStages &stages, const FusionPatterns &patterns,
                                              const FamilyContext &context);

} // namespace fusion
