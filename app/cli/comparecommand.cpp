#include "commands.h"

#include "compare/comparison.h"
#include "report/comparereport.h"

#include <filesystem>
#include <fstream>

namespace fusion::cli {

int compareCommand(const CliArgs &args)
{
    if (args.positional.size() != 2)
        throw UsageError{"compare takes two traces: A B"};
    const AnalyzeOptions ao = analyzeOptionsOf(args);
    const auto [a, b] = loadPair(args, ao);
    CompareOptions co;
    if (!parseStage(args.stage, co.stage))
        throw UsageError{"unknown stage " + args.stage};
    const Comparison c = compareTraces(*a, *b, co);
    if (args.format == "csv") {
        if (args.out.empty())
            throw UsageError{"compare --format csv writes one file per table: give a directory with --out DIR"};
        std::filesystem::create_directories(args.out);
        for (const auto &[name, text] : compareCsvTables(*a, *b, c)) {
            std::ofstream f(std::filesystem::path(args.out) / (name + ".csv"), std::ios::binary);
            if (!(f << text))
                throw UsageError{"cannot write " + args.out + "/" + name + ".csv"};
        }
        return ExitOk;
    }
    withOutput(args, [&](std::ostream &out) {
        if (args.format == "json") {
            JsonWriter w(out);
            writeCompareJson(w, *a, *b, c);
        } else if (args.format == "md") {
            writeCompareMarkdown(out, *a, *b, c);
        } else {
            writeCompareText(out, *a, *b, c, args.limit ? args.limit : 20);
        }
    });
    return ExitOk;
}

} // namespace fusion::cli
