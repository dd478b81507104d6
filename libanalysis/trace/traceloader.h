#pragma once
// Turns a path (file, archive or directory) into one analysed Trace: picks the rank and device,
// reads, parses and detects platform/GPU/framework.
#include "trace/eventstore.h"
#include "trace/traceinfo.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fusion {

struct TraceMember {
    std::string path;     // file on disk
    std::string member;   // entry inside an archive, empty for a plain file
    std::string display;  // what to call it in messages
    int rank = -1;        // from rank<N>, tp<N>, TP-<N>, worker<N> in the name, else -1
};

// Lists the traces a path holds: itself for a plain trace file, each JSON entry of a zip/tar,
// each trace file of a directory (or, when it holds none, of its one subfolder that does). Sorted
// by rank, then name; a file beside its own compressed copy counts once. Throws TraceError when
// there are none, or when several subfolders hold traces. What it decided goes to `warnings`.
std::vector<TraceMember> listTraceMembers(const std::string &path, std::vector<std::string> *warnings = nullptr);
int rankFromName(std::string_view name);

struct LoadOptions {
    int rank = -1;          // -1: the lowest rank
    int device = -1;        // -1: the device with the most kernel time
    size_t maxBytes = 0;    // uncompressed size limit, 0: available memory
    std::string label;      // empty: derived from the file name
    // Threads parsing the event array (ParseOptions::threads): 0 lets a large file use two on a
    // machine with two cores or more; a caller loading two traces at once passes 1 for each.
    int parseThreads = 0;
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

std::shared_ptr<Trace> loadTrace(const std::string &path, const LoadOptions &options = {});
std::string labelFromPath(const std::string &path);

} // namespace fusion
