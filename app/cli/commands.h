#pragma once
#include "cliargs.h"
#include "steps/steps.h"

#include <functional>
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

int summaryCommand(const CliArgs &args);
int classifyCommand(const CliArgs &args);
int compareCommand(const CliArgs &args);
int triageCommand(const CliArgs &args);

} // namespace fusion::cli
