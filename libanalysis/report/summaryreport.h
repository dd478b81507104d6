#pragma once
// Writers for the one-trace summary: JSON (the documented contract of SPEC §4) and text.
#include "summary/tracesummary.h"
#include "util/jsonwriter.h"

#include <ostream>

namespace fusion {

struct SummaryReportOptions {
    size_t limit = 0;  // rows of the kernel table in text output (0: all); JSON always has all
};

// Writes {"trace": {...}, "kernels": {...}, "kernel_table": [...], ...} as one object.
void writeSummaryJson(JsonWriter &w, const Trace &trace, const TraceSummary &summary);
void writeSummaryText(std::ostream &out, const Trace &trace, const TraceSummary &summary,
                      const SummaryReportOptions &options = {});
void writeSummaryCsv(std::ostream &out, const Trace &trace, const TraceSummary &summary);

// Writes one CSV field, quoted when it has to be (RFC 4180).
std::string csvField(std::string_view s);

} // namespace fusion
