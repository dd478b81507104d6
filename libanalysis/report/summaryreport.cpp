#include "report/summaryreport.h"
#include "report/rankreport.h"
#include "report/stepsreport.h"

#include <cstdio>
#include <iomanip>

namespace fusion {

std::string csvField(std::string_view s)
{
    if (s.find_first_of(",\"\n\r") == std::string_view::npos)
        return std::string(s);
    std::string out = "\"";
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

void writeTraceObject(JsonWriter &w, const Trace &t)
{
    w.beginObject();
    w.field("path", t.path);
    w.field("label", t.label);
    if (!t.source.member.empty())
        w.field("member", t.source.member);
    w.field("format", traceFormatName(t.store.format));
    w.field("platform", platformName(t.info.platform));
    w.field("platform_reason", t.info.platformReason);
    w.field("gpu_name", t.info.gpuName);
    w.field("framework", t.info.framework);
    w.field("events", t.store.eventCount);
    w.field("bytes", t.bytes);
    w.field("device", int64_t(t.info.device));
    w.key("ranks").beginArray();
    for (const TraceMember &m : t.members)
        w.beginObject()
            .field("name", m.display)
            .field("rank", int64_t(m.rank))
            .field("rank_source", rankSourceName(m.rankSource))
            .endObject();
    w.endArray();
    w.field("rank", int64_t(t.source.rank));
    w.field("rank_source", rankSourceName(t.source.rankSource));
    w.endObject();
}

namespace {
// The class of a kernel table row: from the trace's classification when the caller has one (an
// analysed trace, classified with the registry it was given), else from the registry.
KernelClass classOf(const SummaryReportOptions &o, const Trace &t, StrId name)
{
    if (o.classes)
        return o.classes->classes[o.classes->classOfName[name]];
    return (o.registry ? *o.registry : *KernelRegistry::builtin()).classify(t.store.str(name), t.info.platform);
}
} // namespace

void writeSummaryJson(JsonWriter &w, const Trace &t, const TraceSummary &s, const SummaryReportOptions &o)
{
    const EventStore &st = t.store;
    w.beginObject();
    w.key("trace");
    writeTraceObject(w, t);

    w.key("event_kinds").beginObject();
    for (const auto &[kind, n] : st.eventKinds)
        w.field(kind, n);
    w.endObject();

    w.key("kernels").beginObject();
    w.field("count", s.kernelCount);
    w.field("total_us", toUs(s.kernelTotal), 3);
    w.field("distinct_names", uint64_t(s.byName.size()));
    w.field("window_start_us", toUs(s.windowStart), 3);
    w.field("window_end_us", toUs(s.windowEnd), 3);
    w.field("window_us", toUs(s.windowEnd - s.windowStart), 3);
    w.field("memcpy_count", s.memcpyCount);
    w.field("memset_count", s.memsetCount);
    w.endObject();

    w.key("streams").beginArray();
    for (const StreamRow &r : s.streams)
        w.beginObject()
            .field("device", int64_t(r.device))
            .field("stream", int64_t(r.stream))
            .field("kernels", r.kernels)
            .field("busy_us", toUs(r.busy), 3)
            .endObject();
    w.endArray();
    if (o.steps)
        writeStepsJson(w, *o.steps);
    if (o.ranks)
        writeRankTableJson(w, *o.ranks);

    w.key("kernel_table").beginArray();
    for (const KernelNameRow &r : s.byName) {
        w.beginObject();
        const KernelClass c = classOf(o, t, r.name);
        w.field("name", st.str(r.name));
        w.field("op", c.op);
        w.field("category", c.category);
        w.field("count", r.count);
        w.field("total_us", toUs(r.total), 3);
        w.field("avg_us", toUs(r.total) / double(r.count), 3);
        w.field("min_us", toUs(r.min), 3);
        w.field("max_us", toUs(r.max), 3);
        w.field("share", s.kernelTotal ? double(r.total) / double(s.kernelTotal) : 0.0, 4);
        w.endObject();
    }
    w.endArray();

    w.key("warnings").beginArray();
    for (const std::string &m : s.warnings)
        w.value(m);
    w.endArray();
    w.endObject();
}

namespace {
std::string fmtUs(Ns ns) { return usText(ns); }

std::string ellipsize(std::string_view s, size_t n)
{
    if (s.size() <= n)
        return std::string(s);
    return std::string(s.substr(0, n - 3)) + "...";
}
} // namespace

void writeSummaryText(std::ostream &out, const Trace &t, const TraceSummary &s, const SummaryReportOptions &o)
{
    const EventStore &st = t.store;
    out << "Trace:     " << t.path << (t.source.member.empty() ? "" : " : " + t.source.member) << '\n'
        << "Platform:  " << platformLabel(t.info.platform) << " (" << t.info.platformReason << ")\n"
        << "GPU:       " << (t.info.gpuName.empty() ? "not named in the trace" : t.info.gpuName) << '\n'
        << "Framework: " << t.info.framework << '\n'
        << "Events:    " << st.eventCount << '\n'
        << "Kernels:   " << s.kernelCount << " (" << s.byName.size() << " distinct names), "
        << fmtUs(s.kernelTotal) << " us GPU time, window " << fmtUs(s.windowEnd - s.windowStart) << " us\n";
    out << "\nEvent kinds:\n";
    for (const auto &[kind, n] : st.eventKinds)
        out << "  " << std::left << std::setw(28) << kind << std::right << std::setw(10) << n << '\n';
    out << "\nStreams:\n";
    for (const StreamRow &r : s.streams)
        out << "  device " << r.device << " stream " << r.stream << ": " << r.kernels << " kernels, "
            << fmtUs(r.busy) << " us busy\n";
    if (o.steps)
        writeStepsText(out, *o.steps);
    if (o.ranks)
        writeRankTableText(out, *o.ranks);
    out << "\nKernels by name:\n";
    out << "  " << std::setw(10) << "total_us" << std::setw(7) << "share" << std::setw(8) << "count" << "  "
        << std::left << std::setw(20) << "op" << std::right << "  name\n";
    size_t n = 0;
    for (const KernelNameRow &r : s.byName) {
        if (o.limit && n++ >= o.limit) {
            out << "  ... " << (s.byName.size() - o.limit) << " more (--limit 0 shows all)\n";
            break;
        }
        char share[16];
        std::snprintf(share, sizeof share, "%5.1f%%", s.kernelTotal ? 100.0 * double(r.total) / double(s.kernelTotal) : 0.0);
        const KernelClass c = classOf(o, t, r.name);
        out << "  " << std::setw(10) << fmtUs(r.total) << std::setw(7) << share << std::setw(8) << r.count << "  "
            << std::left << std::setw(20) << ellipsize(c.op, 20) << std::right << "  "
            << ellipsize(st.str(r.name), 100) << '\n';
    }
    if (!s.warnings.empty()) {
        out << "\nWarnings:\n";
        for (const std::string &w : s.warnings)
            out << "  - " << w << '\n';
    }
}

void writeSummaryCsv(std::ostream &out, const Trace &t, const TraceSummary &s)
{
    out << "name,count,total_us,avg_us,min_us,max_us,share\n";
    for (const KernelNameRow &r : s.byName) {
        char buf[160];
        std::snprintf(buf, sizeof buf, ",%llu,%.3f,%.3f,%.3f,%.3f,%.4f\n", (unsigned long long)r.count, toUs(r.total),
                      toUs(r.total) / double(r.count), toUs(r.min), toUs(r.max),
                      s.kernelTotal ? double(r.total) / double(s.kernelTotal) : 0.0);
        out << csvField(t.store.str(r.name)) << buf;
    }
}

} // namespace fusion
