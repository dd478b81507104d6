#include "triage/kerneltable.h"

#include <algorithm>
#include <unordered_map>

namespace fusion {

namespace {

struct SiteAcc {
    uint64_t count = 0;
    Ns total = 0;
    Ns inferred = 0;
    std::unordered_map<uint32_t, Ns> byLocation;  // stack variants of the site
    std::unordered_map<StrId, Ns> byCpuOp;
};

struct RowAcc {
    KernelTableRow row;
    std::unordered_map<StrId, std::pair<Ns, uint32_t>> byRawName;  // time, first kernel id
    std::unordered_map<uint32_t, SiteAcc> sites;                   // by site id
};

template<typename Key>
Key argmaxTime(const std::unordered_map<Key, Ns> &m, Key fallback)
{
    Key best = fallback;
    Ns bestTime = -1;
    for (const auto &[key, t] : m)
        if (t > bestTime || (t == bestTime && key < best)) {  // ties: the smaller key, for stable output
            best = key;
            bestTime = t;
        }
    return best;
}

// Shared by every stage of one table: canonical names per distinct raw name, and site ids per
// location (one per display text).
class Grouping {
public:
    Grouping(const Trace &trace, const TraceAttribution &attr) : m_trace(trace)
    {
        m_siteOfLocation.resize(attr.locations.size());
        std::unordered_map<std::string, uint32_t> ids;
        for (size_t l = 0; l < attr.locations.size(); ++l)
            m_siteOfLocation[l] = ids.try_emplace(attr.locations[l].display, uint32_t(ids.size())).first->second;
    }

