// What a TRACE argument names: a file, a directory or an archive of several ranks; which ranks
// there are and which one is analysed; and which reader reads it: the rocprofv3 JSON and Nsight
// Systems SQLite readers, chosen by the bytes, fill the store as a Kineto trace would.
#include "testsupport.h"
#include "attribution/attribution.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"

#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstring>

using namespace fusion;

namespace {
const char *kTinyTrace = R"J({"traceEvents": [
  {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":10,"dur":1,"args":{"stream":7}}]})J";

bool writeFile(const QString &path, const char *text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == qint64(std::strlen(text));
}

// A trace of one kernel whose distributedInfo says `rank`; `before` goes before it in the file.
QByteArray rankTrace(int rank, const QByteArray &before = {}, bool fieldLast = false)
{
    const QByteArray field = "\"distributedInfo\": {\"backend\": \"nccl\", \"pg_config\": [{\"ranks\": [0, 1], "
                             "\"rank\": 9}], \"rank\": " + QByteArray::number(rank) + "}";
    const QByteArray events = "\"traceEvents\": [" + before
                              + "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,"
                                "\"ts\":10,\"dur\":1,\"args\":{\"stream\":7}}]";
    return "{" + (fieldLast ? events + ", " + field : field + ", " + events) + "}";
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}
} // namespace

class TraceLoaderTest : public QObject {
    Q_OBJECT
private slots:
    void ranksAreReadFromFileNames_data();
    void ranksAreReadFromFileNames();
    void aRankTooLargeForAnIntDoesNotStopTheLoad();
    void aFileBesideItsCompressedCopyIsOneRank();
    void aMissingRankListsTheRanksThereAre();
    void tracesInTheOneSubfolderHoldingThemAreRead();
    void tracesInSeveralSubfoldersAreNamedNotMixed();
    void distributedInfoRankIsItsOwnKey_data();
    void distributedInfoRankIsItsOwnKey();
    void theRankFieldIsPreferredToTheFileName();
    void aRankFieldAfterTheEventsIsNoticedOnLoad();
    void rocprofv3RecordsFillTheStore();
    void rocprofv3PiecesOfOneRecordReadTheSame();
    void nsightTablesFillTheStore();
    void nsightExportWithoutKernelsIsNamed();
    void nsightExportInWalModeIsRead();
    void readersStopWhenCancelled();
};

void TraceLoaderTest::ranksAreReadFromFileNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("rank");
    QTest::newRow("rank3") << "trace_rank3.json" << 3;
    QTest::newRow("rank-12") << "run.rank-12.pt.trace.json.gz" << 12;
    QTest::newRow("tp_1") << "qwen_tp_1.json" << 1;
    QTest::newRow("TP-7") << "TP-7.json" << 7;
    QTest::newRow("worker0") << "worker0.json" << 0;
    QTest::newRow("no rank") << "trace.json" << -1;
    QTest::newRow("largest int") << "trace_rank2147483647.json" << 2147483647;
    QTest::newRow("beyond int") << "trace_rank2147483648.json" << -1;
    QTest::newRow("beyond int64") << "trace_rank99999999999999999999999.json" << -1;
}

void TraceLoaderTest::ranksAreReadFromFileNames()
{
    QFETCH(QString, name);
    QFETCH(int, rank);
    QCOMPARE(rankFromName(name.toStdString()), rank);
}

// std::stoi threw out_of_range here, and the CLI printed only "fusionscope-cli: stoi".
void TraceLoaderTest::aRankTooLargeForAnIntDoesNotStopTheLoad()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("trace_rank99999999999.json")), kTinyTrace));
    const auto t = loadTrace(dir.path().toStdString());
    QCOMPARE(t->members.size(), size_t(1));
    QCOMPARE(t->members[0].rank, -1);
    QCOMPARE(t->store.kernels.size(), size_t(1));
}

