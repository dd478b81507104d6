#include "commands.h"

#include "analyzed/analyzedtrace.h"
#include "classify/kernelregistry.h"
#include "export/outputfile.h"
#include "report/rankreport.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <future>
#include <iostream>
#include <map>
#include <stdexcept>

namespace fusion::cli {

void withOutput(const CliArgs &args, const std::function<void(std::ostream &)> &write)
{
    if (args.out.empty() || args.out == "-") {
        write(std::cout);
        return;
    }
    // Written beside the name and renamed into place once whole: `compare` writes while it still
    // compares, and a run that fails leaves the report from before, not half a document.
    // An --out that cannot be written is a usage error (exit 2); what write() throws passes as it is.
    auto usage = [](auto &&step) {
        try {
            return step();
        } catch (const std::runtime_error &e) {
            throw UsageError{e.what()};
        }
    };
    auto file = usage([&] { return std::make_unique<OutputFile>(args.out, OutputFile::Compression::None); });
    write(file->stream());
    usage([&] { file->commit(); });
}

bool outIsDirectory(const CliArgs &args)
{
    std::error_code ec;
    return !args.out.empty() && (args.out.back() == '/' || std::filesystem::is_directory(args.out, ec));
}

void writeCsvFiles(const std::string &dir, const std::map<std::string, std::string> &tables)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    for (const auto &[name, text] : tables) {
        const std::filesystem::path file = std::filesystem::path(dir) / (name + ".csv");
        std::ofstream f(file, std::ios::binary);
        if (!(f << text))
            throw UsageError{"cannot write " + file.string()};
    }
}

void writeCsvOutput(const CliArgs &args, const std::string &table, const std::string &text, const RankTable *ranks)
{
    if (outIsDirectory(args)) {
        std::map<std::string, std::string> tables{{table, text}};
        if (ranks)
            tables["ranks"] = rankTableCsv(*ranks);
        writeCsvFiles(args.out, tables);
        return;
    }
    withOutput(args, [&](std::ostream &out) { out << text; });
    if (ranks)
        std::cerr << "fusionscope-cli: the per-rank table is a CSV table of its own: --out DIR writes " << table
                  << ".csv and ranks.csv there\n";
}

std::optional<RankTable> rankTableOf(const CliArgs &args, const Trace &trace, const TraceClassification &classes,
                                     const TraceSteps &steps, const Scope &scope,
                                     std::shared_ptr<const KernelRegistry> registry)
{
    if (trace.members.size() < 2)
        return std::nullopt;
    RankTableOptions o;
    o.load.device = args.device;
    o.load.maxBytes = args.maxBytes;
    o.registry = std::move(registry);
    o.scope = scope;
    return measureRanks(trace, classes, steps, o);
}

AnalyzeOptions analyzeOptionsOf(const CliArgs &args)
{
    AnalyzeOptions ao;
    ao.scope = scopeOf(args);
    // A user's registry is read before the traces, so that a bad file fails fast, with its line
    // number. The built-in one is left to the first analysis that needs it (30 ms of regexes to
    // compile): for a pair, beside the other trace's load rather than before both.
    if (!args.registry.empty())
        ao.registry = KernelRegistry::load({args.registry});
    return ao;
}

std::shared_ptr<AnalyzedTrace> loadForCommand(const CliArgs &args, const AnalyzeOptions &options, const std::string &path,
                                              const std::string &label, int parseThreads)
{
    LoadOptions lo;
    lo.parseThreads = parseThreads;
    lo.rank = args.rank;
    lo.device = args.device;
    lo.maxBytes = args.maxBytes;
    lo.label = label;
    return loadAndAnalyze(path, lo, options);
}

RunSide runSide(const CliArgs &args, const std::string &path)
{
    RunSide side{path, {}, {}, 0};
    side.members = listTraceMembers(path, &side.warnings);
    if (side.members.size() > 1) {
        side.index = memberOfRank(path, side.members, args.rank);
        return side;
    }
    const TraceMember &only = side.members.front();
    if (args.rank >= 0 && only.rank >= 0 && only.rank != args.rank)
        side.warnings.push_back(path + " holds one trace, of rank " + std::to_string(only.rank)
                                + ": compared as it is with rank " + std::to_string(args.rank) + " of the other side");
    return side;
}

std::pair<std::shared_ptr<AnalyzedTrace>, std::shared_ptr<AnalyzedTrace>> loadPair(const CliArgs &args,
                                                                                   const AnalyzeOptions &options)
{
    return loadPair(args, options, runSide(args, args.positional[0]), runSide(args, args.positional[1]));
}

std::pair<std::shared_ptr<AnalyzedTrace>, std::shared_ptr<AnalyzedTrace>> loadPair(const CliArgs &args,
                                                                                   const AnalyzeOptions &options,
                                                                                   const RunSide &a, const RunSide &b)
{
    SideBySide pair;
    // The comparison comes next, then the process ends: nothing is handed back (analyzedtrace.h).
    AnalyzeOptions ao = options;
    ao.returnFreeMemory = false;
    auto load = [&](const RunSide &side, const std::string &label) {
        LoadOptions lo;
        lo.parseThreads = 1;
        lo.rank = args.rank;
        lo.device = args.device;
        lo.maxBytes = args.maxBytes;
        lo.label = label;
        return pair.side(ao, [&](const AnalyzeOptions &withPool) {
            return loadAndAnalyzeMember(side.path, side.members, side.index, lo, withPool, side.warnings);
        });
    };
    // Both traces load and analyse side by side, a core each.
    auto fa = std::async(std::launch::async, load, std::cref(a), std::cref(args.labelA));
    auto tb = load(b, args.labelB);
    auto ta = fa.get();
    checkStepExists(*ta, options.scope);
    checkStepExists(*tb, options.scope);
    return {ta, tb};
}

Scope scopeOf(const CliArgs &args)
{
    Scope scope;
    parseScope(args.scope, scope.kind);
    if (args.step) {
        if (scope.kind == Scope::Kind::All)
            throw UsageError{"--step picks one profiler step: it does not go with --scope all"};
        scope.step = *args.step;
    }
    return scope;
}

void checkStepExists(const AnalyzedTrace &t, const Scope &scope)
{
    if (std::string problem = missingStepMessage(t, scope); !problem.empty())
        throw UsageError{problem};
}

void keepUntilExit(std::shared_ptr<const void> data)
{
    static auto *const kept = new std::vector<std::shared_ptr<const void>>;  // never destroyed, on purpose
    kept->push_back(std::move(data));
}

int runCommand(const CliArgs &args)
{
    static const std::map<std::string, int (*)(const CliArgs &)> commands = {
        {"summary", summaryCommand},
        {"classify", classifyCommand},
        {"compare", compareCommand},
        {"triage", triageCommand},
        {"export", exportCommand},
    };
    auto it = commands.find(args.command);
    if (it == commands.end())
        throw UsageError{"unknown command '" + args.command + "' (summary, triage, compare, classify or export)"};
    checkOptionsApply(args);
    const bool formatGiven = std::find(args.given.begin(), args.given.end(), "--format") != args.given.end();
    if (args.command == "export") {
        if (formatGiven && args.format != "perfetto")
            throw UsageError{"export writes --format perfetto only (Chrome trace JSON for Perfetto UI and chrome://tracing)"};
        CliArgs exported = args;
        exported.format = "perfetto";
        return exportCommand(exported);
    }
    if (args.format == "perfetto")
        throw UsageError{"--format perfetto is written by export (fusionscope-cli export A [B] --out FILE.json)"};
    return it->second(args);
}

} // namespace fusion::cli
