#include "commands.h"

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
