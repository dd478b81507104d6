#include "commands.h"

#include "compare/comparison.h"
#include "ranks/rankpairs.h"
#include "report/comparereport.h"
#include "report/rankreport.h"

#include <algorithm>

namespace fusion::cli {

namespace {

// "Ranks: rank 0 of A's 4 traces against rank 0 of B's 4 (the lowest of each; …)": said whenever a
// side holds several, so that nobody mistakes one rank for the run.
std::string rankLine(const CliArgs &args, const RunSide &a, const RunSide &b)
{
    auto side = [](const char *name, const RunSide &s) {
        const TraceMember &m = s.members[s.index];
        return rankName(m) + " of " + name + (s.members.size() > 1 ? "'s " + std::to_string(s.members.size()) + " traces"
                                                                   : std::string(" (its only trace)"));
    };
    return "Ranks: " + side("A", a) + " against " + side("B", b)
           + (args.rank >= 0 ? " (--rank " + std::to_string(args.rank) + ")"
                             : " (the lowest of each; --rank N picks another, --ranks all compares every pair)");
}

int compareEveryRank(const CliArgs &args, const RunSide &a, const RunSide &b, const AnalyzeOptions &ao,
                     const CompareOptions &co)
{
    RankPairOptions o;
    for (LoadOptions *lo : {&o.loadA, &o.loadB}) {
        lo->device = args.device;
        lo->maxBytes = args.maxBytes;
        lo->parseThreads = 1;  // the two sides of a pair load side by side
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
    const AnalyzeOptions ao = analyzeOptionsOf(args);
    CompareOptions co;
    if (!parseStage(args.stage, co.stage))
        throw UsageError{"unknown stage " + args.stage};
    const RunSide sa = runSide(args, args.positional[0]), sb = runSide(args, args.positional[1]);
    if (args.ranksAll)
        return compareEveryRank(args, sa, sb, ao, co);
    const auto [a, b] = loadPair(args, ao, sa, sb);
    keepUntilExit(a);
    keepUntilExit(b);
    // The comparison is kept until exit like the traces: its hundreds of thousands of kernel pairs
    // need no freeing.
    if (args.format == "json") {
        withOutput(args, [&](std::ostream &out) {
            JsonWriter w(out);
            TaskPool pool;  // the second core takes blocks of the large arrays as the first does
            PoolHelper helper(pool);
            w.setPool(&pool);
            // Most of the document is written while the comparison works out its findings.
            keepUntilExit(std::make_shared<const Comparison>(compareWritingJson(w, *a, *b, co, [&](JsonWriter &j) {
                j.key("compared_ranks").beginObject();
                j.field("a", int64_t(sa.members[sa.index].rank));
                j.field("b", int64_t(sb.members[sb.index].rank));
                j.field("a_ranks", uint64_t(sa.members.size()));
                j.field("b_ranks", uint64_t(sb.members.size()));
                j.field("chosen_by", args.rank >= 0 ? "option" : "lowest");
                j.endObject();
            })));
        });
        return ExitOk;
    }
    const auto kept = std::make_shared<const Comparison>(compareTraces(*a, *b, co));
    keepUntilExit(kept);
    const Comparison &c = *kept;
    const bool severalRanks = sa.members.size() > 1 || sb.members.size() > 1;
    if (args.format == "csv") {
        if (args.out.empty())
            throw UsageError{"compare --format csv writes one file per table: give a directory with --out DIR"};
        writeCsvFiles(args.out, compareCsvTables(*a, *b, c));
        return ExitOk;
    }
    withOutput(args, [&](std::ostream &out) {
        if (args.format == "md") {
            writeCompareMarkdown(out, *a, *b, c);
            if (severalRanks)
                out << "\n_" << rankLine(args, sa, sb) << "._\n";
        } else {
            if (severalRanks)
                out << rankLine(args, sa, sb) << '\n';
            writeCompareText(out, *a, *b, c, args.limit ? args.limit : 20);
        }
    });
    return ExitOk;
}

} // namespace fusion::cli
