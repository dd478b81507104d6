#include "trace/nsightreader.h"

#include "trace/recordimport.h"
#include "trace/sqlitedb.h"
#include "trace/traceerror.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

namespace fusion {

namespace {

constexpr const char *kKernels = "CUPTI_ACTIVITY_KIND_KERNEL";
constexpr const char *kRuntime = "CUPTI_ACTIVITY_KIND_RUNTIME";
constexpr const char *kMemcpy = "CUPTI_ACTIVITY_KIND_MEMCPY";
constexpr const char *kMemset = "CUPTI_ACTIVITY_KIND_MEMSET";
constexpr const char *kNvtx = "NVTX_EVENTS";
constexpr const char *kGpus = "TARGET_INFO_GPU";
constexpr const char *kCudaDevices = "TARGET_INFO_CUDA_DEVICE";

// nsys packs a process and a thread into one "global id": the pid in bits 24-47, the tid in 0-23.
ProcId pidOf(int64_t global) { return (global >> 24) & 0xFFFFFF; }
ProcId tidOf(int64_t global) { return global & 0xFFFFFF; }
std::pair<ProcId, ProcId> threadOf(const SqliteDb::Query &q, int column)
{
    return q.isNull(column) ? std::pair{kNone, kNone} : std::pair{pidOf(q.integer(column)), tidOf(q.integer(column))};
}

int32_t int32Of(int64_t v) { return int32_t(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)); }

// CUPTI's memcpy kinds (ENUM_CUDA_MEMCPY_OPER): arrays count as device memory.
std::string_view copyDirection(int64_t kind)
{
    static constexpr std::string_view kDirections[] = {"", "HtoD", "DtoH", "HtoD", "DtoH", "DtoD", "DtoD", "DtoD",
                                                       "DtoD", "HtoH", "PtoP", "HtoD", "DtoH", "DtoD"};
    return kind >= 0 && size_t(kind) < std::size(kDirections) ? kDirections[kind] : "";
}

// "cudaLaunchKernel_v7000" → "cudaLaunchKernel", as Kineto names the call.
std::string_view withoutVersion(std::string_view name)
{
    const size_t v = name.rfind("_v");
    if (v == std::string_view::npos || v + 2 == name.size())
        return name;
    return name.find_first_not_of("0123456789", v + 2) == std::string_view::npos ? name.substr(0, v) : name;
}

class NsightReader {
public:
    NsightReader(const TraceBuffer &bytes, const std::string &file, const ParseOptions &options)
        : m_bytes(bytes), m_file(file), m_options(options)
    {
        m_result.store.format = TraceFormat::NsightSqlite;
    }
    ParseResult run();

private:
    bool report(double fraction)
    {
        m_fraction = fraction;
        return !m_options.progress || m_options.progress(fraction);
    }
    const std::set<std::string> &columnsOf(const char *table);
    std::string column(const char *table, const char *name);  // the column, or NULL when it has none
    // The columns of `table` (NULL for those it lacks), row by row.
    std::unique_ptr<SqliteDb::Query> select(const char *table, std::initializer_list<const char *> columns);
    StrId string(int64_t id);
    void checkSchema();
    void kernels();
    void memory(const char *table, GpuKind kind);
    void launches();
    void ranges();
    void devices();
    void threadNames();
    uint64_t &counted(const char *table) { return m_result.store.eventKinds[std::string("nsys/") + table]; }
    void tick(uint64_t rows)
    {
        if ((rows & 0xffff) == 0 && !report(m_fraction))
            throw Cancelled();
    }

