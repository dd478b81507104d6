#pragma once
// Where one fusion family occurs in one stage (docs/fusion_semantics.md A.3–A.5), as instances:
//  * a direct instance is one kernel that is the family's fused kernel;
//  * a split instance is the family's separate pieces running together: on one stream, next to
//    each other or inside one module call, with every required piece present (a sequence family:
//    one occurrence of its sequence). Only the kernels of instances count towards the family.
#include "attribution/attribution.h"
#include "classify/traceclassification.h"
#include "stages/stages.h"
#include "triage/fusionpatterns.h"
#include "triage/sitetext.h"

#include <vector>

namespace fusion {

// One kernel site of a stage (0.3): kernels sharing canonical name, cpu_op, module path, location
// and registry class, with the texts the matchers test.
struct FamilyRow {
    uint32_t name = 0, cpuOp = 0, scope = 0, location = 0, kernelClass = 0;
    std::vector<uint32_t> events;  // kernel ids, ascending
    Ns total = 0;
    std::string lname, lcpuOp, lop, H, S, cname, cloc, ccpu;
};

struct FamilyStage {
    Stage stage = Stage::All;
    Ns total = 0;
    std::vector<FamilyRow> rows;
    std::vector<int32_t> rowOf;                   // kernel id → row, -1 outside the stage
    std::vector<std::vector<uint32_t>> streams;   // kernel ids per stream in (ts, end, id) order
    bool hasModulePaths = false;                  // some kernel of the stage runs inside an nn.Module
};

// Stages in the order prefill, decode, all; an "all" bucket under 1 % of kernel time is left out
// when other stages exist (E.4).
std::vector<FamilyStage> buildFamilyStages(const Trace &trace, const TraceAttribution &attribution,
                                           const TraceClassification &classes, const TraceStages &stages,
                                           const SiteTexts &texts);

bool rowMatches(const KeywordMatcher &matcher, const FamilyRow &row);

struct FamilyInstance {
    bool direct = false;
    std::vector<uint32_t> counted;  // kernel ids whose time the instance claims, ascending
    // Split instances of families without a sequence: per required counted group, its kernels in
    // `counted` (an instance survives another family's claims only while each keeps one).
    std::vector<std::vector<uint32_t>> requiredCounted;
};

// Every instance of `family` in the stage, in no particular order.
std::vector<FamilyInstance> findFamilyInstances(const FusionFamily &family, const FamilyStage &stage,
                                                const TraceAttribution &attribution);

} // namespace fusion
