#include "commands.h"

#include "analyzed/analyzedtrace.h"
#include "report/rankreport.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

namespace fusion::cli {

void withOutput(const CliArgs &args, const std::function<void(std::ostream &)> &write)
{
    if (args.out.empty() || args.out == "-") {
        write(std::cout);
        return;
    }
    std::ofstream f(args.out, std::ios::binary);
    if (!f)
        throw UsageError{"cannot write " + args.out};
    write(f);
    if (!f)
        throw UsageError{"error writing " + args.out};
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
    if (!scope.step)
        return;
    std::string have;
    for (const Step &st : t.steps.steps) {
        if (st.number == *scope.step)
            return;
        have += (have.empty() ? "" : ", ") + std::to_string(st.number);
    }
    throw UsageError{t.trace->path + " has no profiler step " + std::to_string(*scope.step)
                     + (have.empty() ? " (it has no steps)" : " (its steps: " + have + ")")};
}

int runCommand(const CliArgs &args)
{
    static const std::map<std::string, int (*)(const CliArgs &)> commands = {
        {"summary", summaryCommand},
        {"classify", classifyCommand},
        {"compare", compareCommand},
        {"triage", triageCommand},
    };
    auto it = commands.find(args.command);
    if (it == commands.end())
        throw UsageError{"unknown command '" + args.command + "' (summary, triage, compare or classify)"};
    checkOptionsApply(args);
    return it->second(args);
}

} // namespace fusion::cli
