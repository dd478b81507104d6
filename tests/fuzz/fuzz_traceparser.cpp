// libFuzzer target: arbitrary bytes as a trace, through both parser paths (one document, and the
// chunked event array with tiny chunks); bytes that start like a rocprofv3 JSON or a SQLite database
// go to those readers (the seeds hold both). Only TraceError may come out; anything else is a finding.
#include "trace/tracebuffer.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fusion::TraceBuffer buf = fusion::TraceBuffer::fromString(
        std::string_view(reinterpret_cast<const char *>(data), size));
    for (size_t chunk : {size_t(0), size_t(48)}) {
        fusion::ParseOptions po;
        po.chunkBytes = chunk;
        try {
            (void)fusion::parseTrace(buf, "fuzz.json", po);
        } catch (const fusion::TraceError &) {
        }
    }
    return 0;
}
