#pragma once
// The triage kernel table of one trace: per stage, kernels grouped by canonical name with
// op, category, time statistics and the Python sites that launched them. A plain result: the CLI
// writers (report/triagereport.h) and the GUI's kernel table read the same data.
#include "attribution/attribution.h"
#include "classify/traceclassification.h"
#include "stages/stages.h"

#include <string>
#include <vector>

namespace fusion {

// One source location of a row's kernels. Sites are told apart by their display text, so kernels
// reaching one line through different stacks form one site.
struct KernelSite {
    uint32_t location = 0;   // into TraceAttribution::locations: the variant (stack) with most time; 0: unresolved
    uint64_t count = 0;
    Ns total = 0;
    double share = 0;        // of the row's time (the "site share")
    StrId cpuOp = StringPool::empty;  // the cpu_op (else the launch call) with most of the site's time
    // Part of the site's time attributed by inference (layer alignment) rather than by links;
    // `inferred` says whether any was, so that a reader knows the claim rests partly on inference.
    double inferredShare = 0;
    bool inferred = false;
};

struct KernelTableRow {
    std::string name;                 // canonical name (classify/kernelregistry.h: canonicalKernelName)
    std::vector<StrId> rawNames;      // distinct trace names in the group, most time first
    std::string op, category;         // of the raw name with most time
    uint64_t count = 0;
    Ns total = 0, min = 0, max = 0;
    double share = 0;                 // of the stage's kernel time
    std::vector<KernelSite> sites;    // every site, most time first
    std::vector<uint32_t> kernelIds;  // ascending
    double avgNs() const { return count ? double(total) / double(count) : 0.0; }
};

struct StageKernelTable {
    Stage stage = Stage::All;
    uint64_t kernelCount = 0;
    Ns total = 0;                       // kernel time of the stage: the denominator of row shares
    std::vector<KernelTableRow> rows;   // most time first, after the min-share and limit cuts
    size_t hiddenRows = 0;              // rows those cuts removed
    Ns hiddenTotal = 0;
};

struct KernelTableOptions {
    double minShare = 0.01;  // rows below this share of their stage's time are hidden (0: none)
    size_t limit = 0;        // at most this many rows per stage (0: no limit)
    // All: one table per stage present, in the order prefill, decode, all — where "all" holds the
    // kernels no stage claims (every kernel when the trace has no stage information, as reference triage tools
    // does). Prefill or Decode: that stage's table only, even when empty.
    Stage stage = Stage::All;
};

struct KernelTable {
    std::vector<StageKernelTable> stages;
    std::string stageMethod;  // TraceStages::method
    double linkedShare = 0, inferredShare = 0, unresolvedShare = 0;  // of all kernel time
};

KernelTable buildKernelTable(const Trace &trace, const TraceClassification &classes,
                             const TraceAttribution &attribution, const TraceStages &stages,
                             const KernelTableOptions &options = {});

} // namespace fusion
