#include "trace/traceparser.h"
#include "trace/traceerror.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <cstring>
#include <future>
#include <limits>
#include <optional>
#include <thread>

namespace fusion {

namespace od = simdjson::ondemand;

#ifdef FUSION_PARSER_HASWELL
#define FUSION_PARSER_ENTRY parseTraceHaswell
#else
#define FUSION_PARSER_ENTRY parseTraceGeneric
ParseResult parseTraceGeneric(const TraceBuffer &, const std::string &, const ParseOptions &);
#endif

#ifndef FUSION_PARSER_HASWELL
bool parseMicrosToNs(std::string_view t, Ns &out)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.remove_suffix(1);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        t = t.substr(1, t.size() - 2);
    if (t.empty())
        return false;
    size_t i = 0;
    const bool neg = t[0] == '-';
    if (neg)
        ++i;
    int64_t whole = 0;
    size_t digits = 0;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i, ++digits) {
        if (whole > (INT64_MAX / 1000 - 9) / 10)
            return false;  // beyond ±9.2e15 µs: not a time we can hold in int64 ns
        whole = whole * 10 + (t[i] - '0');
    }
    int64_t frac = 0;
    int fracDigits = 0;
    bool roundUp = false;
    if (i < t.size() && t[i] == '.') {
        for (++i; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i) {
            if (fracDigits < 3) {
                frac = frac * 10 + (t[i] - '0');
                ++fracDigits;
            } else if (fracDigits == 3) {
                roundUp = t[i] >= '5';
                ++fracDigits;
            }
        }
    }
    if (i != t.size()) {
        // Exponent or other form: fall back to double (rare; e.g. "1.5e3"). from_chars, not strtod:
        // strtod follows LC_NUMERIC, which the GUI takes from the desktop (a German one reads "1.5"
        // as 1 and stops at the dot).
        double v = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(v) || std::fabs(v) > 9e15)
            return false;
        out = static_cast<Ns>(std::llround(v * 1000.0));
        return true;
    }
    if (digits == 0 && fracDigits == 0)
        return false;
    for (int k = std::min(fracDigits, 3); k < 3; ++k)
        frac *= 10;
    int64_t ns = whole * 1000 + frac + (roundUp ? 1 : 0);
    out = neg ? -ns : ns;
    return true;
}

#endif

namespace {

// Times beyond ±3e18 ns (year 2065) are garbage.
constexpr Ns kMaxTime = Ns(3'000'000'000'000'000'000);
constexpr Ns kMaxDuration = Ns(7) * 24 * 3600 * 1'000'000'000;  // a week

enum Cat : uint8_t {
    CatKernel, CatMemcpy, CatMemset, CatCpuOp, CatPyFunc, CatRuntime, CatDriver,
    CatUserAnn, CatGpuUserAnn, CatAc2g, CatNone, CatOther, CatCount
};
constexpr const char *kCatNames[CatCount] = {"kernel", "gpu_memcpy", "gpu_memset", "cpu_op", "python_function",
                                             "cuda_runtime", "cuda_driver", "user_annotation",
                                             "gpu_user_annotation", "ac2g", "", "other"};

bool iequals(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return (x | 0x20) == (y | 0x20);
           });
}

Cat catOf(std::string_view c)
{
    switch (c.size()) {
    case 0: return CatNone;
    case 4: if (c == "ac2g") return CatAc2g; break;
    case 6: if (iequals(c, "kernel")) return CatKernel; if (c == "cpu_op") return CatCpuOp; break;
    case 10: if (c == "gpu_memcpy") return CatMemcpy; if (c == "gpu_memset") return CatMemset; break;
    case 11: if (c == "cuda_driver") return CatDriver; break;
    case 12: if (c == "cuda_runtime") return CatRuntime; break;
    case 15: if (c == "python_function") return CatPyFunc; if (c == "user_annotation") return CatUserAnn; break;
    case 19: if (c == "gpu_user_annotation") return CatGpuUserAnn; break;
    default: break;
    }
    // Kineto versions differ in case ("Kernel", "Memcpy"); match those too.
    if (iequals(c, "memcpy")) return CatMemcpy;
    if (iequals(c, "memset")) return CatMemset;
    if (iequals(c, "runtime")) return CatRuntime;
    if (iequals(c, "driver")) return CatDriver;
    return CatOther;
}

// The JSON text of any value (arrays and objects are consumed; scalars give their token).
bool rawOf(od::value v, std::string_view &out)
{
    od::json_type t;
    if (v.type().get(t) != simdjson::SUCCESS)
        return false;
    if (t == od::json_type::array) {
        od::array a;
        return v.get_array().get(a) == simdjson::SUCCESS && a.raw_json().get(out) == simdjson::SUCCESS;
    }
    if (t == od::json_type::object) {
        od::object o;
        return v.get_object().get(o) == simdjson::SUCCESS && o.raw_json().get(out) == simdjson::SUCCESS;
    }
    out = v.raw_json_token();
    return true;
}