    uint32_t groupOf(StrId rawName)
    {
        auto it = m_groupOfName.find(rawName);
        if (it != m_groupOfName.end())
            return it->second;
        std::string canonical = canonicalKernelName(m_trace.store.str(rawName));
        auto [g, fresh] = m_groupOfCanonical.try_emplace(canonical, uint32_t(m_names.size()));
        if (fresh)
            m_names.push_back(std::move(canonical));
        m_groupOfName.emplace(rawName, g->second);
        return g->second;
    }
    const std::string &name(uint32_t group) const { return m_names[group]; }
    uint32_t siteOf(uint32_t location) const { return m_siteOfLocation[location]; }

private:
    const Trace &m_trace;
    std::unordered_map<StrId, uint32_t> m_groupOfName;
    std::unordered_map<std::string, uint32_t> m_groupOfCanonical;
    std::vector<std::string> m_names;
    std::vector<uint32_t> m_siteOfLocation;
};

StageKernelTable buildStage(Stage stage, const std::vector<uint32_t> &kernels, const Trace &trace,
                            const TraceClassification &classes, const TraceAttribution &attr,
                            Grouping &grouping, const KernelTableOptions &options)
{
    const EventStore &s = trace.store;
    const GpuOpTable &k = s.kernels;
    StageKernelTable out;
    out.stage = stage;
    out.kernelCount = kernels.size();
    std::unordered_map<uint32_t, size_t> rowOfGroup;
    std::vector<RowAcc> acc;
    for (uint32_t id : kernels) {
        const Ns dur = k.dur[id];
        out.total += dur;
        auto [it, fresh] = rowOfGroup.try_emplace(grouping.groupOf(k.name[id]), acc.size());
        if (fresh) {
            acc.emplace_back();
            acc.back().row.name = grouping.name(it->first);
            acc.back().row.min = dur;
        }
        RowAcc &a = acc[it->second];
        KernelTableRow &r = a.row;
        ++r.count;
        r.total += dur;
        r.min = std::min(r.min, dur);
        r.max = std::max(r.max, dur);
        r.kernelIds.push_back(id);
        auto &raw = a.byRawName.try_emplace(k.name[id], 0, id).first->second;
        raw.first += dur;

        const uint32_t location = id < attr.location.size() ? attr.location[id] : 0;
        SiteAcc &site = a.sites[grouping.siteOf(location)];
        ++site.count;
        site.total += dur;
        site.byLocation[location] += dur;
        if (id < attr.kind.size() && attr.kind[id] == AttributionKind::Inferred)
            site.inferred += dur;
        StrId cpuOp = StringPool::empty;
        if (id < attr.cpuOp.size() && attr.cpuOp[id] >= 0)
            cpuOp = s.cpuOps.name[size_t(attr.cpuOp[id])];
        else if (id < attr.launch.size() && attr.launch[id] >= 0)
            cpuOp = s.launches.name[size_t(attr.launch[id])];
        if (cpuOp != StringPool::empty)
            site.byCpuOp[cpuOp] += dur;
    }

    std::vector<KernelTableRow> rows;
    rows.reserve(acc.size());
    for (RowAcc &a : acc) {
        KernelTableRow &r = a.row;
        r.share = out.total ? double(r.total) / double(out.total) : 0.0;
        std::vector<std::pair<StrId, std::pair<Ns, uint32_t>>> raw(a.byRawName.begin(), a.byRawName.end());
        std::sort(raw.begin(), raw.end(), [&](const auto &x, const auto &y) {
            return x.second.first != y.second.first ? x.second.first > y.second.first : s.str(x.first) < s.str(y.first);
        });
        for (const auto &[name, timeAndFirst] : raw)
            r.rawNames.push_back(name);
        if (classes.classOfKernel.size() == k.size()) {
            const KernelClass &c = classes.ofKernel(raw.front().second.second);
            r.op = c.op;
            r.category = c.category;
        } else {
            r.op = KernelClass().op;
        }
        for (auto &[siteId, sa] : a.sites) {
            KernelSite site;
            site.location = argmaxTime<uint32_t>(sa.byLocation, 0);
            site.count = sa.count;
            site.total = sa.total;
            site.share = r.total ? double(sa.total) / double(r.total) : 0.0;
            site.cpuOp = argmaxTime<StrId>(sa.byCpuOp, StringPool::empty);
            site.inferredShare = sa.total ? double(sa.inferred) / double(sa.total) : 0.0;
            site.inferred = sa.inferred > 0;
            r.sites.push_back(site);
        }
        std::sort(r.sites.begin(), r.sites.end(), [&](const KernelSite &x, const KernelSite &y) {
            if (x.total != y.total)
                return x.total > y.total;
            if (x.count != y.count)
                return x.count > y.count;
            return attr.locations[x.location].display < attr.locations[y.location].display;
        });
        rows.push_back(std::move(r));
    }
    std::sort(rows.begin(), rows.end(), [](const KernelTableRow &x, const KernelTableRow &y) {
        return x.total != y.total ? x.total > y.total : x.name < y.name;
    });
    for (KernelTableRow &r : rows) {
        const bool cut = r.share < options.minShare || (options.limit && out.rows.size() >= options.limit);
        if (cut) {
            ++out.hiddenRows;
            out.hiddenTotal += r.total;
        } else {
            out.rows.push_back(std::move(r));
        }
    }
    return out;
}

} // namespace

KernelTable buildKernelTable(const Trace &trace, const TraceClassification &classes,
                             const TraceAttribution &attribution, const TraceStages &stages,
                             const KernelTableOptions &options)
{
    const GpuOpTable &k = trace.store.kernels;
    KernelTable out;
    out.stageMethod = stages.method;
    // The shares of the kernels the table covers: those outside the scope (often the inferred ones,
    // of an iteration caught without its CPU side) must not colour the line.
    TraceAttribution inScope;
    inScope.kind.reserve(k.size());
    GpuOpTable covered;
    for (uint32_t i = 0; i < k.size(); ++i)
        if (stages.ofKernel[i] != Stage::Outside) {
            inScope.kind.push_back(i < attribution.kind.size() ? attribution.kind[i] : AttributionKind::Unresolved);
            covered.start.push_back(k.start[i]);
            covered.dur.push_back(k.dur[i]);
        }
    inScope.recomputeShares(covered);
    out.linkedShare = inScope.linkedShare;
    out.inferredShare = inScope.inferredShare;
    out.unresolvedShare = inScope.unresolvedShare;

    Grouping grouping(trace, attribution);
    const std::vector<Stage> order = options.stage == Stage::All
                                         ? std::vector<Stage>{Stage::Prefill, Stage::Decode, Stage::All}
                                         : std::vector<Stage>{options.stage};
    for (Stage stage : order) {
        std::vector<uint32_t> kernels;
        for (uint32_t i = 0; i < k.size(); ++i)
            if ((i < stages.ofKernel.size() ? stages.ofKernel[i] : Stage::All) == stage)
                kernels.push_back(i);
        if (kernels.empty() && options.stage == Stage::All && !(stage == Stage::All && out.stages.empty()))
            continue;  // a stage the trace does not have (an empty trace still gets its one "all" table)
        out.stages.push_back(buildStage(stage, kernels, trace, classes, attribution, grouping, options));
    }
    return out;
}

} // namespace fusion
