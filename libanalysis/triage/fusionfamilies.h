#pragma once
// Known fusion families of one trace (docs/fusion_semantics.md section A): the registry in
// resources/fusion_patterns.yaml matched, per stage, against kernel sites (canonical name, cpu_op,
// nn.Module path, Python location, registry operation). A family is "direct" when all its instances
// run its fused kernel and "split" when any runs the unfused pieces (then "mixed" if some are direct).
#include "attribution/attribution.h"
#include "classify/traceclassification.h"
#include "stages/stages.h"
#include "triage/fusionpatterns.h"

#include <string>
#include <vector>

namespace fusion {

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
    bool direct = false;                  // every instance runs the fused kernel (no split instance)
    bool confirmed = false;               // Confirmed vs Candidate
    Ns related = 0;                       // time of the kernels of the family's instances
    double share = 0;                     // percent of the stage's GPU time
    // Instances: a direct one is one fused kernel; a split one the family's separate pieces running
    // together (familyinstances.h). A family with both is mixed.
    size_t directInstances = 0, splitInstances = 0;
    Ns directNs = 0, splitNs = 0;         // the related time of each kind
    std::vector<std::string> evidence;    // "<kernel> (x.x%)", at most 3
    std::vector<std::string> locations;   // "func @ path:line", at most 4
    std::vector<std::string> candidatePath;
    std::string rationale;
    std::vector<uint32_t> kernelIds;      // the family's related kernels, ascending
    const char *confidence() const { return confirmed ? "Confirmed" : "Candidate"; }
    bool mixed() const { return directInstances > 0 && splitInstances > 0; }
};

struct StageFamilies {
    Stage stage = Stage::All;
    Ns total = 0;                        // GPU kernel time of the stage
    std::vector<FamilyMatch> families;   // acceptance order, including rows under 1 % share
};

// Stages in the order prefill, decode, all; an "all" bucket under 1 % of kernel time is left out
// when other stages exist.
// `classes` (the trace classified by the kernel registry) tells the matchers' op / not_op what
// each kernel is.
std::vector<StageFamilies> findFusionFamilies(const Trace &trace, const TraceAttribution &attribution,
                                              const TraceClassification &classes, const TraceStages &stages,
                                              const FusionPatterns &patterns, const FamilyContext &context);

} // namespace fusion
