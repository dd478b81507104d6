#pragma once
// Reads a Kineto / PyTorch-profiler Chrome trace (JSON bytes) into an EventStore in one pass
// with simdjson's on-demand API: no DOM of the file is kept.
#include "trace/eventstore.h"
#include "trace/tracebuffer.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

class TaskPool;
struct TaskKind;

// The kind of the task a parse posts on ParseOptions::pool for another thread to take.
extern const TaskKind kParseHelp;

struct ParseOptions {
    // Called now and then with the fraction of bytes parsed; returning false cancels (throws Cancelled).
    std::function<bool(double)> progress;
    // Size of the pieces the event array is parsed in (0: whole document). Files smaller than two
    // pieces are parsed whole. Tests lower it to exercise the chunked path on small traces.
    // A few megabytes: each parsing thread holds a copy of its piece and simdjson's index of it
    // (together about three times the piece), and the mapped file's pages stay resident until their
    // piece is done; the copy also stays in the CPU's caches for simdjson to read. Measured on a
    // 1 GB trace (with the two halves merged column by column, see EventStore::append), 4 MB pieces
    // brought the peak resident memory from 0.35× to 0.19× the file, and loaded no slower.
    size_t chunkBytes = size_t(4) << 20;
    // Threads that parse the event array of a file read whole (a mapped one): 1, or 2 (the two halves
    // in parallel, then merged). 0: two when the file has 8 chunks or more and the machine two cores.
    // The library starts no more threads than this; a caller parsing two files at once passes 1.
    int threads = 0;
    // With one thread: a pool that a thread may turn to once it has nothing else to do (the other
    // trace of a pair, loaded and analysed first). Such a thread takes the second half of what is
    // left of a file read whole, as the second of two parsers would have from the start.
    TaskPool *pool = nullptr;
};

struct ParseResult {
    EventStore store;
    std::vector<std::string> warnings;  // usable-but-odd input (trailing bytes, skipped events, …)
};

// Reads a trace of any format it tells from the bytes (sniffTraceFormat): a Kineto JSON trace here, a
// rocprofv3 JSON (rocprofreader.h) or an Nsight Systems SQLite export (nsightreader.h). Throws
// TraceError (naming `fileName`, the problem, and the byte offset) when the bytes are not a usable
// trace: empty, not JSON, truncated, not a Chrome trace, or without any events.
ParseResult parseTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options = {});

// Which profiler wrote the (uncompressed) bytes: SQLite's header, a JSON object whose first key is
// rocprofv3's "rocprofiler-sdk-tool", else Kineto (whose parser names what is wrong with anything else).
TraceFormat sniffTraceFormat(std::string_view firstBytes);

// Whether this CPU runs the AVX2 build of the simdjson readers (several times faster than the
// baseline build every x86-64 CPU runs).
bool haswellParserUsable();

// Kineto writes microseconds with up to 3 decimals; this converts a JSON number token (or a
// quoted one) to integer nanoseconds exactly, without going through double when it can.
bool parseMicrosToNs(std::string_view token, Ns &out);

} // namespace fusion
