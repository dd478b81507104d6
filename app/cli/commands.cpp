#include "commands.h"

#include "analyzed/analyzedtrace.h"

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
    };
    auto it = commands.find(args.command);
    if (it == commands.end())
        throw UsageError{"unknown command '" + args.command + "' (summary, triage, compare or classify)"};
    checkOptionsApply(args);
    return it->second(args);
}

} // namespace fusion::cli
