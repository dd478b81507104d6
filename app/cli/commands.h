#pragma once
#include "cliargs.h"

#include <functional>
#include <ostream>

#define FUSIONSCOPE_VERSION_STRING FUSIONSCOPE_VERSION

namespace fusion::cli {

int runCommand(const CliArgs &args);

// Runs write() on the --out file, or on standard output; throws UsageError if the file cannot be written.
void withOutput(const CliArgs &args, const std::function<void(std::ostream &)> &write);

int summaryCommand(const CliArgs &args);
int classifyCommand(const CliArgs &args);
int compareCommand(const CliArgs &args);
int triageCommand(const CliArgs &args);

} // namespace fusion::cli
