#include "attribution/attribution.h"

#include "attribution/pythonframe.h"
#include "util/intervalforest.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace fusion {

const char *attributionKindName(AttributionKind k)
{
    switch (k) {
    case AttributionKind::ExternalId: return "external_id";
    case AttributionKind::Correlation: return "correlation";
    case AttributionKind::Inferred: return "inferred";
    case AttributionKind::Unresolved: break;
    }
    return "unresolved";
}

void TraceAttribution::recomputeShares(const GpuOpTable &kernels)
{
    Ns total = 0, linked = 0, inferred = 0, unresolved = 0;
    for (size_t i = 0; i < kernels.size(); ++i) {
        total += kernels.dur[i];
        const AttributionKind k = i < kind.size() ? kind[i] : AttributionKind::Unresolved;
        if (k == AttributionKind::ExternalId || k == AttributionKind::Correlation)
            linked += kernels.dur[i];
        else if (k == AttributionKind::Inferred)
            inferred += kernels.dur[i];
        else
            unresolved += kernels.dur[i];
    }
    // Each share from its own sum: "1 - the others" would print as -0.0 % when nothing is left.
    linkedShare = total ? double(linked) / double(total) : 0.0;
    inferredShare = total ? double(inferred) / double(total) : 0.0;
    unresolvedShare = total ? double(unresolved) / double(total) : 0.0;
}

namespace {

constexpr size_t kStackDepth = 8;
constexpr uint32_t kNotYet = UINT32_MAX;

// Where a CPU event's Python context is read: just inside its start, so that a frame ending
// exactly at the event's start is not taken for an enclosing one (seed 002 probes at
// start + min(dur / 2, 1 µs)).
Ns probeTime(Ns start, Ns dur) { return start + std::min<Ns>(dur / 2, 1000); }

// Rows of a table sorted by (key, start), for "the event with this id nearest in time". The
// entries are copied side by side so that the binary searches stay in cache.
class KeyedRows {
public:
    KeyedRows(const std::vector<int64_t> &key, const std::vector<Ns> &start, const std::vector<Ns> &dur)
    {
        m_rows.reserve(key.size());
        for (uint32_t i = 0; i < key.size(); ++i)
            if (key[i] != kNone)
                m_rows.push_back({key[i], start[i], start[i] + dur[i], i});
        std::stable_sort(m_rows.begin(), m_rows.end(), [](const Entry &a, const Entry &b) {
            return a.key != b.key ? a.key < b.key : a.start < b.start;
        });
    }