// The key of a field without unescaping: keys in traces are plain ASCII.
std::string_view keyOf(od::field &f)
{
    // simdjson has checked that the string is closed; skip escapes pairwise so that a key ending in
    // an escaped backslash ("a\\\\") ends at its real closing quote, not past the end of the buffer.
    const char *p = f.key().raw();
    const char *e = p;
    while (*e != '"')
        e += *e == '\\' ? 2 : 1;
    return {p, size_t(e - p)};
}

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
    size_t eventChunks(Range range, const std::string &pattern);  // returns where the array closes
    size_t splitPoint(size_t first, const std::string &pattern) const;
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
    std::atomic<size_t> m_parsed{0};                 // bytes of this parser's range done (for progress)
    const std::atomic<size_t> *m_laterParsed = nullptr;  // the same for the second parser, while it runs
};

int64_t Parser::intOf(od::value v)
{
    int64_t i = 0;
    if (v.get_int64().get(i) == simdjson::SUCCESS)  // the common case, without asking the type first
        return i;
    switch (v.type().value_unsafe()) {
    case od::json_type::number: {
        if (v.get_int64().get(i) == simdjson::SUCCESS)
            return i;
        double d = 0;
        if (v.get_double().get(d) == simdjson::SUCCESS && std::isfinite(d) && std::fabs(d) < 9e18)
            return int64_t(d);
        return kNone;
    }
    case od::json_type::string: {
        std::string_view s;
        if (v.get_string().get(s) == simdjson::SUCCESS) {
            auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), i);
            if (ec == std::errc() && p == s.data() + s.size())
                return i;
        }
        return kNone;
    }
    default:
        return kNone;
    }
}

ProcId Parser::procId(od::value v)
{
    od::json_type t;
    if (v.type().get(t) != simdjson::SUCCESS)
        return kNone;
    if (t == od::json_type::string) {
        std::string_view s;
        if (v.get_string().get(s) != simdjson::SUCCESS)
            return kNone;
        int64_t i = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), i);
        if (ec == std::errc() && p == s.data() + s.size() && i >= 0)
            return i;
        return procIdFromString(m_result.store.strings.intern(s));
    }
    const int64_t i = intOf(v);
    return i < 0 ? kNone : i;
}

void Parser::args(od::value v, Args &a)
{
    od::object obj;
    if (v.get_object().get(obj) != simdjson::SUCCESS)
        return;
    for (auto fr : obj) {
        od::field f;
        if (std::move(fr).get(f) != simdjson::SUCCESS) {
            m_structureBroken = true;  // a broken args object is a broken document, not a missing field
            return;
        }
        const std::string_view k = keyOf(f);
        od::value val = f.value();
        switch (k.size()) {
        case 4:
            if (k == "grid" || k == "name") {
                if (k == "name") {
                    if (val.get_string().get(a.metaName)) {}
                    break;
                }
                od::array arr;
                if (val.get_array().get(arr) == simdjson::SUCCESS) {
                    size_t i = 0;
                    for (auto x : arr) {
                        int64_t n = 0;
                        if (i < 3 && x.get_int64().get(n) == simdjson::SUCCESS && n >= 0)
                            a.grid[i] = uint32_t(std::min<int64_t>(n, UINT32_MAX));
                        ++i;
                    }
                }
            }
            break;
        case 5:
            if (k == "block") {
                od::array arr;
                if (val.get_array().get(arr) == simdjson::SUCCESS) {
                    size_t i = 0;
                    for (auto x : arr) {
                        int64_t n = 0;
                        if (i < 3 && x.get_int64().get(n) == simdjson::SUCCESS && n >= 0)
                            a.block[i] = uint32_t(std::min<int64_t>(n, UINT32_MAX));
                        ++i;
                    }
                }
            }
            break;
        case 6:
            if (k == "stream") a.stream = intOf(val);
            else if (k == "device") a.device = intOf(val);
            break;
        case 9:
            if (k == "Python id") a.pyId = intOf(val);
            break;
        case 10:
            if (k == "Input Dims") (void)rawOf(val, a.inputDims);
            else if (k == "Input type") (void)rawOf(val, a.inputType);
            break;
        case 11:
            if (k == "correlation") a.correlation = intOf(val);
            else if (k == "External id") a.externalId = intOf(val);
            break;
        case 15:
            if (k == "Concrete Inputs") (void)rawOf(val, a.concrete);
            break;
        case 16:
            if (k == "Python parent id") a.pyParent = intOf(val);
            break;
        default:
            break;
        }
    }
}

