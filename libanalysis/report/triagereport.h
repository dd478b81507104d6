#pragma once
// Writers for the one-trace triage kernel table: JSON (the documented contract), text,
// markdown and CSV.
//
// JSON: {"trace": {...}, "stage_method": "...",
//        "stages": [{"stage": "prefill|decode|all", "kernels", "total_us", "hidden_rows", "hidden_total_us",
//                    "kernel_table": [{"name", "raw_names": [...], "op", "category", "count", "total_us",
//                                      "share", "avg_us", "min_us", "max_us", "site_count",
//                                      "locations": [{"location", "share", "stack": [...], "cpu_op",
//                                                     "inferred", "inferred_share"}]}]}],
//        "attribution": {"linked_share", "inferred_share", "unresolved_share"},
//        "scope", "scope_step"?, "scope_kernels", "scope_us", "outside_kernels", "outside_us",
//        "steps_method", "steps": [...], "outside_steps": {...}}      (report/stepsreport.h)
// Row "share" is of the stage's kernel time; location "share" is the site share within the row;
// unresolved kernels form a site whose "location" is "unresolved"; "cpu_op" is "" when unknown;
// "inferred" is true when some of the site's kernels were attributed by layer alignment rather than
// links, "inferred_share" the part of the site's time they take.
#include "ranks/ranktable.h"
#include "steps/steps.h"
#include "triage/kerneltable.h"
#include "util/jsonwriter.h"

#include <functional>
#include <ostream>

namespace fusion {

struct TriageReportOptions {
    size_t maxSites = 2;  // locations shown per row (every format)
    // Writes further keys into each stage object of the JSON (after "kernel_table"); the triage
    // findings (report/triagefindings.h) use it for fusion_families and overlap.
    std::function<void(JsonWriter &, Stage)> extraStageJson;
    const TraceSteps *steps = nullptr;  // with it: the scope line and the steps (every format)
    const RankTable *ranks = nullptr;   // a run of several ranks: "rank_table" and a table (not CSV)
    Scope scope;
};

void writeTriageJson(JsonWriter &w, const Trace &trace, const TraceAttribution &attribution,
                     const KernelTable &table, const TriageReportOptions &options = {});
void writeTriageText(std::ostream &out, const Trace &trace, const TraceAttribution &attribution,
                     const KernelTable &table, const TriageReportOptions &options = {});
void writeTriageMarkdown(std::ostream &out, const Trace &trace, const TraceAttribution &attribution,
                         const KernelTable &table, const TriageReportOptions &options = {});
// One line per (stage, row): the sites as location_N / site_share_N / cpu_op_N columns.
void writeTriageCsv(std::ostream &out, const Trace &trace, const TraceAttribution &attribution,
                    const KernelTable &table, const TriageReportOptions &options = {});

} // namespace fusion
