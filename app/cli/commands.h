#pragma once
#include "cliargs.h"
#include "ranks/ranktable.h"
#include "steps/steps.h"

#include <functional>
#include <map>
#include <optional>
#include <ostream>

#define FUSIONSCOPE_VERSION_STRING FUSIONSCOPE_VERSION

namespace fusion {
struct AnalyzedTrace;
}

namespace fusion::cli {

int runCommand(const CliArgs &args);

// The analysis scope --scope and --step ask for; --step with --scope all is a usage error.
Scope scopeOf(const CliArgs &args);
// Throws UsageError naming the file when --step names a step the trace does not have.
void checkStepExists(const AnalyzedTrace &t, const Scope &scope);

// Runs write() on the --out file, or on standard output; throws UsageError if the file cannot be written.
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

} // namespace fusion::cli
