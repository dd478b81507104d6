#include "fusion/fusiondetector.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

namespace fusion {

namespace {

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

bool has(const std::string &s, const char *needle) { return s.find(needle) != std::string::npos; }

std::string fmt(const char *f, double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// "Big" ops still run on the fusing side inside the fused kernel (the GEMM of RMSNorm+GEMM); what a
// fusion saves is the separate small kernels, so only those count as time at stake.
bool isBigOp(const std::string &op)
{
    const std::string l = lower(op);
    return has(l, "gemm") || l.rfind("attention", 0) == 0;
}

struct Side {
    const AnalyzedTrace *t = nullptr;
    std::string label;
    char tag = 'a';
    std::vector<uint32_t> ids;          // kernels in the stage, in order
    std::map<std::string, std::vector<uint32_t>> byOp;
    const std::string &op(uint32_t id) const { return t->classes.opOf(id); }
    Ns dur(uint32_t id) const { return t->trace->store.kernels.dur[id]; }
    std::string name(uint32_t id) const { return std::string(t->trace->store.str(t->trace->store.kernels.name[id])); }
    Ns total(const std::vector<uint32_t> &v) const
    {
        Ns s = 0;
        for (uint32_t id : v)
            s += dur(id);
        return s;
    }
};

Side makeSide(const AnalyzedTrace &t, const std::string &label, char tag, Stage stage)
{
    Side s;
    s.t = &t;
    s.label = label;
    s.tag = tag;
    const bool staged = t.stages.hasPrefill || t.stages.hasDecode;
    // The op's list per class, found on the class's first kernel: one string lookup per class.
    std::vector<std::vector<uint32_t> *> listOfClass(t.classes.classes.size(), nullptr);
    for (uint32_t id = 0; id < t.trace->store.kernels.size(); ++id)
        if (stage == Stage::All || !staged || t.stages.ofKernel[id] == stage) {
            s.ids.push_back(id);
            std::vector<uint32_t> *&list = listOfClass[t.classes.classOfKernel[id]];
            if (!list)
                list = &s.byOp[s.op(id)];
            list->push_back(id);
        }
    return s;
}

// Sums per interned name or location index first: the string-keyed maps then see each distinct
// one once instead of once per kernel (findings reach hundreds of thousands of kernels).
std::vector<std::string> topNames(const Side &s, const std::vector<uint32_t> &ids, size_t n = 3)
{
    std::unordered_map<StrId, Ns> byId;
    for (uint32_t id : ids)
        byId[s.t->trace->store.kernels.name[id]] += s.dur(id);
    std::map<std::string, Ns> t;
    for (const auto &[name, ns] : byId)
        t[std::string(s.t->trace->store.str(name))] += ns;
    std::vector<std::pair<Ns, std::string>> v;
    for (auto &[name, ns] : t)
        v.push_back({ns, name});
    std::sort(v.begin(), v.end(), [](auto &x, auto &y) { return x.first != y.first ? x.first > y.first : x.second < y.second; });
    std::vector<std::string> out;
    for (size_t i = 0; i < v.size() && i < n; ++i)
        out.push_back(v[i].second);
    return out;
}

void addLocations(const Side &s, const std::vector<uint32_t> &ids, std::vector<std::string> &out)
{
    std::unordered_map<uint32_t, Ns> byIndex;
    for (uint32_t id : ids)
        if (s.t->attribution.location[id] != 0)
            byIndex[s.t->attribution.location[id]] += s.dur(id);
    std::map<std::string, Ns> t;  // locations of different stacks may share a display
    for (const auto &[index, ns] : byIndex)
        t[s.t->attribution.locations[index].display] += ns;
    std::vector<std::pair<Ns, std::string>> v;
    for (auto &[loc, ns] : t)
        v.push_back({ns, loc});
    std::sort(v.begin(), v.end(), [](auto &x, auto &y) { return x.first > y.first; });
    for (size_t i = 0; i < v.size() && i < 3; ++i)
        if (std::find(out.begin(), out.end(), v[i].second) == out.end())
            out.push_back(v[i].second);
}

// Appends without sorting: findings collect kernels from thousands of gap runs, and sorting on every
// append made that quadratic. normalize() sorts and dedups once at the end.
void append(std::vector<uint32_t> &to, const std::vector<uint32_t> &from) { to.insert(to.end(), from.begin(), from.end()); }

void normalize(std::vector<uint32_t> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

void appendUnique(std::vector<uint32_t> &to, const std::vector<uint32_t> &from)
{
    const auto mid = to.insert(to.end(), from.begin(), from.end());
    // Both are usually sorted already: merge them. (Sorting two sorted runs drove introsort into
    // its heap-sort fallback, over hundreds of thousands of ids per merged finding.)
    if (std::is_sorted(to.begin(), mid) && std::is_sorted(mid, to.end()))
        std::inplace_merge(to.begin(), mid, to.end());
    else
        std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
}

FusionFinding makeFinding(const std::string &op, const Side &fused, const char *method)
{
    FusionFinding f;
    f.operation = op;
    f.fusedSide = fused.tag;
    f.methods.push_back(method);
    return f;
}

std::vector<uint32_t> &kernelsOf(FusionFinding &f, const Side &s) { return s.tag == 'a' ? f.aKernels : f.bKernels; }

bool isFusedOp(const std::string &op) { return op.find('+') != std::string::npos; }

// Plain pieces of unfused ladders: elementwise, reduce, memory and indexing kernels.
bool isPlainPiece(const KernelClass &c)
{
    const std::string op = lower(c.op);
    return has(op, "elementwise") || has(op, "reduce") || has(op, "memory") || has(op, "index") || has(op, "copy");
}

// A stretch of an aligned layer pair between two paired kernels: what each side runs there that
// the other does not. One kernel on one side against a ladder of kernels on the other is a fusion.
struct GapRun {
    int32_t layerA = -1, layerB = -1;
    std::vector<uint32_t> a, b;     // one-sided kernels in the run, in order
    // The paired kernels right before and after the run: where its work went if it was fused away.
    uint32_t prevA = UINT32_MAX, prevB = UINT32_MAX, nextA = UINT32_MAX, nextB = UINT32_MAX;
    bool partial = false;           // the run's ops also run paired elsewhere in the layer
};

std::vector<GapRun> gapRuns(const Comparison &c)
{
    std::vector<GapRun> runs;
    for (const LayerPair &lp : c.layers.pairs) {
        if (lp.a < 0 || lp.b < 0)
            continue;
        std::set<std::string> pairedOps;
        for (const KernelPair &kp : lp.kernels)
            if (!kp.isGap())
                pairedOps.insert(kp.op);
        GapRun cur;
        uint32_t prevA = UINT32_MAX, prevB = UINT32_MAX;
        auto flush = [&](uint32_t nextA, uint32_t nextB) {
            if (!cur.a.empty() || !cur.b.empty()) {
                cur.layerA = lp.a;
                cur.layerB = lp.b;
                cur.prevA = prevA;
                cur.prevB = prevB;
                cur.nextA = nextA;
                cur.nextB = nextB;
                runs.push_back(std::move(cur));
            }
            cur = GapRun{};
        };
        for (const KernelPair &kp : lp.kernels) {
            if (kp.isGap()) {
                cur.a.insert(cur.a.end(), kp.aKernels.begin(), kp.aKernels.end());
                cur.b.insert(cur.b.end(), kp.bKernels.begin(), kp.bKernels.end());
                cur.partial = cur.partial || pairedOps.count(kp.op);
                continue;
            }
            flush(kp.aKernels.front(), kp.bKernels.front());
            prevA = kp.aKernels.front();
            prevB = kp.bKernels.front();
        }
        flush(UINT32_MAX, UINT32_MAX);
    }
    return runs;
}

// 1 and 2. Differences inside aligned layers, one gap run at a time:
//   • one kernel (or fewer kernels) on one side against a longer ladder on the other: the shorter
//     side fuses; the operation is its kernel's op (aligned_one_sided, or explicit_fused_op when the
//     op names its parts with '+');
//   • kernels on one side with nothing in their place on the other: the other side fuses them into a
//     neighbouring kernel (aligned_one_sided, or aligned_partial when the op also runs paired).
// Explicit fused ops the alignment could not place (no layers) are found globally.
void alignedDifferences(const Side &a, const Side &b, const Comparison &c, std::vector<FusionFinding> &out)
{
    std::map<std::pair<std::string, char>, FusionFinding> acc;
    auto findingFor = [&](const std::string &op, const Side &fused, const char *method) -> FusionFinding & {
        auto key = std::make_pair(op, fused.tag);
        auto it = acc.find(key);
        if (it == acc.end())
            it = acc.emplace(key, makeFinding(op, fused, method)).first;
        else if (std::find(it->second.methods.begin(), it->second.methods.end(), method) == it->second.methods.end())
            it->second.methods.push_back(method);
        return it->second;
    };
    auto smallTime = [](const Side &s, const std::vector<uint32_t> &ids) {
        Ns t = 0;
        for (uint32_t id : ids)
            if (!isBigOp(s.op(id)))
                t += s.dur(id);
        return t;
    };
    std::set<std::pair<std::string, char>> replacing;  // findings where one kernel replaces a ladder
    // Kernels one side runs with nothing in their place on the other: the other side fused them away.
    auto extraKernels = [&](const Side &unfused, const Side &fused, const std::vector<uint32_t> &uids,
                            std::initializer_list<uint32_t> neighbours, bool partial) {
        std::map<std::string, std::vector<uint32_t>> byOp;
        for (uint32_t id : uids)
            byOp[unfused.op(id)].push_back(id);
        for (auto &[op, ids] : byOp) {
            if (op == "Other")
                continue;
            if (isFusedOp(op)) {
                // A fused kernel with nothing in its place: its side fuses (the pieces on the other
                // side were aligned elsewhere in the layer).
                FusionFinding &f = findingFor(op, unfused, "aligned_one_sided");
                append(kernelsOf(f, unfused), ids);
                f.count += ids.size();
                continue;
            }
            FusionFinding &f = findingFor(op, fused, partial ? "aligned_partial" : "aligned_one_sided");
            append(kernelsOf(f, unfused), ids);
            for (uint32_t neighbour : neighbours) {
                if (neighbour == UINT32_MAX)
                    continue;
                append(kernelsOf(f, fused), {neighbour});
                const std::string n = fused.name(neighbour);
                if (std::find(f.fusedKernels.begin(), f.fusedKernels.end(), n) == f.fusedKernels.end()
                    && f.fusedKernels.size() < 3)
                    f.fusedKernels.push_back(n);
            }
            f.count += ids.size();
            f.timeAtStake += unfused.total(ids);
        }
    };
    for (const GapRun &run : gapRuns(c)) {
        if (!run.a.empty() && !run.b.empty()) {
            if (run.a.size() == run.b.size())
                continue;  // the same number of different kernels: not a fusion
            const bool aFuses = run.a.size() < run.b.size();
            const Side &fused = aFuses ? a : b, &unfused = aFuses ? b : a;
            const auto &fids = aFuses ? run.a : run.b;
            const auto &uids = aFuses ? run.b : run.a;
            // Name the fusion after the fusing side's most expensive kernel in the run.
            const uint32_t lead = *std::max_element(fids.begin(), fids.end(),
                                                    [&](uint32_t x, uint32_t y) { return fused.dur(x) < fused.dur(y); });
            const std::string &op = fused.op(lead);
            if (isPlainPiece(fused.t->classes.ofKernel(lead))) {
                // Plain kernels on both sides, more on one: the surplus of each op is extra work.
                std::map<std::string, std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> perOp;
                for (uint32_t id : run.a)
                    perOp[a.op(id)].first.push_back(id);
                for (uint32_t id : run.b)
                    perOp[b.op(id)].second.push_back(id);
                for (auto &[pop, ab] : perOp) {
                    const bool aMore = ab.first.size() > ab.second.size();
                    const auto &more = aMore ? ab.first : ab.second;
                    const size_t surplus = aMore ? ab.first.size() - ab.second.size() : ab.second.size() - ab.first.size();
                    if (surplus > 0)
                        extraKernels(aMore ? a : b, aMore ? b : a,
                                     std::vector<uint32_t>(more.end() - long(surplus), more.end()),
                                     {aMore ? run.prevB : run.prevA, aMore ? run.nextB : run.nextA}, true);
                }
                continue;
            }
            FusionFinding &f = findingFor(op, fused, isFusedOp(op) ? "explicit_fused_op" : "aligned_one_sided");
            replacing.insert({op, fused.tag});
            f.standalone = true;
            if (isFusedOp(op) && std::find(f.methods.begin(), f.methods.end(), "aligned_one_sided") == f.methods.end())
                f.methods.push_back("aligned_one_sided");
            append(kernelsOf(f, fused), fids);
            append(kernelsOf(f, unfused), uids);
            f.count += 1;
            f.timeAtStake += smallTime(unfused, uids);
            continue;
        }
        const bool aExtra = !run.a.empty();
        extraKernels(aExtra ? a : b, aExtra ? b : a, aExtra ? run.a : run.b,
                     {aExtra ? run.prevB : run.prevA, aExtra ? run.nextB : run.nextA}, run.partial);
    }
    for (auto &[key, f] : acc) {
        normalize(f.aKernels);
        normalize(f.bKernels);
        const Side &fused = f.fusedSide == 'a' ? a : b, &unfused = f.fusedSide == 'a' ? b : a;
        const auto &uids = kernelsOf(f, unfused);
        const auto &fids = kernelsOf(f, fused);
        const bool replaced = replacing.count(key) > 0;
        if (replaced) {
            f.fusedKernels = topNames(fused, fids);
            f.unfusedComponents = topNames(unfused, uids, 6);
            f.evidence = fused.label + " runs " + key.first + " as one kernel (" + std::to_string(f.count) + "× in aligned layers) where "
                         + unfused.label + " runs " + std::to_string(uids.size()) + " separate kernels";
        } else {
            f.unfusedComponents = topNames(unfused, uids);
            const bool partial = std::find(f.methods.begin(), f.methods.end(), "aligned_partial") != f.methods.end();
            f.evidence = unfused.label + " runs " + std::to_string(uids.size()) + " " + key.first + " kernels in aligned layers that "
                         + fused.label + " does not" + (partial ? " (it runs fewer of them there)" : "") + ": "
                         + fused.label + " fuses them into a neighbouring kernel";
        }
        addLocations(unfused, uids, f.locations);
        addLocations(fused, fids, f.locations);
        out.push_back(std::move(f));
    }
}

// 1 (global). An op with '+' on one side only, wherever it runs (also when no layers were found).
void explicitFusedOps(const Side &fused, const Side &other, std::vector<FusionFinding> &out)
{
    for (const auto &[op, ids] : fused.byOp) {
        if (!isFusedOp(op) || other.byOp.count(op))
            continue;
        FusionFinding f = makeFinding(op, fused, "explicit_fused_op");
        const KernelClass &cls = fused.t->classes.ofKernel(ids.front());
        const auto components = componentsOf(op, cls.fusedWith);
        f.fusedKernels = topNames(fused, ids);
        f.count = ids.size();
        kernelsOf(f, fused) = ids;
        std::string comps;
        for (const std::string &cmp : components)
            comps += (comps.empty() ? "" : " + ") + cmp;
        // Without aligned layers the pieces are unknown; at most one small component kernel per
        // fused kernel is a conservative estimate of the time at stake.
        std::vector<uint32_t> pieces;
        for (const std::string &comp : components)
            for (const auto &[oop, oids] : other.byOp)
                if (!isBigOp(oop) && opMatchesComponent(oop, comp))
                    pieces.insert(pieces.end(), oids.begin(), oids.begin() + long(std::min(oids.size(), ids.size())));
        std::sort(pieces.begin(), pieces.end());
        pieces.erase(std::unique(pieces.begin(), pieces.end()), pieces.end());
        kernelsOf(f, other) = pieces;
        f.timeAtStake = other.total(pieces);
        f.unfusedComponents = pieces.empty() ? components : topNames(other, pieces, 6);
        f.evidence = fused.label + " runs " + op + " as one kernel (" + std::to_string(ids.size()) + "×); "
                     + other.label + " has no such kernel and runs " + comps + " separately";
        addLocations(fused, ids, f.locations);
        out.push_back(std::move(f));
    }
}

// 3. An op unique to one side, seen ≥5 times, preceded by the same op in >80 % of cases: the other
// side likely fuses [predecessor + op] into the predecessor.
void sequencePatterns(const Side &s, const Side &other, std::vector<FusionFinding> &out)
{
    for (const auto &[op, ids] : s.byOp) {
        // A kernel that is itself a fused or composite op (RoPE, RMSNorm, SwiGLU…) present on one side
        // only means that side fuses; the aligned method reports it. This rule is for plain pieces.
        if (op == "Other" || other.byOp.count(op) || ids.size() < kSequenceMinOccurrences || isFusedOp(op)
            || !isPlainPiece(s.t->classes.ofKernel(ids.front())))
            continue;
        std::map<std::string, size_t> before;
        size_t pos = 0;
        for (uint32_t id : ids) {
            while (pos < s.ids.size() && s.ids[pos] < id)
                ++pos;
            if (pos > 0)
                before[s.op(s.ids[pos - 1])]++;
        }
        if (before.empty())
            continue;
        auto best = std::max_element(before.begin(), before.end(), [](auto &x, auto &y) { return x.second < y.second; });
        const double share = double(best->second) / double(ids.size());
        if (share <= kSequencePredecessorShare || !other.byOp.count(best->first) || best->first == op)
            continue;
        FusionFinding f = makeFinding(op, other, "sequence_pattern");
        f.count = ids.size();
        kernelsOf(f, s) = ids;
        kernelsOf(f, other) = other.byOp.at(best->first);
        f.fusedKernels = topNames(other, other.byOp.at(best->first), 2);
        f.unfusedComponents = topNames(s, ids);
        f.timeAtStake = s.total(ids);
        f.evidence = s.label + " runs " + op + " " + std::to_string(ids.size()) + "×, after " + best->first + " in "
                     + fmt("%.0f", share * 100) + " % of cases; " + other.label + " has no " + op + " and likely fuses "
                     + best->first + " + " + op + " into " + best->first;
        addLocations(s, ids, f.locations);
        out.push_back(std::move(f));
    }
}

// 4. Same op on both sides, count ratio ≥1.5 with ≥50 calls together: the side with fewer fuses.
void countImbalance(const Side &a, const Side &b, std::vector<FusionFinding> &out)
{
    for (const auto &[op, ia] : a.byOp) {
        auto jt = b.byOp.find(op);
        if (op == "Other" || jt == b.byOp.end())
            continue;
        const auto &ib = jt->second;
        if (ia.size() + ib.size() < kImbalanceMinCalls)
            continue;
        const double ratio = double(std::max(ia.size(), ib.size())) / double(std::min(ia.size(), ib.size()));
        if (ratio < kImbalanceRatio)
            continue;
        const bool aMore = ia.size() > ib.size();
        const Side &unfused = aMore ? a : b, &fused = aMore ? b : a;
        const auto &uids = aMore ? ia : ib, &fids = aMore ? ib : ia;
        FusionFinding f = makeFinding(op, fused, "count_imbalance");
        f.count = uids.size() - fids.size();
        kernelsOf(f, unfused) = uids;
        kernelsOf(f, fused) = fids;
        f.fusedKernels = topNames(fused, fids, 2);
        f.unfusedComponents = topNames(unfused, uids);
        f.timeAtStake = Ns(double(unfused.total(uids)) * double(f.count) / double(uids.size()));
        f.evidence = unfused.label + " calls " + op + " " + fmt("%.1f", ratio) + "× more (" + std::to_string(uids.size())
                     + " vs " + std::to_string(fids.size()) + "); " + fused.label + " likely fuses them";
        addLocations(unfused, uids, f.locations);
        out.push_back(std::move(f));
    }
}

// 5. Runs of one op whose average length (over runs of 2+) differs by more than 2×.
void chains(const Side &a, const Side &b, std::vector<FusionFinding> &out)
{
    auto runs = [](const Side &s) {
        std::map<std::string, std::vector<size_t>> r;
        for (size_t i = 0; i < s.ids.size();) {
            size_t j = i;
            while (j < s.ids.size() && s.op(s.ids[j]) == s.op(s.ids[i]))
                ++j;
            r[s.op(s.ids[i])].push_back(j - i);
            i = j;
        }
        return r;
    };
    const auto ra = runs(a), rb = runs(b);
    auto avgMulti = [](const std::vector<size_t> &v) {
        size_t sum = 0, n = 0;
        for (size_t x : v)
            if (x > 1)
                sum += x, ++n;
        return n ? double(sum) / double(n) : 1.0;
    };
    for (const auto &[op, va] : ra) {
        auto jt = rb.find(op);
        if (op == "Other" || jt == rb.end())
            continue;
        const double la = avgMulti(va), lb = avgMulti(jt->second);
        const double ratio = std::max(la, lb) / std::min(la, lb);
        const size_t na = a.byOp.at(op).size(), nb = b.byOp.at(op).size();
        if (ratio <= kChainRatio || (na > nb ? na - nb : nb - na) <= kChainMinCountDifference)
            continue;
        const bool aLonger = la > lb;
        const Side &unfused = aLonger ? a : b, &fused = aLonger ? b : a;
        const auto &uids = unfused.byOp.at(op), &fids = fused.byOp.at(op);
        FusionFinding f = makeFinding(op, fused, "chain");
        f.count = uids.size() > fids.size() ? uids.size() - fids.size() : 0;
        kernelsOf(f, unfused) = uids;
        kernelsOf(f, fused) = fids;
        f.fusedKernels = topNames(fused, fids, 2);
        f.unfusedComponents = topNames(unfused, uids);
        f.timeAtStake = uids.size() > fids.size()
                            ? Ns(double(unfused.total(uids)) * double(f.count) / double(uids.size())) : 0;
        f.evidence = unfused.label + " runs " + op + " in chains of " + fmt("%.1f", std::max(la, lb)) + " kernels, "
                     + fused.label + " in chains of " + fmt("%.1f", std::min(la, lb)) + " (" + fmt("%.1f", ratio) + "×)";
        addLocations(unfused, uids, f.locations);
        out.push_back(std::move(f));
    }
}

std::string sentence(std::string s)
{
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    if (!s.empty() && s.back() != '.')
        s += '.';
    return s;
}

void mergeInto(FusionFinding &to, FusionFinding &&from)
{
    for (auto &m : from.methods)
        if (std::find(to.methods.begin(), to.methods.end(), m) == to.methods.end())
            to.methods.push_back(m);
    // When a fused kernel is the finding, the fusing side's kernels are that kernel: the neighbours
    // that extra-kernel findings point at would only blur it. The unfused side takes everything.
    const bool toHasFusedKernel = to.standalone || std::find(to.methods.begin(), to.methods.end(), "explicit_fused_op") != to.methods.end();
    const bool fromHasFusedKernel = from.standalone || std::find(from.methods.begin(), from.methods.end(), "explicit_fused_op") != from.methods.end();
    const bool keepFusedSide = !toHasFusedKernel || fromHasFusedKernel;
    if (keepFusedSide || to.fusedSide != 'a')
        appendUnique(to.aKernels, from.aKernels);
    if (keepFusedSide || to.fusedSide != 'b')
        appendUnique(to.bKernels, from.bKernels);
    if (keepFusedSide)
        for (auto &n : from.fusedKernels)
            if (std::find(to.fusedKernels.begin(), to.fusedKernels.end(), n) == to.fusedKernels.end())
                to.fusedKernels.push_back(n);
    // Op names stand in for unfused pieces only when no kernel was found for them.
    const bool toHasPieces = !(to.fusedSide == 'a' ? to.bKernels : to.aKernels).empty();
    for (auto &n : from.unfusedComponents)
        if (std::find(to.unfusedComponents.begin(), to.unfusedComponents.end(), n) == to.unfusedComponents.end()
            && !(toHasPieces && fromHasFusedKernel && !from.standalone && (from.fusedSide == 'a' ? from.bKernels : from.aKernels).empty()))
            to.unfusedComponents.push_back(n);
    for (auto &l : from.locations)
        if (std::find(to.locations.begin(), to.locations.end(), l) == to.locations.end())
            to.locations.push_back(l);
    // Two methods describing one difference: do not add their time. The aligned estimate counts the
    // very kernels in place of the fused one, so it wins; otherwise keep the larger estimate.
    const bool aligned = std::any_of(to.methods.begin(), to.methods.end(), [](const std::string &m) {
        return m.rfind("aligned", 0) == 0;
    });
    if (!aligned)
        to.timeAtStake = std::max(to.timeAtStake, from.timeAtStake);
    // The count is the fused kernel's occurrences: the explicit method counts them over the whole trace.
    const bool explicitFrom = std::find(from.methods.begin(), from.methods.end(), "explicit_fused_op") != from.methods.end();
    if (explicitFrom || to.count == 0)
        to.count = std::max(to.count, from.count);
    if (!from.evidence.empty() && to.evidence.find(from.evidence) == std::string::npos)
        to.evidence = sentence(to.evidence) + " " + sentence(from.evidence);
}

std::string confidenceOf(const FusionFinding &f)
{
    auto used = [&](const char *m) { return std::find(f.methods.begin(), f.methods.end(), m) != f.methods.end(); };
    const bool aligned = used("aligned_one_sided") || used("aligned_partial");
    if (used("explicit_fused_op") || (aligned && f.methods.size() >= 2))
        return "high";
    if (aligned || used("sequence_pattern"))
        return "medium";
    return "low";
}

} // namespace

std::vector<std::string> componentsOf(const std::string &fusedOp, const std::string &fusedWith)
{
    std::vector<std::string> out;
    const std::string &src = fusedWith.empty() ? fusedOp : fusedWith;
    const char sep = fusedWith.empty() ? '+' : (fusedWith.find(',') != std::string::npos ? ',' : '+');
    size_t start = 0;
    while (start <= src.size()) {
        size_t end = src.find(sep, start);
        if (end == std::string::npos)
            end = src.size();
        std::string part = src.substr(start, end - start);
        while (!part.empty() && part.front() == ' ')
            part.erase(part.begin());
        while (!part.empty() && part.back() == ' ')
            part.pop_back();
        if (!part.empty())
            out.push_back(part);
        start = end + 1;
    }
    return out;
}

bool opMatchesComponent(const std::string &op, const std::string &component)
{
    const std::string o = lower(op), c = lower(component);
    if (o == c || has(o, c.c_str()) || (!o.empty() && has(c, o.c_str())))
        return true;
    if (has(c, "gemm"))
        return has(o, "gemm");
    if (c == "add" || c == "residual" || c == "mul" || c == "bias")
        return has(o, "elementwise");
    if (has(c, "swiglu") || has(c, "silu") || has(c, "gelu") || has(c, "act"))
        return has(o, "activation") || has(o, "swiglu") || has(o, "silu") || has(o, "gelu");
    if (has(c, "quant"))
        return has(o, "quant");
    if (has(c, "norm"))
        return has(o, "norm");
    return false;
}

std::vector<FusionFinding> detectFusions(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c, Stage stage)
{
    const Side sa = makeSide(a, c.labelA, 'a', stage), sb = makeSide(b, c.labelB, 'b', stage);
    std::vector<FusionFinding> raw;
    alignedDifferences(sa, sb, c, raw);
    explicitFusedOps(sa, sb, raw);
    explicitFusedOps(sb, sa, raw);
    sequencePatterns(sa, sb, raw);
    sequencePatterns(sb, sa, raw);
    countImbalance(sa, sb, raw);
    chains(sa, sb, raw);

    // Merge findings about one difference: same operation and fused side first…
    std::vector<FusionFinding> merged;
    for (FusionFinding &f : raw) {
        auto it = std::find_if(merged.begin(), merged.end(), [&](const FusionFinding &m) {
            return m.operation == f.operation && m.fusedSide == f.fusedSide;
        });
        if (it == merged.end())
            merged.push_back(std::move(f));
        else
            mergeInto(*it, std::move(f));
    }
    // …then a plain op the fusing side lacks folds into that side's explicit fused op naming it.
    std::vector<FusionFinding> out;
    for (FusionFinding &f : merged)
        if (f.operation.find('+') != std::string::npos)
            out.push_back(std::move(f));
    for (FusionFinding &f : merged) {
        if (f.operation.empty() || f.operation.find('+') != std::string::npos)
            continue;
        // A kernel that stands in for a ladder on the other side (RMSNorm, RoPE…) is a difference of
        // its own; extra kernels, counts and chains fold into the fused op they belong to.
        if (f.standalone) {
            out.push_back(std::move(f));
            continue;
        }
        const std::vector<uint32_t> &mine = f.fusedSide == 'a' ? f.bKernels : f.aKernels;
        auto it = std::find_if(out.begin(), out.end(), [&](const FusionFinding &m) {
            if (m.fusedSide != f.fusedSide || m.operation.find('+') == std::string::npos)
                return false;
            for (const std::string &comp : componentsOf(m.operation))
                if (opMatchesComponent(f.operation, comp))
                    return true;
            // Or most of its unfused kernels are the pieces that fused op replaces.
            const std::vector<uint32_t> &theirs = m.fusedSide == 'a' ? m.bKernels : m.aKernels;
            size_t shared = 0;
            for (uint32_t id : mine)
                shared += std::binary_search(theirs.begin(), theirs.end(), id);
            return !mine.empty() && 2 * shared >= mine.size();
        });
        if (it == out.end())
            out.push_back(std::move(f));
        else
            mergeInto(*it, std::move(f));
    }
    for (FusionFinding &f : out) {
        f.confidence = confidenceOf(f);
        f.evidence = sentence(f.evidence);
    }
    std::sort(out.begin(), out.end(), [](const FusionFinding &x, const FusionFinding &y) {
        return x.timeAtStake != y.timeAtStake ? x.timeAtStake > y.timeAtStake : x.operation < y.operation;
    });
    return out;
}

} // namespace fusion
