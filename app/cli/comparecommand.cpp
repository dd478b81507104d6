#include "commands.h"

#include "classify/kernelregistry.h"
#include "compare/comparison.h"
#include "report/comparereport.h"

#include <filesystem>
#include <fstream>
#include <future>

namespace fusion::cli {

int compareCommand(const CliArgs &args)
{
    if (args.positional.size() != 2)
        throw UsageError{"compare takes two traces: A B"};
    AnalyzeOptions ao;
    ao.scope = scopeOf(args);
    ao.registry = args.registry.empty() ? KernelRegistry::builtin() : KernelRegistry::load({args.registry});
    auto load = [&](const std::string &path, const std::string &label) {
        LoadOptions lo;
        lo.rank = args.rank;
        lo.device = args.device;
        lo.maxBytes = args.maxBytes;
        lo.label = label;
        lo.parseThreads = 1;  // the two traces load side by side, a core each
        return loadAndAnalyze(path, lo, ao);
    };
    // Both traces load and analyse in parallel (one core each).
    auto fa = std::async(std::launch::async, load, args.positional[0], args.labelA);
    auto b = load(args.positional[1], args.labelB);
    auto a = fa.get();
    checkStepExists(*a, ao.scope);
    checkStepExists(*b, ao.scope);
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