// rank0.json and rank0.json.gz were two ranks: "3 ranks found" for two, and the summary listed
// rank 0 twice.
void TraceLoaderTest::aFileBesideItsCompressedCopyIsOneRank()
{
    QTemporaryDir dir;
    for (const char *name : {"rank0.json", "rank0.json.gz", "rank1.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));  // the .gz need not be real
    std::vector<std::string> warnings;
    const auto members = listTraceMembers(dir.path().toStdString(), &warnings);
    QCOMPARE(members.size(), size_t(2));
    QCOMPARE(members[0].display, dir.filePath(QStringLiteral("rank0.json")).toStdString());
    QCOMPARE(members[1].rank, 1);
    QCOMPARE(warnings.size(), size_t(1));
    QCOMPARE(warnings[0], dir.filePath(QStringLiteral("rank0.json.gz")).toStdString() + " is a compressed copy of "
                              + members[0].display + ": counted once, read from " + members[0].display);
    const auto t = loadTrace(dir.path().toStdString());
    QVERIFY(std::find(t->warnings.begin(), t->warnings.end(), warnings[0]) != t->warnings.end());
    QVERIFY(std::find(t->warnings.begin(), t->warnings.end(),
                      "2 ranks found; analysing " + members[0].display + " (the lowest rank; --rank chooses)")
            != t->warnings.end());
}

void TraceLoaderTest::aMissingRankListsTheRanksThereAre()
{
    QTemporaryDir dir;
    for (const char *name : {"trace_rank0.json", "trace_rank2.json", "trace_rank3.json", "notes.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    LoadOptions o;
    o.rank = 5;
    try {
        loadTrace(dir.path().toStdString(), o);
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.problem(), std::string("holds no trace for rank 5 (its ranks: 0, 2, 3)"));
    }
    QTemporaryDir unranked;
    QVERIFY(writeFile(unranked.filePath(QStringLiteral("a.json")), kTinyTrace));
    try {
        loadTrace(unranked.path().toStdString(), o);
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.problem(), std::string("holds no trace for rank 5 (neither a distributedInfo.rank field nor a file "
                                          "name there gives a rank: rank<N>, tp<N>, TP-<N>, worker<N>)"));
    }
}

// A profiler's log folder holds one folder per run: "holds no trace files" was wrong.
void TraceLoaderTest::tracesInTheOneSubfolderHoldingThemAreRead()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("run1/plugins")));
    for (const char *name : {"run1/plugins/rank0.json", "run1/plugins/rank1.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    const auto t = loadTrace(dir.path().toStdString());
    QCOMPARE(t->members.size(), size_t(2));
    QCOMPARE(t->source.display, dir.filePath(QStringLiteral("run1/plugins/rank0.json")).toStdString());
    QCOMPARE(t->warnings.front(), "no trace files in " + dir.path().toStdString()
                                      + " itself: reading the 2 in its subfolder run1/plugins/");
}

void TraceLoaderTest::tracesInSeveralSubfoldersAreNamedNotMixed()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("a")));
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("b/c")));
    for (const char *name : {"a/rank0.json", "a/rank1.json", "b/c/trace.json.gz"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    try {
        listTraceMembers(dir.path().toStdString());
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.file(), dir.path().toStdString());
        QCOMPARE(e.problem(), std::string("directory holds no trace files itself; its subfolders a/ (2), b/c/ (1) "
                                          "do: give one of them"));
    }
}

void TraceLoaderTest::distributedInfoRankIsItsOwnKey_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<int>("rank");  // -1: none
    QTest::newRow("plain") << R"({"backend": "nccl", "rank": 3, "world_size": 8})" << 3;
    QTest::newRow("after nested ranks") << R"({"pg_config": [{"ranks": [0, 1], "rank": 9}], "rank": 1})" << 1;
    QTest::newRow("key in a string") << R"({"note": "a \"rank\": 4 inside", "rank": 5})" << 5;
    QTest::newRow("absent") << R"({"backend": "nccl", "world_size": 8})" << -1;
    QTest::newRow("a string") << R"({"rank": "2"})" << -1;
    QTest::newRow("a fraction") << R"({"rank": 1.5})" << -1;
    QTest::newRow("cut off") << R"({"backend": "nccl", "ra)" << -1;
    QTest::newRow("not an object") << R"([{"rank": 2}])" << -1;
}

void TraceLoaderTest::distributedInfoRankIsItsOwnKey()
{
    QFETCH(QString, json);
    QFETCH(int, rank);
    QCOMPARE(rankOfDistributedInfo(json.toStdString()).value_or(-1), rank);
    QCOMPARE(distributedRankInHead("{\"schemaVersion\": 1, \"distributedInfo\" :" + json.toStdString() + ", \"traceEvents\": [")
                 .value_or(-1),
             rank);
}

