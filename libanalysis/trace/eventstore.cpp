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
