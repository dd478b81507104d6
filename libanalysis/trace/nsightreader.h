#pragma once
// Reads an Nsight Systems SQLite export (`nsys export --type sqlite`) into the event store the Kineto
// reader fills: CUPTI_ACTIVITY_KIND_KERNEL (names through StringIds: demangled, else short, else
// mangled), its memcpy and memset tables, CUDA runtime calls as launches (by correlationId), NVTX
// ranges as annotations (PyTorch's emit_nvtx op ranges as ops), GPU names from TARGET_INFO_GPU
// (through TARGET_INFO_CUDA_DEVICE when the export has it), thread and process names. The schema is
// checked first: a missing kernel table is an error, each other missing table a warning naming it.
#include "trace/traceparser.h"

namespace fusion {

// Throws TraceError naming `fileName` and the problem (a corrupt database, a missing table or column).
ParseResult readNsightTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options);

} // namespace fusion
