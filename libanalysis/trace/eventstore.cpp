#include "trace/eventstore.h"

#include "util/freememory.h"

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

const char *traceFormatName(TraceFormat f)
{
    switch (f) {
    case TraceFormat::Rocprofv3: return "rocprofv3";
    case TraceFormat::NsightSqlite: return "nsys-sqlite";
    case TraceFormat::Kineto: break;
    }
    return "kineto";
}

const char *traceFormatLabel(TraceFormat f)
{
    switch (f) {
    case TraceFormat::Rocprofv3: return "rocprofv3 (rocprofiler-sdk) JSON";
    case TraceFormat::NsightSqlite: return "Nsight Systems SQLite export";
    case TraceFormat::Kineto: break;
    }
    return "PyTorch profiler (Kineto) JSON";
}

void GpuOpTable::push(const GpuOpRow &r)
{
    start.push_back(r.start); dur.push_back(r.dur); name.push_back(r.name); pid.push_back(r.pid);
    tid.push_back(r.tid); device.push_back(r.device); stream.push_back(r.stream);
    correlation.push_back(r.correlation); externalId.push_back(r.externalId); grid.push_back(r.grid);
    block.push_back(r.block); fileOrder.push_back(r.fileOrder); kind.push_back(r.kind);
}

void CpuOpTable::push(Ns s, Ns d, StrId n, ProcId p, ProcId t, int64_t ext, StrId dims)
{
    start.push_back(s); dur.push_back(d); name.push_back(n); pid.push_back(p); tid.push_back(t);
    externalId.push_back(ext); inputDims.push_back(dims); inputType.push_back(StringPool::empty);
    concreteInputs.push_back(StringPool::empty);
}

void LaunchTable::push(Ns s, Ns d, StrId n, ProcId p, ProcId t, int64_t corr, bool driver)
{
    start.push_back(s); dur.push_back(d); name.push_back(n); pid.push_back(p); tid.push_back(t);
    correlation.push_back(corr); externalId.push_back(kNone); isDriver.push_back(driver);
}

void AnnotationTable::push(Ns s, Ns d, StrId n, ProcId p, ProcId t, bool gpu)
{
    start.push_back(s); dur.push_back(d); name.push_back(n); pid.push_back(p); tid.push_back(t);
    externalId.push_back(kNone); onGpu.push_back(gpu);
}

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
// Each column of the later store is freed as soon as it is appended: this store's columns were sized
// for both halves, so the memory held stays about that of one whole store instead of peaking at one
// and a half (both halves plus the copy).
template<typename V>
void release(V &v)
{
    const size_t bytes = v.capacity() * sizeof(typename V::value_type);
    V().swap(v);
    // Handed back at once, or the memory held would not go down as the copy goes on.
    if (bytes >= (size_t(1) << 20))
        returnFreeMemory();
}

template<typename V, typename F>
void moveMapped(V &to, V &from, F map)
{
    to.reserve(to.size() + from.size());
    for (const auto &x : from)
        to.push_back(map(x));
    release(from);
}

template<typename V>
void moveAll(V &to, V &from)
{
    to.insert(to.end(), from.begin(), from.end());
    release(from);
}
} // namespace

void EventStore::append(EventStore &&o, uint32_t orderOffset)
{
    std::vector<StrId> remap(o.strings.size());
    for (StrId i = 0; i < o.strings.size(); ++i)
        remap[i] = strings.intern(o.strings.view(i));
    const auto str = [&](StrId id) { return remap[id]; };
    const auto proc = [&](ProcId p) { return procIdIsString(p) ? procIdFromString(remap[procIdString(p)]) : p; };

    for (auto [to, from] : {std::pair{&kernels, &o.kernels}, std::pair{&memOps, &o.memOps}}) {
        moveAll(to->start, from->start); moveAll(to->dur, from->dur); moveMapped(to->name, from->name, str);
        moveMapped(to->pid, from->pid, proc); moveMapped(to->tid, from->tid, proc);
        moveAll(to->device, from->device); moveAll(to->stream, from->stream);
        moveAll(to->correlation, from->correlation); moveAll(to->externalId, from->externalId);
        moveAll(to->grid, from->grid); moveAll(to->block, from->block); moveAll(to->kind, from->kind);
        moveMapped(to->fileOrder, from->fileOrder, [&](uint32_t n) { return n + orderOffset; });
    }
    moveAll(cpuOps.start, o.cpuOps.start); moveAll(cpuOps.dur, o.cpuOps.dur);
    moveMapped(cpuOps.name, o.cpuOps.name, str); moveMapped(cpuOps.pid, o.cpuOps.pid, proc);
    moveMapped(cpuOps.tid, o.cpuOps.tid, proc); moveAll(cpuOps.externalId, o.cpuOps.externalId);
    moveMapped(cpuOps.inputDims, o.cpuOps.inputDims, str); moveMapped(cpuOps.inputType, o.cpuOps.inputType, str);
    moveMapped(cpuOps.concreteInputs, o.cpuOps.concreteInputs, str);

    moveAll(pyFrames.start, o.pyFrames.start); moveAll(pyFrames.dur, o.pyFrames.dur);
    moveMapped(pyFrames.name, o.pyFrames.name, str); moveMapped(pyFrames.pid, o.pyFrames.pid, proc);
    moveMapped(pyFrames.tid, o.pyFrames.tid, proc); moveAll(pyFrames.pyId, o.pyFrames.pyId);
    moveAll(pyFrames.parentId, o.pyFrames.parentId);

    moveAll(launches.start, o.launches.start); moveAll(launches.dur, o.launches.dur);
    moveMapped(launches.name, o.launches.name, str); moveMapped(launches.pid, o.launches.pid, proc);
    moveMapped(launches.tid, o.launches.tid, proc); moveAll(launches.correlation, o.launches.correlation);
    moveAll(launches.externalId, o.launches.externalId); moveAll(launches.isDriver, o.launches.isDriver);

    moveAll(annotations.start, o.annotations.start); moveAll(annotations.dur, o.annotations.dur);
    moveMapped(annotations.name, o.annotations.name, str); moveMapped(annotations.pid, o.annotations.pid, proc);
    moveMapped(annotations.tid, o.annotations.tid, proc); moveAll(annotations.externalId, o.annotations.externalId);
    moveAll(annotations.onGpu, o.annotations.onGpu);

    moveAll(flows.id, o.flows.id); moveAll(flows.ts, o.flows.ts);
    moveMapped(flows.pid, o.flows.pid, proc); moveMapped(flows.tid, o.flows.tid, proc);
    moveAll(flows.isStart, o.flows.isStart);

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