bool Parser::event(od::object obj, od::document &doc)
{
    Event e;
    bool sawPh = false;
    for (auto fr : obj) {
        od::field f;
        if (auto err = std::move(fr).get(f))
            failJson(err, doc);
        const std::string_view k = keyOf(f);
        od::value v = f.value();
        if (k.size() == 2) {
            if (k == "ph") {
                sawPh = true;
                std::string_view s;
                if (v.get_string().get(s) == simdjson::SUCCESS && !s.empty())
                    e.ph = s[0];
            } else if (k == "ts") {
                e.hasTs = parseMicrosToNs(v.raw_json_token(), e.ts);
            } else if (k == "id") {
                e.flowId = intOf(v);
            }
        } else if (k.size() == 3) {
            if (k == "cat") { if (v.get_string().get(e.cat)) {} }
            else if (k == "pid") e.pid = procId(v);
            else if (k == "tid") e.tid = procId(v);
            else if (k == "dur") {
                if (!parseMicrosToNs(v.raw_json_token(), e.dur))
                    e.dur = -1;  // present but not a time (a string, NaN, Infinity…): the event is skipped
            }
        } else if (k == "name") {
            if (v.get_string().get(e.name)) {}
        } else if (k == "args") {
            args(v, e.args);
        }
        // The cat string lives in the parser's string buffer until the next document only; names too.
    }
    m_eventsWithPh += sawPh;
    store(e);
    return true;
}

void Parser::store(Event &e)
{
    EventStore &s = m_result.store;
    const Cat cat = catOf(e.cat);
    const int phRow = e.ph == 'X' ? 0 : e.ph == 's' ? 1 : e.ph == 'f' ? 2 : 3;
    ++m_kinds[phRow][cat];
    if (cat == CatOther || phRow == 3)
        ++m_otherKinds[std::string(1, e.ph ? e.ph : '?') + "/" + std::string(e.cat)];
    ++s.eventCount;
    const uint32_t order = m_order++;

    if (e.ph == 'M') {
        if (e.name == "process_name")
            s.processNames[e.pid] = std::string(e.args.metaName);
        else if (e.name == "thread_name")
            s.threadNames[{e.pid, e.tid}] = std::string(e.args.metaName);
        return;
    }
    if ((e.ph == 's' || e.ph == 'f') && cat == CatAc2g) {
        s.flows.id.push_back(e.flowId);
        s.flows.ts.push_back(e.ts);
        s.flows.pid.push_back(e.pid);
        s.flows.tid.push_back(e.tid);
        s.flows.isStart.push_back(e.ph == 's');
        return;
    }
    if (e.ph != 'X')
        return;
    // Bounding times keeps every end (ts + dur) and every difference of two times within int64.
    if (!e.hasTs || e.dur < 0 || e.ts > kMaxTime || e.ts < -kMaxTime) {
        ++m_badEvents;  // a complete event without a usable time cannot be placed; skip it
        return;
    }
    // Nothing a profiler records lasts a week; a few such durations would overflow any sum of them.
    if (e.dur > kMaxDuration) {
        ++m_longEvents;
        m_longest = std::max(m_longest, e.dur);
        return;
    }
    if (cat < CatAc2g)  // the kinds kept in tables, whose durations the analyses add up
        m_durationTotal += double(e.dur);
    const StrId name = s.strings.intern(e.name);
    const Args &a = e.args;
    switch (cat) {
    case CatKernel:
    case CatMemcpy:
    case CatMemset: {
        GpuOpTable &t = cat == CatKernel ? s.kernels : s.memOps;
        t.start.push_back(e.ts);
        t.dur.push_back(e.dur);
        t.name.push_back(name);
        t.pid.push_back(e.pid);
        t.tid.push_back(e.tid);
        const int64_t dev = a.device != kNone ? a.device : (e.pid >= 0 ? e.pid : 0);
        t.device.push_back(int32_t(std::clamp<int64_t>(dev, INT32_MIN, INT32_MAX)));
        const int64_t stream = a.stream != kNone ? a.stream : (e.tid >= 0 ? e.tid : 0);
        t.stream.push_back(int32_t(std::clamp<int64_t>(stream, INT32_MIN, INT32_MAX)));
        t.correlation.push_back(a.correlation);
        t.externalId.push_back(a.externalId);
        t.grid.push_back(a.grid);
        t.block.push_back(a.block);
        t.fileOrder.push_back(order);
        t.kind.push_back(cat == CatKernel ? GpuKind::Kernel : cat == CatMemcpy ? GpuKind::Memcpy : GpuKind::Memset);
        break;
    }
    case CatCpuOp: {
        CpuOpTable &t = s.cpuOps;
        t.start.push_back(e.ts);
        t.dur.push_back(e.dur);
        t.name.push_back(name);
        t.pid.push_back(e.pid);
        t.tid.push_back(e.tid);
        t.externalId.push_back(a.externalId);
        t.inputDims.push_back(a.inputDims.empty() ? StringPool::empty : s.strings.intern(a.inputDims));
        t.inputType.push_back(a.inputType.empty() ? StringPool::empty : s.strings.intern(a.inputType));
        t.concreteInputs.push_back(a.concrete.empty() ? StringPool::empty : s.strings.intern(a.concrete));
        break;
    }
    case CatPyFunc: {
        PyFrameTable &t = s.pyFrames;
        t.start.push_back(e.ts);
        t.dur.push_back(e.dur);
        t.name.push_back(name);
        t.pid.push_back(e.pid);
        t.tid.push_back(e.tid);
        t.pyId.push_back(a.pyId);
        t.parentId.push_back(a.pyParent);
        break;
    }
    case CatRuntime:
    case CatDriver: {
        LaunchTable &t = s.launches;
        t.start.push_back(e.ts);
        t.dur.push_back(e.dur);
        t.name.push_back(name);
        t.pid.push_back(e.pid);
        t.tid.push_back(e.tid);
        t.correlation.push_back(a.correlation);
        t.externalId.push_back(a.externalId);
        t.isDriver.push_back(cat == CatDriver);
        break;
    }
    case CatUserAnn:
    case CatGpuUserAnn: {
        AnnotationTable &t = s.annotations;
        t.start.push_back(e.ts);
        t.dur.push_back(e.dur);
        t.name.push_back(name);
        t.pid.push_back(e.pid);
        t.tid.push_back(e.tid);
        t.externalId.push_back(a.externalId);
        t.onGpu.push_back(cat == CatGpuUserAnn);
        break;
    }
    default:
        break;
    }
}

