// Which reader reads a trace's bytes: the format is told from the bytes themselves (never from the
// file name), and the simdjson readers run in their AVX2 build on CPUs that have it.
#include "trace/nsightreader.h"
#include "trace/rocprofreader.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"

namespace fusion {

// The readers built on simdjson's on-demand API are compiled twice (see traceparser.cpp): these are
// the Kineto parser's two builds.
ParseResult parseTraceGeneric(const TraceBuffer &, const std::string &, const ParseOptions &);
ParseResult parseTraceHaswell(const TraceBuffer &, const std::string &, const ParseOptions &);

TraceFormat sniffTraceFormat(std::string_view b)
{
    if (b.starts_with(std::string_view("SQLite format 3\0", 16)))
        return TraceFormat::NsightSqlite;
    const size_t open = b.find_first_not_of(" \t\r\n");
    if (open != std::string_view::npos && b[open] == '{') {
        const size_t key = b.find_first_not_of(" \t\r\n", open + 1);
        if (key != std::string_view::npos && b.substr(key).starts_with("\"rocprofiler-sdk-tool\""))
            return TraceFormat::Rocprofv3;
    }
    return TraceFormat::Kineto;
}

bool haswellParserUsable()
{
#ifdef FUSION_HAVE_HASWELL_PARSER
    static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")
                             && __builtin_cpu_supports("pclmul");
    return avx2;
#else
    return false;
#endif
}

namespace {
ParseResult parseByFormat(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    bool ended = false;
    const size_t head = bytes.waitFor(4096, ended);
    switch (sniffTraceFormat(std::string_view(bytes.data(), head))) {
    case TraceFormat::Rocprofv3: return parseRocprofTrace(bytes, fileName, options);
    case TraceFormat::NsightSqlite: return readNsightTrace(bytes, fileName, options);
    case TraceFormat::Kineto: break;
    }
#ifdef FUSION_HAVE_HASWELL_PARSER
    if (haswellParserUsable())
        return parseTraceHaswell(bytes, fileName, options);
#endif
    return parseTraceGeneric(bytes, fileName, options);
}
} // namespace

ParseResult parseTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    // Past a cut made while reading, the bytes were zeros: whatever the parser made of them, the
    // cut is the error to report.
    const auto truncated = [&] { return TraceError(fileName, "the file was truncated by another program while it was being read"); };
    try {
        ParseResult r = parseByFormat(bytes, fileName, options);
        if (bytes.truncatedWhileRead())
            throw truncated();
        return r;
    } catch (const TraceError &) {
        if (bytes.truncatedWhileRead())
            throw truncated();
        throw;
    }
}

} // namespace fusion