    const TraceBuffer &m_bytes;
    const std::string &m_file;
    const ParseOptions &m_options;
    std::unique_ptr<SqliteDb> m_db;
    std::set<std::string> m_tables;
    std::map<std::string, std::set<std::string>> m_columns;
    ParseResult m_result;
    std::unordered_map<int64_t, StrId> m_strings;
    std::optional<SqliteDb::Query> m_stringQuery;
    SpanCheck m_spans;
    uint32_t m_order = 0;
    double m_fraction = 0;
};

const std::set<std::string> &NsightReader::columnsOf(const char *table)
{
    auto it = m_columns.find(table);
    if (it == m_columns.end())
        it = m_columns.emplace(table, m_db->columns(table)).first;
    return it->second;
}

std::string NsightReader::column(const char *table, const char *name)
{
    return columnsOf(table).count(name) ? std::string(name) : std::string("NULL");
}

std::unique_ptr<SqliteDb::Query> NsightReader::select(const char *table, std::initializer_list<const char *> columns)
{
    std::string sql;
    for (const char *c : columns)
        sql += (sql.empty() ? "SELECT " : ", ") + column(table, c);
    return std::make_unique<SqliteDb::Query>(*m_db, sql + " FROM " + table, std::string("cannot read the table ") + table);
}

// A StringIds value, interned once per id (kernels repeat a few hundred names).
StrId NsightReader::string(int64_t id)
{
    const auto it = m_strings.find(id);
    if (it != m_strings.end())
        return it->second;
    if (!m_stringQuery)
        m_stringQuery.emplace(*m_db, "SELECT value FROM StringIds WHERE id = ?1", "cannot read StringIds");
    m_stringQuery->reset();
    m_stringQuery->bind(1, id);
    const StrId s = m_stringQuery->step() ? m_result.store.strings.intern(m_stringQuery->text(0)) : StringPool::empty;
    m_strings.emplace(id, s);
    return s;
}

void NsightReader::checkSchema()
{
    m_tables = m_db->tables();
    if (!m_tables.count(kKernels)) {
        const bool rocpd = std::any_of(m_tables.begin(), m_tables.end(), [](const std::string &t) { return t.starts_with("rocpd_"); });
        if (rocpd)
            throw TraceError(m_file, "a rocprofv3 rocpd database, not an Nsight Systems export: write JSON with "
                                     "rocprofv3 --output-format json");
        if (!m_tables.count("StringIds"))
            throw TraceError(m_file, "a SQLite database, but not an Nsight Systems export (no table "
                                     "CUPTI_ACTIVITY_KIND_KERNEL, no table StringIds)");
        throw TraceError(m_file, "Nsight Systems export without the kernel table CUPTI_ACTIVITY_KIND_KERNEL: no CUDA "
                                 "kernel was traced (record with nsys profile --trace=cuda)");
    }
    if (!m_tables.count("StringIds"))
        throw TraceError(m_file, "Nsight Systems export without the table StringIds: the kernels' names cannot be read");
    for (const char *col : {"start", "end", "deviceId", "streamId"})
        if (!columnsOf(kKernels).count(col))
            throw TraceError(m_file, std::string("the table CUPTI_ACTIVITY_KIND_KERNEL has no column ") + col);
    // nsys writes a table only when something of its kind was recorded: say what is missing.
    static const std::pair<const char *, const char *> kOptional[] = {
        {kRuntime, "no CUDA runtime calls: kernels are not linked to their launches"},
        {kNvtx, "no NVTX ranges: no annotations, ops or modules"},
        {kMemcpy, "no memory copies"},
        {kMemset, "no memsets"},
        {kGpus, "the GPUs are not named"},
    };
    for (const auto &[table, lost] : kOptional)
        if (!m_tables.count(table))
            m_result.warnings.push_back(m_file + " has no table " + table + ": " + lost);
}

void NsightReader::kernels()
{
    const char *t = kKernels;
    if (!columnsOf(t).count("demangledName") && !columnsOf(t).count("shortName") && !columnsOf(t).count("mangledName"))
        throw TraceError(m_file, "the table CUPTI_ACTIVITY_KIND_KERNEL has no name column (demangledName, shortName, mangledName)");
    const auto query = select(t, {"start", "end", "deviceId", "streamId", "correlationId", "demangledName", "shortName",
                                  "mangledName", "gridX", "gridY", "gridZ", "blockX", "blockY", "blockZ"});
    SqliteDb::Query &q = *query;
    uint64_t &rows = counted(t);
    while (q.step()) {
        tick(++rows);
        GpuOpRow r;
        if (!m_spans.accept(q.integer(0), q.integer(1), r.dur))
            continue;
        r.start = q.integer(0);
        for (int c = 5; c <= 7 && r.name == StringPool::empty; ++c)  // demangled, else short, else mangled
            if (!q.isNull(c))
                r.name = string(q.integer(c));
        if (r.name == StringPool::empty)
            r.name = m_result.store.strings.intern("unnamed kernel");
        r.device = int32Of(q.integer(2));
        r.stream = int32Of(q.integer(3));
        r.pid = r.device;
        r.tid = r.stream;
        r.correlation = q.integerOr(4, kNone);
        for (int i = 0; i < 3; ++i) {
            r.grid[size_t(i)] = uint32_t(std::clamp<int64_t>(q.integerOr(8 + i, 0), 0, UINT32_MAX));
            r.block[size_t(i)] = uint32_t(std::clamp<int64_t>(q.integerOr(11 + i, 0), 0, UINT32_MAX));
        }
        r.fileOrder = m_order++;
        m_result.store.kernels.push(r);
    }
}

void NsightReader::memory(const char *t, GpuKind kind)
{
    if (!m_tables.count(t))
        return;
    const auto query = select(t, {"start", "end", "deviceId", "streamId", "correlationId", "copyKind"});
    SqliteDb::Query &q = *query;
    uint64_t &rows = counted(t);
    while (q.step()) {
        tick(++rows);
        GpuOpRow r;
        if (q.isNull(0) || q.isNull(1) || !m_spans.accept(q.integer(0), q.integer(1), r.dur))
            continue;
        r.start = q.integer(0);
        r.name = m_result.store.strings.intern(kind == GpuKind::Memset ? kMemsetName : memcpyName(copyDirection(q.integerOr(5, 0))));
        r.device = r.pid = int32Of(q.integerOr(2, 0));
        r.stream = r.tid = int32Of(q.integerOr(3, 0));
        r.correlation = q.integerOr(4, kNone);
        r.fileOrder = m_order++;
        r.kind = kind;
        m_result.store.memOps.push(r);
    }
}

void NsightReader::launches()
{
    const char *t = kRuntime;
    if (!m_tables.count(t))
        return;
    // Runtime (0) and driver (1) calls; nsys also files the backtraces it took (67-69) here.
    const auto query = select(t, {"start", "end", "globalTid", "correlationId", "nameId", "eventClass"});
    SqliteDb::Query &q = *query;
    std::unordered_map<int64_t, StrId> nameOf;
    uint64_t &rows = counted(t);
    while (q.step()) {
        tick(++rows);
        const int64_t eventClass = q.integerOr(5, 0);
        Ns dur = 0;
        if ((eventClass != 0 && eventClass != 1) || q.isNull(0) || q.isNull(1) || !m_spans.accept(q.integer(0), q.integer(1), dur))
            continue;
        const int64_t nameId = q.integerOr(4, kNone);
        auto it = nameOf.find(nameId);
        if (it == nameOf.end())
            it = nameOf.emplace(nameId, m_result.store.strings.intern(withoutVersion(m_result.store.str(string(nameId))))).first;
        const auto [pid, tid] = threadOf(q, 2);
        m_result.store.launches.push(q.integer(0), dur, it->second, pid, tid, q.integerOr(3, kNone), eventClass == 1);
    }
}

void NsightReader::ranges()
{
    const char *t = kNvtx;
    if (!m_tables.count(t))
        return;
    const auto query = select(t, {"start", "end", "eventType", "text", "textId", "globalTid"});
    SqliteDb::Query &q = *query;
    uint64_t &rows = counted(t);
    while (q.step()) {
        tick(++rows);
        // Push/pop and start/end ranges (59, 60; 70, 71 from NVTXT); not marks, domains or names.
        const int64_t type = q.integerOr(2, 59);
        Ns dur = 0;
        if ((type != 59 && type != 60 && type != 70 && type != 71) || q.isNull(0) || q.isNull(1)
            || !m_spans.accept(q.integer(0), q.integer(1), dur))
            continue;
        StrId name = q.text(3).empty() ? StringPool::empty : m_result.store.strings.intern(q.text(3));
        if (name == StringPool::empty && !q.isNull(4))
            name = string(q.integer(4));
        if (name == StringPool::empty)
            continue;
        const auto [pid, tid] = threadOf(q, 5);
        m_result.store.annotations.push(q.integer(0), dur, name, pid, tid, false);
    }
}

// The GPUs' names by CUDA device number, the number the kernels' deviceId gives: through
// TARGET_INFO_CUDA_DEVICE (cudaId → gpuId) when the export has it, else TARGET_INFO_GPU's cuDevice.
void NsightReader::devices()
{
    if (!m_tables.count(kGpus))
        return;
    const bool mapped = m_tables.count(kCudaDevices) && columnsOf(kCudaDevices).count("cudaId")
                        && columnsOf(kCudaDevices).count("gpuId") && columnsOf(kGpus).count("id");
    const std::string device = mapped ? "c.cudaId" : columnsOf(kGpus).count("cuDevice") ? "g.cuDevice" : column(kGpus, "id");
    const auto g = [&](const char *name) { return columnsOf(kGpus).count(name) ? std::string("g.") + name : std::string("NULL"); };
    SqliteDb::Query q(*m_db,
                      "SELECT " + device + ", " + g("name") + ", " + g("threadsPerWarp") + ", " + g("smCount") + ", "
                          + g("totalMemory") + ", " + g("computeMajor") + ", " + g("computeMinor") + " FROM "
                          + (mapped ? "TARGET_INFO_CUDA_DEVICE c JOIN TARGET_INFO_GPU g ON g.id = c.gpuId" : "TARGET_INFO_GPU g"),
                      "cannot read the GPUs (TARGET_INFO_GPU)");
    std::vector<DeviceProperties> &out = m_result.store.devices;
    while (q.step()) {
        DeviceProperties d;
        d.id = q.integerOr(0, kNone);
        if (d.id == kNone || std::any_of(out.begin(), out.end(), [&](const DeviceProperties &x) { return x.id == d.id; }))
            continue;
        d.name = q.text(1);
        d.warpSize = q.integerOr(2, 0);
        d.numSms = q.integerOr(3, 0);
        d.totalGlobalMem = q.integerOr(4, 0);
        d.computeMajor = q.integerOr(5, 0);
        d.computeMinor = q.integerOr(6, 0);
        out.push_back(std::move(d));
    }
}

// Thread and process names, which framework detection reads as it reads Kineto's.
void NsightReader::threadNames()
{
    EventStore &s = m_result.store;
    if (m_tables.count("ThreadNames") && columnsOf("ThreadNames").count("nameId") && columnsOf("ThreadNames").count("globalTid")) {
        SqliteDb::Query q(*m_db, "SELECT globalTid, nameId FROM ThreadNames", "cannot read ThreadNames");
        while (q.step())
            if (!q.isNull(0) && !q.isNull(1))
                s.threadNames[{pidOf(q.integer(0)), tidOf(q.integer(0))}] = std::string(s.str(string(q.integer(1))));
    }
    if (m_tables.count("PROCESSES") && columnsOf("PROCESSES").count("pid") && columnsOf("PROCESSES").count("name")) {
        SqliteDb::Query q(*m_db, "SELECT pid, name FROM PROCESSES", "cannot read PROCESSES");
        while (q.step())
            if (!q.isNull(0) && !q.text(1).empty())
                s.processNames[q.integer(0)] = std::string(q.text(1));
    }
}

ParseResult NsightReader::run()
{
    // SQLite reads pages anywhere in the file: a compressed one is decompressed whole first.
    m_bytes.rewind([this] { return report(0); });
    m_db = std::make_unique<SqliteDb>(m_bytes.data(), m_bytes.size(), m_file);
    m_db->onProgress([this] { return report(m_fraction); });
    const auto stage = [this](double fraction) {
        if (!report(fraction))
            throw Cancelled();
    };
    checkSchema();
    stage(0.05);
    kernels();
    stage(0.5);
    memory(kMemcpy, GpuKind::Memcpy);
    memory(kMemset, GpuKind::Memset);
    stage(0.6);
    launches();
    stage(0.8);
    ranges();
    devices();
    threadNames();
    EventStore &s = m_result.store;
    for (const auto &[kind, n] : s.eventKinds)
        s.eventCount += n;
    m_spans.check(m_file);
    m_spans.warn(m_result.warnings, "rows");
    finishImportedStore(s);
    m_stringQuery.reset();
    return std::move(m_result);
}

} // namespace

ParseResult readNsightTrace(const TraceBuffer &bytes, const std::string &fileName, const ParseOptions &options)
{
    NsightReader reader(bytes, fileName, options);
    return reader.run();
}

} // namespace fusion
