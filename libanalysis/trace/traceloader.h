#pragma once
// Turns a path (file, archive or directory) into one analysed Trace: picks the rank and device,
// reads, parses and detects platform/GPU/framework.
#include "trace/eventstore.h"
#include "trace/traceinfo.h"
#include "trace/tracemembers.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fusion {

class TaskPool;

struct LoadOptions {
    int rank = -1;          // -1: the lowest rank
    int device = -1;        // -1: the device with the most kernel time
    size_t maxBytes = 0;    // uncompressed size limit, 0: available memory
    std::string label;      // empty: derived from the file name
    // Threads parsing the event array (ParseOptions::threads): 0 lets a large file use two on a
    // machine with two cores or more; a caller loading two traces at once passes 1 for each.
    int parseThreads = 0;
    // With one parse thread: a pool shared with another trace's load, whose thread, once done, takes
    // the second half of what is left of this one's parse (ParseOptions::pool).
    TaskPool *pool = nullptr;
    // Once loaded, hand the parse's freed buffers back to the system (util/freememory.h); false when
    // the caller analyses the trace at once, whose allocations reuse them, and hands back after.
    bool returnFreeMemory = true;
    std::function<bool(double)> progress;  // 0..1; returning false cancels (throws Cancelled)
};

struct Trace {
    std::string path, label;
    TraceMember source;
    std::vector<TraceMember> members;  // every rank the path holds
    EventStore store;
    TraceInfo info;
    std::vector<std::string> warnings;
    uint64_t bytes = 0;  // uncompressed JSON size
    std::string displayLabel() const;  // "label (NVIDIA)"
};

// The index of the member of `rank` (the first, when two claim it); -1: the lowest rank (index 0).
// Throws TraceError naming `path` and the ranks there are when none has that rank.
size_t memberOfRank(const std::string &path, const std::vector<TraceMember> &members, int rank);

std::shared_ptr<Trace> loadTrace(const std::string &path, const LoadOptions &options = {});
// Loads members[index] of an already listed path (loadTrace lists, then calls this): a run's other
// ranks are read without listing its directory or archive again. `warnings` are the listing's.
// options.rank only words the note saying which rank is analysed.
std::shared_ptr<Trace> loadTraceMember(const std::string &path, std::vector<TraceMember> members, size_t index,
                                       const LoadOptions &options = {}, std::vector<std::string> warnings = {});
std::string labelFromPath(const std::string &path);

} // namespace fusion