void Parser::eventArray(od::array events, od::document &doc)
{
    m_sawEvents = true;
    uint64_t n = 0;
    for (auto er : events) {
        od::value v;
        if (auto err = er.get(v))
            failJson(err, doc);
        od::object obj;
        const auto err = v.get_object().get(obj);
        if (err == simdjson::INCORRECT_TYPE) {
            ++m_badEvents;  // a non-object entry (number, string, null): tolerated and skipped
            continue;
        }
        if (err)
            failJson(err, doc);
        event(obj, doc);
        if ((++n & 0xffff) == 0 && m_options.progress) {
            const char *at = nullptr;
            if (doc.current_location().get(at) == simdjson::SUCCESS
                && !report(m_bytes.fractionAt(m_chunkOffset + size_t(at - m_chunkBase))))
                throw Cancelled();
        }
    }
}

void Parser::deviceProperties(od::value v)
{
    od::array arr;
    if (v.get_array().get(arr) != simdjson::SUCCESS)
        return;
    for (auto er : arr) {
        od::object obj;
        if (er.get_object().get(obj) != simdjson::SUCCESS)
            continue;
        DeviceProperties d;
        for (auto fr : obj) {
            od::field f;
            if (std::move(fr).get(f) != simdjson::SUCCESS)
                break;
            const std::string_view k = keyOf(f);
            od::value val = f.value();
            if (k == "id") d.id = intOf(val);
            else if (k == "name") { std::string_view s; if (val.get_string().get(s) == simdjson::SUCCESS) d.name = s; }
            else if (k == "warpSize") d.warpSize = intOf(val);
            else if (k == "numSms") d.numSms = intOf(val);
            else if (k == "totalGlobalMem") d.totalGlobalMem = intOf(val);
            else if (k == "computeMajor") d.computeMajor = intOf(val);
            else if (k == "computeMinor") d.computeMinor = intOf(val);
        }
        m_result.store.devices.push_back(std::move(d));
    }
}

void Parser::topLevelField(std::string_view key, od::value v, od::document &doc)
{
    if (key == "traceEvents") {
        od::array arr;
        const auto err = v.get_array().get(arr);
        if (err == simdjson::INCORRECT_TYPE)
            fail("not a Chrome trace: \"traceEvents\" is not an array");
        if (err)
            failJson(err, doc);
        eventArray(arr, doc);
    } else if (key == "deviceProperties") {
        deviceProperties(v);
    } else if (key == "distributedInfo") {
        std::string_view raw;
        if (rawOf(v, raw))
            m_result.store.distributedInfo = raw;
    } else {
        std::string_view raw;
        if (rawOf(v, raw) && raw.size() < 64 * 1024) {
            while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r'))
                raw.remove_suffix(1);
            m_result.store.topLevel[std::string(key)] = std::string(raw);
        }
    }
}