// PyTorch writes the rank into the trace: it wins over a file name that says otherwise, and a name
// gives the rank of a trace without the field. Members of an archive are read the same way.
void TraceLoaderTest::theRankFieldIsPreferredToTheFileName()
{
    QTemporaryDir dir;
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank-0.json")), rankTrace(1)));
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank-1.json")), rankTrace(0)));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("worker_2.json")), kTinyTrace));
    std::vector<std::string> warnings;
    const auto members = listTraceMembers(dir.path().toStdString(), &warnings);
    QCOMPARE(members.size(), size_t(3));
    const char *files[] = {"rank-1.json", "rank-0.json", "worker_2.json"};
    const RankSource sources[] = {RankSource::Field, RankSource::Field, RankSource::Name};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(members[size_t(i)].display, dir.filePath(QString::fromLatin1(files[i])).toStdString());
        QCOMPARE(members[size_t(i)].rank, i);
        QCOMPARE(members[size_t(i)].rankSource, sources[i]);
    }
    QVERIFY(std::find(warnings.begin(), warnings.end(),
                      members[1].display + ": distributedInfo.rank is 1 but the file name says 0: listed as rank 1")
            != warnings.end());

    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("-czf"), dir.filePath(QStringLiteral("run.tgz")), QStringLiteral("-C"),
                                      dir.path(), QStringLiteral("rank-0.json"), QStringLiteral("rank-1.json")});
    QVERIFY(tar.waitForFinished(30000) && tar.exitCode() == 0);
    const auto inArchive = listTraceMembers(dir.filePath(QStringLiteral("run.tgz")).toStdString());
    QCOMPARE(inArchive.size(), size_t(2));
    QCOMPARE(inArchive[0].member, std::string("rank-1.json"));
    QCOMPARE(inArchive[0].rankSource, RankSource::Field);
    QCOMPARE(inArchive[1].rank, 1);
}

// The listing reads each trace's first 64 KB; a field written after the events is found once the
// trace is loaded, and the disagreement is said.
void TraceLoaderTest::aRankFieldAfterTheEventsIsNoticedOnLoad()
{
    QTemporaryDir dir;
    QByteArray padding;
    for (int i = 0; i < 1000; ++i)
        padding += "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"padding padding padding padding\",\"pid\":0,"
                   "\"tid\":1,\"ts\":5,\"s\":\"t\"},";
    const QString path = dir.filePath(QStringLiteral("trace_rank3.json"));
    QVERIFY(writeBytes(path, rankTrace(5, padding, true)));
    QVERIFY(QFileInfo(path).size() > 64 * 1024);
    const auto t = loadTrace(path.toStdString());
    QCOMPARE(t->source.rank, 3);
    QCOMPARE(t->source.rankSource, RankSource::Name);
    QVERIFY(std::find(t->warnings.begin(), t->warnings.end(),
                      path.toStdString() + ": distributedInfo.rank is 5, found after the part read to list the ranks: it is "
                                           "listed as rank 3 from its file name")
            != t->warnings.end());
}

