#include "trace/traceparserimpl.h"
#include "util/taskpool.h"

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

#ifdef FUSION_PARSER_HASWELL
#define FUSION_PARSER_ENTRY parseTraceHaswell
#else
#define FUSION_PARSER_ENTRY parseTraceGeneric
#endif
// simdjson's on-demand API compiles for one instruction set (its "builtin" implementation), so this
// file is built twice: once for the baseline x86-64 (simdjson's portable fallback) and once with
// -march=haswell (AVX2, several times faster). The CPU decides at run time (see traceformat.cpp).
ParseResult FUSION_PARSER_ENTRY(const TraceBuffer &, const std::string &, const ParseOptions &);

#ifndef FUSION_PARSER_HASWELL
const TaskKind kParseHelp{"parse help"};

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

namespace FUSION_PARSER_NS {

namespace {

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

} // namespace

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

} // namespace FUSION_PARSER_NS


ParseResult FUSION_PARSER_ENTRY(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    FUSION_PARSER_NS::Parser p(bytes, fileName, options);
    return p.run();
}

} // namespace fusion
