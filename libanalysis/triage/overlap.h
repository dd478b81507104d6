#pragma once
// Overlap opportunities of one trace (docs/fusion_semantics.md section B): a sweep line over kernel
// intervals across streams splits each kernel's time into exclusive (nothing else runs on another
// stream) and hidden (something does); kernel families with much exposed time are headroom,
// families mostly hidden are low-ROI. Each row carries a dependency-risk signal from its tight
// same-stream neighbours and a priority P1–P5.
#include "attribution/attribution.h"
#include "stages/stages.h"
#include "triage/overlapsweep.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

const char *overlapBucketName(OverlapBucket b);  // "compute", "communication", …
OverlapBucket overlapBucket(std::string_view name);  // B.1, on the canonical name

struct OverlapRow {
    std::string kernel;              // canonical name
    OverlapBucket bucket = OverlapBucket::Other;
    std::string verdict;             // "headroom" | "low-roi-hidden"
    int priority = 5;                // 1..5
    std::string recommendation;      // "try overlap", "try fusion", "check deps", "skip", "defer", "inspect"
    std::string suggestion;
    std::string scope, launchOp;     // most frequent location ("unmapped") and cpu_op ("n/a")
    uint64_t count = 0;
    Ns total = 0, exclusive = 0, hidden = 0, hiddenByCompute = 0;
    double share = 0;                // percent of busy time
    double exclusiveRatio = 0, hiddenRatio = 0;
    std::string dependencySignal;    // "serial risk low", "prev-side serial risk", …
    std::string dependency;          // low | unclear | high
    std::string topOverlapper;       // canonical name, "" when none
    Ns topOverlapperTime = 0;
};

struct StageOverlap {
    Stage stage = Stage::All;
    Ns busy = 0, overlap = 0;        // union of kernel time; time with ≥ 2 streams active
    int maxConcurrentStreams = 0;
    std::vector<OverlapRow> rows;    // display order, after the 1 % share cut
};

// limit > 0 keeps at most that many rows per stage. progress: 0..1 per stage; false cancels
// (throws Cancelled).
std::vector<StageOverlap> findOverlap(const Trace &trace, const TraceAttribution &attribution,
                                      const TraceStages &stages, size_t limit = 0,
                                      const std::function<bool(double)> &progress = {});

} // namespace fusion
