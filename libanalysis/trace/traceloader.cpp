#include "trace/traceloader.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"
#include "trace/tracebuffer.h"

#include "util/freememory.h"

#include <algorithm>
#include <filesystem>
#include <map>

namespace fusion {

namespace stdfs = std::filesystem;

std::string labelFromPath(const std::string &path)
{
    std::string name = stdfs::path(path).filename().string();
    for (std::string_view ext : {".gz", ".zst", ".xz", ".bz2", ".zip", ".tgz", ".tar", ".json", ".sqlite", ".trace", ".pt"})
        if (name.size() > ext.size() && std::string_view(name).substr(name.size() - ext.size()) == ext)
            name.resize(name.size() - ext.size());
    return name.empty() ? path : name;
}

std::string Trace::displayLabel() const
{
    return info.platform == Platform::Unknown ? label : label + " (" + platformLabel(info.platform) + ")";
}

size_t memberOfRank(const std::string &path, const std::vector<TraceMember> &members, int rank)
{
    if (rank < 0)
        return 0;
    const auto it = std::find_if(members.begin(), members.end(), [&](const TraceMember &m) { return m.rank == rank; });
    if (it != members.end())
        return size_t(it - members.begin());
    std::string ranks;
    int last = -1;
    for (const TraceMember &m : members)  // sorted by rank
        if (m.rank >= 0 && m.rank != last)
            ranks += (ranks.empty() ? "" : ", ") + std::to_string(last = m.rank);
    throw TraceError(path, "holds no trace for rank " + std::to_string(rank)
                               + (ranks.empty() ? " (neither a distributedInfo.rank field nor a file name there gives a "
                                                  "rank: rank<N>, tp<N>, TP-<N>, worker<N>)"
                                                : " (its ranks: " + ranks + ")"));
}

std::shared_ptr<Trace> loadTrace(const std::string &path, const LoadOptions &options)
{
    std::vector<std::string> warnings;
    std::vector<TraceMember> members = listTraceMembers(path, &warnings);
    const size_t index = memberOfRank(path, members, options.rank);
    return loadTraceMember(path, std::move(members), index, options, std::move(warnings));
}

std::shared_ptr<Trace> loadTraceMember(const std::string &path, std::vector<TraceMember> members, size_t index,
                                       const LoadOptions &options, std::vector<std::string> warnings)
{
    auto trace = std::make_shared<Trace>();
    trace->path = path;
    trace->members = std::move(members);
    trace->warnings = std::move(warnings);
    const TraceMember *chosen = &trace->members.at(index);
    trace->source = *chosen;
    // One of a run's ranks is named after the run and the rank: the members' own names are often alike
    // from run to run (rank-0.json), and two runs compared side by side would read the same.
    trace->label = !options.label.empty()      ? options.label
                   : trace->members.size() < 2 ? labelFromPath(path)
                   : chosen->rank >= 0         ? labelFromPath(path) + " rank " + std::to_string(chosen->rank)
                                               : labelFromPath(path) + "/" + labelFromPath(chosen->member.empty() ? chosen->path : chosen->member);
    if (trace->members.size() > 1)
        trace->warnings.push_back(std::to_string(trace->members.size()) + " ranks found; analysing "
                                  + chosen->display + (options.rank < 0 ? " (the lowest rank; --rank chooses)" : ""));

    // A compressed file is decompressed while it is parsed: the parser reports progress for both.
    ParseResult parsed;
    try {
        TraceBuffer bytes = TraceBuffer::load(chosen->path, chosen->member, options.maxBytes);
        ParseOptions po;
        po.progress = options.progress;
        po.threads = options.parseThreads;
        po.pool = options.pool;
        parsed = parseTrace(bytes, chosen->display, po);
        trace->bytes = bytes.size();
    } catch (const TraceError &e) {
        // The reader names the archive; the member is what is broken.
        if (chosen->member.empty() || e.file() != chosen->path)
            throw;
        throw TraceError(chosen->display, e.problem(), e.offset());
    }
    // The parse's buffers (each thread's piece of the file and simdjson's index of it, a few MB
    // each) go back to the system, unless an analysis follows that reuses them.
    if (options.returnFreeMemory)
        returnFreeMemory();
    trace->store = std::move(parsed.store);
    for (auto &w : parsed.warnings)
        trace->warnings.push_back(std::move(w));
    // The listing reads distributedInfo from the first 64 KB only; a trace writing it after its
    // events was listed by its file name.
    const std::optional<int> field = rankOfDistributedInfo(trace->store.distributedInfo);
    if (field && *field >= 0 && chosen->rankSource != RankSource::Field && *field != chosen->rank)
        trace->warnings.push_back(chosen->display + ": distributedInfo.rank is " + std::to_string(*field)
                                  + ", found after the part read to list the ranks: it is listed as "
                                  + (chosen->rank >= 0 ? "rank " + std::to_string(chosen->rank) + " from its file name"
                                                       : std::string("a trace of unknown rank")));

    trace->info = detectTraceInfo(trace->store);
    if (trace->info.devices.size() > 1) {
        int32_t dev = options.device;
        if (dev < 0) {
            std::map<int32_t, Ns> busy;
            const GpuOpTable &k = trace->store.kernels;
            for (size_t i = 0; i < k.size(); ++i)
                busy[k.device[i]] += k.dur[i];
            dev = std::max_element(busy.begin(), busy.end(), [](auto &a, auto &b) { return a.second < b.second; })->first;
        } else if (!std::count(trace->info.devices.begin(), trace->info.devices.end(), dev)) {
            throw TraceError(chosen->display, "has no kernels on device " + std::to_string(dev));
        }
        trace->warnings.push_back(std::to_string(trace->info.devices.size()) + " GPUs in the trace; analysing device "
                                  + std::to_string(dev) + (options.device < 0 ? " (most kernel time; --device chooses)" : ""));
        trace->store.keepDevice(dev);
        trace->info.device = dev;
    }
    if (options.progress)
        options.progress(1.0);
    return trace;
}

} // namespace fusion
