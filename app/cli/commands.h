#pragma once
#include "cliargs.h"
#include "ranks/ranktable.h"
#include "steps/steps.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <ostream>

#define FUSIONSCOPE_VERSION_STRING FUSIONSCOPE_VERSION

#include "analyzed/analyzedtrace.h"

namespace fusion::cli {

int runCommand(const CliArgs &args);

// The analysis scope --scope and --step ask for; --step with --scope all is a usage error.
Scope scopeOf(const CliArgs &args);
// Throws UsageError naming the file when --step names a step the trace does not have.
void checkStepExists(const AnalyzedTrace &t, const Scope &scope);

// The process ends once its command is done, and the system then takes back all its memory at once;
// freeing a loaded trace's millions of blocks one by one first takes ~0.06 s on a 1 GB pair. What a
// command gives here stays reachable until the exit (so it is no leak to LeakSanitizer).
void keepUntilExit(std::shared_ptr<const void> data);

// The analysis options --scope, --step and --registry give.
AnalyzeOptions analyzeOptionsOf(const CliArgs &args);
// Loads and analyses one trace with --rank, --device and --max-size.
std::shared_ptr<AnalyzedTrace> loadForCommand(const CliArgs &args, const AnalyzeOptions &options, const std::string &path,
                                              const std::string &label,
                                              int parseThreads = 0);

// One side of a command on two traces: the traces its path holds (a run's ranks) and the one to
// analyse, the member --rank asks for; a side holding a single trace is taken as it is.
struct RunSide {
    std::string path;
    std::vector<TraceMember> members;
    std::vector<std::string> warnings;  // the listing's
    size_t index = 0;
};
RunSide runSide(const CliArgs &args, const std::string &path);
// The two traces A B of the positional arguments (or of `a` and `b`, listed already), loaded and
// analysed in parallel (one core each) and checked for --step.
std::pair<std::shared_ptr<AnalyzedTrace>, std::shared_ptr<AnalyzedTrace>> loadPair(const CliArgs &args,
                                                                                   const AnalyzeOptions &options);
std::pair<std::shared_ptr<AnalyzedTrace>, std::shared_ptr<AnalyzedTrace>> loadPair(const CliArgs &args,
                                                                                   const AnalyzeOptions &options,
                                                                                   const RunSide &a, const RunSide &b);

// Runs write() on the --out file (renamed into place once whole: export/outputfile.h), or on standard
// output; throws UsageError naming the file if it cannot be written.
void withOutput(const CliArgs &args, const std::function<void(std::ostream &)> &write);
// --out names a directory (an existing one, or a path ending in '/'): CSV output is one file per table.
bool outIsDirectory(const CliArgs &args);
// Writes each table to DIR/<name>.csv (creating DIR); throws UsageError naming a file it cannot write.
void writeCsvFiles(const std::string &dir, const std::map<std::string, std::string> &tables);
// CSV of summary and triage: the command's own table to --out (a file or standard output) as before,
// or, when --out is a directory, <table>.csv there beside ranks.csv for a run of several ranks.
void writeCsvOutput(const CliArgs &args, const std::string &table, const std::string &text, const RankTable *ranks);

// The per-rank table of a run of several ranks (none for a single trace): every other rank read
// with the same options and measured over `scope`.
std::optional<RankTable> rankTableOf(const CliArgs &args, const Trace &trace, const TraceClassification &classes,
                                     const TraceSteps &steps, const Scope &scope,
                                     std::shared_ptr<const KernelRegistry> registry);

int summaryCommand(const CliArgs &args);
int classifyCommand(const CliArgs &args);
int compareCommand(const CliArgs &args);
int triageCommand(const CliArgs &args);
int exportCommand(const CliArgs &args);

} // namespace fusion::cli