void Parser::wholeDocument(const char *data, size_t size, size_t capacity)
{
    const std::string_view all(data, size);
    const size_t firstNonSpace = all.find_first_not_of(" \t\r\n");
    od::parser parser;
    od::document doc;
    if (auto err = parser.iterate(data, size, capacity).get(doc)) {
        // Stage 1 checks strings and brackets over the whole file: an unclosed one means it was cut off.
        if (err == simdjson::UNCLOSED_STRING || err == simdjson::INCOMPLETE_ARRAY_OR_OBJECT)
            fail("truncated JSON: the file ends inside a string, object or array", data + size);
        fail(std::string("invalid JSON: ") + simdjson::error_message(err), data);
    }
    od::json_type type;
    if (auto err = doc.type().get(type))
        failJson(err, doc);
    if (type == od::json_type::array) {
        od::array arr;
        if (auto err = doc.get_array().get(arr))
            failJson(err, doc);
        eventArray(arr, doc);
    } else {
        od::object obj;
        if (auto err = doc.get_object().get(obj))
            failJson(err, doc);
        for (auto fr : obj) {
            od::field f;
            if (auto err = std::move(fr).get(f))
                failJson(err, doc);
            topLevelField(keyOf(f), f.value(), doc);
        }
        if (!m_sawEvents)
            fail("not a Chrome trace: the top-level object has no \"traceEvents\" array");
    }
    // simdjson stops at the end of the top-level value; anything but whitespace after it is ignored
    // (a token left once the whole value is consumed, or a last byte that cannot close it).
    const size_t last = all.find_last_not_of(" \t\r\n");
    const char *left = nullptr;
    if (doc.current_location().get(left) == simdjson::SUCCESS
        || (last != std::string_view::npos && all[last] != (all[firstNonSpace] == '{' ? '}' : ']')))
        m_result.warnings.push_back("ignored bytes after the end of the JSON document");
}

namespace {

// From `from`, an element boundary of the event array, the offset of the ']' that closes the array
// (string- and nesting-aware), or npos.
size_t findArrayEnd(std::string_view all, size_t from)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = from; i < all.size(); ++i) {
        const char c = all[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"': inString = true; break;
        case '{': case '[': ++depth; break;
        case '}': case ']':
            if (depth == 0)
                return c == ']' ? i : std::string_view::npos;
            --depth;
            break;
        default: break;
        }
    }
    return std::string_view::npos;
}

struct ChunkFallback {};

// Traces being parsed in this process: a second thread per parse pays only when there is one.
std::atomic<int> g_parsing{0};
} // namespace

// The first `want` bytes (fewer at the end of the file, which sets `ended`); a streamed file may
// still be decompressing, and this waits for them.
std::string_view Parser::readable(size_t want, bool &ended)
{
    return {m_bytes.data(), m_bytes.waitFor(want, ended, tick())};
}

// The event array is cut into ~32 MB chunks at element boundaries and each chunk parsed as its own
// small document, so simdjson's index never grows with the file, and bytes are dropped as soon as
// they are parsed: the pages of a mapped file, the decompressed stretch of a streamed one. A
// boundary is a newline (never inside a JSON string) followed by the first element's own indentation
// and '{', after a ','. A boundary guessed wrong makes a chunk unparseable; any failure falls back to
// parsing the whole document at once.
bool Parser::chunked()
{
    // Chunks big enough to amortise simdjson's setup, small enough that its index (about 4 bytes per
    // structural character) stays in one buffer reused for every chunk.
    const size_t kChunkBytes = m_options.chunkBytes;
    if (kChunkBytes == 0)
        return false;
    bool ended = false;
    std::string_view all = readable(2 * kChunkBytes, ended);
    if (all.size() < 2 * kChunkBytes)
        return false;  // small files: one document is as fast and simpler
    const size_t key = all.find("\"traceEvents\"");
    if (key == std::string_view::npos)
        return false;
    size_t i = all.find_first_not_of(" \t\r\n", key + 13);
    if (i == std::string_view::npos || all[i] != ':')
        return false;
    i = all.find_first_not_of(" \t\r\n", i + 1);
    if (i == std::string_view::npos || all[i] != '[')
        return false;
    const size_t arrayOpen = i;
    const size_t first = all.find_first_not_of(" \t\r\n", arrayOpen + 1);
    if (first == std::string_view::npos || all[first] != '{')
        return false;
    const size_t nl = all.rfind('\n', first);
    if (nl == std::string_view::npos || nl < arrayOpen)
        return false;  // no newline before the first event: a one-line file, parsed whole
    const std::string pattern = std::string(all.substr(nl, first - nl)) + "{";
    const std::string head(all.substr(0, arrayOpen + 1));  // its bytes are dropped as parsing goes on

    // Two chunks on one thread first: by then a second trace loaded at the same time (a comparison)
    // is being parsed too, and the rest is not split.
    const size_t probe = boundaryAfter(first + 2 * kChunkBytes, pattern);
    size_t arrayClose = std::string_view::npos;
    size_t split = std::string_view::npos;
    if (probe != std::string_view::npos) {
        eventChunks({first, probe}, pattern);
        split = splitPoint(probe, pattern);
    }
    if (split == std::string_view::npos) {
        arrayClose = eventChunks({probe == std::string_view::npos ? first : probe}, pattern);
    } else {
        // The second half on a thread of its own, into a store of its own, appended to this one after.
        std::atomic<bool> stop{false};
        ParseOptions laterOptions = m_options;
        laterOptions.progress = [&stop](double) { return !stop.load(std::memory_order_relaxed); };
        Parser later(m_bytes, m_file, laterOptions);
        m_laterParsed = &later.m_parsed;
        auto closed = std::async(std::launch::async, [&] { return later.eventChunks({split}, pattern); });
        try {
            eventChunks({probe, split}, pattern);
            arrayClose = closed.get();  // its error, if any
        } catch (...) {
            stop = true;
            if (closed.valid())
                closed.wait();
            m_laterParsed = nullptr;
            throw;
        }
        m_laterParsed = nullptr;
        absorb(std::move(later));
    }
    all = readable(std::numeric_limits<size_t>::max(), ended);  // the array's end was the file's end: read
    // Everything around the event array (deviceProperties, versions, …) as one small document.
    std::string rest;
    rest.reserve(head.size() + 1 + (all.size() - arrayClose));
    rest.append(head).append(all.substr(arrayClose));
    simdjson::padded_string restBuffer(rest);
    wholeDocument(restBuffer.data(), restBuffer.size(), restBuffer.size() + simdjson::SIMDJSON_PADDING);
    return true;
}

