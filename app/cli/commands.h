#pragma once
#include "cliargs.h"
#include "steps/steps.h"

#include <functional>
#include <memory>
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

// The analysis options --scope, --step and --registry give.
AnalyzeOptions analyzeOptionsOf(const CliArgs &args);
// Loads and analyses one trace with --rank, --device and --max-size.
std::shared_ptr<AnalyzedTrace> loadForCommand(const CliArgs &args, const AnalyzeOptions &options, const std::string &path,
                                              const std::string &label,
                                              int parseThreads = 0);
// The two traces A B of the positional arguments, loaded and analysed in parallel (one core each)
// and checked for --step.
std::pair<std::shared_ptr<AnalyzedTrace>, std::shared_ptr<AnalyzedTrace>> loadPair(const CliArgs &args,
                                                                                   const AnalyzeOptions &options);

// Runs write() on the --out file, or on standard output; throws UsageError if the file cannot be written.
void withOutput(const CliArgs &args, const std::function<void(std::ostream &)> &write);

int summaryCommand(const CliArgs &args);
int classifyCommand(const CliArgs &args);
int compareCommand(const CliArgs &args);
int triageCommand(const CliArgs &args);
int exportCommand(const CliArgs &args);

} // namespace fusion::cli