namespace {

// rocprofiler-sdk's sections, records first (the reader names them once the process is read) and
// metadata last. Times in ns; thread 77 launches both kernels inside the roctx range "layer_0", the
// first also inside PyTorch's op range of aten::mm.
const char *kRocprofv3 = R"J({"rocprofiler-sdk-tool": [{
 "buffer_records": {
  "kernel_dispatch": [
   {"kind":11,"operation":2,"thread_id":77,"correlation_id":{"internal":1,"external":0},"start_timestamp":1000000,
    "end_timestamp":1004000,"dispatch_info":{"agent_id":{"handle":501},"queue_id":{"handle":3},"kernel_id":7,
    "workgroup_size":{"x":256,"y":1,"z":1},"grid_size":{"x":65536,"y":2,"z":1}},"stream_id":{"handle":4}},
   {"kind":11,"operation":2,"thread_id":77,"correlation_id":{"internal":2,"external":0},"start_timestamp":1010000,
    "end_timestamp":1011500,"dispatch_info":{"agent_id":{"handle":501},"queue_id":{"handle":3},"kernel_id":99},
    "stream_id":{"handle":4}},
   {"kind":11,"operation":2,"thread_id":77,"correlation_id":{"internal":5},"start_timestamp":1020000,"end_timestamp":1019000,
    "dispatch_info":{"agent_id":{"handle":501},"kernel_id":7}}],
  "hsa_api": [{"not": ["read", {"x": "]}"}]}],
  "hip_api": [
   {"kind":5,"operation":1,"correlation_id":{"internal":1,"external":0},"start_timestamp":990000,"end_timestamp":995000,"thread_id":77},
   {"kind":5,"operation":1,"correlation_id":{"internal":2,"external":0},"start_timestamp":1005000,"end_timestamp":1006000,"thread_id":77}],
  "marker_api": [
   {"kind":7,"operation":1,"correlation_id":{"internal":10},"start_timestamp":900000,"end_timestamp":1020000,"thread_id":77},
   {"kind":7,"operation":1,"correlation_id":{"internal":11},"start_timestamp":980000,"end_timestamp":996000,"thread_id":77},
   {"kind":7,"operation":2,"correlation_id":{"internal":12},"start_timestamp":997000,"end_timestamp":997100,"thread_id":77}],
  "memory_copy": [
   {"kind":10,"operation":1,"thread_id":77,"correlation_id":{"internal":3},"start_timestamp":950000,"end_timestamp":960000,
    "dst_agent_id":{"handle":501},"src_agent_id":{"handle":500},"bytes":4096}]},
 "agents": [{"type":1,"id":{"handle":500},"name":"AMD EPYC"},
            {"type":2,"id":{"handle":501},"name":"gfx942","product_name":"AMD Instinct MI300X","logical_node_type_id":0,
             "wave_front_size":64,"cu_count":304,"gfx_target_version":90402}],
 "strings": {"buffer_records": [{"kind":"NONE","operations":[]},{"kind":"HSA_CORE_API","operations":[]},
   {"kind":"HSA_AMD_EXT_API","operations":[]},{"kind":"HSA_IMAGE_EXT_API","operations":[]},
   {"kind":"HSA_FINALIZE_EXT_API","operations":[]},{"kind":"HIP_RUNTIME_API","operations":["hipApiName","hipLaunchKernel"]},
   {"kind":"HIP_COMPILER_API","operations":[]},{"kind":"MARKER_CORE_API","operations":["roctxMarkA","roctxRangePushA","roctxRangePop"]},
   {"kind":"MARKER_CONTROL_API","operations":[]},{"kind":"MARKER_NAME_API","operations":[]},
   {"kind":"MEMORY_COPY","operations":["MEMORY_COPY_NONE","MEMORY_COPY_HOST_TO_DEVICE"]}],
  "marker_api": [{"key":10,"value":"layer_0"},{"key":11,"value":"aten::mm, seq = 3, op_id = 5, sizes = [[4, 8], [8, 16]]"}]},
 "kernel_symbols": [{"kernel_id":7,"kernel_name":"_Z3fooPf.kd","formatted_kernel_name":"foo(float*)",
                     "demangled_kernel_name":"foo(float*) [clone .kd]"}],
 "metadata": {"pid": 4242, "command": ["python3", "train.py"]}
}]})J";

bool contains(const std::vector<std::string> &v, std::string_view needle)
{
    return std::any_of(v.begin(), v.end(), [&](const std::string &s) { return s.find(needle) != std::string::npos; });
}

// Writes a SQLite database made by `sql` to `path`.
bool writeDatabase(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    const bool ok = sqlite3_open(QFile::encodeName(path).constData(), &db) == SQLITE_OK
                    && sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

// An Nsight Systems export's tables, the columns FusionScope reads: pid 1234, tid 1240 (globalTid
// 1234 << 24 | 1240 = 20703085784) launches two kernels on CUDA device 1, which
// TARGET_INFO_CUDA_DEVICE maps to the GPU with id 5. No memcpy table.
const char *kNsight = R"S(
CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO StringIds VALUES (1, 'void gemm_kernel<float>(float*)'), (2, 'gemm_kernel'), (3, '_Z11gemm_kernelIfEvPf'),
  (4, 'cudaLaunchKernel_v7000'), (5, 'nn.Module: DecoderLayer_0'), (6, 'python3 worker'), (7, 'relu_kernel');
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, demangledName INTEGER NOT NULL,
  shortName INTEGER NOT NULL, mangledName INTEGER, gridX INTEGER, gridY INTEGER, gridZ INTEGER, blockX INTEGER,
  blockY INTEGER, blockZ INTEGER);
INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (2000, 5000, 1, 1, 7, 100, 20703084544, 1, 2, 3, 80, 1, 1, 256, 1, 1),
  (6000, 6500, 1, 1, 7, 101, 20703084544, 99, 7, NULL, 1, 1, 1, 32, 1, 1);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER NOT NULL, end INTEGER NOT NULL, eventClass INTEGER NOT NULL,
  globalTid INTEGER, correlationId INTEGER, nameId INTEGER NOT NULL, returnValue INTEGER, callchainId INTEGER);
INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (1500, 1800, 0, 20703085784, 100, 4, 0, NULL),
  (1500, 1800, 67, 20703085784, 100, 4, 0, 1), (5500, 5700, 0, 20703085784, 101, 4, 0, NULL);
CREATE TABLE NVTX_EVENTS (start INTEGER NOT NULL, end INTEGER, eventType INTEGER NOT NULL, text TEXT, globalTid INTEGER,
  textId INTEGER);
INSERT INTO NVTX_EVENTS VALUES (900, 9500, 59, 'forward', 20703085784, NULL),
  (1000, 9000, 59, NULL, 20703085784, 5),
  (1400, 1900, 59, 'aten::linear, seq = 7, op_id = 12, sizes = [[2, 4], [8, 4]]', 20703085784, NULL),
  (5400, 5800, 59, 'aten::relu, seq = 8', 20703085784, NULL),
  (3000, NULL, 34, 'a mark', 20703085784, NULL);
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMSET (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER NOT NULL,
  contextId INTEGER, streamId INTEGER NOT NULL, correlationId INTEGER, globalPid INTEGER, value INTEGER, bytes INTEGER);
INSERT INTO CUPTI_ACTIVITY_KIND_MEMSET VALUES (7000, 7100, 1, 1, 7, 102, 20703084544, 0, 64);
CREATE TABLE TARGET_INFO_GPU (vmId INTEGER, id INTEGER NOT NULL, name TEXT, threadsPerWarp INTEGER, smCount INTEGER,
  totalMemory INTEGER, computeMajor INTEGER, computeMinor INTEGER);
INSERT INTO TARGET_INFO_GPU VALUES (0, 5, 'NVIDIA H100 80GB HBM3', 32, 132, 85520809984, 9, 0),
  (0, 6, 'NVIDIA A10', 32, 72, 23609475072, 8, 6);
CREATE TABLE TARGET_INFO_CUDA_DEVICE (gpuId INTEGER, cudaId INTEGER, pid INTEGER, uuid TEXT, numMultiprocessors INTEGER);
INSERT INTO TARGET_INFO_CUDA_DEVICE VALUES (5, 1, 1234, '', 132), (6, 0, 1234, '', 72);
CREATE TABLE ThreadNames (nameId INTEGER NOT NULL, priority INTEGER, globalTid INTEGER);
INSERT INTO ThreadNames VALUES (6, 0, 20703085784);
)S";

} // namespace