    // Among the rows with `key`: one that started at or before t whose end is closest to t (the
    // launching op encloses or just precedes its kernel), else the first one after t; -1 if none.
    int32_t nearest(int64_t key, Ns t) const
    {
        if (key == kNone)
            return -1;
        auto lo = std::lower_bound(m_rows.begin(), m_rows.end(), key, [](const Entry &e, int64_t k) { return e.key < k; });
        auto hi = lo;
        while (hi != m_rows.end() && hi->key == key && hi - lo < 8)
            ++hi;  // ids are unique in most traces: a short scan beats a second binary search
        if (hi != m_rows.end() && hi->key == key)
            hi = std::upper_bound(hi, m_rows.end(), key, [](int64_t k, const Entry &e) { return k < e.key; });
        if (lo == hi)
            return -1;
        auto after = std::upper_bound(lo, hi, t, [](Ns v, const Entry &e) { return v < e.start; });
        if (after == lo)
            return int32_t(lo->row);
        // When ids repeat, look at the few latest earlier rows only.
        int32_t best = -1;
        Ns bestGap = 0;
        for (auto it = after; it != lo && after - it < 4;) {
            --it;
            const Ns gap = it->end > t ? it->end - t : t - it->end;
            if (best < 0 || gap < bestGap) {
                best = int32_t(it->row);
                bestGap = gap;
            }
        }
        return best;
    }

private:
    struct Entry {
        int64_t key;
        Ns start, end;
        uint32_t row;
    };
    std::vector<Entry> m_rows;
};

// Python context at a time on a thread: the innermost active frame, and from it (memoised per
// frame, since thousands of kernels share a few hundred innermost frames) the chosen location and
// the module scope chain.
class FrameResolver {
public:
    FrameResolver(const EventStore &store, TraceAttribution &out) : m_s(store), m_out(out)
    {
        const PyFrameTable &f = store.pyFrames;
        std::vector<IntervalForest::Interval> iv;
        iv.reserve(f.size());
        for (uint32_t i = 0; i < f.size(); ++i)
            iv.push_back({{f.pid[i], f.tid[i]}, f.start[i], f.start[i] + f.dur[i], i});
        m_forest.build(std::move(iv));

        const size_t n = m_forest.size();
        std::vector<uint8_t> roleOfName(store.strings.size(), 0xff);
        m_model.assign(n, IntervalForest::npos);
        m_library.assign(n, IntervalForest::npos);
        m_relevant.assign(n, IntervalForest::npos);
        m_scope.assign(n, 0);
        m_location.assign(n, kNotYet);
        // Parents precede children, so every derived value is one step from the parent's.
        for (int32_t i = 0; i < int32_t(n); ++i) {
            const StrId name = f.name[m_forest.node(i).id];
            if (roleOfName[name] == 0xff)
                roleOfName[name] = uint8_t(frameRole(store.str(name)));
            const FrameRole role = FrameRole(roleOfName[name]);
            const int32_t p = m_forest.parent(i);
            const auto up = [&](const std::vector<int32_t> &v) { return p == IntervalForest::npos ? IntervalForest::npos : v[size_t(p)]; };
            m_model[size_t(i)] = role == FrameRole::Model ? i : up(m_model);
            m_library[size_t(i)] = role == FrameRole::Library ? i : up(m_library);
            m_relevant[size_t(i)] = role == FrameRole::Model || role == FrameRole::Library ? i : up(m_relevant);
            const uint32_t parentScope = p == IntervalForest::npos ? 0 : m_scope[size_t(p)];
            m_scope[size_t(i)] = role == FrameRole::Scope ? internScope(parentScope, name) : parentScope;
        }
    }

    struct Context {
        uint32_t location = 0;
        uint32_t scope = 0;
    };

    Context at(ProcId pid, ProcId tid, Ns t)
    {
        const int32_t n = m_forest.innermost({pid, tid}, t);
        if (n == IntervalForest::npos)
            return {};
        if (m_location[size_t(n)] == kNotYet)
            m_location[size_t(n)] = locationOf(n);
        return {m_location[size_t(n)], m_scope[size_t(n)]};
    }

private:
    StrId nameOf(int32_t node) const { return m_s.pyFrames.name[m_forest.node(node).id]; }

    uint32_t internScope(uint32_t parent, StrId name)
    {
        auto [it, fresh] = m_scopeIndex.try_emplace({parent, name}, uint32_t(m_out.scopes.size()));
        if (fresh) {
            std::vector<std::string> chain = m_out.scopes[parent];
            chain.emplace_back(moduleScopeName(m_s.str(name)));
            m_out.scopes.push_back(std::move(chain));
        }
        return it->second;
    }

