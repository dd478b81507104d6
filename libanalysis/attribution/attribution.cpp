#include "attribution/attribution.h"

#include "attribution/pythonframe.h"
#include "trace/recordimport.h"
#include "util/intervalforest.h"

#include <algorithm>
#include <array>
#include <cstdint>
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

const char *attributionSourceName(AttributionSource s)
{
    switch (s) {
    case AttributionSource::PythonStacks: return "python stacks";
    case AttributionSource::AnnotationRanges: return "annotation ranges";
    case AttributionSource::None: break;
    }
    return "none";
}

AttributionSource attributionSourceOf(const EventStore &s)
{
    if (s.pyFrames.size() > 0)
        return AttributionSource::PythonStacks;
    return hasAnnotationRanges(s) ? AttributionSource::AnnotationRanges : AttributionSource::None;
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
// exactly at the event's start is not taken for an enclosing one (a probe at
// start + min(dur / 2, 1 µs)).
Ns probeTime(Ns start, Ns dur) { return start + std::min<Ns>(dur / 2, 1000); }

// Rows of a table sorted by (key, start), ties in row order, for "the event with this id nearest
// in time". Only the row numbers are kept (four bytes a row, twelve where ids are sparse; times are
// read from the table's own columns, so the index must not outlive the table): on a large trace
// these indexes cover a million ops and launches, and were 32 bytes a row, whose first touch (fresh
// pages) took most of their build time. Ids and times both rise through a trace, so the lookups of
// kernels in time order still read the columns nearly in order.
class KeyedRows {
public:
    KeyedRows(const std::vector<int64_t> &key, const std::vector<Ns> &start, const std::vector<Ns> &dur)
        : m_start(start), m_dur(dur)
    {
        size_t n = 0;
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (int64_t k : key)
            if (k != kNone) {
                ++n;
                lo = std::min(lo, k);
                hi = std::max(hi, k);
            }
        const auto byStart = [&](uint32_t a, uint32_t b) { return start[a] < start[b]; };
        const auto offset = [&](int64_t k) { return size_t(uint64_t(k) - uint64_t(lo)); };  // no signed overflow
        if (n == 0 || offset(hi) >= 4 * n) {  // sparse ids
            m_rows.reserve(n);
            for (uint32_t i = 0; i < key.size(); ++i)
                if (key[i] != kNone)
                    m_rows.push_back(i);
            // Launches and ops are listed in time, so their ids mostly arrive in order: a merge sort
            // would still take its twenty passes and a buffer.
            const auto byKey = [&](uint32_t a, uint32_t b) { return key[a] != key[b] ? key[a] < key[b] : byStart(a, b); };
            if (!std::is_sorted(m_rows.begin(), m_rows.end(), byKey))
                std::stable_sort(m_rows.begin(), m_rows.end(), byKey);
            m_keys.reserve(n);
            for (uint32_t r : m_rows)
                m_keys.push_back(key[r]);
            return;
        }
        // Ids count up from small numbers, so a counting sort by key (stable) places every row in
        // two passes, where a merge sort needs twenty over a million cpu ops (and a second buffer);
        // then the few rows that share a key are put in time order. Its counts stay as an index.
        m_lo = lo;
        std::vector<uint32_t> &next = m_end;  // per key: where its next row goes, at last its end
        next.assign(offset(hi) + 2, 0);
        for (int64_t k : key)
            if (k != kNone)
                ++next[offset(k) + 1];
        for (size_t k = 1; k < next.size(); ++k)
            next[k] += next[k - 1];
        m_rows.resize(n);
        for (uint32_t i = 0; i < key.size(); ++i)
            if (key[i] != kNone)
                m_rows[next[offset(key[i])]++] = i;
        for (size_t k = 0, from = 0; k + 1 < m_end.size(); from = m_end[k++])
            if (m_end[k] - from > 1)
                std::stable_sort(m_rows.begin() + std::ptrdiff_t(from), m_rows.begin() + m_end[k], byStart);
    }

    // Among the rows with `key`: one that started at or before t whose end is closest to t (the
    // launching op encloses or just precedes its kernel), else the first one after t; -1 if none.
    int32_t nearest(int64_t key, Ns t) const
    {
        if (key == kNone)
            return -1;
        const auto [lo, hi] = rowsOf(key);
        if (lo == hi)
            return -1;
        auto after = std::upper_bound(lo, hi, t, [&](Ns v, uint32_t r) { return v < m_start[r]; });
        if (after == lo)
            return int32_t(*lo);
        // When ids repeat, look at the few latest earlier rows only.
        int32_t best = -1;
        Ns bestGap = 0;
        for (auto it = after; it != lo && after - it < 4;) {
            --it;
            const Ns end = m_start[*it] + m_dur[*it];
            const Ns gap = end > t ? end - t : t - end;
            if (best < 0 || gap < bestGap) {
                best = int32_t(*it);
                bestGap = gap;
            }
        }
        return best;
    }

private:
    using Iter = std::vector<uint32_t>::const_iterator;

    std::pair<Iter, Iter> rowsOf(int64_t key) const
    {
        if (!m_end.empty()) {
            const size_t k = size_t(uint64_t(key) - uint64_t(m_lo));  // wraps to huge below m_lo
            if (k >= m_end.size() - 1)  // m_end has a slot past the last key
                return {m_rows.end(), m_rows.end()};
            return {m_rows.begin() + (k ? m_end[k - 1] : 0), m_rows.begin() + m_end[k]};
        }
        auto lo = std::lower_bound(m_keys.begin(), m_keys.end(), key);
        auto hi = lo;
        while (hi != m_keys.end() && *hi == key && hi - lo < 8)
            ++hi;  // ids are unique in most traces: a short scan beats a second binary search
        if (hi != m_keys.end() && *hi == key)
            hi = std::upper_bound(hi, m_keys.end(), key);
        return {m_rows.begin() + (lo - m_keys.begin()), m_rows.begin() + (hi - m_keys.begin())};
    }

    const std::vector<Ns> &m_start, &m_dur;
    std::vector<uint32_t> m_rows;  // by (key, start)
    // Dense ids: m_end[key - m_lo] is the end of the key's rows (and the start of the next key's).
    // Sparse ids: m_keys[i] is the key of m_rows[i], for a binary search.
    int64_t m_lo = 0;
    std::vector<uint32_t> m_end;
    std::vector<int64_t> m_keys;
};

// A CPU annotation range as a frame: its name is the user's own label for that stretch of code.
FrameRole annotationRole(std::string_view name)
{
    if (!moduleScopeName(name).empty())
        return FrameRole::Scope;
    return name.starts_with("ProfilerStep#") ? FrameRole::Noise : FrameRole::Model;
}

// Python context at a time on a thread: the innermost active frame, and from it (memoised per
// frame, since thousands of kernels share a few hundred innermost frames) the chosen location and
// the module scope chain. Without Python frames, the CPU annotation ranges play their part.
class FrameResolver {
public:
    FrameResolver(const EventStore &store, TraceAttribution &out) : m_s(store), m_out(out)
    {
        const bool annotations = out.source == AttributionSource::AnnotationRanges;
        const AnnotationTable &a = store.annotations;
        const PyFrameTable &f = store.pyFrames;
        m_names = annotations ? &a.name : &f.name;
        if (annotations) {
            std::vector<IntervalForest::Interval> iv;
            for (uint32_t i = 0; i < a.size(); ++i)
                if (!a.onGpu[i])
                    iv.push_back({{a.pid[i], a.tid[i]}, a.start[i], a.start[i] + a.dur[i], i});
            m_forest.build(std::move(iv));
        } else if (out.source == AttributionSource::PythonStacks) {
            m_forest.buildByGroup(f.size(), [&](size_t i) {
                return IntervalForest::Interval{{f.pid[i], f.tid[i]}, f.start[i], f.start[i] + f.dur[i], uint32_t(i)};
            });
        }

        const size_t n = m_forest.size();
        std::vector<uint8_t> roleOfName(store.strings.size(), 0xff);
        m_model.assign(n, IntervalForest::npos);
        m_library.assign(n, IntervalForest::npos);
        m_relevant.assign(n, IntervalForest::npos);
        m_scope.assign(n, 0);
        m_location.assign(n, kNotYet);
        // Parents precede children, so every derived value is one step from the parent's.
        for (int32_t i = 0; i < int32_t(n); ++i) {
            const StrId name = (*m_names)[m_forest.node(i).id];
            if (roleOfName[name] == 0xff)
                roleOfName[name] = uint8_t(annotations ? annotationRole(store.str(name)) : frameRole(store.str(name)));
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

    // The innermost frame holding time t on a thread, npos for none, searched from where the last
    // lookup with this hint ended. It only reads, so that the kernels' lookups may run on two
    // threads (a hint each).
    int32_t nodeAt(ProcId pid, ProcId tid, Ns t, IntervalForest::Hint &hint) const
    {
        return m_forest.innermost({pid, tid}, t, hint);
    }
    // Whether at(n) gives a location (a model or library frame holds n), without interning it.
    bool locates(int32_t n) const { return n != IntervalForest::npos && m_relevant[size_t(n)] != IntervalForest::npos; }

    // The context of frame node n (npos: none).
    Context at(int32_t n)
    {
        if (n == IntervalForest::npos)
            return {};
        // The location depends on the nearest relevant frame only (the frames below it are
        // neither model nor library code), so it is memoised there: many innermost frames share one.
        const int32_t r = m_relevant[size_t(n)];
        if (r == IntervalForest::npos)
            return {0, m_scope[size_t(n)]};
        if (m_location[size_t(r)] == kNotYet)
            m_location[size_t(r)] = locationOf(r);
        return {m_location[size_t(r)], m_scope[size_t(n)]};
    }

private:
    StrId nameOf(int32_t node) const { return (*m_names)[m_forest.node(node).id]; }

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
        // The key: the chosen frame's name, then the stack (innermost last).
        LocationKey key;
        key.names[key.size++] = nameOf(chosen);
        for (int32_t r = m_relevant[size_t(n)]; r != IntervalForest::npos && key.size < key.names.size();) {
            key.names[key.size++] = nameOf(r);
            const int32_t p = m_forest.parent(r);
            r = p == IntervalForest::npos ? IntervalForest::npos : m_relevant[size_t(p)];
        }
        std::reverse(key.names.begin() + 1, key.names.begin() + key.size);
        auto [it, fresh] = m_locationIndex.try_emplace(key, uint32_t(m_out.locations.size()));
        if (fresh) {
            const std::string_view name = m_s.str(nameOf(chosen));
            const ParsedFrame f = parseFrameName(name);
            SourceLocation loc;
            loc.file = std::string(f.file);
            loc.line = f.line;
            loc.function = std::string(f.function);
            loc.display = frameDisplay(name);
            for (size_t s = 1; s < key.size; ++s)
                loc.stack.push_back(frameDisplay(m_s.str(key.names[s])));
            m_out.locations.push_back(std::move(loc));
        }
        return it->second;
    }

    const EventStore &m_s;
    TraceAttribution &m_out;
    const std::vector<StrId> *m_names;  // of the frames' table: pyFrames or annotations
    IntervalForest m_forest;
    std::vector<int32_t> m_model, m_library, m_relevant;  // nearest such frame, self included
    std::vector<uint32_t> m_scope, m_location;
    std::map<std::pair<uint32_t, StrId>, uint32_t> m_scopeIndex;
    // A location's key, kept inline and hashed: one is made for every distinct frame that locates
    // a kernel, and a key allocated and compared through a tree cost a fifth of interning the
    // kernels' locations on a 1 GB trace.
    struct LocationKey {
        std::array<StrId, kStackDepth + 1> names{};
        uint8_t size = 0;
        bool operator==(const LocationKey &o) const
        {
            return size == o.size && std::equal(names.begin(), names.begin() + size, o.names.begin());
        }
    };
    struct LocationKeyHash {
        size_t operator()(const LocationKey &k) const
        {
            uint64_t h = k.size;
            for (size_t i = 0; i < k.size; ++i)
                h = (h ^ k.names[i]) * 0x9E3779B97F4A7C15ull;
            return size_t(h ^ (h >> 29));
        }
    };
    std::unordered_map<LocationKey, uint32_t, LocationKeyHash> m_locationIndex;
};

} // namespace

TraceAttribution attributeKernels(const Trace &trace, TaskPool *pool,
                                  const std::function<void(const std::vector<AttributionKind> &)> &kindsKnown)
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
    out.source = attributionSourceOf(s);

    // Three independent indexes, the frames' the largest: posted first, for a helper to take.
    auto framesLater = TaskPool::later(pool, [&] { return FrameResolver(s, out); });
    auto launchesLater = TaskPool::later(pool, [&] {
        return KeyedRows(s.launches.correlation, s.launches.start, s.launches.dur);
    });
    const KeyedRows cpuByExternalId(s.cpuOps.externalId, s.cpuOps.start, s.cpuOps.dur);
    const KeyedRows launchByCorrelation = launchesLater.get();
    FrameResolver frames = framesLater.get();

    // The lookups (binary searches in the two indexes and the frame forest: most of the time) only
    // read, and the second half of the kernels takes them on the pool. The locations are then
    // interned in kernel order, as one pass would, so their numbering does not depend on it.
    constexpr int32_t npos = IntervalForest::npos;
    std::vector<std::array<int32_t, 2>> nodes(k.size(), {npos, npos});  // at the op's probe, at the launch's
    auto find = [&](size_t from, size_t to) {
        IntervalForest::Hint hint;  // kernels come in time order, and so, nearly, do their ops and launches
        for (size_t i = from; i < to; ++i) {
            const int32_t launch = launchByCorrelation.nearest(k.correlation[i], k.start[i]);
            // A kernel that lost its External id may still reach its op through the launch's.
            int64_t externalId = k.externalId[i];
            if (externalId == kNone && launch >= 0)
                externalId = s.launches.externalId[size_t(launch)];
            const int32_t cpu = cpuByExternalId.nearest(externalId, k.start[i]);
            out.cpuOp[i] = cpu;
            out.launch[i] = launch;
            if (cpu >= 0) {
                const size_t c = size_t(cpu);
                nodes[i][0] = frames.nodeAt(s.cpuOps.pid[c], s.cpuOps.tid[c], probeTime(s.cpuOps.start[c], s.cpuOps.dur[c]), hint);
            }
            // The launch's context counts only where the op's gives no location.
            if (launch >= 0 && !frames.locates(nodes[i][0])) {
                const size_t l = size_t(launch);
                nodes[i][1] = frames.nodeAt(s.launches.pid[l], s.launches.tid[l], probeTime(s.launches.start[l], s.launches.dur[l]), hint);
            }
        }
    };
    const size_t half = k.size() / 2;
    auto secondHalf = TaskPool::later(pool, [&] { find(half, k.size()); });
    find(0, half);
    secondHalf.get();
    // A frame gives a location exactly when it locates(): the kinds are final before any location
    // is interned (nodes[i][1] is set only where the op's frame gives none).
    for (size_t i = 0; i < k.size(); ++i) {
        if (frames.locates(nodes[i][0]))
            out.kind[i] = AttributionKind::ExternalId;
        else if (frames.locates(nodes[i][1]))
            out.kind[i] = AttributionKind::Correlation;
    }
    if (kindsKnown)
        kindsKnown(out.kind);
    for (size_t i = 0; i < k.size(); ++i) {
        FrameResolver::Context ctx = frames.at(nodes[i][0]);
        if (!ctx.location && out.launch[i] >= 0) {
            const FrameResolver::Context atLaunch = frames.at(nodes[i][1]);
            if (atLaunch.location) {
                ctx = atLaunch;
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
