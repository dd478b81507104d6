#include "trace/eventstore.h"

#include <algorithm>
#include <numeric>

namespace fusion {

namespace {
template<typename V>
void permuteColumn(V &column, const std::vector<uint32_t> &order)
{
    V out;
    out.reserve(order.size());
    for (uint32_t i : order)
        out.push_back(column[i]);
    column = std::move(out);
}

template<typename V>
size_t bytesOf(const V &v) { return v.capacity() * sizeof(typename V::value_type); }
} // namespace

void GpuOpTable::reserve(size_t n)
{
    start.reserve(n); dur.reserve(n); name.reserve(n); pid.reserve(n); tid.reserve(n);
    device.reserve(n); stream.reserve(n); correlation.reserve(n); externalId.reserve(n);
    grid.reserve(n); block.reserve(n); fileOrder.reserve(n); kind.reserve(n);
}

void GpuOpTable::permute(const std::vector<uint32_t> &order)
{
    permuteColumn(start, order); permuteColumn(dur, order); permuteColumn(name, order);
    permuteColumn(pid, order); permuteColumn(tid, order); permuteColumn(device, order);
    permuteColumn(stream, order); permuteColumn(correlation, order); permuteColumn(externalId, order);
    permuteColumn(grid, order); permuteColumn(block, order); permuteColumn(fileOrder, order);
    permuteColumn(kind, order);
}

void CpuOpTable::reserve(size_t n)
{
    start.reserve(n); dur.reserve(n); name.reserve(n); pid.reserve(n); tid.reserve(n);
    externalId.reserve(n); inputDims.reserve(n); inputType.reserve(n); concreteInputs.reserve(n);
}

void PyFrameTable::reserve(size_t n)
{
    start.reserve(n); dur.reserve(n); name.reserve(n); pid.reserve(n); tid.reserve(n);
    pyId.reserve(n); parentId.reserve(n);
}

void LaunchTable::reserve(size_t n)
{
    start.reserve(n); dur.reserve(n); name.reserve(n); pid.reserve(n); tid.reserve(n);
    correlation.reserve(n); externalId.reserve(n); isDriver.reserve(n);
}

void AnnotationTable::reserve(size_t n)
{
    start.reserve(n); dur.reserve(n); name.reserve(n); pid.reserve(n); tid.reserve(n);
    externalId.reserve(n); onGpu.reserve(n);
}

void FlowTable::reserve(size_t n)
{
    id.reserve(n); ts.reserve(n); pid.reserve(n); tid.reserve(n); isStart.reserve(n);
}

void EventStore::reserveScaled(double factor)
{
    const auto scaled = [factor](size_t n) { return size_t(double(n) * factor); };
    kernels.reserve(scaled(kernels.size()));
    memOps.reserve(scaled(memOps.size()));
    cpuOps.reserve(scaled(cpuOps.size()));
    pyFrames.reserve(scaled(pyFrames.size()));
    launches.reserve(scaled(launches.size()));
    annotations.reserve(scaled(annotations.size()));
    flows.reserve(scaled(flows.size()));
}

namespace {
template<typename V, typename F>
void appendMapped(V &to, const V &from, F map)
{
    to.reserve(to.size() + from.size());
    for (const auto &x : from)
        to.push_back(map(x));
}

template<typename V>
void appendAll(V &to, const V &from)
{
    to.insert(to.end(), from.begin(), from.end());
}
} // namespace

void EventStore::append(const EventStore &o, uint32_t orderOffset)
{
    std::vector<StrId> remap(o.strings.size());
    for (StrId i = 0; i < o.strings.size(); ++i)
        remap[i] = strings.intern(o.strings.view(i));
    const auto str = [&](StrId id) { return remap[id]; };
    const auto proc = [&](ProcId p) { return procIdIsString(p) ? procIdFromString(remap[procIdString(p)]) : p; };

    for (auto [to, from] : {std::pair{&kernels, &o.kernels}, std::pair{&memOps, &o.memOps}}) {
        appendAll(to->start, from->start); appendAll(to->dur, from->dur); appendMapped(to->name, from->name, str);
        appendMapped(to->pid, from->pid, proc); appendMapped(to->tid, from->tid, proc);
        appendAll(to->device, from->device); appendAll(to->stream, from->stream);
        appendAll(to->correlation, from->correlation); appendAll(to->externalId, from->externalId);
        appendAll(to->grid, from->grid); appendAll(to->block, from->block); appendAll(to->kind, from->kind);
        appendMapped(to->fileOrder, from->fileOrder, [&](uint32_t n) { return n + orderOffset; });
    }
    appendAll(cpuOps.start, o.cpuOps.start); appendAll(cpuOps.dur, o.cpuOps.dur);
    appendMapped(cpuOps.name, o.cpuOps.name, str); appendMapped(cpuOps.pid, o.cpuOps.pid, proc);
    appendMapped(cpuOps.tid, o.cpuOps.tid, proc); appendAll(cpuOps.externalId, o.cpuOps.externalId);
    appendMapped(cpuOps.inputDims, o.cpuOps.inputDims, str); appendMapped(cpuOps.inputType, o.cpuOps.inputType, str);
    appendMapped(cpuOps.concreteInputs, o.cpuOps.concreteInputs, str);

    appendAll(pyFrames.start, o.pyFrames.start); appendAll(pyFrames.dur, o.pyFrames.dur);
    appendMapped(pyFrames.name, o.pyFrames.name, str); appendMapped(pyFrames.pid, o.pyFrames.pid, proc);
    appendMapped(pyFrames.tid, o.pyFrames.tid, proc); appendAll(pyFrames.pyId, o.pyFrames.pyId);
    appendAll(pyFrames.parentId, o.pyFrames.parentId);

    appendAll(launches.start, o.launches.start); appendAll(launches.dur, o.launches.dur);
    appendMapped(launches.name, o.launches.name, str); appendMapped(launches.pid, o.launches.pid, proc);
    appendMapped(launches.tid, o.launches.tid, proc); appendAll(launches.correlation, o.launches.correlation);
    appendAll(launches.externalId, o.launches.externalId); appendAll(launches.isDriver, o.launches.isDriver);

    appendAll(annotations.start, o.annotations.start); appendAll(annotations.dur, o.annotations.dur);
    appendMapped(annotations.name, o.annotations.name, str); appendMapped(annotations.pid, o.annotations.pid, proc);
    appendMapped(annotations.tid, o.annotations.tid, proc); appendAll(annotations.externalId, o.annotations.externalId);
    appendAll(annotations.onGpu, o.annotations.onGpu);

    appendAll(flows.id, o.flows.id); appendAll(flows.ts, o.flows.ts);
    appendMapped(flows.pid, o.flows.pid, proc); appendMapped(flows.tid, o.flows.tid, proc);
    appendAll(flows.isStart, o.flows.isStart);

    // Metadata: a name given again later in the file wins, as when one parser reads it all.
    for (const auto &[p, name] : o.processNames)
        processNames[proc(p)] = name;
    for (const auto &[pt, name] : o.threadNames)
        threadNames[{proc(pt.first), proc(pt.second)}] = name;
    eventCount += o.eventCount;
}

std::string EventStore::procName(ProcId p) const
{
    if (procIdIsString(p))
        return std::string(str(procIdString(p)));
    return std::to_string(p);
}

static void sortByStart(GpuOpTable &t)
{
    std::vector<uint32_t> order(t.size());
    std::iota(order.begin(), order.end(), 0u);
    const bool sorted = std::is_sorted(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return t.start[a] != t.start[b] ? t.start[a] < t.start[b] : t.fileOrder[a] < t.fileOrder[b];
    });
    if (sorted)
        return;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return t.start[a] != t.start[b] ? t.start[a] < t.start[b] : t.fileOrder[a] < t.fileOrder[b];
    });
    t.permute(order);
}