// Parses the event array's elements from range.first, chunk by chunk, up to range.stop or to the
// array's end; returns the offset of the ']' that closes the array (npos when it stopped before).
size_t Parser::eventChunks(Range range, const std::string &pattern)
{
    const size_t kChunkBytes = m_options.chunkBytes;
    simdjson::padded_string buffer(kChunkBytes + kChunkBytes / 2);
    od::parser parser;
    bool ended = false;
    std::string_view all;
    size_t start = range.first, released = range.first, arrayClose = std::string_view::npos;
    const auto beforeStop = [&] {  // the ',' that ends this range
        all = readable(range.stop, ended);
        return all.find_last_not_of(" \t\r\n", range.stop - 1);
    };
    while (arrayClose == std::string_view::npos && start != range.stop) {
        size_t end = std::string_view::npos, next = std::string_view::npos;
        if (range.stop != std::string_view::npos && start + kChunkBytes >= range.stop) {
            end = beforeStop();
            next = range.stop;
        }
        // The first boundary a chunk ahead; a streamed file is read further until one turns up.
        for (size_t from = start + kChunkBytes; end == std::string_view::npos;) {
            all = readable(from + kChunkBytes / 4, ended);
            for (size_t cand = all.find(pattern, from); cand != std::string_view::npos;
                 cand = all.find(pattern, cand + 1)) {
                const size_t prev = all.find_last_not_of(" \t\r\n", cand);
                if (prev != std::string_view::npos && all[prev] == ',') {
                    end = prev;
                    next = cand + pattern.size() - 1;
                    break;
                }
            }
            if (end != std::string_view::npos || ended)
                break;
            from = std::max(from, all.size() + 1 - std::min(all.size(), pattern.size()));
        }
        if (next != std::string_view::npos && range.stop != std::string_view::npos && next > range.stop) {
            end = beforeStop();
            next = range.stop;
        }
        if (end == std::string_view::npos) {
            // NUL bytes after the document are handled by the whole-file path.
            const size_t lastUseful = all.find_last_not_of(std::string_view(" \t\r\n\0", 5));
            if (lastUseful != std::string_view::npos && all.find('\0', lastUseful) != std::string_view::npos)
                throw ChunkFallback{};
            // The tail: cut it at the last boundary so that the bracket-counting scan for the
            // array's end only walks the final element and what follows the array.
            const std::string_view tail = all.substr(start);
            for (size_t cand = tail.rfind(pattern); cand != std::string_view::npos && cand > 0;
                 cand = tail.rfind(pattern, cand - 1)) {
                const size_t prev = tail.find_last_not_of(" \t\r\n", cand);
                if (prev != std::string_view::npos && tail[prev] == ',' && prev > 0) {
                    end = start + prev;
                    next = start + cand + pattern.size() - 1;
                    break;
                }
            }
        }
        if (end == std::string_view::npos) {
            arrayClose = findArrayEnd(all, start);
            if (arrayClose == std::string_view::npos)
                throw ChunkFallback{};
            end = arrayClose;
        }
        const size_t len = end - start;
        if (len + 2 > buffer.size())
            buffer = simdjson::padded_string(len + 2 + kChunkBytes / 4);
        char *b = buffer.data();
        b[0] = '[';
        std::memcpy(b + 1, all.data() + start, len);
        b[len + 1] = ']';
        od::document doc;
        if (parser.iterate(b, len + 2, buffer.size() + simdjson::SIMDJSON_PADDING).get(doc))
            throw ChunkFallback{};
        od::array arr;
        if (doc.get_array().get(arr))
            throw ChunkFallback{};
        m_chunkBase = b + 1;
        m_chunkOffset = start;
        const uint64_t before = m_result.store.eventCount;
        const uint64_t phBefore = m_eventsWithPh;
        eventArray(arr, doc);
        m_chunkBase = m_bytes.data();
        m_chunkOffset = 0;
        // simdjson's on-demand mode does not check that brackets balance, so a boundary guessed inside
        // an event shows only as a broken args object, bytes left after the array closed, or a
        // chunk whose events lack "ph": each sends the whole file to the one-document path.
        const char *at = nullptr;
        if (m_structureBroken || doc.current_location().get(at) == simdjson::SUCCESS
            || m_eventsWithPh - phBefore != m_result.store.eventCount - before)
            throw ChunkFallback{};
        m_parsed.store(end - range.first, std::memory_order_relaxed);
        const size_t later = m_laterParsed ? m_laterParsed->load(std::memory_order_relaxed) : 0;
        if (!report(m_bytes.fractionAt(end + later)))
            throw Cancelled();
        // Sized from the first chunk for everything from range.first on (this store takes the later
        // half's rows too).
        if (!m_reserved && m_bytes.sizeEstimate() > end) {
            m_reserved = true;
            try {
                m_result.store.reserveScaled(1.05 * double(m_bytes.sizeEstimate() - range.first) / double(end - range.first));
            } catch (const std::bad_alloc &) {
                // Only a saving: the tables grow as they go instead (e.g. under ulimit -v).
            }
        }
        if (next != std::string_view::npos && next >= released + (size_t(1) << 20)) {
            m_bytes.discard(released, next);
            released = next;
        }
        start = next;
    }
    return arrayClose;
}

