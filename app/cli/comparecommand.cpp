#include "commands.h"

#include "classify/kernelregistry.h"
#include "compare/comparison.h"
#include "ranks/rankpairs.h"
#include "report/comparereport.h"
#include "report/rankreport.h"

#include <algorithm>
#include <future>

namespace fusion::cli {

namespace {

// One side's traces and the one compared.
struct Side {
    std::string path;
    std::vector<TraceMember> members;
    std::vector<std::string> warnings;  // the listing's
    size_t index = 0;
};

// The member --rank asks for; a side holding one trace is compared as it is, whatever its rank.
size_t chooseMember(const CliArgs &args, Side &side)
{
    if (side.members.size() > 1)
        return memberOfRank(side.path, side.members, args.rank);
    const TraceMember &only = side.members.front();
    if (args.rank >= 0 && only.rank >= 0 && only.rank != args.rank)
        side.warnings.push_back(side.path + " holds one trace, of rank " + std::to_string(only.rank)
                                + ": compared as it is with rank " + std::to_string(args.rank) + " of the other side");
    return 0;
}

// "Ranks: rank 0 of A's 4 traces against rank 0 of B's 4 (the lowest of each; …)": said whenever a
// side holds several, so that nobody mistakes one rank for the run.
std::string rankLine(const CliArgs &args, const Side &a, const Side &b)
{
    auto side = [](const char *name, const Side &s) {
        const TraceMember &m = s.members[s.index];
        return rankName(m) + " of " + name + (s.members.size() > 1 ? "'s " + std::to_string(s.members.size()) + " traces"
                                                                   : std::string(" (its only trace)"));
    };
    return "Ranks: " + side("A", a) + " against " + side("B", b)
           + (args.rank >= 0 ? " (--rank " + std::to_string(args.rank) + ")"
                             : " (the lowest of each; --rank N picks another, --ranks all compares every pair)");
}

int compareEveryRank(const CliArgs &args, Side &a, Side &b, const AnalyzeOptions &ao, const CompareOptions &co)
{
    RankPairOptions o;
    for (LoadOptions *lo : {&o.loadA, &o.loadB}) {
        lo->device = args.device;
        lo->maxBytes = args.maxBytes;
    }
    o.loadA.label = args.labelA;
    o.loadB.label = args.labelB;
    o.analyze = ao;
    o.compare = co;
    const RankPairTable table = compareRankPairs(a.path, a.members, b.path, b.members, o);
    if (args.format == "csv") {
        if (args.out.empty())
            throw UsageError{"compare --format csv writes one file per table: give a directory with --out DIR"};
        writeCsvFiles(args.out, {{"rank_pairs", rankPairsCsv(table)}});
        return ExitOk;
    }
    withOutput(args, [&](std::ostream &out) {
        if (args.format == "json") {
            JsonWriter w(out);
            writeRankPairsJson(w, table, ao.scope, co.stage);
        } else if (args.format == "md") {
            writeRankPairsMarkdown(out, table, ao.scope);
        } else {
            writeRankPairsText(out, table, ao.scope);
        }
    });
    return ExitOk;
}

} // namespace

int compareCommand(const CliArgs &args)
{
    if (args.positional.size() != 2)
        throw UsageError{"compare takes two traces: A B"};
    if (args.ranksAll && std::count(args.given.begin(), args.given.end(), "--rank"))
        throw UsageError{"--rank N compares one rank, --ranks all every rank: give one of them"};
    AnalyzeOptions ao;
    ao.scope = scopeOf(args);
    ao.registry = args.registry.empty() ? KernelRegistry::builtin() : KernelRegistry::load({args.registry});
    CompareOptions co;
    if (!parseStage(args.stage, co.stage))
        throw UsageError{"unknown stage " + args.stage};
    Side a{args.positional[0], {}, {}, 0}, b{args.positional[1], {}, {}, 0};
    for (Side *s : {&a, &b})
        s->members = listTraceMembers(s->path, &s->warnings);
    if (args.ranksAll)
        return compareEveryRank(args, a, b, ao, co);
    a.index = chooseMember(args, a);
    b.index = chooseMember(args, b);
    auto load = [&](const Side &s, const std::string &label) {
        LoadOptions lo;
        lo.rank = args.rank;
        lo.device = args.device;
        lo.maxBytes = args.maxBytes;
        lo.label = label;
        return loadAndAnalyzeMember(s.path, s.members, s.index, lo, ao, s.warnings);
    };
    // Both traces load and analyse in parallel (one core each).
    auto fa = std::async(std::launch::async, load, std::cref(a), args.labelA);
    auto tb = load(b, args.labelB);
    auto ta = fa.get();
    checkStepExists(*ta, ao.scope);
    checkStepExists(*tb, ao.scope);
    const Comparison c = compareTraces(*ta, *tb, co);
    const bool severalRanks = a.members.size() > 1 || b.members.size() > 1;
    if (args.format == "csv") {
        if (args.out.empty())
            throw UsageError{"compare --format csv writes one file per table: give a directory with --out DIR"};
        writeCsvFiles(args.out, compareCsvTables(*ta, *tb, c));
        return ExitOk;
    }
    withOutput(args, [&](std::ostream &out) {
        if (args.format == "json") {
            JsonWriter w(out);
            writeCompareJson(w, *ta, *tb, c, [&](JsonWriter &j) {
                j.key("compared_ranks").beginObject();
                j.field("a", int64_t(a.members[a.index].rank));
                j.field("b", int64_t(b.members[b.index].rank));
                j.field("a_ranks", uint64_t(a.members.size()));
                j.field("b_ranks", uint64_t(b.members.size()));
                j.field("chosen_by", args.rank >= 0 ? "option" : "lowest");
                j.endObject();
            });
        } else if (args.format == "md") {
            writeCompareMarkdown(out, *ta, *tb, c);
            if (severalRanks)
                out << "\n_" << rankLine(args, a, b) << "._\n";
        } else {
            if (severalRanks)
                out << rankLine(args, a, b) << '\n';
            writeCompareText(out, *ta, *tb, c, args.limit ? args.limit : 20);
        }
    });
    return ExitOk;
}

} // namespace fusion::cli