void EventStore::finalize()
{
    sortByStart(kernels);
    sortByStart(memOps);
}

void EventStore::keepDevice(int32_t dev)
{
    for (GpuOpTable *t : {&kernels, &memOps}) {
        std::vector<uint32_t> keep;
        for (uint32_t i = 0; i < t->size(); ++i)
            if (t->device[i] == dev)
                keep.push_back(i);
        if (keep.size() != t->size())
            t->permute(keep);
    }
}

size_t EventStore::approximateBytes() const
{
    size_t n = 0;
    for (const GpuOpTable *t : {&kernels, &memOps})
        n += bytesOf(t->start) + bytesOf(t->dur) + bytesOf(t->name) + bytesOf(t->pid) + bytesOf(t->tid)
             + bytesOf(t->device) + bytesOf(t->stream) + bytesOf(t->correlation) + bytesOf(t->externalId)
             + bytesOf(t->grid) + bytesOf(t->block) + bytesOf(t->fileOrder) + bytesOf(t->kind);
    n += bytesOf(cpuOps.start) * 2 + bytesOf(cpuOps.name) * 4 + bytesOf(cpuOps.pid) * 3;
    n += bytesOf(pyFrames.start) * 2 + bytesOf(pyFrames.name) + bytesOf(pyFrames.pid) * 4;
    n += bytesOf(launches.start) * 2 + bytesOf(launches.name) + bytesOf(launches.pid) * 4 + bytesOf(launches.isDriver);
    n += bytesOf(annotations.start) * 2 + bytesOf(annotations.name) + bytesOf(annotations.pid) * 3;
    n += bytesOf(flows.id) * 4 + bytesOf(flows.isStart);
    for (size_t i = 0; i < strings.size(); ++i)
        n += strings.view(static_cast<StrId>(i)).size() + 48;
    return n;
}

} // namespace fusion