// Where the second of two parsers starts: the first element boundary after the middle of a file that
// is read whole, or npos for one parser.
size_t Parser::splitPoint(size_t first, const std::string &pattern) const
{
    bool ended = false;
    const size_t size = m_bytes.waitFor(0, ended);
    int threads = m_options.threads;
    if (threads == 0)
        threads = ended && !m_bytes.isStreamed() && size - first >= 8 * m_options.chunkBytes
                          && std::thread::hardware_concurrency() >= 2 && g_parsing.load() == 1 ? 2 : 1;
    if (threads < 2 || !ended || m_bytes.isStreamed())
        return std::string_view::npos;
    return boundaryAfter(first + (size - first) / 2, pattern);
}

// The start of the first event at or after `from` in a file read whole (npos: none, or not read whole).
size_t Parser::boundaryAfter(size_t from, const std::string &pattern) const
{
    bool ended = false;
    const std::string_view all(m_bytes.data(), m_bytes.waitFor(0, ended));
    if (!ended)
        return std::string_view::npos;
    for (size_t cand = all.find(pattern, from); cand != std::string_view::npos; cand = all.find(pattern, cand + 1)) {
        const size_t prev = all.find_last_not_of(" \t\r\n", cand);
        if (prev != std::string_view::npos && all[prev] == ',')
            return cand + pattern.size() - 1;
    }
    return std::string_view::npos;
}

// Takes the rows and counts of the parser that read the bytes after this one's.
void Parser::absorb(Parser &&later)
{
    m_result.store.append(later.m_result.store, m_order);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < CatCount; ++c)
            m_kinds[r][c] += later.m_kinds[r][c];
    for (const auto &[k, n] : later.m_otherKinds)
        m_otherKinds[k] += n;
    m_order += later.m_order;
    m_eventsWithPh += later.m_eventsWithPh;
    m_badEvents += later.m_badEvents;
    m_longEvents += later.m_longEvents;
    m_longest = std::max(m_longest, later.m_longest);
    m_durationTotal += later.m_durationTotal;
    m_sawEvents = m_sawEvents || later.m_sawEvents;
}

void Parser::reset()
{
    m_chunkBase = m_bytes.data();
    m_chunkOffset = 0;
    m_result = ParseResult{};
    std::memset(m_kinds, 0, sizeof m_kinds);
    m_otherKinds.clear();
    m_order = 0;
    m_structureBroken = false;
    m_eventsWithPh = 0;
    m_badEvents = 0;
    m_longEvents = 0;
    m_longest = 0;
    m_durationTotal = 0;
    m_sawEvents = false;
    m_parsed = 0;
    m_laterParsed = nullptr;
    m_reserved = false;
}

