#include "kernelrows.h"

#include "classify/kernelregistry.h"

#include <algorithm>
#include <unordered_map>

using namespace fusion;

namespace KernelRows {

namespace {

const std::string &opOf(const AnalyzedTrace &t, uint32_t id)
{
    static const std::string none;
    // A trace whose classification failed or was skipped still lists its kernels.
    return id < t.classes.classOfKernel.size() ? t.classes.opOf(id) : none;
}

void sortByTime(std::vector<KernelRow> &rows)
{
    for (KernelRow &r : rows) {
        std::sort(r.ids[0].begin(), r.ids[0].end());
        std::sort(r.ids[1].begin(), r.ids[1].end());
    }
    std::stable_sort(rows.begin(), rows.end(), [](const KernelRow &x, const KernelRow &y) {
        return x.total[0] + x.total[1] > y.total[0] + y.total[1];
    });
}

// Adds the kernels of `t` that no pair claimed as rows keyed by name, on `side`.
void addUnpaired(std::vector<KernelRow> &rows, const AnalyzedTrace &t, Side side, const std::vector<bool> &paired)
{
    const GpuOpTable &k = t.trace->store.kernels;
    std::unordered_map<StrId, size_t> rowOfName;
    for (uint32_t id = 0; id < k.size(); ++id) {
        if (id < paired.size() && paired[id])
            continue;
        auto [it, inserted] = rowOfName.try_emplace(k.name[id], rows.size());
        if (inserted) {
            KernelRow r;
            r.op = opOf(t, id);
            r.name[side] = std::string(t.trace->store.str(k.name[id]));
            r.demangled[side] = demangle(r.name[side]);
            rows.push_back(std::move(r));
        }
        KernelRow &r = rows[it->second];
        r.ids[side].push_back(id);
        r.total[side] += k.dur[id];
    }
}

// Kernels the layer alignment left unpaired (outside the layers, or in unaligned layers) still have
// counterparts: first the row the layers paired their names in (the same attention kernel run once
// more after the last layer on both sides), then the same raw name on the other side (a copy or a
// reduction both traces run alike). Only what has neither stays one-sided.
void pairOutsideLayers(std::vector<KernelRow> &rows, const AnalyzedTrace *const traces[2], std::vector<bool> paired[2])
{
    std::unordered_map<std::string, std::vector<uint32_t>> unpaired[2];
    for (int s = 0; s < 2; ++s) {
        const GpuOpTable &k = traces[s]->trace->store.kernels;
        for (uint32_t id = 0; id < k.size(); ++id)
            if (!paired[s][id])
                unpaired[s][std::string(traces[s]->trace->store.str(k.name[id]))].push_back(id);
    }
    auto take = [&](KernelRow &r, int s, std::vector<uint32_t> &ids) {
        const GpuOpTable &k = traces[s]->trace->store.kernels;
        for (uint32_t id : ids) {
            paired[s][id] = true;
            r.ids[s].push_back(id);
            r.total[s] += k.dur[id];
        }
        ids.clear();
    };
    std::unordered_map<std::string, size_t> rowOfNames;
    for (size_t i = 0; i < rows.size(); ++i) {
        KernelRow &r = rows[i];
        if (r.name[0].empty() || r.name[1].empty())
            continue;
        rowOfNames.try_emplace(r.name[0] + '\x1f' + r.name[1], i);
        auto ia = unpaired[0].find(r.name[0]), ib = unpaired[1].find(r.name[1]);
        if (ia != unpaired[0].end() && ib != unpaired[1].end() && !ia->second.empty() && !ib->second.empty()) {
            take(r, 0, ia->second);
            take(r, 1, ib->second);
        }
    }
    for (auto &[name, idsA] : unpaired[0]) {
        auto ib = unpaired[1].find(name);
        if (idsA.empty() || ib == unpaired[1].end() || ib->second.empty())
            continue;
        auto [it, fresh] = rowOfNames.try_emplace(name + '\x1f' + name, rows.size());
        if (fresh) {
            KernelRow r;
            r.op = opOf(*traces[0], idsA.front());
            for (int s = 0; s < 2; ++s) {
                r.name[s] = name;
                r.demangled[s] = demangle(name);
            }
            rows.push_back(std::move(r));
        }
        take(rows[it->second], 0, idsA);
        take(rows[it->second], 1, ib->second);
    }
}

// Each side's column names its kernels with short names no two different kernels share.
void nameRows(std::vector<KernelRow> &rows, const AnalyzedTrace *const traces[2])
{
    for (int s = 0; s < 2; ++s) {
        if (!traces[s])
            continue;
        std::vector<std::pair<std::string, std::string>> kernels;
        std::vector<size_t> rowOf;
        for (size_t i = 0; i < rows.size(); ++i) {
            if (rows[i].ids[s].empty())
                continue;
            const uint32_t id = rows[i].ids[s].front();
            const TraceClassification &c = traces[s]->classes;
            kernels.emplace_back(rows[i].name[s], id < c.classOfKernel.size() ? c.ofKernel(id).detail : std::string());
            rowOf.push_back(i);
        }
        std::vector<std::string> names = distinctShortNames(kernels);
        for (size_t k = 0; k < names.size(); ++k)
            rows[rowOf[k]].display[s] = std::move(names[k]);
    }
}

} // namespace

std::vector<KernelRow> ofTrace(const AnalyzedTrace &trace, Side side)
{
    std::vector<KernelRow> rows;
    addUnpaired(rows, trace, side, {});
    sortByTime(rows);
    const AnalyzedTrace *traces[2] = {side == SideA ? &trace : nullptr, side == SideB ? &trace : nullptr};
    nameRows(rows, traces);
    return rows;
}

std::vector<KernelRow> ofComparison(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &comparison)
{
    const AnalyzedTrace *traces[2] = {&a, &b};
    std::vector<bool> paired[2] = {std::vector<bool>(a.trace->store.kernels.size()),
                                   std::vector<bool>(b.trace->store.kernels.size())};
    std::vector<KernelRow> rows;
    std::unordered_map<std::string, size_t> rowOfKey;
    for (const LayerPair &lp : comparison.layers.pairs) {
        for (const KernelPair &kp : lp.kernels) {
            // \x1f cannot occur in a kernel name, so the key is unambiguous.
            std::string key = kp.op + '\x1f';
            key.append(kp.aName).append(1, '\x1f').append(kp.bName);
            auto [it, inserted] = rowOfKey.try_emplace(key, rows.size());
            if (inserted) {
                KernelRow r;
                r.op = kp.op;
                r.name[0] = kp.aName;
                r.name[1] = kp.bName;
                for (int s = 0; s < 2; ++s)
                    r.demangled[s] = r.name[s].empty() ? std::string() : demangle(r.name[s]);
                rows.push_back(std::move(r));
            }
            KernelRow &r = rows[it->second];
            const std::vector<uint32_t> *ids[2] = {&kp.aKernels, &kp.bKernels};
            for (int s = 0; s < 2; ++s) {
                const GpuOpTable &k = traces[s]->trace->store.kernels;
                for (uint32_t id : *ids[s]) {
                    // A kernel claimed twice would be counted twice; the first pair keeps it.
                    if (id >= k.size() || paired[s][id])
                        continue;
                    paired[s][id] = true;
                    r.ids[s].push_back(id);
                    r.total[s] += k.dur[id];
                }
            }
        }
    }
    // Pairs whose kernels were all claimed elsewhere would show as empty rows.
    rows.erase(std::remove_if(rows.begin(), rows.end(),
                              [](const KernelRow &r) { return r.ids[0].empty() && r.ids[1].empty(); }),
               rows.end());
    pairOutsideLayers(rows, traces, paired);
    addUnpaired(rows, a, SideA, paired[0]);
    addUnpaired(rows, b, SideB, paired[1]);
    sortByTime(rows);
    nameRows(rows, traces);
    return rows;
}

void swapSides(std::vector<KernelRow> &rows)
{
    for (KernelRow &r : rows) {
        std::swap(r.name[0], r.name[1]);
        std::swap(r.demangled[0], r.demangled[1]);
        std::swap(r.display[0], r.display[1]);
        std::swap(r.ids[0], r.ids[1]);
        std::swap(r.total[0], r.total[1]);
    }
}

} // namespace KernelRows
