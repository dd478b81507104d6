#include "ranks/rankpairs.h"

#include "trace/traceerror.h"

#include <cstdlib>
#include <future>
#include <map>

namespace fusion {

std::vector<RankPair> pairRanks(const std::vector<TraceMember> &a, const std::vector<TraceMember> &b)
{
    std::vector<RankPair> out;
    if (a.size() == 1 || b.size() == 1) {
        const bool aSingle = a.size() == 1;
        const std::vector<TraceMember> &many = aSingle ? b : a;
        for (size_t i = 0; i < many.size(); ++i) {
            const int single = (aSingle ? a : b)[0].rank;
            const int rank = many.size() > 1 || many[i].rank >= 0 ? many[i].rank : single;
            out.push_back(aSingle ? RankPair{rank, 0, int(i)} : RankPair{rank, int(i), 0});
        }
        return out;
    }
    std::map<int, RankPair> byRank;
    std::vector<RankPair> unknown;
    for (const auto *side : {&a, &b})
        for (size_t i = 0; i < side->size(); ++i) {
            const int rank = (*side)[i].rank;
            if (rank < 0) {
                unknown.push_back(side == &a ? RankPair{-1, int(i), -1} : RankPair{-1, -1, int(i)});
                continue;
            }
            RankPair &p = byRank.try_emplace(rank, RankPair{rank, -1, -1}).first->second;
            int &slot = side == &a ? p.a : p.b;
            if (slot < 0)
                slot = int(i);  // a rank claimed twice: the first, as --rank reads it
        }
    for (const auto &[rank, p] : byRank)
        out.push_back(p);
    out.insert(out.end(), unknown.begin(), unknown.end());
    return out;
}

RankPairTable compareRankPairs(const std::string &pathA, std::vector<TraceMember> membersA, const std::string &pathB,
                               std::vector<TraceMember> membersB, const RankPairOptions &options)
{
    RankPairTable table;
    table.labelA = options.loadA.label.empty() ? labelFromPath(pathA) : options.loadA.label;
    table.labelB = options.loadB.label.empty() ? labelFromPath(pathB) : options.loadB.label;
    table.membersA = std::move(membersA);
    table.membersB = std::move(membersB);
    const std::vector<RankPair> pairs = pairRanks(table.membersA, table.membersB);
    // A side holding one trace is read and analysed once for all its pairs.
    std::shared_ptr<AnalyzedTrace> single[2];
    auto analysed = [&](int side, int index) {
        const bool isA = side == 0;
        const std::vector<TraceMember> &members = isA ? table.membersA : table.membersB;
        if (members.size() == 1 && single[side])
            return single[side];
        auto t = loadAndAnalyzeMember(isA ? pathA : pathB, members, size_t(index), isA ? options.loadA : options.loadB,
                                      options.analyze);
        if (members.size() == 1)
            single[side] = t;
        return t;
    };
    size_t done = 0;
    for (const RankPair &p : pairs) {
        RankPairRow row;
        row.pair = p;
        if (p.a >= 0)
            row.aName = table.membersA[size_t(p.a)].display;
        if (p.b >= 0)
            row.bName = table.membersB[size_t(p.b)].display;
        if (p.a < 0 || p.b < 0) {
            row.note = p.rank < 0 ? "rank unknown: not paired" : p.a < 0 ? "only in B" : "only in A";
        } else {
            auto fa = std::async(std::launch::async, analysed, 0, p.a);
            const auto b = analysed(1, p.b);
            const auto a = fa.get();
            const Comparison c = compareTraces(*a, *b, options.compare);
            row.compared = true;
            row.aBusy = c.gap.busy.aTotal;
            row.bBusy = c.gap.busy.bTotal;
            row.aKernel = scopeGpuTime(*a->trace, a->classes, a->steps, a->scope).kernelTime;
            row.bKernel = scopeGpuTime(*b->trace, b->classes, b->steps, b->scope).kernelTime;
            for (const GapPart &part : c.gap.busy.parts)
                if (part.gap() != 0 && (!row.hasPart || std::llabs(part.gap()) > std::llabs(row.partGap))) {
                    row.hasPart = true;
                    row.partName = part.name;
                    row.partKind = part.kind;
                    row.partGap = part.gap();
                }
        }
        table.rows.push_back(std::move(row));
        if (options.progress && !options.progress(double(++done) / double(pairs.size())))
            throw Cancelled();
    }
    return table;
}

} // namespace fusion