    // The innermost model/framework frame, else the innermost library frame, with the relevant
    // frames above the op as its stack; interned so that kernels share one entry per site.
    uint32_t locationOf(int32_t n)
    {
        const int32_t chosen = m_model[size_t(n)] != IntervalForest::npos ? m_model[size_t(n)] : m_library[size_t(n)];
        if (chosen == IntervalForest::npos)
            return 0;
        std::vector<StrId> stack;
        for (int32_t r = m_relevant[size_t(n)]; r != IntervalForest::npos && stack.size() < kStackDepth;) {
            stack.push_back(nameOf(r));
            const int32_t p = m_forest.parent(r);
            r = p == IntervalForest::npos ? IntervalForest::npos : m_relevant[size_t(p)];
        }
        std::reverse(stack.begin(), stack.end());  // innermost last
        std::vector<StrId> key;
        key.reserve(stack.size() + 1);
        key.push_back(nameOf(chosen));
        key.insert(key.end(), stack.begin(), stack.end());
        auto [it, fresh] = m_locationIndex.try_emplace(std::move(key), uint32_t(m_out.locations.size()));
        if (fresh) {
            const std::string_view name = m_s.str(nameOf(chosen));
            const ParsedFrame f = parseFrameName(name);
            SourceLocation loc;
            loc.file = std::string(f.file);
            loc.line = f.line;
            loc.function = std::string(f.function);
            loc.display = frameDisplay(name);
            for (StrId s : stack)
                loc.stack.push_back(frameDisplay(m_s.str(s)));
            m_out.locations.push_back(std::move(loc));
        }
        return it->second;
    }

    const EventStore &m_s;
    TraceAttribution &m_out;
    IntervalForest m_forest;
    std::vector<int32_t> m_model, m_library, m_relevant;  // nearest such frame, self included
    std::vector<uint32_t> m_scope, m_location;
    std::map<std::pair<uint32_t, StrId>, uint32_t> m_scopeIndex;
    std::map<std::vector<StrId>, uint32_t> m_locationIndex;
};

} // namespace

TraceAttribution attributeKernels(const Trace &trace)
{
    const EventStore &s = trace.store;
    const GpuOpTable &k = s.kernels;
    TraceAttribution out;
    out.kind.assign(k.size(), AttributionKind::Unresolved);
    out.cpuOp.assign(k.size(), -1);
    out.launch.assign(k.size(), -1);
    out.location.assign(k.size(), 0);
    out.scope.assign(k.size(), 0);
    SourceLocation unresolved;
    unresolved.display = "unresolved";
    out.locations.push_back(std::move(unresolved));
    out.scopes.emplace_back();

    const KeyedRows cpuByExternalId(s.cpuOps.externalId, s.cpuOps.start, s.cpuOps.dur);
    const KeyedRows launchByCorrelation(s.launches.correlation, s.launches.start, s.launches.dur);
    FrameResolver frames(s, out);

    for (size_t i = 0; i < k.size(); ++i) {
        const int32_t launch = launchByCorrelation.nearest(k.correlation[i], k.start[i]);
        // A kernel that lost its External id may still reach its op through the launch's.
        int64_t externalId = k.externalId[i];
        if (externalId == kNone && launch >= 0)
            externalId = s.launches.externalId[size_t(launch)];
        const int32_t cpu = cpuByExternalId.nearest(externalId, k.start[i]);
        out.cpuOp[i] = cpu;
        out.launch[i] = launch;

        FrameResolver::Context ctx;
        if (cpu >= 0) {
            const size_t c = size_t(cpu);
            ctx = frames.at(s.cpuOps.pid[c], s.cpuOps.tid[c], probeTime(s.cpuOps.start[c], s.cpuOps.dur[c]));
            if (ctx.location)
                out.kind[i] = AttributionKind::ExternalId;
        }
        if (!ctx.location && launch >= 0) {
            const size_t l = size_t(launch);
            const FrameResolver::Context atLaunch =
                frames.at(s.launches.pid[l], s.launches.tid[l], probeTime(s.launches.start[l], s.launches.dur[l]));
            if (atLaunch.location) {
                ctx = atLaunch;
                out.kind[i] = AttributionKind::Correlation;
            } else if (!ctx.scope) {
                ctx.scope = atLaunch.scope;
            }
        }
        out.location[i] = ctx.location;
        out.scope[i] = ctx.scope;
    }
    out.recomputeShares(k);
    return out;
}

} // namespace fusion
