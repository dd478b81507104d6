// The rocprofv3 JSON reader. Like the Kineto parser, this file is compiled twice (baseline and AVX2,
// see libanalysis/CMakeLists.txt): simdjson's on-demand API is built for one instruction set.
#include "trace/rocprofreader.h"

#include "trace/jsonwalk.h"
#include "trace/recordimport.h"
#include "trace/traceerror.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <unordered_map>

#ifdef FUSION_PARSER_HASWELL
#define FUSION_ROCPROF_NS rocprof_haswell
#define FUSION_ROCPROF_ENTRY parseRocprofHaswell
#else
#define FUSION_ROCPROF_NS rocprof_generic
#define FUSION_ROCPROF_ENTRY parseRocprofGeneric
#endif

namespace fusion {

ParseResult FUSION_ROCPROF_ENTRY(const TraceBuffer &, const std::string &, const ParseOptions &);

namespace FUSION_ROCPROF_NS {
namespace {

namespace od = simdjson::ondemand;

int64_t intOf(od::value v)
{
    int64_t i = 0;
    if (v.get_int64().get(i) == simdjson::SUCCESS)
        return i;
    uint64_t u = 0;  // ids beyond int64 (hashes) name nothing we look up
    return v.get_uint64().get(u) == simdjson::SUCCESS && u <= uint64_t(INT64_MAX) ? int64_t(u) : kNone;
}

std::string_view stringOf(od::value v)
{
    std::string_view s;
    return v.get_string().get(s) == simdjson::SUCCESS ? s : std::string_view();
}

// Calls f(key, value) for each member of an object value; false when it is not one.
template<typename F>
bool members(od::value v, F &&f)
{
    od::object obj;
    if (v.get_object().get(obj) != simdjson::SUCCESS)
        return false;
    for (auto fr : obj) {
        od::field field;
        std::string_view k;
        if (std::move(fr).get(field) != simdjson::SUCCESS || field.unescaped_key().get(k) != simdjson::SUCCESS)
            return false;
        f(k, field.value());
    }
    return true;
}

// {"handle": N} (agents, queues, streams) or {"internal": N, …} (correlation ids): the one number.
int64_t numberIn(od::value v, std::string_view key)
{
    int64_t out = kNone;
    members(v, [&](std::string_view k, od::value x) {
        if (k == key)
            out = intOf(x);
    });
    return out;
}

std::array<uint32_t, 3> dim3(od::value v)
{
    std::array<uint32_t, 3> d{};
    members(v, [&](std::string_view k, od::value x) {
        const int64_t n = intOf(x);
        const size_t i = k == "x" ? 0 : k == "y" ? 1 : k == "z" ? 2 : 3;
        if (i < 3 && n >= 0)
            d[i] = uint32_t(std::min<int64_t>(n, UINT32_MAX));
    });
    return d;
}

// The fields every buffer record has.
struct Record {
    int64_t kind = kNone, operation = kNone, tid = kNone, correlation = kNone, start = kNone, end = kNone;
    bool field(std::string_view k, od::value v)
    {
        if (k == "kind") kind = intOf(v);
        else if (k == "operation") operation = intOf(v);
        else if (k == "thread_id") tid = intOf(v);
        else if (k == "correlation_id") correlation = numberIn(v, "internal");
        else if (k == "start_timestamp") start = intOf(v);
        else if (k == "end_timestamp") end = intOf(v);
        else return false;
        return true;
    }
};

// One element of "rocprofiler-sdk-tool": one profiled process. Its records are stored as they come
// and named once all of it is read, since kernel_symbols, agents and strings may follow them.
struct Process {
    ProcId pid = kNone;
    std::unordered_map<int64_t, std::string> symbols;        // kernel_id → name (most never run)
    std::unordered_map<int64_t, int32_t> gpuOfAgent;         // agent handle → GPU ordinal
    std::vector<std::vector<StrId>> operations;              // [kind][operation] → API name
    std::unordered_map<int64_t, StrId> markerText;           // correlation id → roctx message
    size_t firstKernel = 0, firstMemOp = 0, firstLaunch = 0;
    std::vector<int64_t> kernelId, kernelAgent, copyAgents, copyOp;  // per row; copyAgents: dst, src
    std::vector<std::pair<int64_t, int64_t>> launchOp;               // per launch row: kind, operation
    struct Marker { Ns start, dur; ProcId tid; int64_t correlation, kind, operation; };
    std::vector<Marker> markers;
};

class RocprofReader {
public:
    RocprofReader(const TraceBuffer &bytes, const std::string &file, const ParseOptions &options)
        : m_bytes(bytes), m_file(file), m_options(options), m_walk(bytes, file, [this] { return progress(); })
    {
        m_result.store.format = TraceFormat::Rocprofv3;
    }
    ParseResult run();

private:
    bool progress() { return !m_options.progress || m_options.progress(m_bytes.fractionAt(m_walk.offset())); }
    void process();
    void bufferRecords(Process &p);
    template<typename F> void records(std::string_view section, F &&perRecord);
    template<typename F> void small(F &&withValue);
    void kernel(od::value v, Process &p);
    void copy(od::value v, Process &p);
    void api(od::value v, Process &p);
    void marker(od::value v, Process &p);
    void agents(od::value v, Process &p);
    void strings(od::value v, Process &p);
    void metadata(od::value v, Process &p);
    void resolve(Process &p);
    // `base` is the parsed bytes' start and `offset` its place in the file.
    [[noreturn]] void failJson(simdjson::error_code e, od::document &doc, const char *base, size_t offset);

