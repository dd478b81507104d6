#pragma once
// Where the kernels of a finding are in the trace file itself — the start as the file wrote it,
// the stream, the correlation id that joins a kernel to its launch — so that a finding can be
// looked up in any trace viewer, not only by FusionScope's kernel ids.
#include "fusion/findings.h"
#include "trace/traceloader.h"
#include "util/jsonwriter.h"

#include <string>
#include <vector>

namespace fusion {

// [{ "id", "start_us" (the file's own µs, exact), "dur_us", "stream", "correlation" (null when the
// trace has none) }], in the order of `ids`.
void writeKernelRefsJson(JsonWriter &w, const Trace &trace, const std::vector<uint32_t> &ids);

// [{ "pair", "a_kernels", "b_kernels" }]: each occurrence's kernels on both sides; `unfusedSide`
// is the side whose kernels are the occurrence's `unfused` run.
void writeOccurrencesJson(JsonWriter &w, const std::vector<DifferenceOccurrence> &occurrences, TraceSide unfusedSide);

// Space-separated lists for one CSV cell each, in the order of `ids`.
std::string kernelIdList(const std::vector<uint32_t> &ids);
std::string kernelStartList(const Trace &trace, const std::vector<uint32_t> &ids);       // exact µs
std::string kernelCorrelationList(const Trace &trace, const std::vector<uint32_t> &ids); // "-" for none

} // namespace fusion
