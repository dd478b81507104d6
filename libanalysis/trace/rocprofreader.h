#pragma once
// Reads the JSON that `rocprofv3 --output-format json` (rocprofiler-sdk) writes into the event store
// the Kineto reader fills: kernel dispatches named through kernel_symbols, on the GPUs of `agents`;
// HIP API calls as launches (correlated by the internal correlation id); roctx ranges as annotations
// (PyTorch's per-op ranges as ops); memory copies. Sections may come in any order. The long record
// arrays are parsed in pieces of whole records (see JsonWalk), so memory stays a few megabytes
// beyond the store however big the file is.
#include "trace/traceparser.h"

namespace fusion {

// Throws TraceError naming `fileName`, the problem and the byte offset.
ParseResult parseRocprofTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options);

} // namespace fusion
