#pragma once
// The compact, columnar store of one trace's events (struct-of-arrays, interned strings,
// integer nanoseconds). Analyses read it; only the parser writes it.
#include "util/stringpool.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fusion {

using Ns = int64_t;                  // nanoseconds since the trace's own epoch (Kineto µs × 1000)
constexpr int64_t kNone = -1;        // an absent id (correlation, External id, Python id, …)
// Times beyond ±3e18 ns (year 2065) are garbage; nothing a profiler records lasts a week (a few
// such durations would overflow any sum of them). Every reader skips such events.
constexpr Ns kMaxTime = Ns(3'000'000'000'000'000'000);
constexpr Ns kMaxDuration = Ns(7) * 24 * 3600 * 1'000'000'000;

// Kineto writes some pids/tids as strings ("Spans"); those are stored as -2 - StrId so that
// numeric ids keep their value and string ids stay distinct and printable.
using ProcId = int64_t;
inline ProcId procIdFromString(StrId s) { return -2 - static_cast<int64_t>(s); }
inline bool procIdIsString(ProcId p) { return p <= -2; }
inline StrId procIdString(ProcId p) { return static_cast<StrId>(-2 - p); }

enum class GpuKind : uint8_t { Kernel, Memcpy, Memset };

// Which profiler wrote the trace. The readers set it; the analyses only ever read the tables.
enum class TraceFormat : uint8_t { Kineto, Rocprofv3, NsightSqlite };
const char *traceFormatName(TraceFormat f);   // "kineto", "rocprofv3", "nsys-sqlite"
const char *traceFormatLabel(TraceFormat f);  // "PyTorch profiler (Kineto) JSON", …

// One GPU operation, for the readers that build rows field by field (rocprofv3, Nsight Systems).
struct GpuOpRow {
    Ns start = 0, dur = 0;
    StrId name = 0;
    ProcId pid = kNone, tid = kNone;
    int32_t device = 0, stream = 0;
    int64_t correlation = kNone, externalId = kNone;
    std::array<uint32_t, 3> grid{}, block{};
    uint32_t fileOrder = 0;
    GpuKind kind = GpuKind::Kernel;
};

// Kernels, memcpys and memsets: kernels live in their own table, sorted by start time with
// ties broken by file order, so that a kernel's index is its stable kernel id.
struct GpuOpTable {
    std::vector<Ns> start, dur;
    std::vector<StrId> name;
    std::vector<ProcId> pid, tid;
    std::vector<int32_t> device, stream;
    std::vector<int64_t> correlation, externalId;
    std::vector<std::array<uint32_t, 3>> grid, block;
    std::vector<uint32_t> fileOrder;
    std::vector<GpuKind> kind;
    size_t size() const { return start.size(); }
    Ns end(size_t i) const { return start[i] + dur[i]; }
    void reserve(size_t n);
    void permute(const std::vector<uint32_t> &order);  // row i becomes old row order[i]
    void push(const GpuOpRow &r);
};

struct CpuOpTable {  // cat == cpu_op
    std::vector<Ns> start, dur;
    std::vector<StrId> name;
    std::vector<ProcId> pid, tid;
    std::vector<int64_t> externalId;
    std::vector<StrId> inputDims, inputType, concreteInputs;  // raw JSON text of the arg, or empty
    size_t size() const { return start.size(); }
    void reserve(size_t n);
    void push(Ns start, Ns dur, StrId name, ProcId pid, ProcId tid, int64_t externalId, StrId inputDims);
};

struct PyFrameTable {  // cat == python_function
    std::vector<Ns> start, dur;
    std::vector<StrId> name;
    std::vector<ProcId> pid, tid;
    std::vector<int64_t> pyId, parentId;
    size_t size() const { return start.size(); }
    void reserve(size_t n);
};

struct LaunchTable {  // cat == cuda_runtime / cuda_driver (HIP runtime calls use the same cats)
    std::vector<Ns> start, dur;
    std::vector<StrId> name;
    std::vector<ProcId> pid, tid;
    std::vector<int64_t> correlation, externalId;
    std::vector<uint8_t> isDriver;
    size_t size() const { return start.size(); }
    void reserve(size_t n);
    void push(Ns start, Ns dur, StrId name, ProcId pid, ProcId tid, int64_t correlation, bool driver);
};

struct AnnotationTable {  // cat == user_annotation / gpu_user_annotation
    std::vector<Ns> start, dur;
    std::vector<StrId> name;
    std::vector<ProcId> pid, tid;
    std::vector<int64_t> externalId;
    std::vector<uint8_t> onGpu;
    size_t size() const { return start.size(); }
    void reserve(size_t n);
    void push(Ns start, Ns dur, StrId name, ProcId pid, ProcId tid, bool onGpu);
};

struct FlowTable {  // ph s/f with cat ac2g: CPU launch → GPU op
    std::vector<int64_t> id;
    std::vector<Ns> ts;
    std::vector<ProcId> pid, tid;
    std::vector<uint8_t> isStart;
    size_t size() const { return id.size(); }
    void reserve(size_t n);
};

struct DeviceProperties {
    int64_t id = kNone;
    std::string name;
    int64_t warpSize = 0;
    int64_t numSms = 0;
    int64_t totalGlobalMem = 0;
    int64_t computeMajor = 0, computeMinor = 0;
};

class EventStore {
public:
    TraceFormat format = TraceFormat::Kineto;
    StringPool strings;
    GpuOpTable kernels;   // sorted: index == kernel id
    GpuOpTable memOps;    // memcpy + memset, sorted by start
    CpuOpTable cpuOps;
    PyFrameTable pyFrames;
    LaunchTable launches;
    AnnotationTable annotations;
    FlowTable flows;

    std::map<ProcId, std::string> processNames;
    std::map<std::pair<ProcId, ProcId>, std::string> threadNames;
    std::vector<DeviceProperties> devices;
    // Small top-level values by key (e.g. "cuda_runtime_version" → "12040"), raw JSON text.
    std::map<std::string, std::string> topLevel;
    std::string distributedInfo;  // raw JSON, empty when absent

    // Events by "ph/cat" (e.g. "X/kernel", "f/ac2g", "M/"), including kinds not stored.
    std::map<std::string, uint64_t> eventKinds;
    uint64_t eventCount = 0;

    std::string_view str(StrId id) const { return strings.view(id); }
    std::string procName(ProcId p) const;  // the pid/tid as the trace wrote it

    // Appends the rows of `other` (parsed from the bytes after this store's) after this store's own,
    // re-interning its strings; its file order numbers are shifted by `orderOffset`. Empties `other`'s
    // tables column by column as it goes.
    void append(EventStore &&other, uint32_t orderOffset);
    // Makes room for `factor` times the rows each table holds now: the parser, having read the start
    // of a big file, saves the copies and page faults of growing every column step by step.
    void reserveScaled(double factor);
    // Sorts kernels and memOps by (start, file order); the parser calls it once at the end.
    void finalize();
    // Keeps only GPU ops of one device (multi-GPU traces); kernel ids are re-assigned.
    void keepDevice(int32_t device);
    size_t approximateBytes() const;
};

} // namespace fusion
