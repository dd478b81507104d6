#include "commands.h"

#include "analyzed/analyzedtrace.h"
#include "classify/kernelregistry.h"

#include <algorithm>
#include <fstream>
#include <future>
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

AnalyzeOptions analyzeOptionsOf(const CliArgs &args)
{
    AnalyzeOptions ao;
    ao.scope = scopeOf(args);
    // Loaded before the traces so that a bad registry file fails fast, with its line number.
    ao.registry = args.registry.empty() ? KernelRegistry::builtin() : KernelRegistry::load({args.registry});
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

std::pair<std::shared_ptr<AnalyzedTrace>, std::shared_ptr<AnalyzedTrace>> loadPair(const CliArgs &args,
                                                                                   const AnalyzeOptions &options)
{
    // Both traces load and analyse side by side, a core each.
    auto fa = std::async(std::launch::async, loadForCommand, std::cref(args), std::cref(options),
                         std::cref(args.positional[0]), std::cref(args.labelA), 1);
    auto b = loadForCommand(args, options, args.positional[1], args.labelB, 1);
    auto a = fa.get();
    checkStepExists(*a, options.scope);
    checkStepExists(*b, options.scope);
    return {a, b};
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