// The format is told from the bytes: the file's name says nothing. Every section is read wherever
// it stands, roctx ranges become annotations, PyTorch's op ranges ops linked to their launches.
void TraceLoaderTest::rocprofv3RecordsFillTheStore()
{
    const auto t = loadTrace(test::writeTempFile("rocprof.bin", kRocprofv3));
    const EventStore &s = t->store;
    QCOMPARE(s.format, TraceFormat::Rocprofv3);
    QCOMPARE(t->info.platform, Platform::Amd);
    QCOMPARE(t->info.gpuName, std::string("AMD Instinct MI300X"));
    QCOMPARE(s.kernels.size(), size_t(2));  // the third ends before it starts
    QCOMPARE(s.str(s.kernels.name[0]), std::string_view("foo(float*)"));
    QCOMPARE(s.str(s.kernels.name[1]), std::string_view("kernel_id 99"));
    QCOMPARE(s.kernels.dur[0], Ns(4000));
    QCOMPARE(s.kernels.device[0], 0);
    QCOMPARE(s.kernels.stream[0], 4);
    QCOMPARE(s.kernels.grid[0], (std::array<uint32_t, 3>{256, 2, 1}));  // 65536 work-items of 256
    QCOMPARE(s.kernels.block[0], (std::array<uint32_t, 3>{256, 1, 1}));
    QVERIFY(contains(t->warnings, "1 records skipped"));
    QVERIFY(contains(t->warnings, "1 kernel dispatches name a kernel_id missing from kernel_symbols"));
    QCOMPARE(s.launches.size(), size_t(2));
    QCOMPARE(s.str(s.launches.name[0]), std::string_view("hipLaunchKernel"));
    QCOMPARE(s.launches.pid[0], ProcId(4242));  // from the metadata, read after the records
    QCOMPARE(s.launches.tid[0], ProcId(77));
    QCOMPARE(s.cpuOps.size(), size_t(1));
    QCOMPARE(s.str(s.cpuOps.name[0]), std::string_view("aten::mm"));
    QCOMPARE(s.str(s.cpuOps.inputDims[0]), std::string_view("[[4, 8], [8, 16]]"));
    QCOMPARE(s.launches.externalId[0], s.cpuOps.externalId[0]);
    QCOMPARE(s.kernels.externalId[0], s.cpuOps.externalId[0]);
    QCOMPARE(s.kernels.externalId[1], kNone);  // launched outside the op's range
    QCOMPARE(s.annotations.size(), size_t(1));  // the range without a message is not one
    QCOMPARE(s.str(s.annotations.name[0]), std::string_view("layer_0"));
    QCOMPARE(s.memOps.size(), size_t(1));
    QCOMPARE(s.str(s.memOps.name[0]), std::string_view("Memcpy HtoD (Host -> Device)"));
    QCOMPARE(s.eventKinds.at("rocprofv3/kernel_dispatch"), uint64_t(3));
    QCOMPARE(s.eventCount, uint64_t(9));  // HSA calls are not read
    QCOMPARE(s.processNames.at(4242), std::string("python3 train.py"));
    // Without Python stacks, both kernels are placed by the roctx range around their launch.
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.source, AttributionSource::AnnotationRanges);
    QCOMPARE(a.locationOf(0).display, std::string("layer_0"));
    QCOMPARE(a.kind[0], AttributionKind::ExternalId);
    QCOMPARE(a.locationOf(1).display, std::string("layer_0"));
    QCOMPARE(a.kind[1], AttributionKind::Correlation);
}

// The long arrays are parsed in pieces of whole records; one record a piece reads the same.
void TraceLoaderTest::rocprofv3PiecesOfOneRecordReadTheSame()
{
    const TraceBuffer bytes = TraceBuffer::fromString(kRocprofv3);
    ParseOptions tiny;
    tiny.chunkBytes = 1;
    const ParseResult a = parseTrace(bytes, "a.json", tiny), b = parseTrace(bytes, "b.json");
    QCOMPARE(a.store.eventCount, b.store.eventCount);
    QCOMPARE(a.store.kernels.start, b.store.kernels.start);
    QCOMPARE(a.store.kernels.size(), size_t(2));
    for (size_t i = 0; i < 2; ++i)
        QCOMPARE(a.store.str(a.store.kernels.name[i]), b.store.str(b.store.kernels.name[i]));
    // Cut anywhere, it is one error naming the file and where it ends.
    const std::string text = kRocprofv3;
    for (size_t cut : {size_t(30), text.size() / 3, text.size() / 2, text.size() - 2}) {
        try {
            parseTrace(TraceBuffer::fromString(std::string_view(text).substr(0, cut)), "cut.json", tiny);
            QFAIL("expected a TraceError");
        } catch (const TraceError &e) {
            QCOMPARE(e.file(), std::string("cut.json"));
            QCOMPARE(e.problem(), std::string("truncated JSON: the file ends inside a string, object or array"));
            QCOMPARE(e.offset(), int64_t(cut));
        }
    }
}