    const TraceBuffer &m_bytes;
    const std::string &m_file;
    const ParseOptions &m_options;
    JsonWalk m_walk;
    ParseResult m_result;
    od::parser m_parser;
    simdjson::padded_string m_buffer;
    SpanCheck m_spans;
    uint32_t m_order = 0;
    uint64_t m_unknownKernels = 0, m_unknownAgents = 0;
};

void RocprofReader::failJson(simdjson::error_code e, od::document &doc, const char *base, size_t offset)
{
    const char *at = nullptr;
    const size_t where = doc.current_location().get(at) == simdjson::SUCCESS && at > base ? offset + size_t(at - base) : offset;
    m_walk.fail(std::string("invalid JSON: ") + simdjson::error_message(e), where);
}

// The array at the walk, in pieces of whole records of about ParseOptions::chunkBytes, each parsed by
// simdjson as a small document of its own; perRecord(value) for each element. The records of a
// named section count as events ("rocprofv3/kernel_dispatch").
template<typename F>
void RocprofReader::records(std::string_view section, F &&perRecord)
{
    const size_t target = std::max<size_t>(m_options.chunkBytes, 1);
    size_t begin = 0, end = 0;
    if (m_walk.peek() != '[') {
        m_walk.skipValue();  // not an array: nothing of ours in it
        return;
    }
    m_walk.expect('[', "");
    while (m_walk.nextPiece(target, begin, end)) {
        const std::string_view piece = m_walk.bytes(begin, end);
        if (m_buffer.size() < piece.size() + 2)
            m_buffer = simdjson::padded_string(piece.size() + 2 + target / 4);
        char *b = m_buffer.data();
        b[0] = '[';
        std::memcpy(b + 1, piece.data(), piece.size());
        b[piece.size() + 1] = ']';
        od::document doc;
        if (auto e = m_parser.iterate(b, piece.size() + 2, m_buffer.size() + simdjson::SIMDJSON_PADDING).get(doc))
            m_walk.fail(std::string("invalid JSON: ") + simdjson::error_message(e), begin);
        od::array arr;
        if (auto e = doc.get_array().get(arr))
            failJson(e, doc, b + 1, begin);
        uint64_t n = 0;
        for (auto er : arr) {
            od::value v;
            if (auto e = er.get(v))
                failJson(e, doc, b + 1, begin);
            perRecord(v);
            ++n;
        }
        if (!section.empty()) {
            m_result.store.eventCount += n;
            m_result.store.eventKinds["rocprofv3/" + std::string(section)] += n;
        }
        m_walk.release(end);
        if (!progress())
            throw Cancelled();
    }
}

// A value small enough to parse whole (metadata, agents, strings): copied out and parsed at once.
template<typename F>
void RocprofReader::small(F &&withValue)
{
    const size_t begin = m_walk.skipValue();
    const simdjson::padded_string copy(m_walk.bytes(begin, m_walk.offset()));
    od::document doc;
    od::value v;
    if (auto e = m_parser.iterate(copy).get(doc))
        m_walk.fail(std::string("invalid JSON: ") + simdjson::error_message(e), begin);
    if (auto e = doc.get_value().get(v))
        failJson(e, doc, copy.data(), begin);
    withValue(v);
}

void RocprofReader::kernel(od::value v, Process &p)
{
    Record r;
    GpuOpRow row;
    int64_t agent = kNone, queue = kNone, stream = kNone, id = kNone;
    std::array<uint32_t, 3> grid{}, workgroup{};
    members(v, [&](std::string_view k, od::value x) {
        if (r.field(k, x))
            return;
        if (k == "stream_id")
            stream = numberIn(x, "handle");
        else if (k == "dispatch_info")
            members(x, [&](std::string_view dk, od::value dx) {
                if (dk == "agent_id") agent = numberIn(dx, "handle");
                else if (dk == "queue_id") queue = numberIn(dx, "handle");
                else if (dk == "kernel_id") id = intOf(dx);
                else if (dk == "workgroup_size") workgroup = dim3(dx);
                else if (dk == "grid_size") grid = dim3(dx);
            });
    });
    if (r.start == kNone || r.end == kNone || !m_spans.accept(r.start, r.end, row.dur))
        return;
    row.start = r.start;
    row.stream = int32_t(std::clamp<int64_t>(stream != kNone ? stream : queue != kNone ? queue : 0, 0, INT32_MAX));
    row.tid = row.stream;
    row.correlation = r.correlation;
    // AMD counts the grid in work-items; CUDA, and the analyses, in blocks (workgroups).
    for (size_t i = 0; i < 3; ++i)
        row.grid[i] = workgroup[i] ? (grid[i] + workgroup[i] - 1) / workgroup[i] : grid[i];
    row.block = workgroup;
    row.fileOrder = m_order++;
    m_result.store.kernels.push(row);
    p.kernelId.push_back(id);
    p.kernelAgent.push_back(agent);
}

void RocprofReader::copy(od::value v, Process &p)
{
    Record r;
    GpuOpRow row;
    int64_t dst = kNone, src = kNone, stream = kNone;
    members(v, [&](std::string_view k, od::value x) {
        if (r.field(k, x))
            return;
        if (k == "dst_agent_id") dst = numberIn(x, "handle");
        else if (k == "src_agent_id") src = numberIn(x, "handle");
        else if (k == "stream_id") stream = numberIn(x, "handle");
    });
    if (r.start == kNone || r.end == kNone || !m_spans.accept(r.start, r.end, row.dur))
        return;
    row.start = r.start;
    row.stream = int32_t(std::clamp<int64_t>(stream == kNone ? 0 : stream, 0, INT32_MAX));
    row.tid = row.stream;
    row.correlation = r.correlation;
    row.fileOrder = m_order++;
    row.kind = GpuKind::Memcpy;
    m_result.store.memOps.push(row);
    p.copyAgents.push_back(dst);
    p.copyAgents.push_back(src);
    p.copyOp.push_back(r.operation);
}

void RocprofReader::api(od::value v, Process &p)
{
    Record r;
    Ns dur = 0;
    members(v, [&](std::string_view k, od::value x) { r.field(k, x); });
    if (r.start == kNone || r.end == kNone || !m_spans.accept(r.start, r.end, dur))
        return;
    m_result.store.launches.push(r.start, dur, StringPool::empty, kNone, r.tid, r.correlation, false);
    p.launchOp.emplace_back(r.kind, r.operation);
}

void RocprofReader::marker(od::value v, Process &p)
{
    Record r;
    Ns dur = 0;
    members(v, [&](std::string_view k, od::value x) { r.field(k, x); });
    if (r.start != kNone && r.end != kNone && m_spans.accept(r.start, r.end, dur))
        p.markers.push_back({r.start, dur, r.tid, r.correlation, r.kind, r.operation});
}

void RocprofReader::agents(od::value v, Process &p)
{
    od::array arr;
    if (v.get_array().get(arr) != simdjson::SUCCESS)
        return;
    int32_t gpus = 0;
    for (auto er : arr) {
        od::value a;
        if (er.get(a) != simdjson::SUCCESS)
            break;
        int64_t type = kNone, handle = kNone, ordinal = kNone, version = 0;
        DeviceProperties d;
        std::string_view gfx;
        members(a, [&](std::string_view k, od::value x) {
            if (k == "type") type = intOf(x);
            else if (k == "id") handle = numberIn(x, "handle");
            else if (k == "logical_node_type_id") ordinal = intOf(x);
            else if (k == "product_name") d.name = stringOf(x);
            else if (k == "name") gfx = stringOf(x);
            else if (k == "wave_front_size") d.warpSize = intOf(x);
            else if (k == "cu_count") d.numSms = intOf(x);
            else if (k == "gfx_target_version") version = intOf(x);
        });
        if (type != 2)  // ROCPROFILER_AGENT_TYPE_GPU
            continue;
        d.id = ordinal >= 0 && ordinal < INT32_MAX ? ordinal : gpus;
        ++gpus;
        if (d.name.empty())
            d.name = gfx;
        d.computeMajor = version / 10000;  // gfx942 is 90402
        d.computeMinor = version / 100 % 100;
        p.gpuOfAgent[handle] = int32_t(d.id);
        std::vector<DeviceProperties> &devices = m_result.store.devices;
        if (std::none_of(devices.begin(), devices.end(), [&](const DeviceProperties &x) { return x.id == d.id; }))
            devices.push_back(std::move(d));
    }
}

void RocprofReader::strings(od::value v, Process &p)
{
    StringPool &pool = m_result.store.strings;
    members(v, [&](std::string_view k, od::value x) {
        od::array arr;
        if ((k != "buffer_records" && k != "marker_api") || x.get_array().get(arr) != simdjson::SUCCESS)
            return;
        for (auto er : arr) {
            od::value e;
            if (er.get(e) != simdjson::SUCCESS)
                break;
            if (k == "buffer_records") {  // one entry per record kind, in the order of its number
                std::vector<StrId> &ops = p.operations.emplace_back();
                members(e, [&](std::string_view ek, od::value ex) {
                    od::array names;
                    if (ek == "operations" && ex.get_array().get(names) == simdjson::SUCCESS)
                        for (auto n : names) {
                            std::string_view s;
                            ops.push_back(n.get_string().get(s) == simdjson::SUCCESS ? pool.intern(s) : StringPool::empty);
                        }
                });
            } else {  // {"key": correlation id, "value": message}
                int64_t key = kNone;
                std::string_view text;
                members(e, [&](std::string_view ek, od::value ex) {
                    if (ek == "key") key = intOf(ex);
                    else if (ek == "value") text = stringOf(ex);
                });
                if (key != kNone && !text.empty())
                    p.markerText[key] = pool.intern(text);
            }
        }
    });
}

void RocprofReader::metadata(od::value v, Process &p)
{
    std::string command;
    members(v, [&](std::string_view k, od::value x) {
        od::array arr;
        if (k == "pid")
            p.pid = intOf(x);
        else if (k == "command" && x.get_array().get(arr) == simdjson::SUCCESS)
            for (auto w : arr) {
                std::string_view s;
                if (w.get_string().get(s) == simdjson::SUCCESS && command.size() < 4096)
                    command.append(command.empty() ? "" : " ").append(s);
            }
    });
    if (!command.empty())  // what framework detection reads, as Kineto's process names
        m_result.store.processNames[p.pid] = command;
}

void RocprofReader::bufferRecords(Process &p)
{
    m_walk.expect('{', "to open \"buffer_records\"");
    for (bool first = true; m_walk.next('}', first);) {
        const std::string k(m_walk.key());  // a copy: the walk drops the bytes behind it
        if (k == "kernel_dispatch") records(k, [&](od::value v) { kernel(v, p); });
        else if (k == "memory_copy") records(k, [&](od::value v) { copy(v, p); });
        else if (k == "hip_api") records(k, [&](od::value v) { api(v, p); });
        else if (k == "marker_api") records(k, [&](od::value v) { marker(v, p); });
        else m_walk.skipValue();  // HSA calls, scratch memory, page migrations, …
    }
}

void RocprofReader::process()
{
    EventStore &s = m_result.store;
    Process p;
    p.firstKernel = s.kernels.size();
    p.firstMemOp = s.memOps.size();
    p.firstLaunch = s.launches.size();
    m_walk.expect('{', "to open a process of \"rocprofiler-sdk-tool\"");
    for (bool first = true; m_walk.next('}', first);) {
        const std::string k(m_walk.key());
        if (k == "metadata") small([&](od::value v) { metadata(v, p); });
        else if (k == "agents") small([&](od::value v) { agents(v, p); });
        else if (k == "strings") small([&](od::value v) { strings(v, p); });
        else if (k == "kernel_symbols")
            records({}, [&](od::value v) {
                int64_t id = kNone;
                std::string_view formatted, demangled, mangled;
                members(v, [&](std::string_view sk, od::value x) {
                    if (sk == "kernel_id") id = intOf(x);
                    else if (sk == "formatted_kernel_name") formatted = stringOf(x);
                    else if (sk == "demangled_kernel_name") demangled = stringOf(x);
                    else if (sk == "kernel_name") mangled = stringOf(x);
                });
                // The demangled name as Kineto writes it: without rocprofiler's " [clone .kd]".
                std::string_view name = !formatted.empty() ? formatted : !demangled.empty() ? demangled : mangled;
                for (std::string_view suffix : {" [clone .kd]", ".kd"})
                    if (name.ends_with(suffix))
                        name.remove_suffix(suffix.size());
                p.symbols[id] = name;
            });
        else if (k == "buffer_records") bufferRecords(p);
        else m_walk.skipValue();
    }
    resolve(p);
}

void RocprofReader::resolve(Process &p)
{
    EventStore &s = m_result.store;
    const auto device = [&](int64_t agent, int32_t &out) {
        const auto it = p.gpuOfAgent.find(agent);
        out = it != p.gpuOfAgent.end() ? it->second : 0;
        return it != p.gpuOfAgent.end();
    };
    std::unordered_map<int64_t, StrId> nameOf;  // a few hundred kernels run millions of times
    for (size_t i = p.firstKernel, j = 0; i < s.kernels.size(); ++i, ++j) {
        auto [name, fresh] = nameOf.try_emplace(p.kernelId[j], StringPool::empty);
        if (fresh) {
            const auto sym = p.symbols.find(p.kernelId[j]);
            name->second = s.strings.intern(sym != p.symbols.end() ? sym->second : "kernel_id " + std::to_string(p.kernelId[j]));
        }
        if (!p.symbols.count(p.kernelId[j]))
            ++m_unknownKernels;
        s.kernels.name[i] = name->second;
        m_unknownAgents += !device(p.kernelAgent[j], s.kernels.device[i]);
        s.kernels.pid[i] = s.kernels.device[i];
    }
    const auto operation = [&](int64_t kind, int64_t op) {
        return kind >= 0 && size_t(kind) < p.operations.size() && op >= 0 && size_t(op) < p.operations[size_t(kind)].size()
                   ? p.operations[size_t(kind)][size_t(op)] : StringPool::empty;
    };
    for (size_t i = p.firstMemOp, j = 0; i < s.memOps.size(); ++i, ++j) {
        // The copy runs on the GPU end of it: the destination unless that is the host.
        int32_t dev = 0;
        if (!device(p.copyAgents[2 * j], dev))
            device(p.copyAgents[2 * j + 1], dev);
        s.memOps.device[i] = s.memOps.pid[i] = dev;
        // MEMORY_COPY's operations: "MEMORY_COPY_HOST_TO_DEVICE" → "HtoD".
        const std::string_view op = s.str(operation(10, p.copyOp[j]));
        const size_t to = op.find("_TO_"), from = op.rfind('_', to == std::string_view::npos ? 0 : to - 1);
        std::string dir;
        if (to != std::string_view::npos && from != std::string_view::npos && to + 4 < op.size())
            dir = std::string(1, op[from + 1]) + "to" + op[to + 4];
        s.memOps.name[i] = s.strings.intern(memcpyName(dir));
    }
    for (size_t i = p.firstLaunch, j = 0; i < s.launches.size(); ++i, ++j) {
        s.launches.pid[i] = p.pid;  // the metadata may come after the records
        const StrId name = operation(p.launchOp[j].first, p.launchOp[j].second);
        s.launches.name[i] = name != StringPool::empty ? name : s.strings.intern("hip_api");
    }
    // A roctx range is named by its message; records without one (pops, thread-id queries) are not ranges.
    for (const Process::Marker &m : p.markers)
        if (auto it = p.markerText.find(m.correlation); it != p.markerText.end())
            s.annotations.push(m.start, m.dur, it->second, p.pid, m.tid, false);
}

ParseResult RocprofReader::run()
{
    bool ended = false;
    if (m_bytes.waitFor(1, ended) == 0)
        m_walk.fail("file is empty", 0);
    m_walk.expect('{', "at the start of a rocprofv3 JSON file");
    bool sawTool = false;
    for (bool first = true; m_walk.next('}', first);) {
        if (m_walk.key() != "rocprofiler-sdk-tool" || m_walk.peek() != '[') {
            m_walk.skipValue();
            continue;
        }
        sawTool = true;
        m_walk.expect('[', "");
        for (bool more = true; m_walk.next(']', more);)
            process();
    }
    if (!m_walk.atEnd())
        m_result.warnings.push_back("ignored bytes after the end of the JSON document");
    if (!sawTool)
        throw TraceError(m_file, "not a rocprofv3 trace: no \"rocprofiler-sdk-tool\" array");
    EventStore &s = m_result.store;
    if (s.eventCount == 0)
        throw TraceError(m_file, "the trace has no records (kernel_dispatch, hip_api, marker_api and memory_copy are empty)");
    m_spans.check(m_file);
    m_spans.warn(m_result.warnings, "records");
    if (m_unknownKernels)
        m_result.warnings.push_back(std::to_string(m_unknownKernels)
                                    + " kernel dispatches name a kernel_id missing from kernel_symbols: named \"kernel_id N\"");
    if (m_unknownAgents)
        m_result.warnings.push_back(std::to_string(m_unknownAgents)
                                    + " kernel dispatches run on an agent missing from agents: counted on device 0");
    finishImportedStore(s);
    return std::move(m_result);
}

} // namespace
} // namespace FUSION_ROCPROF_NS

ParseResult FUSION_ROCPROF_ENTRY(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    FUSION_ROCPROF_NS::RocprofReader reader(bytes, fileName, options);
    return reader.run();
}

#ifndef FUSION_PARSER_HASWELL
ParseResult parseRocprofHaswell(const TraceBuffer &, const std::string &, const ParseOptions &);

ParseResult parseRocprofTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
#ifdef FUSION_HAVE_HASWELL_PARSER
    if (haswellParserUsable())
        return parseRocprofHaswell(bytes, fileName, options);
#endif
    return parseRocprofGeneric(bytes, fileName, options);
}
#endif

} // namespace fusion
