#pragma once
// Writers for the triage findings that sit beside the kernel table: known fusion
// families and overlap opportunities per stage, module-level candidates with impact (whole trace).
//
// JSON, per stage object (keys added next to "kernel_table"):
//   "fusion_families": [{"pattern", "status", "origin", "confidence", "related_us", "share",
//                        "direct_instances", "split_instances", "direct_us", "split_us",
//                        "evidence_kernels": [...], "locations": [...], "candidate_path": [...],
//                        "rationale", "kernel_ids": [...]}]      share: fraction of the stage's GPU time
//   "overlap": {"busy_us", "overlap_us", "max_concurrent_streams",
//               "rows": [{"priority", "verdict", "kernel", "bucket", "scope", "launch_op", "count",
//                         "total_us", "share", "exclusive_us", "hidden_us", "hidden_by_compute_us",
//                         "exclusive_ratio", "hidden_ratio", "dependency", "dependency_signal",
//                         "recommendation", "suggestion", "top_overlapper"}]}
//   "module_candidates": {"baseline_ms", "gpu", "candidates": [{"operation", "module", "label",
//                         "impact_low", "impact_mid", "impact_high", "bound", "fusion_type",
//                         "confidence", "estimation", "time_ms", "instance_count", "kernel_count",
//                         "modeled_kernel_count", "warning", "kernels": [...], "kernel_ids": [...]}]}
//     impact_*: percent of end-to-end GPU time; the module analysis covers the whole trace, so
//     every stage object carries the same list.
#include "triage/fusionfamilies.h"
#include "triage/modulecandidates.h"
#include "triage/overlap.h"
#include "util/jsonwriter.h"

#include <functional>
#include <ostream>

namespace fusion {

struct TriageFindings {
    std::vector<StageFamilies> families;
    std::vector<StageOverlap> overlap;
    ModuleCandidates modules;
    bool showAll = false;  // also families under 1 % share (they are always in JSON)
};

// What the user says about the run where the trace cannot tell: the model and the tensor-parallel
// size gate some fusion families (empty / 0: detected from the trace and server_args.json).
struct RunOverrides {
    std::string model;
    int tpSize = 0;
};

// Both analyses on one analysed trace, with the built-in registry and the detected context.
// progress: 0..1 between the steps; returning false cancels (throws Cancelled).
TriageFindings findTriageFindings(const Trace &trace, const TraceAttribution &attribution,
                                  const TraceClassification &classes, const TraceStages &stages,
                                  const RunOverrides &overrides = {},
                                  const std::function<bool(double)> &progress = {});

// The per-stage keys above, written inside the stage's JSON object.
void writeStageFindingsJson(JsonWriter &w, const TriageFindings &findings, Stage stage);
// Text tables, after the kernel table.
void writeFindingsText(std::ostream &out, const TriageFindings &findings);
// Markdown findings report: overview, P-items ranked by related time, evidence tables.
void writeFindingsMarkdown(std::ostream &out, const Trace &trace, const TriageFindings &findings);

} // namespace fusion
