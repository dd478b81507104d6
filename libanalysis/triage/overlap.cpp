#include "triage/overlap.h"

#include "trace/traceerror.h"
#include "triage/sitetext.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>
#include <unordered_map>

namespace fusion {

const char *overlapBucketName(OverlapBucket b)
{
    switch (b) {
    case OverlapBucket::Compute: return "compute";
    case OverlapBucket::Communication: return "communication";
    case OverlapBucket::Memory: return "memory";
    case OverlapBucket::Elementwise: return "elementwise";
    case OverlapBucket::Other: break;
    }
    return "other";
}

namespace {

bool hasAny(const std::string &s, std::initializer_list<const char *> words)
{
    for (const char *w : words)
        if (s.find(w) != std::string::npos)
            return true;
    return false;
}

// B.1 compute list, with the [FS] ROCm / flash additions.
bool computeLike(const std::string &n)
{
    return hasAny(n, {"cublas", "cudnn", "cutlass", "triton", "gemm", "gemv", "matmul", "grouped_mm", "flash",
                      "attention", "fmha", "marlin", "fused_moe", "moe_kernel", "groupgemm", "mma", "wgmma", "conv",
                      "bmm", "mm_kernel", "cijk_", "nvjet", "attn_fwd", "attn_bwd"});
}

double headroomWeight(OverlapBucket b)
{
    switch (b) {
    case OverlapBucket::Communication: return 1.3;
    case OverlapBucket::Memory: return 1.15;
    case OverlapBucket::Elementwise: return 1.0;
    case OverlapBucket::Compute: return 0.35;
    case OverlapBucket::Other: break;
    }
    return 0.8;
}

struct Ev : SweepInterval {
    int32_t kernel;     // kernel id, -1 for memcpy/memset
    // Sweep results
    Ns exclusive = 0, hidden = 0, hiddenByCompute = 0;
};

struct NameStats {
    uint64_t count = 0;
    Ns total = 0, exclusive = 0, hidden = 0, hiddenByCompute = 0;
    int32_t representative = -1;  // event index
    std::string scope = "unmapped", launchOp = "n/a";
};

// "path:line func" → (path, func); "unmapped"/"n/a" → empty.
std::pair<std::string, std::string> parseScope(const std::string &s)
{
    if (s == "unmapped" || s == "n/a" || s.empty())
        return {};
    const size_t sp = s.find(' ');
    const std::string left = s.substr(0, sp);
    const std::string func = sp == std::string::npos ? std::string() : s.substr(sp + 1);
    const size_t colon = left.rfind(':');
    return {colon == std::string::npos ? left : left.substr(0, colon), func};
}

bool sameScopeFamily(const std::string &a, const std::string &b)
{
    const auto [pa, fa] = parseScope(a);
    const auto [pb, fb] = parseScope(b);
    return !pa.empty() && !pb.empty() && (pa == pb || (!fa.empty() && fa == fb));
}

bool dependencyLike(OverlapBucket cur, OverlapBucket nb)
{
    if (cur == OverlapBucket::Communication)
        return nb != OverlapBucket::Communication;
    if (cur == OverlapBucket::Elementwise || cur == OverlapBucket::Memory)
        return nb != OverlapBucket::Other;
    return false;
}

std::string oneDecimal(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

} // namespace

OverlapBucket overlapBucket(std::string_view raw)
{
    const std::string n = lowerAscii(std::string(raw));
    if (hasAny(n, {"memcpy", "memset", "dma", "prefetch"}))
        return OverlapBucket::Memory;
    if (hasAny(n, {"allreduce", "all_reduce", "reduce_scatter", "allgather", "all_gather", "nccl",
                   "cross_device_reduce", "deepep", "a2a", "alltoall", "allreduce_fusion", "mooncake"}))
        return OverlapBucket::Communication;
    if (computeLike(n))
        return OverlapBucket::Compute;
    if (hasAny(n, {"sigmoid", "silu", "gelu", "relu", "softmax", "layernorm", "rmsnorm", "norm", "rotary", "rope",
                   "topk", "gate", "bias", "_cast", "index", "gather", "scatter", "masked", "elementwise", "activation"}))
        return OverlapBucket::Elementwise;
    if (hasAny(n, {"fill", "copy"}))
        return OverlapBucket::Memory;
    if (hasAny(n, {"broadcast", "dispatch", "combine"}))
        return OverlapBucket::Communication;
    return OverlapBucket::Other;
}

std::vector<StageOverlap> findOverlap(const Trace &trace, const TraceAttribution &attr, const TraceStages &stages, size_t limit,
                                      const std::function<bool(double)> &progress)
{
    const EventStore &s = trace.store;
    const GpuOpTable &k = s.kernels;
    const SiteTexts texts = buildSiteTexts(trace, attr);
    Ns perStage[4] = {0, 0, 0, 0};  // by Stage; Outside is never analysed
    for (size_t i = 0; i < k.size(); ++i)
        perStage[size_t(stages.ofKernel[i])] += k.dur[i];
    const bool onlyAll = perStage[1] == 0 && perStage[2] == 0;

    // memcpy/memset names share the canonical-name index space after the kernel names.
    std::vector<std::string> names = texts.names;
    std::unordered_map<std::string, uint32_t> memName;
    std::vector<StageOverlap> result;
    // The bucket of each distinct name, worked out once (the name tests are many substring searches).
    std::vector<OverlapBucket> bucketOfName;
    bucketOfName.reserve(names.size());
    for (const std::string &n : names)
        bucketOfName.push_back(overlapBucket(n));
    double stagesDone = 0;
    for (Stage st : {Stage::Prefill, Stage::Decode, Stage::All}) {
        if (progress && !progress(stagesDone++ / 3))
            throw Cancelled();
        if (perStage[size_t(st)] <= 0)
            continue;
        // When any real stage exists, "all" (kernels no stage claims) is not analysed (E.4).
        if (st == Stage::All && !onlyAll)
            continue;
        std::map<std::pair<int32_t, int32_t>, uint32_t> streamKey;
        auto streamOf = [&](int32_t dev, int32_t stream) {
            return streamKey.try_emplace({dev, stream}, uint32_t(streamKey.size())).first->second;
        };
        std::vector<Ev> ev;
        for (size_t i = 0; i < k.size(); ++i) {
            if (stages.ofKernel[i] != st || k.dur[i] <= 0)
                continue;
            const uint32_t n = texts.nameOf[i];
            ev.push_back(Ev{{k.start[i], k.end(i), n, streamOf(k.device[i], k.stream[i]), bucketOfName[n]}, int32_t(i)});
        }
        // memcpy/memset have no stage of their own: they join the single-stage analysis only, and
        // only within the time of the kernels in scope (not those of an iteration left out).
        if (onlyAll) {
            Ns from = std::numeric_limits<Ns>::max(), to = std::numeric_limits<Ns>::min();
            for (const Ev &e : ev) {
                from = std::min(from, e.start);
                to = std::max(to, e.end);
            }
            const bool scoped = std::find(stages.ofKernel.begin(), stages.ofKernel.end(), Stage::Outside) != stages.ofKernel.end();
            const GpuOpTable &m = s.memOps;
            for (size_t i = 0; i < m.size(); ++i) {
                if (m.dur[i] <= 0 || (scoped && (m.start[i] < from || m.start[i] > to)))
                    continue;
                std::string nm(s.str(m.name[i]));
                auto [it, added] = memName.try_emplace(nm, uint32_t(names.size()));
                if (added)
                    names.push_back(nm);
                ev.push_back(Ev{{m.start[i], m.end(i), it->second, streamOf(m.device[i], m.stream[i]), OverlapBucket::Memory}, -1});
            }
        }
        StageOverlap out;
        out.stage = st;

        // B.2 sweep line.
        OverlapSweep sweep = sweepOverlap(std::vector<SweepInterval>(ev.begin(), ev.end()));
        out.busy = sweep.busy;
        out.overlap = sweep.overlap;
        out.maxConcurrentStreams = sweep.maxConcurrentStreams;
        for (size_t i = 0; i < ev.size(); ++i) {
            ev[i].exclusive = sweep.times[i].exclusive;
            ev[i].hidden = sweep.times[i].hidden;
            ev[i].hiddenByCompute = sweep.times[i].hiddenByCompute;
        }

        // B.3 aggregation by canonical name (the bucket follows from the name).
        std::map<uint32_t, NameStats> stats;
        std::unordered_map<uint32_t, std::map<uint32_t, uint64_t>> locCount, opCount;
        for (uint32_t i = 0; i < ev.size(); ++i) {
            NameStats &ns = stats[ev[i].name];
            ++ns.count;
            ns.total += ev[i].end - ev[i].start;
            ns.exclusive += ev[i].exclusive;
            ns.hidden += ev[i].hidden;
            ns.hiddenByCompute += ev[i].hiddenByCompute;
            if (ns.representative < 0
                || ev[i].hidden + ev[i].exclusive > ev[size_t(ns.representative)].hidden + ev[size_t(ns.representative)].exclusive)
                ns.representative = int32_t(i);
            if (ev[i].kernel >= 0) {
                const size_t kid = size_t(ev[i].kernel);
                if (attr.location[kid] != 0)
                    ++locCount[ev[i].name][attr.location[kid]];
                if (texts.cpuOpOf[kid] != 0)
                    ++opCount[ev[i].name][texts.cpuOpOf[kid]];
            }
        }
        auto mostFrequent = [](const std::map<uint32_t, uint64_t> &m) {
            uint32_t best = 0;
            uint64_t n = 0;
            for (auto [id, c] : m)
                if (c > n)
                    best = id, n = c;
            return best;
        };
        for (auto &[name, ns] : stats) {
            if (auto it = locCount.find(name); it != locCount.end())
                ns.scope = attr.locations[mostFrequent(it->second)].display;
            if (auto it = opCount.find(name); it != opCount.end())
                ns.launchOp = texts.cpuOps[mostFrequent(it->second)];
        }

        // Same-stream order for the neighbour test (B.5).
        std::vector<std::vector<uint32_t>> byStream(streamKey.size());
        for (uint32_t i = 0; i < ev.size(); ++i)
            byStream[ev[i].stream].push_back(i);
        std::vector<std::pair<uint32_t, uint32_t>> posOf(ev.size());  // (stream, position)
        for (uint32_t sk = 0; sk < byStream.size(); ++sk) {
            auto &v = byStream[sk];
            std::stable_sort(v.begin(), v.end(), [&](uint32_t a, uint32_t b) {
                return std::make_tuple(ev[a].start, ev[a].end, a) < std::make_tuple(ev[b].start, ev[b].end, b);
            });
            for (uint32_t p = 0; p < v.size(); ++p)
                posOf[v[p]] = {sk, p};
        }

        auto makeRow = [&](uint32_t name, const NameStats &ns) {
            OverlapRow r;
            r.kernel = names[name];
            r.bucket = overlapBucket(r.kernel);
            r.scope = ns.scope;
            r.launchOp = ns.launchOp;
            r.count = ns.count;
            r.total = ns.total;
            r.exclusive = ns.exclusive;
            r.hidden = ns.hidden;
            r.hiddenByCompute = ns.hiddenByCompute;
            r.exclusiveRatio = ns.total ? double(ns.exclusive) / double(ns.total) : 0.0;
            r.hiddenRatio = ns.total ? double(ns.hidden) / double(ns.total) : 0.0;
            r.share = out.busy ? 100.0 * double(ns.total) / double(out.busy) : 0.0;
            if (const auto under = sweep.hiddenUnder.find(name); under != sweep.hiddenUnder.end())
                for (auto [n, d] : under->second)
                    if (d > r.topOverlapperTime || (d == r.topOverlapperTime && names[n] < r.topOverlapper))
                        r.topOverlapper = names[n], r.topOverlapperTime = d;
            // Dependency signal from the representative's same-stream neighbours.
            r.dependencySignal = "adjacency unclear";
            if (ns.representative >= 0) {
                const uint32_t cur = uint32_t(ns.representative);
                const auto [sk, p] = posOf[cur];
                const auto &line = byStream[sk];
                const Ns dur = ev[cur].end - ev[cur].start;
                const double tight = std::max(2000.0, std::min(20000.0, 0.15 * double(dur)));  // ns
                bool risk[2] = {false, false}, unclear = false;
                for (int side = 0; side < 2; ++side) {
                    if ((side == 0 && p == 0) || (side == 1 && p + 1 >= line.size()))
                        continue;
                    const uint32_t nb = line[side == 0 ? p - 1 : p + 1];
                    const Ns gap = side == 0 ? std::max<Ns>(0, ev[cur].start - ev[nb].end)
                                             : std::max<Ns>(0, ev[nb].start - ev[cur].end);
                    if (double(gap) > tight)
                        continue;
                    const NameStats &nbs = stats[ev[nb].name];
                    const bool sideRisk = sameScopeFamily(ns.scope, nbs.scope)
                                       || (ns.launchOp != "n/a" && ns.launchOp == nbs.launchOp)
                                       || dependencyLike(ev[cur].bucket, ev[nb].bucket);
                    risk[side] = sideRisk;
                    if (!sideRisk && (ns.scope == "unmapped" || nbs.scope == "unmapped"))
                        unclear = true;
                }
                r.dependencySignal = risk[0] && risk[1] ? "both-side serial risk"
                                   : risk[0]            ? "prev-side serial risk"
                                   : risk[1]            ? "next-side serial risk"
                                   : unclear            ? "adjacency unclear"
                                                        : "serial risk low";
            }
            r.dependency = r.dependencySignal == "serial risk low" ? "low"
                         : r.dependencySignal == "adjacency unclear" ? "unclear" : "high";
            return r;
        };

        // B.4 candidates.
        std::vector<OverlapRow> nonCompute, compute, hiddenRows;
        for (const auto &[name, ns] : stats) {
            OverlapRow r = makeRow(name, ns);
            if (r.total >= 5000 && r.exclusiveRatio >= 0.45)
                (r.bucket == OverlapBucket::Compute ? compute : nonCompute).push_back(r);
            if ((r.bucket == OverlapBucket::Elementwise || r.bucket == OverlapBucket::Memory) && r.total >= 5000
                && r.hiddenRatio >= 0.65)
                hiddenRows.push_back(r);
        }
        auto byExposed = [](const OverlapRow &a, const OverlapRow &b) {
            return double(a.exclusive) * headroomWeight(a.bucket) > double(b.exclusive) * headroomWeight(b.bucket);
        };
        std::stable_sort(nonCompute.begin(), nonCompute.end(), byExposed);
        std::stable_sort(compute.begin(), compute.end(), byExposed);
        std::vector<OverlapRow> headroom = nonCompute;
        headroom.insert(headroom.end(), compute.begin(), compute.end());
        if (headroom.size() > 5)
            headroom.resize(5);
        auto hiddenKey = [](const OverlapRow &r) {
            const double h = double(r.hidden);
            return std::make_pair(h * (1.0 + double(r.hiddenByCompute) / std::max(h, 1000.0)), r.hiddenRatio);
        };
        std::stable_sort(hiddenRows.begin(), hiddenRows.end(),
                         [&](const OverlapRow &a, const OverlapRow &b) { return hiddenKey(a) > hiddenKey(b); });
        if (hiddenRows.size() > 5)
            hiddenRows.resize(5);

        // B.6 priority.
        for (OverlapRow &r : headroom) {
            r.verdict = "headroom";
            if (r.share < 1.0) {
                r.priority = 5, r.recommendation = "skip";
                continue;  // dropped below
            }
            if (r.dependency == "low")
                r.priority = 1, r.recommendation = r.bucket == OverlapBucket::Communication ? "try overlap" : "try fusion";
            else
                r.priority = 2, r.recommendation = "check deps";
            r.suggestion = r.bucket == OverlapBucket::Communication ? "Communication is exposed; look for compute it can overlap."
                         : (r.bucket == OverlapBucket::Elementwise || r.bucket == OverlapBucket::Memory)
                             ? "Exposed work; consider fusing it or hiding it under nearby compute."
                             : "Exposed work; check stream placement and the immediate producer/consumer.";
            out.rows.push_back(r);
        }
        for (OverlapRow &r : hiddenRows) {
            if (std::any_of(out.rows.begin(), out.rows.end(), [&](const OverlapRow &o) { return o.kernel == r.kernel; }))
                continue;
            r.verdict = "low-roi-hidden";
            r.priority = r.share < 1.0 ? 5 : 4;
            r.recommendation = "skip";
            r.suggestion = r.topOverlapper.empty()
                ? "Mostly hidden; revisit only if scheduling or fusion changes."
                : "Mostly hidden under " + r.topOverlapper.substr(0, 48) + " (" + oneDecimal(double(r.topOverlapperTime) / 1000.0)
                      + " us); revisit only if scheduling or fusion changes.";
            out.rows.push_back(r);
        }
        if (limit > 0 && out.rows.size() > limit)
            out.rows.resize(limit);
        std::erase_if(out.rows, [](const OverlapRow &r) { return r.share < 1.0; });
        result.push_back(std::move(out));
    }
    return result;
}

} // namespace fusion
