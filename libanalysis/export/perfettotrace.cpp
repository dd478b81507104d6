#include "export/perfettotrace.h"

#include "trace/traceerror.h"
#include "util/jsonwriter.h"

#include <algorithm>

namespace fusion {

namespace {

constexpr int64_t kLayerSort = 10, kStreamSort = 1000;

const char *categoryOf(GpuKind kind)
{
    switch (kind) {
    case GpuKind::Kernel: return "kernel";
    case GpuKind::Memcpy: return "gpu_memcpy";
    case GpuKind::Memset: return "gpu_memset";
    }
    return "kernel";
}

std::string dims(const std::array<uint32_t, 3> &d)
{
    return "[" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + "]";
}

// The arguments of one GPU operation; `kernel` is its kernel id, or -1 for a memcpy or memset.
std::string opArgs(const AnalyzedTrace &t, const GpuOpTable &ops, size_t row, int64_t kernel)
{
    EventArgs args;
    if (kernel >= 0)
        args.add("kernel_id", kernel);
    args.addUs("start_us", ops.start[row]);  // as the file wrote it: the key to find it elsewhere
    if (ops.correlation[row] != kNone)
        args.add("correlation", ops.correlation[row]);
    if (ops.externalId[row] != kNone)
        args.add("external_id", ops.externalId[row]);
    args.add("device", int64_t(ops.device[row])).add("stream", int64_t(ops.stream[row]));
    if (kernel >= 0) {
        const size_t id = size_t(kernel);
        args.add("op", t.classes.opOf(id));
        if (id < t.stages.ofKernel.size())
            args.add("stage", stageName(t.stages.ofKernel[id]));
        if (id < t.layers.layerOfKernel.size() && t.layers.layerOfKernel[id] >= 0)
            args.add("layer", t.layers.layers[size_t(t.layers.layerOfKernel[id])].name);
        if (ops.grid[row][0])
            args.addRaw("grid", dims(ops.grid[row])).addRaw("block", dims(ops.block[row]));
    }
    return args.json();
}

} // namespace

ProcessTracks::Group &ProcessTracks::group(const std::string &name, int64_t sortIndex)
{
    std::unique_ptr<Group> &g = m_groups[name];
    if (!g) {
        g = std::make_unique<Group>();
        g->name = name;
        g->sortIndex = sortIndex;
    }
    return *g;
}

SliceSpot ProcessTracks::place(Group &group, Ns start, Ns dur)
{
    const size_t row = group.rows.place(start, start + dur);
    while (group.tids.size() <= row) {
        // Unique across processes too, which keeps viewers from merging threads of A and B.
        const int64_t tid = int64_t(m_pid) * 1000000 + m_nextTid++;
        const size_t n = group.tids.size();
        m_writer.threadName(m_pid, tid, n ? group.name + " (" + std::to_string(n + 1) + ")" : group.name,
                            group.sortIndex * 100 + int64_t(n));
        group.tids.push_back(tid);
    }
    return {m_pid, group.tids[row], start + m_shift, dur};
}

const std::string &QuotedNames::operator()(StrId name)
{
    auto [it, fresh] = m_quoted.try_emplace(name);
    if (fresh)
        it->second = JsonWriter::escape(m_store.str(name));
    return it->second;
}

std::vector<SliceSpot> writeGpuOps(ProcessTracks &tracks, const AnalyzedTrace &t,
                                   const std::function<bool(double)> &progress)
{
    const EventStore &store = t.trace->store;
    const GpuOpTable &k = store.kernels, &m = store.memOps;
    std::vector<SliceSpot> kernelSpots(k.size());
    std::map<std::pair<int32_t, int32_t>, ProcessTracks::Group *> streams;  // (device, stream)
    auto groupOf = [&](const GpuOpTable &ops, size_t row) -> ProcessTracks::Group & {
        ProcessTracks::Group *&g = streams[{ops.device[row], ops.stream[row]}];
        if (!g)
            g = &tracks.group("stream " + std::to_string(ops.stream[row]) + (t.trace->info.devices.size() > 1
                              ? " (GPU " + std::to_string(ops.device[row]) + ")" : ""),
                              kStreamSort + ops.stream[row]);
        return *g;
    };
    QuotedNames quoted(store);
    const size_t total = k.size() + m.size();
    size_t ki = 0, mi = 0;
    // Kernels and memory operations merged in start order, so that each stream's rows are packed
    // with everything that runs on it.
    while (ki < k.size() || mi < m.size()) {
        const bool kernel = mi >= m.size() || (ki < k.size() && k.start[ki] <= m.start[mi]);
        const GpuOpTable &ops = kernel ? k : m;
        const size_t row = kernel ? ki++ : mi++;
        const SliceSpot spot = tracks.place(groupOf(ops, row), ops.start[row], ops.dur[row]);
        if (kernel)
            kernelSpots[row] = spot;
        tracks.writer().slice(spot, quoted(ops.name[row]), categoryOf(ops.kind[row]),
                              opArgs(t, ops, row, kernel ? int64_t(row) : -1));
        if (progress && (ki + mi) % 4096 == 0 && !progress(double(ki + mi) / double(total)))
            throw Cancelled();
    }
    return kernelSpots;
}

std::vector<SliceSpot> writeLayers(ProcessTracks &tracks, const AnalyzedTrace &t,
                                   const std::function<void(uint32_t, EventArgs &)> &args)
{
    const std::vector<Layer> &layers = t.layers.layers;
    std::vector<uint32_t> order(layers.size());
    for (uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t x, uint32_t y) { return layers[x].start < layers[y].start; });
    std::vector<SliceSpot> spots(layers.size());
    ProcessTracks::Group &group = tracks.group("layers", kLayerSort);
    for (uint32_t i : order) {
        const Layer &l = layers[i];
        spots[i] = tracks.place(group, l.start, l.end - l.start);
        EventArgs a;
        a.add("layer", int64_t(i)).add("pass", int64_t(l.pass)).add("ordinal", int64_t(l.ordinal));
        a.add("stage", stageName(l.stage)).add("kernels", int64_t(l.kernels.size())).addUs("kernel_us", l.total);
        if (!l.kernels.empty())
            a.add("first_kernel", int64_t(l.kernels.front())).add("last_kernel", int64_t(l.kernels.back()));
        if (args)
            args(i, a);
        tracks.writer().slice(spots[i], JsonWriter::escape(l.name), "layer", a.json());
    }
    return spots;
}

KernelSpan spanOf(const Trace &trace, const std::vector<uint32_t> &ids)
{
    KernelSpan s;
    const GpuOpTable &k = trace.store.kernels;
    for (uint32_t id : ids) {
        if (s.empty || k.start[id] < s.start)
            s.start = k.start[id];
        if (s.empty || k.end(id) > s.end)
            s.end = k.end(id);
        s.empty = false;
    }
    return s;
}

} // namespace fusion
