#pragma once
// Writers for the one-trace summary: JSON (the contract documented in the README) and text.
#include "classify/kernelregistry.h"
#include "classify/traceclassification.h"
#include "ranks/ranktable.h"
#include "steps/steps.h"
#include "summary/tracesummary.h"
#include "util/jsonwriter.h"

#include <memory>
#include <ostream>

namespace fusion {

struct SummaryReportOptions {
    size_t limit = 0;  // rows of the kernel table in text output (0: all); JSON always has all
    std::shared_ptr<const KernelRegistry> registry;  // classifies the kernel table; null: built-in
    const TraceClassification *classes = nullptr;    // the trace's classes already made: used instead
    const TraceSteps *steps = nullptr;               // adds "steps" and "outside_steps" (and a text table)
    const RankTable *ranks = nullptr;                // a run of several ranks: adds "rank_table" (and a text table)
};

// Writes {"trace": {...}, "kernels": {...}, "kernel_table": [...], ...} as one object; kernel_table
// rows carry the registry's "op" and "category".
void writeSummaryJson(JsonWriter &w, const Trace &trace, const TraceSummary &summary,
                      const SummaryReportOptions &options = {});
void writeSummaryText(std::ostream &out, const Trace &trace, const TraceSummary &summary,
                      const SummaryReportOptions &options = {});
void writeSummaryCsv(std::ostream &out, const Trace &trace, const TraceSummary &summary);

// Writes the "trace" object (path, label, platform, GPU, framework, events, …) shared by the
// summary and triage reports.
void writeTraceObject(JsonWriter &w, const Trace &trace);

// Writes one CSV field, quoted when it has to be (RFC 4180).
std::string csvField(std::string_view s);

} // namespace fusion