void TraceLoaderTest::nsightTablesFillTheStore()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("profile.sqlite"));
    QVERIFY(writeDatabase(path, kNsight));
    const auto t = loadTrace(path.toStdString());
    const EventStore &s = t->store;
    QCOMPARE(s.format, TraceFormat::NsightSqlite);
    QCOMPARE(t->info.platform, Platform::Nvidia);
    QCOMPARE(t->info.gpuName, std::string("NVIDIA H100 80GB HBM3"));  // CUDA device 1 is GPU 5
    QCOMPARE(s.kernels.size(), size_t(2));
    QCOMPARE(s.str(s.kernels.name[0]), std::string_view("void gemm_kernel<float>(float*)"));
    QCOMPARE(s.str(s.kernels.name[1]), std::string_view("relu_kernel"));  // no string 99: the short name
    QCOMPARE(s.kernels.device[0], 1);
    QCOMPARE(s.kernels.stream[0], 7);
    QCOMPARE(s.kernels.grid[0], (std::array<uint32_t, 3>{80, 1, 1}));
    QCOMPARE(s.launches.size(), size_t(2));  // not the backtrace row
    QCOMPARE(s.str(s.launches.name[0]), std::string_view("cudaLaunchKernel"));
    QCOMPARE(s.launches.pid[0], ProcId(1234));
    QCOMPARE(s.launches.tid[0], ProcId(1240));
    QCOMPARE(s.cpuOps.size(), size_t(2));
    QCOMPARE(s.str(s.cpuOps.name[0]), std::string_view("aten::linear"));
    QCOMPARE(s.str(s.cpuOps.inputDims[0]), std::string_view("[[2, 4], [8, 4]]"));
    QCOMPARE(s.str(s.cpuOps.name[1]), std::string_view("aten::relu"));
    QCOMPARE(s.kernels.externalId[0], s.cpuOps.externalId[0]);
    QCOMPARE(s.kernels.externalId[1], s.cpuOps.externalId[1]);
    QCOMPARE(s.annotations.size(), size_t(2));  // forward and the module: not the mark
    QCOMPARE(s.memOps.size(), size_t(1));
    QCOMPARE(s.str(s.memOps.name[0]), std::string_view("Memset (Device)"));
    QCOMPARE(s.threadNames.at({1234, 1240}), std::string("python3 worker"));
    QVERIFY(contains(t->warnings, path.toStdString() + " has no table CUPTI_ACTIVITY_KIND_MEMCPY: no memory copies"));
    // The module range gives the kernels their scope, the innermost other range their location.
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.source, AttributionSource::AnnotationRanges);
    QCOMPARE(a.cpuOp[0], 0);
    QCOMPARE(a.locationOf(0).display, std::string("forward"));
    QCOMPARE(a.scopeOf(1), std::vector<std::string>{"DecoderLayer_0"});
}

void TraceLoaderTest::nsightExportWithoutKernelsIsNamed()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cpu_only.nsys"));
    QVERIFY(writeDatabase(path, "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL);"
                                "CREATE TABLE NVTX_EVENTS (start INTEGER, end INTEGER);"));
    try {
        loadTrace(path.toStdString());
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.file(), path.toStdString());
        QCOMPARE(e.problem(), std::string("Nsight Systems export without the kernel table CUPTI_ACTIVITY_KIND_KERNEL: "
                                          "no CUDA kernel was traced (record with nsys profile --trace=cuda)"));
    }
}

// SQLite opens no image in write-ahead-log mode from memory ("unable to open database file").
void TraceLoaderTest::nsightExportInWalModeIsRead()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("wal.sqlite"));
    QVERIFY(writeDatabase(path, (std::string("PRAGMA journal_mode=WAL;") + kNsight).c_str()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.read(20).mid(18), QByteArray("\x02\x02"));  // the header says WAL
    const auto t = loadTrace(path.toStdString());
    QCOMPARE(t->store.kernels.size(), size_t(2));
    QCOMPARE(t->info.gpuName, std::string("NVIDIA H100 80GB HBM3"));
}

// The GUI's Cancel: a progress callback answering false stops either reader with Cancelled.
void TraceLoaderTest::readersStopWhenCancelled()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("profile.sqlite"));
    QVERIFY(writeDatabase(path, kNsight));
    for (const std::string &file : {test::writeTempFile("cancel.json", kRocprofv3), path.toStdString()}) {
        LoadOptions o;
        int calls = 0;
        o.progress = [&calls](double) { return ++calls < 2; };
        QVERIFY_THROWS_EXCEPTION(Cancelled, loadTrace(file, o));
        QCOMPARE(calls, 2);
    }
}

QTEST_GUILESS_MAIN(TraceLoaderTest)
#include "tst_traceloader.moc"
