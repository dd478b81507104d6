// fusionscope-cli: the headless twin of the FusionScope GUI.
#include "cliargs.h"
#include "commands.h"

#include "trace/mapguard.h"
#include "trace/traceerror.h"
#include "util/hugepages.h"

#include <cstring>
#include <iostream>

using namespace fusion;
using namespace fusion::cli;

int main(int argc, char **argv)
{
    // First, before any thread starts: may run the program again with huge pages for malloc.
    hugepages::useForMalloc(argv);
    // A trace file truncated by another program while it is read becomes an error, not a crash.
    mapguard::installHandler();
    // Reports go through iostreams only: unsynchronised with C stdio, std::cout buffers its writes
    // (a comparison's JSON can be hundreds of megabytes).
    std::ios::sync_with_stdio(false);
    CliArgs args;
    try {
        args = parseArgs(argc, argv);
    } catch (const UsageError &e) {
        std::cerr << "fusionscope-cli: " << e.message << '\n' << usageHint();
        return ExitUsage;
    }
    if (args.version) {
        std::cout << "fusionscope-cli " << FUSIONSCOPE_VERSION_STRING << '\n';
        return ExitOk;
    }
    if (args.help) {
        std::cout << usageText();
        return ExitOk;
    }
    if (args.command.empty()) {
        std::cerr << "fusionscope-cli: no command given (summary, triage, compare, classify or export)\n" << usageHint();
        return ExitUsage;
    }
    try {
        return runCommand(args);
    } catch (const UsageError &e) {
        std::cerr << "fusionscope-cli: " << e.message << '\n' << usageHint();
        return ExitUsage;
    } catch (const TraceError &e) {
        std::cerr << "fusionscope-cli: " << e.what() << '\n';
        return ExitBadInput;
    } catch (const std::bad_alloc &) {
        std::cerr << "fusionscope-cli: out of memory (try --max-size, or a smaller trace)\n";
        return ExitBadInput;
    } catch (const std::exception &e) {
        std::cerr << "fusionscope-cli: " << e.what() << '\n';
        return ExitBadInput;
    }
}
