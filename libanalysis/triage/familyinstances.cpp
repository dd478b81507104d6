#include "triage/familyinstances.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace fusion {

namespace {

// Foreign kernels (no piece of the family) allowed between two pieces of one split instance:
// inside one module call (e.g. the up-projection GEMM between SiLU and its multiply in an MLP)...
constexpr size_t kMaxGapInOneCall = 8;
// ...and where the trace names no module for any of them (the eps add between mean and rsqrt of
// an RMSNorm ladder whose kernels the trace does not link to their launch).
constexpr size_t kMaxGapWithoutModules = 1;

bool contains(const std::string &hay, const std::string &needle) { return hay.find(needle) != std::string::npos; }

std::string compact(const std::string &s)
{
    std::string out;
    for (char c : s) {
        c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))
            out += c;
    }
    return out;
}

bool siteMatches(const SiteMatcher &m, const FamilyRow &r)
{
    bool ok = m.kernel.empty() && m.cpuOp.empty();
    for (size_t i = 0; !ok && i < m.kernel.size(); ++i)
        ok = contains(r.lname, m.kernel[i]);
    for (size_t i = 0; !ok && i < m.cpuOp.size(); ++i)
        ok = r.lcpuOp == m.cpuOp[i];
    if (!ok)
        return false;
    // What the kernel is (its registry operation) is a requirement, not an alternative: a group
    // naming a quantization needs a kernel that quantizes, whatever words its name or site share.
    if (!m.op.empty() && std::find(m.op.begin(), m.op.end(), r.lop) == m.op.end())
        return false;
    if (std::find(m.notOp.begin(), m.notOp.end(), r.lop) != m.notOp.end())
        return false;
    if (!m.scope.empty()) {
        if (r.S.empty())
            return false;
        if (std::none_of(m.scope.begin(), m.scope.end(), [&](const std::string &s) { return contains(r.S, s); }))
            return false;
    }
    for (const std::string &k : m.notKernel)
        if (contains(r.lname, k))
            return false;
    for (const std::string &k : m.notScope)
        if (!r.S.empty() && contains(r.S, k))
            return false;
    return true;
}

bool isPrefix(const std::vector<std::string> &prefix, const std::vector<std::string> &chain)
{
    return prefix.size() <= chain.size() && std::equal(prefix.begin(), prefix.end(), chain.begin());
}

// stream[i] and stream[j] (i < j) run inside one module call: the module chain of one contains
// the other's, and every kernel between them runs inside the shorter chain. Module instance names
// repeat on every call, but two calls of one module never follow each other without kernels of
// other modules between them.
bool inOneCall(const std::vector<uint32_t> &stream, size_t i, size_t j, const TraceAttribution &attr)
{
    const auto &a = attr.scopeOf(stream[i]), &b = attr.scopeOf(stream[j]);
    if (a.empty() || b.empty())
        return false;
    const auto &outer = a.size() <= b.size() ? a : b;
    if (!isPrefix(outer, a.size() <= b.size() ? b : a))
        return false;
    for (size_t k = i + 1; k < j; ++k)
        if (!isPrefix(outer, attr.scopeOf(stream[k])))
            return false;
    return true;
}

bool withoutModules(const std::vector<uint32_t> &stream, size_t i, size_t j, const TraceAttribution &attr)
{
    for (size_t k = i; k <= j; ++k)
        if (!attr.scopeOf(stream[k]).empty())
            return false;
    return true;
}

// A.5 same_parent_scope on module instance chains: the follower runs inside the parent module call
// of the first kernel. A stage without any module path (a trace recorded without Python stacks)
// cannot tell, and adjacency alone decides there.
bool parentScopeOk(const FamilyStage &sd, const TraceAttribution &attr, uint32_t a, uint32_t b)
{
    const auto &pa = attr.scopeOf(a), &pb = attr.scopeOf(b);
    if (!sd.hasModulePaths)
        return true;
    if (pa.empty() || pb.empty())
        return false;
    return pb.size() >= pa.size() - 1 && std::equal(pa.begin(), pa.end() - 1, pb.begin());
}

