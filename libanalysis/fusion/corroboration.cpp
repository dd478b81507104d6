#include "fusion/corroboration.h"
#include "classify/opnames.h"

#include <algorithm>
#include <map>

namespace fusion {

namespace {

struct StageKernels {
    const AnalyzedTrace *t = nullptr;
    TraceSide tag = TraceSide::A;
    std::vector<uint32_t> ids;  // kernels in the stage, in order
    std::map<std::string, std::vector<uint32_t>> byOp;
    const std::string &op(uint32_t id) const { return t->classes.opOf(id); }
};

StageKernels makeSide(const AnalyzedTrace &t, TraceSide tag, Stage stage)
{
    StageKernels s;
    s.t = &t;
    s.tag = tag;
    const bool staged = t.stages.hasPrefill || t.stages.hasDecode;
    // The op's list per class, found on the class's first kernel: one string lookup per class.
    std::vector<std::vector<uint32_t> *> listOfClass(t.classes.classes.size(), nullptr);
    for (uint32_t id = 0; id < t.trace->store.kernels.size(); ++id)
        if (t.stages.ofKernel[id] != Stage::Outside && (stage == Stage::All || !staged || t.stages.ofKernel[id] == stage)) {
            s.ids.push_back(id);
            std::vector<uint32_t> *&list = listOfClass[t.classes.classOfKernel[id]];
            if (!list)
                list = &s.byOp[s.op(id)];
            list->push_back(id);
        }
    return s;
}

bool isPlainPiece(const std::string &op)
{
    static const char *plain[] = {"Elementwise", "Reduce", "Memory", "Index", "Copy"};
    return std::any_of(std::begin(plain), std::end(plain), [&](const char *p) { return op.find(p) != std::string::npos; });
}

void sequencePatterns(const StageKernels &s, const StageKernels &other, std::vector<Corroboration> &out)
{
    for (const auto &[op, ids] : s.byOp) {
        if (isOtherOp(op) || other.byOp.count(op) || ids.size() < kSequenceMinOccurrences || !isPlainPiece(op))
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
        if (double(best->second) / double(ids.size()) > kSequencePredecessorShare && other.byOp.count(best->first)
            && best->first != op)
            out.push_back({op, other.tag, FusionMethod::SequencePattern});
    }
}

void countImbalance(const StageKernels &a, const StageKernels &b, std::vector<Corroboration> &out)
{
    for (const auto &[op, ia] : a.byOp) {
        auto jt = b.byOp.find(op);
        if (isOtherOp(op) || jt == b.byOp.end() || ia.size() + jt->second.size() < kImbalanceMinCalls)
            continue;
        const size_t na = ia.size(), nb = jt->second.size();
        if (double(std::max(na, nb)) / double(std::min(na, nb)) >= kImbalanceRatio)
            out.push_back({op, na > nb ? TraceSide::B : TraceSide::A, FusionMethod::CountImbalance});
    }
}

void chains(const StageKernels &a, const StageKernels &b, std::vector<Corroboration> &out)
{
    auto runs = [](const StageKernels &s) {
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
    auto avgMulti = [](const std::vector<size_t> &v) {
        size_t sum = 0, n = 0;
        for (size_t x : v)
            if (x > 1)
                sum += x, ++n;
        return n ? double(sum) / double(n) : 1.0;
    };
    const auto ra = runs(a), rb = runs(b);
    for (const auto &[op, va] : ra) {
        auto jt = rb.find(op);
        if (isOtherOp(op) || jt == rb.end())
            continue;
        const double la = avgMulti(va), lb = avgMulti(jt->second);
        const size_t na = a.byOp.at(op).size(), nb = b.byOp.at(op).size();
        if (std::max(la, lb) / std::min(la, lb) > kChainRatio && (na > nb ? na - nb : nb - na) > kChainMinCountDifference)
            out.push_back({op, la > lb ? TraceSide::B : TraceSide::A, FusionMethod::Chain});
    }
}

} // namespace

std::vector<Corroboration> countBasedHints(const AnalyzedTrace &a, const AnalyzedTrace &b, Stage stage)
{
    const StageKernels sa = makeSide(a, TraceSide::A, stage), sb = makeSide(b, TraceSide::B, stage);
    std::vector<Corroboration> out;
    sequencePatterns(sa, sb, out);
    sequencePatterns(sb, sa, out);
    countImbalance(sa, sb, out);
    chains(sa, sb, out);
    return out;
}

} // namespace fusion
