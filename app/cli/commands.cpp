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