ParseResult Parser::run()
{
    // The start tells what this is; the rest of a streamed file may still be on its way.
    bool ended = false;
    std::string_view all = readable(64 * 1024, ended);
    size_t firstNonSpace = all.find_first_not_of(" \t\r\n");
    if (firstNonSpace == std::string_view::npos && !ended) {
        m_bytes.rewind(tick());
        all = m_bytes.view();
        ended = true;
        firstNonSpace = all.find_first_not_of(" \t\r\n");
    }
    if (all.empty())
        fail("file is empty");
    if (firstNonSpace == std::string_view::npos)
        fail("file is empty (only whitespace)");
    if (all[firstNonSpace] != '{' && all[firstNonSpace] != '[') {
        if (std::string_view("\"-0123456789tfn").find(all[firstNonSpace]) != std::string_view::npos)
            fail("not a Chrome trace: the top-level value is not an object or an array", all.data() + firstNonSpace);
        fail("not JSON: expected '{' or '[' but the file starts with something else", all.data() + firstNonSpace);
    }
    const bool object = all[firstNonSpace] == '{';
    if (ended) {
        if (auto trimmed = withoutNulTail())
            return std::move(*trimmed);
    }

    bool done = false;
    try {
        done = object && chunked();
    } catch (const ChunkFallback &) {
    } catch (const TraceError &) {
        // The exact error, with its offset in the file, comes from parsing the whole document.
    }
    if (!done) {
        m_bytes.rewind(tick());  // a streamed file's dropped bytes are decompressed once more
        if (auto trimmed = withoutNulTail())
            return std::move(*trimmed);
        // simdjson indexes a document with 32-bit offsets: beyond 4 GB only the chunked path works.
        if (m_bytes.size() > 0xFFFFFFFFull - 64)
            fail("larger than 4 GB and not laid out one event after another on new lines (as Kineto writes them), or invalid JSON: cannot be read");
        reset();
        wholeDocument(m_bytes.data(), m_bytes.size(), m_bytes.capacity());
    }
    finish();
    return std::move(m_result);
}

// NUL bytes after the document (a file preallocated or cut short by a crash) are not JSON; the
// document before them is usable. Needs the whole file.
std::optional<ParseResult> Parser::withoutNulTail()
{
    const std::string_view all = m_bytes.view();
    const size_t lastUseful = all.find_last_not_of(std::string_view(" \t\r\n\0", 5));
    if (lastUseful == std::string_view::npos || all[lastUseful] == '\0' || lastUseful + 1 == all.size()
        || all.find_first_not_of(std::string_view(" \t\r\n", 4), lastUseful + 1) == std::string_view::npos)
        return std::nullopt;
    const TraceBuffer trimmed = TraceBuffer::prefix(m_bytes, lastUseful + 1);  // no copy of the file
    const size_t nuls = all.size() - lastUseful - 1;
    Parser inner(trimmed, m_file, m_options);
    ParseResult r = inner.run();
    r.warnings.push_back("ignored " + std::to_string(nuls) + " NUL/blank bytes after the end of the JSON document");
    return r;
}

void Parser::finish()
{
    if (m_result.store.eventCount == 0)
        fail("the trace has no events");
    if (m_badEvents > 0)
        m_result.warnings.push_back(std::to_string(m_badEvents)
                                    + " events skipped (not objects, or complete events without a valid ts/dur)");
    if (m_longEvents > 0)
        m_result.warnings.push_back(std::to_string(m_longEvents) + " events skipped: durations longer than a week "
                                    "cannot be real (the longest: " + std::to_string(m_longest / 86'400'000'000'000)
                                    + " days)");
    if (m_durationTotal > double(kMaxTime))
        fail("the events' durations add up to more than " + std::to_string(kMaxTime / 31'557'600'000'000'000)
             + " years: not a real profile");
    EventStore &s = m_result.store;
    const char phNames[3] = {'X', 's', 'f'};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < CatCount; ++c)
            if (m_kinds[r][c] && c != CatOther)
                s.eventKinds[std::string(1, char(phNames[r])) + "/" + kCatNames[c]] += m_kinds[r][c];
    for (auto &[k, n] : m_otherKinds)
        s.eventKinds[k] += n;
    s.finalize();
}

} // namespace

ParseResult FUSION_PARSER_ENTRY(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    struct Counted {
        Counted() { ++g_parsing; }
        ~Counted() { --g_parsing; }
    } counted;
    Parser p(bytes, fileName, options);
    return p.run();
}

#ifndef FUSION_PARSER_HASWELL
// simdjson's on-demand API compiles for one instruction set (its "builtin" implementation), so this
// file is built twice: once for the baseline x86-64 (simdjson's portable fallback) and once with
// -march=haswell (AVX2, several times faster). The CPU decides at run time.
ParseResult parseTraceHaswell(const TraceBuffer &, const std::string &, const ParseOptions &);

static ParseResult parseWithBestParser(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
#ifdef FUSION_HAVE_HASWELL_PARSER
    static const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")
                             && __builtin_cpu_supports("pclmul");
    if (avx2)
        return parseTraceHaswell(bytes, fileName, options);
#endif
    return parseTraceGeneric(bytes, fileName, options);
}

ParseResult parseTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    // Past a cut made while reading, the bytes were zeros: whatever the parser made of them, the
    // cut is the error to report.
    const auto truncated = [&] { return TraceError(fileName, "the file was truncated by another program while it was being read"); };
    try {
        ParseResult r = parseWithBestParser(bytes, fileName, options);
        if (bytes.truncatedWhileRead())
            throw truncated();
        return r;
    } catch (const TraceError &) {
        if (bytes.truncatedWhileRead())
            throw truncated();
        throw;
    }
}
#endif

} // namespace fusion
