#pragma once
// The trace parser's insides, shared by traceparser.cpp (events, one by one) and
// traceparserchunks.cpp (the event array split in two ranges parsed on two threads). Both files are
// compiled twice, for the baseline CPU and for AVX2 (see libanalysis/CMakeLists.txt), so everything
// here lives in a namespace named after the build: the two copies never meet at link time.
#include "trace/parsehandoff.h"
#include "trace/traceparser.h"
#include "trace/traceerror.h"

#include <simdjson.h>

#include <atomic>
#include <map>
#include <optional>
#include <string>

#ifdef FUSION_PARSER_HASWELL
#define FUSION_PARSER_NS parse_haswell
#else
#define FUSION_PARSER_NS parse_generic
#endif

namespace fusion::FUSION_PARSER_NS {

namespace od = simdjson::ondemand;

enum Cat : uint8_t {
    CatKernel, CatMemcpy, CatMemset, CatCpuOp, CatPyFunc, CatRuntime, CatDriver,
    CatUserAnn, CatGpuUserAnn, CatAc2g, CatNone, CatOther, CatCount
};
inline constexpr const char *kCatNames[CatCount] = {"kernel", "gpu_memcpy", "gpu_memset", "cpu_op", "python_function",
                                             "cuda_runtime", "cuda_driver", "user_annotation",
                                             "gpu_user_annotation", "ac2g", "", "other"};

struct Args {
    int64_t correlation = kNone, externalId = kNone, stream = kNone, device = kNone;
    int64_t pyId = kNone, pyParent = kNone;
    std::array<uint32_t, 3> grid{}, block{};
    std::string_view inputDims, inputType, concrete, metaName;
};

struct Event {
    char ph = 0;
    std::string_view cat, name, catOwned;
    Ns ts = 0, dur = 0;
    bool hasTs = false;
    ProcId pid = kNone, tid = kNone;
    int64_t flowId = kNone;
    Args args;
};

class Parser {
public:
    Parser(const TraceBuffer &bytes, const std::string &file, const ParseOptions &options)
        : m_bytes(bytes), m_file(file), m_options(options), m_chunkBase(bytes.data()) {}

    ParseResult run();

private:
    void wholeDocument(const char *data, size_t size, size_t capacity);
    bool chunked();
    struct Range {
        size_t first;                              // where the first event starts
        size_t stop = std::string_view::npos;      // where the next range's first event starts (npos: to the end)
    };
    // returns where the array closes
    size_t eventChunks(Range range, const std::string &pattern, ParseHandoff *handoff = nullptr);
    size_t withHelper(size_t first, const std::string &pattern, TaskPool &pool, bool splitNow);
    bool twoThreads(size_t first) const;
    bool worthSplitting(size_t first) const;
    size_t boundaryAfter(size_t from, const std::string &pattern) const;
    void absorb(Parser &&later);
    std::string_view readable(size_t want, bool &ended);
    std::optional<ParseResult> withoutNulTail();
    void finish();
    // Progress; while waiting for a streamed file's bytes the last fraction is repeated, so that a
    // cancel still gets through.
    bool report(double fraction)
    {
        m_fraction = fraction;
        return !m_options.progress || m_options.progress(fraction);
    }
    TraceBuffer::Tick tick()
    {
        return [this] { return report(m_fraction); };
    }
    void reset();
    [[noreturn]] void fail(const std::string &problem, const char *at = nullptr) const
    {
        // sizeSoFar(): an error must not wait for the rest of a streamed file (that may be gigabytes).
        int64_t offset = at ? int64_t(at - m_bytes.data()) : -1;
        if (offset > int64_t(m_bytes.sizeSoFar()))
            offset = int64_t(m_bytes.sizeSoFar());
        throw TraceError(m_file, problem, offset);
    }
    [[noreturn]] void failJson(simdjson::error_code e, od::document &doc) const
    {
        const char *end = m_bytes.data() + m_bytes.sizeSoFar();
        const char *at = nullptr;
        if (doc.current_location().get(at) != simdjson::SUCCESS)
            at = end;
        if (e == simdjson::INCOMPLETE_ARRAY_OR_OBJECT || e == simdjson::UNCLOSED_STRING
            || e == simdjson::INSUFFICIENT_PADDING || e == simdjson::OUT_OF_BOUNDS)
            fail("truncated JSON: the file ends inside an object, array or string", end);
        fail(std::string("invalid JSON: ") + simdjson::error_message(e), at);
    }

    void topLevelField(std::string_view key, od::value v, od::document &doc);
    void eventArray(od::array events, od::document &doc);
    bool event(od::object obj, od::document &doc);
    void args(od::value v, Args &a);
    void store(Event &e);
    void deviceProperties(od::value v);
    ProcId procId(od::value v);
    static int64_t intOf(od::value v);

    const TraceBuffer &m_bytes;
    const std::string &m_file;
    const ParseOptions &m_options;
    ParseResult m_result;
    uint64_t m_kinds[4][CatCount] = {};  // [X, s, f, other ph][cat]
    std::map<std::string, uint64_t> m_otherKinds;
    uint32_t m_order = 0;
    bool m_structureBroken = false;
    uint64_t m_eventsWithPh = 0;
    const char *m_chunkBase = nullptr;  // where the document being parsed starts…
    size_t m_chunkOffset = 0;           // …and its offset in the file (for progress)
    uint64_t m_badEvents = 0;
    uint64_t m_longEvents = 0;    // skipped: longer than kMaxDuration
    Ns m_longest = 0;
    double m_durationTotal = 0;   // of the events kept, to refuse totals no int64 sum can hold
    bool m_sawEvents = false;
    double m_fraction = 0.0;
    bool m_reserved = false;  // the tables were sized for the rest of the file
    size_t m_rowsFrom = std::string_view::npos;  // where the bytes of this store's first rows start
    static constexpr size_t kReserveSample = size_t(32) << 20;
    std::atomic<size_t> m_parsed{0};                 // bytes of this parser's range done (for progress)
    const std::atomic<size_t> *m_laterParsed = nullptr;  // the same for the second parser, while it runs
};

} // namespace fusion::FUSION_PARSER_NS
