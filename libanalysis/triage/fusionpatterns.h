#pragma once
// The fusion-family registry (resources/fusion_patterns.yaml, docs/fusion_semantics.md section A):
// families with their gates, the matchers of the fused kernel and of the split pieces, read from YAML.
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

// Matcher form 2 of the YAML header (all lists lower-cased at load). op / not_op name operations
// of the kernel registry (resources/kernel_registry.yaml): what the kernel is, not what it is called.
struct SiteMatcher {
    std::vector<std::string> kernel, cpuOp, scope, notKernel, notScope, op, notOp;
};

// Form 1 (plain keywords) or forms 2/3 (one or several SiteMatchers, OR-ed).
struct KeywordMatcher {
    std::vector<std::string> keywords;   // form 1, lower-cased
    std::vector<SiteMatcher> anyOf;      // forms 2 and 3
    // op / not_op of a group's or active_keywords' mapping, next to its match: what a matched
    // kernel must be (or must not be) whichever form found it; op alone matches every such kernel.
    std::vector<std::string> op, notOp;
    bool empty() const { return keywords.empty() && anyOf.empty() && op.empty(); }
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
    // Registry operations of which the stage must run at least one kernel (an MoE family needs MoE
    // kernels), lower-cased; empty: no such gate.
    std::vector<std::string> needsOp;
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

} // namespace fusion
