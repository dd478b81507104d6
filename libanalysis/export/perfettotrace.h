#pragma once
// One trace as one process of a Perfetto export: its threads (created and named when first used,
// several rows where slices overlap), its GPU operations on their streams and its layers.
#include "analyzed/analyzedtrace.h"
#include "export/chrometrace.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace fusion {

class ProcessTracks {
public:
    // `shift`: added to every time of the trace, putting both traces of a comparison on one base.
    ProcessTracks(ChromeTraceWriter &writer, int pid, Ns shift) : m_writer(writer), m_pid(pid), m_shift(shift) {}

    // A group of rows ("layers", "findings", "stream 7"); rows after the first are named
    // "findings (2)", …; sortIndex orders the groups for chrome://tracing.
    struct Group;
    Group &group(const std::string &name, int64_t sortIndex);
    // Where a slice of the trace's time [start, start + dur) goes: the group's first row it does
    // not overlap.
    SliceSpot place(Group &group, Ns start, Ns dur);

    ChromeTraceWriter &writer() { return m_writer; }
    int pid() const { return m_pid; }
    Ns shift() const { return m_shift; }

private:
    ChromeTraceWriter &m_writer;
    int m_pid;
    Ns m_shift;
    int64_t m_nextTid = 1;
    std::map<std::string, std::unique_ptr<Group>> m_groups;
};

struct ProcessTracks::Group {
    std::string name;
    int64_t sortIndex = 0;
    LanePacker rows;
    std::vector<int64_t> tids;
};

// Every kernel, memcpy and memset of the trace as a slice on its stream (args: kernel id, start
// as the file wrote it, correlation id, op, layer, …). Returns each kernel's place, for the arrows
// that end on kernels. progress(fraction of the operations written) returning false cancels.
std::vector<SliceSpot> writeGpuOps(ProcessTracks &tracks, const AnalyzedTrace &t,
                                   const std::function<bool(double)> &progress);

// Every layer as a slice on the "layers" rows, first kernel's start to last kernel's end; `args`
// adds to each layer's arguments (its counterpart in a comparison). Returns each layer's place.
std::vector<SliceSpot> writeLayers(ProcessTracks &tracks, const AnalyzedTrace &t,
                                   const std::function<void(uint32_t layer, EventArgs &)> &args = {});

// The time span of a set of kernels: first start to last end (ids need not be sorted).
struct KernelSpan {
    Ns start = 0, end = 0;
    bool empty = true;
};
KernelSpan spanOf(const Trace &trace, const std::vector<uint32_t> &ids);

// The quoted JSON text of a kernel name, escaped once per distinct name.
class QuotedNames {
public:
    explicit QuotedNames(const EventStore &store) : m_store(store) {}
    const std::string &operator()(StrId name);

private:
    const EventStore &m_store;
    std::map<StrId, std::string> m_quoted;
};

} // namespace fusion
