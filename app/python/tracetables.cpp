// One trace's tables: its kernels, its kernels by name, its profiler steps and its layers.
#include "tables.h"

#include "util/jsonwriter.h"

namespace fusion::python {

Table kernelsTable(const AnalyzedTrace &t)
{
    const EventStore &st = t.trace->store;
    const GpuOpTable &k = st.kernels;
    const size_t n = k.size();
    Table table;
    table.rows = n;
    // Column by column: a trace has many kernels.
    auto ints = [&](const char *name, auto value) {
        auto &col = table.add<std::vector<int64_t>>(name);
        col.reserve(n);
        for (size_t i = 0; i < n; ++i)
            col.push_back(int64_t(value(i)));
    };
    auto floats = [&](const char *name, auto value) {
        auto &col = table.add<std::vector<double>>(name);
        col.reserve(n);
        for (size_t i = 0; i < n; ++i)
            col.push_back(value(i));
    };
    auto strings = [&](const char *name, auto value) {
        auto &col = table.add<StringColumn>(name);
        col.codes.reserve(n);
        for (size_t i = 0; i < n; ++i)
            col.push(value(i));
    };
    auto optionalInts = [&](const char *name, auto value) {
        auto &col = table.add<OptionalIntColumn>(name);
        for (size_t i = 0; i < n; ++i) {
            const int64_t v = value(i);
            col.values.push_back(v < 0 ? 0 : v);
            col.missing.push_back(v < 0 ? 1 : 0);
        }
    };
    ints("id", [](size_t i) { return i; });
    strings("name", [&](size_t i) { return st.str(k.name[i]); });
    strings("op", [&](size_t i) { return std::string_view(t.classes.ofKernel(i).op); });
    strings("category", [&](size_t i) { return std::string_view(t.classes.ofKernel(i).category); });
    floats("start_us", [&](size_t i) { return toUs(k.start[i]); });
    floats("dur_us", [&](size_t i) { return toUs(k.dur[i]); });
    ints("device", [&](size_t i) { return k.device[i]; });
    ints("stream", [&](size_t i) { return k.stream[i]; });
    ints("correlation", [&](size_t i) { return k.correlation[i]; });
    ints("external_id", [&](size_t i) { return k.externalId[i]; });
    strings("stage", [&](size_t i) { return std::string_view(stageName(t.stages.ofKernel[i])); });
    // Step numbers may be any value PyTorch gave; a kernel in no step has none.
    {
        auto &col = table.add<OptionalIntColumn>("step");
        for (size_t i = 0; i < n; ++i) {
            const int32_t s = t.steps.ofKernel.empty() ? -1 : t.steps.ofKernel[i];
            col.values.push_back(s < 0 ? 0 : t.steps.steps[size_t(s)].number);
            col.missing.push_back(s < 0 ? 1 : 0);
        }
    }
    optionalInts("layer", [&](size_t i) { return t.layers.layerOfKernel.empty() ? -1 : t.layers.layerOfKernel[i]; });
    strings("location", [&](size_t i) { return std::string_view(t.attribution.locationOf(i).display); });
    strings("attribution", [&](size_t i) { return std::string_view(attributionKindName(t.attribution.kind[i])); });
    strings("cpu_op", [&](size_t i) {
        const int32_t op = t.attribution.cpuOp[i];
        return op < 0 ? std::string_view() : st.str(st.cpuOps.name[size_t(op)]);
    });
    return table;
}

Table kernelNameTable(const AnalyzedTrace &t)
{
    const TraceSummary &s = t.summary;
    return Table::of(s.byName, [&](Table::Row &r, const KernelNameRow &k) {
        const KernelClass *c = k.count ? &t.classes.classes[t.classes.classOfName[k.name]] : nullptr;
        r("name", t.trace->store.str(k.name));
        r("op", c ? c->op : std::string());
        r("category", c ? c->category : std::string());
        r("count", k.count);
        r("total_us", toUs(k.total));
        r("avg_us", k.count ? toUs(k.total) / double(k.count) : 0.0);
        r("min_us", toUs(k.min));
        r("max_us", toUs(k.max));
        r("share", s.kernelTotal ? double(k.total) / double(s.kernelTotal) : 0.0);
    });
}

Table stepsTable(const AnalyzedTrace &t)
{
    return Table::of(t.steps.steps, [](Table::Row &r, const Step &s) {
        r("name", s.name)("number", s.number)("start_us", toUs(s.start))("dur_us", toUs(s.dur));
        r("window", s.onGpu ? "gpu" : "cpu")("kernels", s.time.kernels)("kernel_us", toUs(s.time.kernelTime));
        r("span_us", toUs(s.time.span))("busy_us", toUs(s.time.busy))("idle_us", toUs(s.time.idle));
        r("comm_us", toUs(s.time.comm))("exposed_comm_us", toUs(s.time.exposedComm));
        r("memcpy_us", toUs(s.time.memcpy))("exposed_memcpy_us", toUs(s.time.exposedMemcpy));
    });
}

Table layersTable(const AnalyzedTrace &t)
{
    return Table::of(t.layers.layers, [](Table::Row &r, const Layer &l) {
        r("index", l.index)("name", l.name)("pass", l.pass)("ordinal", l.ordinal)("stage", stageName(l.stage));
        r("kernels", uint64_t(l.kernels.size()))("start_us", toUs(l.start))("end_us", toUs(l.end));
        r("total_us", toUs(l.total))("kernel_ids", l.kernels);
    });
}

} // namespace fusion::python