void sortUnique(std::vector<uint32_t> &v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Split instances of a family without a sequence: runs of pieces on one stream (a piece: a kernel
// of some split group that is not the fused kernel), cut where a gap is too wide; a run holding
// every required group (context groups included) is an instance.
void findPieceRuns(const FusionFamily &f, const FamilyStage &sd, const std::vector<std::vector<char>> &groupHit,
                   const std::vector<char> &isPiece, const TraceAttribution &attr, std::vector<FamilyInstance> &out)
{
    const size_t groups = f.splitGroups.size();
    for (const auto &stream : sd.streams) {
        std::vector<size_t> run;  // positions in the stream
        auto close = [&] {
            std::vector<std::vector<uint32_t>> perGroup(groups);
            for (size_t pos : run) {
                const size_t row = size_t(sd.rowOf[stream[pos]]);
                for (size_t g = 0; g < groups; ++g)
                    if (groupHit[g][row])
                        perGroup[g].push_back(stream[pos]);
            }
            run.clear();
            for (size_t g = 0; g < groups; ++g)
                if (!f.splitGroups[g].optional && perGroup[g].empty())
                    return;
            FamilyInstance inst;
            for (size_t g = 0; g < groups; ++g) {
                if (!f.splitGroups[g].counted)
                    continue;
                inst.counted.insert(inst.counted.end(), perGroup[g].begin(), perGroup[g].end());
                if (!f.splitGroups[g].optional)
                    inst.requiredCounted.push_back(std::move(perGroup[g]));
            }
            sortUnique(inst.counted);
            if (!inst.counted.empty())
                out.push_back(std::move(inst));
        };
        for (size_t i = 0; i < stream.size(); ++i) {
            if (!isPiece[size_t(sd.rowOf[stream[i]])])
                continue;
            if (!run.empty()) {
                const size_t last = run.back(), gap = i - last - 1;
                const bool joins = gap == 0 || (gap <= kMaxGapInOneCall && inOneCall(stream, last, i, attr))
                                || (gap <= kMaxGapWithoutModules && withoutModules(stream, last, i, attr));
                if (!joins)
                    close();
            }
            run.push_back(i);
        }
        if (!run.empty())
            close();
    }
}

// Split instances of a sequence family (A.5): one per kernel of `first` followed on its stream by
// 1..max_follow kernels of `then`. Kernels taking part are marked in `inSequence`.
void findSequences(const FusionFamily &f, const FamilyStage &sd, const std::vector<std::vector<char>> &groupHit,
                   const TraceAttribution &attr, std::vector<char> &inSequence, std::vector<FamilyInstance> &out)
{
    const SequenceRule &seq = *f.sequence;
    const auto &firstHit = groupHit[size_t(seq.first)], &thenHit = groupHit[size_t(seq.then)];
    for (const auto &stream : sd.streams) {
        for (size_t i = 0; i < stream.size(); ++i) {
            const uint32_t a = stream[i];
            if (!firstHit[size_t(sd.rowOf[a])])
                continue;
            std::vector<uint32_t> followers;
            for (size_t j = i + 1; j < stream.size() && followers.size() < size_t(seq.maxFollow); ++j) {
                const uint32_t b = stream[j];
                if (!thenHit[size_t(sd.rowOf[b])])
                    break;
                if (seq.sameParentScope && !parentScopeOk(sd, attr, a, b))
                    break;
                followers.push_back(b);
            }
            if (followers.empty())
                continue;
            FamilyInstance inst;
            if (seq.count != SequenceRule::Count::Then)
                inst.counted.push_back(a);
            if (seq.count != SequenceRule::Count::First)
                inst.counted.insert(inst.counted.end(), followers.begin(), followers.end());
            sortUnique(inst.counted);
            inSequence[a] = 1;
            for (uint32_t b : followers)
                inSequence[b] = 1;
            out.push_back(std::move(inst));
        }
    }
}

} // namespace

bool rowMatches(const KeywordMatcher &m, const FamilyRow &r)
{
    bool hit = m.keywords.empty() && m.anyOf.empty() && !m.op.empty();
    for (size_t i = 0; !hit && i < m.keywords.size(); ++i) {
        const std::string &k = m.keywords[i];
        const std::string ck = compact(k);
        hit = contains(r.H, k) || (!ck.empty() && (contains(r.cname, ck) || contains(r.cloc, ck) || contains(r.ccpu, ck)));
    }
    hit = hit || std::any_of(m.anyOf.begin(), m.anyOf.end(), [&](const SiteMatcher &s) { return siteMatches(s, r); });
    if (!hit || (!m.op.empty() && std::find(m.op.begin(), m.op.end(), r.lop) == m.op.end()))
        return false;
    return std::find(m.notOp.begin(), m.notOp.end(), r.lop) == m.notOp.end();
}

std::vector<FamilyInstance> findFamilyInstances(const FusionFamily &f, const FamilyStage &sd, const TraceAttribution &attr)
{
    const size_t nRows = sd.rows.size();
    if (!f.needsOp.empty() && std::none_of(sd.rows.begin(), sd.rows.end(), [&](const FamilyRow &r) {
            return std::find(f.needsOp.begin(), f.needsOp.end(), r.lop) != f.needsOp.end();
        }))
        return {};
    std::vector<char> activeHit(nRows, 0);
    if (!f.active.empty())
        for (size_t i = 0; i < nRows; ++i)
            activeHit[i] = rowMatches(f.active, sd.rows[i]);
    std::vector<std::vector<char>> groupHit(f.splitGroups.size(), std::vector<char>(nRows, 0));
    for (size_t g = 0; g < f.splitGroups.size(); ++g)
        for (size_t i = 0; i < nRows; ++i)
            groupHit[g][i] = rowMatches(f.splitGroups[g].match, sd.rows[i]);

    std::vector<FamilyInstance> out;
    std::vector<char> inSequence;  // per kernel id, sequence families only
    if (f.sequence) {
        inSequence.assign(sd.rowOf.size(), 0);
        findSequences(f, sd, groupHit, attr, inSequence, out);
    } else if (!f.splitGroups.empty()) {
        // The fused kernel is a direct instance, never a piece of a split one.
        std::vector<char> isPiece(nRows, 0);
        for (size_t i = 0; i < nRows; ++i)
            for (size_t g = 0; g < f.splitGroups.size() && !activeHit[i]; ++g)
                isPiece[i] = isPiece[i] || groupHit[g][i];
        findPieceRuns(f, sd, groupHit, isPiece, attr, out);
    }
    // A kernel named like the fused kernel that is followed by the very piece it would fuse (a GEMM
    // called "..._relu" followed by a separate activation) did not fuse it: it belongs to that
    // split occurrence, not to a direct instance.
    for (size_t i = 0; i < nRows; ++i) {
        if (!activeHit[i])
            continue;
        for (uint32_t k : sd.rows[i].events) {
            if (!inSequence.empty() && inSequence[k])
                continue;
            FamilyInstance inst;
            inst.direct = true;
            inst.counted.push_back(k);
            out.push_back(std::move(inst));
        }
    }
    return out;
}

std::vector<FamilyStage> buildFamilyStages(const Trace &trace, const TraceAttribution &attr, const TraceClassification &classes,
                                           const TraceStages &stages, const SiteTexts &texts)
{
    const GpuOpTable &k = trace.store.kernels;
    const size_t n = k.size();
    Ns perStage[4] = {0, 0, 0, 0};  // by Stage; Outside is never analysed
    for (size_t i = 0; i < n; ++i)
        perStage[size_t(stages.ofKernel[i])] += k.dur[i];
    const Ns all = perStage[0] + perStage[1] + perStage[2];
    std::vector<FamilyStage> out;
    for (Stage st : {Stage::Prefill, Stage::Decode, Stage::All}) {
        const Ns t = perStage[size_t(st)];
        if (t <= 0)
            continue;
        // A few unclaimed kernels around stage-annotated work are not a stage of their own (E.4).
        if (st == Stage::All && !out.empty() && double(t) < 0.01 * double(all))
            continue;
        FamilyStage sd;
        sd.stage = st;
        sd.total = t;
        sd.rowOf.assign(n, -1);
        std::map<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>, int32_t> index;
        std::map<std::pair<int32_t, int32_t>, size_t> streamIndex;
        for (size_t i = 0; i < n; ++i) {
            if (stages.ofKernel[i] != st)
                continue;
            const uint32_t cls = i < classes.classOfKernel.size() ? classes.classOfKernel[i] : TraceClassification::kNoClass;
            const auto key = std::make_tuple(texts.nameOf[i], texts.cpuOpOf[i], attr.scope[i], attr.location[i], cls);
            auto [it, added] = index.try_emplace(key, int32_t(sd.rows.size()));
            if (added) {
                FamilyRow r;
                r.name = texts.nameOf[i];
                r.cpuOp = texts.cpuOpOf[i];
                r.scope = attr.scope[i];
                r.location = attr.location[i];
                r.kernelClass = cls;
                sd.rows.push_back(std::move(r));
            }
            FamilyRow &r = sd.rows[size_t(it->second)];
            r.events.push_back(uint32_t(i));
            r.total += k.dur[i];
            sd.rowOf[i] = it->second;
            sd.hasModulePaths = sd.hasModulePaths || attr.scope[i] != 0;
            auto [sit, snew] = streamIndex.try_emplace({k.device[i], k.stream[i]}, sd.streams.size());
            if (snew)
                sd.streams.emplace_back();
            sd.streams[sit->second].push_back(uint32_t(i));
        }
        for (auto &s : sd.streams)
            std::stable_sort(s.begin(), s.end(), [&](uint32_t a, uint32_t b) {
                return std::make_tuple(k.start[a], k.end(a), a) < std::make_tuple(k.start[b], k.end(b), b);
            });
        for (FamilyRow &r : sd.rows) {
            const std::string &name = texts.names[r.name];
            const std::string &op = texts.cpuOps[r.cpuOp];
            const SourceLocation &loc = attr.locations[r.location];
            const std::string &modulePath = texts.modulePaths[r.scope];
            r.lname = lowerAscii(name);
            r.lcpuOp = lowerAscii(op);
            if (r.kernelClass < classes.classes.size())
                r.lop = lowerAscii(classes.classes[r.kernelClass].op);
            r.H = lowerAscii(name + " " + loc.display + " " + op);
            if (!(modulePath.empty() && r.location == 0))
                r.S = lowerAscii(modulePath + " " + loc.display + " " + texts.stacks[r.location]);
            r.cname = compact(name);
            r.cloc = compact(loc.display);
            r.ccpu = compact(op);
        }
        out.push_back(std::move(sd));
    }
    return out;
}

} // namespace fusion
