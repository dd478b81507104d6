#pragma once
// Command-line options shared by every fusionscope-cli command (documented in the README).
#include <optional>
#include <string>
#include <vector>

namespace fusion::cli {

enum ExitCode { ExitOk = 0, ExitUsage = 2, ExitBadInput = 3 };

struct CliArgs {
    std::string command;
    std::vector<std::string> positional;
    std::string format = "text";  // text | json | csv | md
    std::string out;              // file (or directory for csv with several tables); empty = stdout
    std::string stage = "all";    // prefill | decode | all
    std::string scope = "steps";  // steps | all: whole profiler steps (when the trace has any) or every kernel
    std::optional<long long> step;  // --step N: only profiler step N
    std::string registry;         // user registry read before the built-in one
    std::string labelA, labelB;
    int rank = -1, device = -1;
    bool ranksAll = false;        // compare --ranks all: every rank of A against the same rank of B
    size_t limit = 0;             // 0: command default
    double minShare = -1;         // <0: command default
    size_t maxBytes = 0;
    std::string model;            // triage: model name/path for fusion-family gates
    int tp = 0;                   // triage: tensor-parallel size (0: from the trace)
    bool help = false, version = false;
    std::vector<std::string> given;  // the options given, by their long name ("--stage")
};

struct UsageError {
    std::string message;
};

// Throws UsageError for unknown options or missing values.
CliArgs parseArgs(int argc, char **argv);
// Throws UsageError when an option given does not apply to args.command (e.g. --stage to summary).
void checkOptionsApply(const CliArgs &args);
std::string usageText();
// What a usage error prints after the problem: where the usage is, not all of it.
std::string usageHint();

} // namespace fusion::cli
