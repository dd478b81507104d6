#pragma once
// The ranks of one distributed run side by side: each rank's GPU time (kernel time, busy, idle,
// communication kernels) over the same scope, the slowest rank and the skew between them. Each
// rank is read, measured and dropped in turn (a few at once, one per worker), so memory holds a
// few traces, not the whole run.
#include "classify/kernelregistry.h"
#include "steps/steps.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fusion {

struct RankRow {
    TraceMember member;
    GpuTime time;           // over the scope (steps/steps.h: scopeGpuTime)
    bool analysed = false;  // the rank the rest of the report is about
    std::string note;       // why its figures are empty (e.g. the step asked for is not in it)
};

struct RankTable {
    Scope scope;
    std::vector<RankRow> rows;  // the members' order: by rank
    int slowest = -1;           // the row with the most kernel time
    Ns medianKernelTime = 0;
    double skew = 0;            // the slowest row's kernel time over the median (0 when the median is 0)
};

struct RankTableOptions {
    LoadOptions load;      // device and size limit for every rank (rank and label are ignored)
    std::shared_ptr<const KernelRegistry> registry;  // null: built-in (communication kernels by category)
    Scope scope;
    unsigned workers = 0;  // ranks read at once; 0: one per core, at most 4
    std::function<bool(double)> progress;  // 0..1; false cancels (throws Cancelled)
};

// Measures every member of `analysed.members` (read again from `analysed.path`), taking the
// analysed rank's figures from `classes` and `steps` instead of reading it twice. Throws the
// TraceError of a member that cannot be read (the first one in rank order), naming it.
RankTable measureRanks(const Trace &analysed, const TraceClassification &classes, const TraceSteps &steps,
                       const RankTableOptions &options);

// The slowest row, the median and the skew of rows whose `time` is filled in.
void rankStatistics(RankTable &table);

} // namespace fusion
