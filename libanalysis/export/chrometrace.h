#pragma once
// A streaming writer of the Chrome trace event format (the JSON that Perfetto UI and
// chrome://tracing open), one event a line, never holding the events in memory.
//
// What the two viewers need, and this writer guarantees:
//  * the object form {"otherData": {...}, "traceEvents": [...]}, otherData first (Perfetto's
//    importer reads top-level keys in order and gives up on a small dict split across its chunks);
//  * every event has "ph", "ts", "pid", "tid" before any other key, and no array outside "args";
//  * timestamps in µs with three decimals, written from integer nanoseconds (exact), and never
//    negative: times are written relative to an origin at or before the first event;
//  * flows ("s" then "f", the same id, cat and name) whose events sit inside the slices they bind
//    to, the "s" no later than the "f" (Perfetto pairs them in time order and drops an "f" that
//    comes first).
#include "trace/eventstore.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

// The "args" object of one event, built as JSON text.
class EventArgs {
public:
    EventArgs &add(std::string_view key, std::string_view text);
    EventArgs &add(std::string_view key, int64_t v);
    EventArgs &add(std::string_view key, double v, int decimals = 3);
    EventArgs &addUs(std::string_view key, Ns ns);  // exact µs
    EventArgs &addList(std::string_view key, const std::vector<std::string> &texts);
    EventArgs &addIds(std::string_view key, const std::vector<uint32_t> &ids);
    EventArgs &addRaw(std::string_view key, std::string_view json);
    std::string json() const { return m_text.empty() ? std::string("{}") : "{" + m_text + "}"; }
    bool empty() const { return m_text.empty(); }

private:
    void key(std::string_view k);
    std::string m_text;
};

// Where a slice is, in the exported time (trace time plus its process' shift).
struct SliceSpot {
    int pid = 0;
    int64_t tid = 0;
    Ns start = 0, dur = 0;
    Ns middle() const { return start + dur / 2; }
};

class ChromeTraceWriter {
public:
    // `origin`: the exported time written as 0; no event may start before it.
    ChromeTraceWriter(std::ostream &out, Ns origin, const std::string &otherDataJson);
    ~ChromeTraceWriter();

    void processName(int pid, std::string_view name, int sortIndex);
    void threadName(int pid, int64_t tid, std::string_view name, int64_t sortIndex);
    // `quotedName`: the name as a JSON string literal (JsonWriter::escape), so that callers can
    // keep the escaped text of names that repeat (kernel names).
    void slice(const SliceSpot &at, std::string_view quotedName, std::string_view cat, const std::string &argsJson);
    // An arrow between two slices, bound inside each at its middle. Perfetto draws every flow
    // from the earlier slice to the later one, so the "s" goes to whichever middle comes first.
    void link(const SliceSpot &x, const SliceSpot &y, std::string_view cat, std::string_view name);
    void finish();  // closes the JSON; the stream is flushed

    uint64_t events() const { return m_events; }
    uint64_t slices() const { return m_slices; }
    uint64_t flows() const { return m_flows; }

private:
    void begin(char ph, int pid, int64_t tid, Ns ts);
    void flowEvent(char ph, const SliceSpot &at, Ns ts, uint64_t id, std::string_view cat, std::string_view name);
    void spill(bool always);

    std::ostream &m_out;
    Ns m_origin;
    std::string m_buf;
    uint64_t m_events = 0, m_slices = 0, m_flows = 0;
    bool m_finished = false;
};

// Rows for slices that arrive in start order, as few as possible, so that no two slices of a row
// overlap: on a GPU stream, or among findings, an overlap means concurrency, and a viewer shows
// the slices of one thread as nested calls.
class LanePacker {
public:
    size_t place(Ns start, Ns end);  // the row, 0-based
    size_t lanes() const { return m_end.size(); }

private:
    std::vector<Ns> m_end;
};

} // namespace fusion
