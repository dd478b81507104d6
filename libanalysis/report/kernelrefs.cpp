#include "report/kernelrefs.h"

namespace fusion {

namespace {

template<typename Format>
std::string spaced(const std::vector<uint32_t> &ids, Format format)
{
    std::string s;
    for (uint32_t id : ids) {
        if (!s.empty())
            s += ' ';
        s += format(id);
    }
    return s;
}

} // namespace

void writeKernelRefsJson(JsonWriter &w, const Trace &trace, const std::vector<uint32_t> &ids)
{
    const GpuOpTable &k = trace.store.kernels;
    w.beginArray();
    for (uint32_t id : ids) {
        w.beginObject();
        w.field("id", uint64_t(id));
        w.key("start_us").raw(exactUsText(k.start[id]));
        w.key("dur_us").raw(exactUsText(k.dur[id]));
        w.field("stream", int64_t(k.stream[id]));
        w.key("correlation");
        k.correlation[id] == kNone ? w.null() : w.value(int64_t(k.correlation[id]));
        w.endObject();
    }
    w.endArray();
}

void writeOccurrencesJson(JsonWriter &w, const std::vector<DifferenceOccurrence> &occurrences, TraceSide unfusedSide)
{
    w.beginArray();
    for (const DifferenceOccurrence &o : occurrences) {
        w.beginObject();
        w.field("pair", uint64_t(o.pair));
        w.key("a_kernels");
        writeIdArray(w, unfusedSide == TraceSide::A ? o.unfused : o.fused);
        w.key("b_kernels");
        writeIdArray(w, unfusedSide == TraceSide::A ? o.fused : o.unfused);
        w.endObject();
    }
    w.endArray();
}

std::string kernelIdList(const std::vector<uint32_t> &ids)
{
    return spaced(ids, [](uint32_t id) { return std::to_string(id); });
}

std::string kernelStartList(const Trace &trace, const std::vector<uint32_t> &ids)
{
    return spaced(ids, [&](uint32_t id) { return exactUsText(trace.store.kernels.start[id]); });
}

std::string kernelCorrelationList(const Trace &trace, const std::vector<uint32_t> &ids)
{
    return spaced(ids, [&](uint32_t id) {
        const int64_t c = trace.store.kernels.correlation[id];
        return c == kNone ? std::string("-") : std::to_string(c);
    });
}

} // namespace fusion
