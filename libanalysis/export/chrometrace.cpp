#include "export/chrometrace.h"

#include "util/jsonwriter.h"

#include <cmath>
#include <cstdio>

namespace fusion {

namespace {

constexpr size_t kSpillBytes = 1 << 20;

std::string quoted(std::string_view s) { return JsonWriter::escape(s); }

std::string number(double v, int decimals)
{
    if (!std::isfinite(v))
        return "null";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace

void EventArgs::key(std::string_view k)
{
    if (!m_text.empty())
        m_text += ',';
    m_text += quoted(k);
    m_text += ':';
}

EventArgs &EventArgs::add(std::string_view k, std::string_view text)
{
    key(k);
    m_text += quoted(text);
    return *this;
}

EventArgs &EventArgs::add(std::string_view k, int64_t v)
{
    key(k);
    m_text += std::to_string(v);
    return *this;
}

EventArgs &EventArgs::add(std::string_view k, double v, int decimals)
{
    key(k);
    m_text += number(v, decimals);
    return *this;
}

EventArgs &EventArgs::addUs(std::string_view k, Ns ns)
{
    key(k);
    m_text += exactUsText(ns);
    return *this;
}

EventArgs &EventArgs::addList(std::string_view k, const std::vector<std::string> &texts)
{
    key(k);
    m_text += '[';
    for (size_t i = 0; i < texts.size(); ++i)
        m_text += (i ? "," : "") + quoted(texts[i]);
    m_text += ']';
    return *this;
}

EventArgs &EventArgs::addIds(std::string_view k, const std::vector<uint32_t> &ids)
{
    key(k);
    m_text += '[';
    for (size_t i = 0; i < ids.size(); ++i)
        m_text += (i ? "," : "") + std::to_string(ids[i]);
    m_text += ']';
    return *this;
}

EventArgs &EventArgs::addRaw(std::string_view k, std::string_view json)
{
    key(k);
    m_text += json;
    return *this;
}

ChromeTraceWriter::ChromeTraceWriter(std::ostream &out, Ns origin, const std::string &otherDataJson)
    : m_out(out), m_origin(origin)
{
    m_buf.reserve(kSpillBytes + 4096);
    m_buf += "{\"otherData\":";
    m_buf += otherDataJson;
    m_buf += ",\n\"traceEvents\":[\n";
}

ChromeTraceWriter::~ChromeTraceWriter() = default;

void ChromeTraceWriter::begin(char ph, int pid, int64_t tid, Ns ts)
{
    if (m_events++)
        m_buf += ",\n";
    m_buf += "{\"ph\":\"";
    m_buf += ph;
    m_buf += "\",\"ts\":";
    m_buf += exactUsText(ts - m_origin);
    m_buf += ",\"pid\":";
    m_buf += std::to_string(pid);
    m_buf += ",\"tid\":";
    m_buf += std::to_string(tid);
}

void ChromeTraceWriter::processName(int pid, std::string_view name, int sortIndex)
{
    // Metadata has no time of its own; the origin keeps "ts" at 0.
    begin('M', pid, pid, m_origin);
    m_buf += ",\"name\":\"process_name\",\"args\":{\"name\":" + quoted(name) + "}}";
    begin('M', pid, pid, m_origin);
    m_buf += ",\"name\":\"process_sort_index\",\"args\":{\"sort_index\":" + std::to_string(sortIndex) + "}}";
    spill(false);
}

void ChromeTraceWriter::threadName(int pid, int64_t tid, std::string_view name, int64_t sortIndex)
{
    begin('M', pid, tid, m_origin);
    m_buf += ",\"name\":\"thread_name\",\"args\":{\"name\":" + quoted(name) + "}}";
    begin('M', pid, tid, m_origin);
    m_buf += ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":" + std::to_string(sortIndex) + "}}";
    spill(false);
}

void ChromeTraceWriter::slice(const SliceSpot &at, std::string_view quotedName, std::string_view cat,
                              const std::string &argsJson)
{
    begin('X', at.pid, at.tid, at.start);
    m_buf += ",\"dur\":";
    m_buf += exactUsText(at.dur);
    m_buf += ",\"name\":";
    m_buf += quotedName;
    m_buf += ",\"cat\":\"";
    m_buf += cat;
    m_buf += "\",\"args\":";
    m_buf += argsJson;
    m_buf += '}';
    ++m_slices;
    spill(false);
}

void ChromeTraceWriter::flowEvent(char ph, const SliceSpot &at, Ns ts, uint64_t id, std::string_view cat,
                                  std::string_view name)
{
    begin(ph, at.pid, at.tid, ts);
    m_buf += ",\"id\":" + std::to_string(id) + ",\"cat\":\"";
    m_buf += cat;
    m_buf += "\",\"name\":\"";
    m_buf += name;
    // "bp":"e": bind to the enclosing slice rather than the next one to begin (chrome://tracing's
    // default for a flow's end).
    m_buf += ph == 'f' ? "\",\"bp\":\"e\"}" : "\"}";
}

void ChromeTraceWriter::link(const SliceSpot &x, const SliceSpot &y, std::string_view cat, std::string_view name)
{
    const uint64_t id = ++m_flows;
    const bool xFirst = x.middle() <= y.middle();
    const SliceSpot &from = xFirst ? x : y, &to = xFirst ? y : x;
    flowEvent('s', from, from.middle(), id, cat, name);
    flowEvent('f', to, to.middle(), id, cat, name);
    spill(false);
}

void ChromeTraceWriter::spill(bool always)
{
    if (!always && m_buf.size() < kSpillBytes)
        return;
    m_out.write(m_buf.data(), std::streamsize(m_buf.size()));
    m_buf.clear();
}

void ChromeTraceWriter::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_buf += "\n]}\n";
    spill(true);
    m_out.flush();
}

size_t LanePacker::place(Ns start, Ns end)
{
    for (size_t i = 0; i < m_end.size(); ++i)
        if (m_end[i] <= start) {
            m_end[i] = end;
            return i;
        }
    m_end.push_back(end);
    return m_end.size() - 1;
}

} // namespace fusion
