// The trace reader on small hand-written traces: what is kept, how times convert, and the one clear
// error each kind of bad input gets.
#include "testsupport.h"
#include "trace/mapguard.h"
#include "trace/parsehandoff.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"
#include "util/jsonwriter.h"
#include "util/taskpool.h"

#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <clocale>
#include <optional>
#include <csignal>
#include <zlib.h>

using namespace fusion;

class TraceParserTest : public QObject {
    Q_OBJECT
private slots:
    void microsecondsConvertToExactNanoseconds_data();
    void microsecondsConvertToExactNanoseconds();
    void nanosecondsPrintBackAsTheFilesMicroseconds_data();
    void nanosecondsPrintBackAsTheFilesMicroseconds();
    void kernelsAreNumberedInStartOrderWithFileOrderBreakingTies();
    void argsLinksAndShapesAreKept();
    void aBareEventArrayIsATrace();
    void stringPidsAndUnknownKindsAreTolerated();
    void numbersIgnoreTheDecimalCommaOfTheCLocale();
    void durationsLongerThanAWeekAreSkippedWithAWarningNamingTheirCount();
    void durationsAddingUpToCenturiesAreAnError();
    void badInputGetsOneClearError_data();
    void badInputGetsOneClearError();
    void compressionIsDetectedFromTheBytes();
    void chunkedParsingGivesTheSameStoreAsOneDocument_data();
    void chunkedParsingGivesTheSameStoreAsOneDocument();
    void aCompressedFileIsParsedWhileItIsDecompressed_data();
    void aCompressedFileIsParsedWhileItIsDecompressed();
    void aStreamedLoadCanBeCancelledOrAbandoned();
    void aMappedFileCopiesOutItsOwnBytes();
    void loadingInstallsNoSignalHandler();
    void aFileTruncatedWhileMappedIsAnErrorNotACrash_data();
    void aFileTruncatedWhileMappedIsAnErrorNotACrash();
    void aHelperStartsPastThePieceTheOwnerIsOn();
    void twoThreadsGiveTheSameStoreAsOne_data();
    void twoThreadsGiveTheSameStoreAsOne();
};

namespace {
// A Kineto-like trace of n kernels, one per line; from `nestedFrom` on (if >= 0) each event has an
// args list whose second object sits on a new line at the events' own indentation, so that a chunk
// boundary is soon guessed wrong there.
// A file of plain JSON that loading maps into memory.
void writeMappableTrace(const QString &path, const std::string &json)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(json.data(), qint64(json.size())), qint64(json.size()));
}

std::string kernelTrace(int n, int nestedFrom = -1)
{
    std::string json = "{\n  \"schemaVersion\": 1,\n  \"traceEvents\": [";
    for (int i = 0; i < n; ++i) {
        json += i ? ",\n  " : "\n  ";
        json += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"kernel_" + std::to_string(i % 13)
                + "\", \"pid\": 0, \"tid\": 7, \"ts\": " + std::to_string(1000 + i * 7) + ", \"dur\": 2.5, \"args\": {";
        if (nestedFrom >= 0 && i >= nestedFrom)
            json += "\"list\": [{\"a\": 1},\n  {\"b\": 2}], ";
        json += "\"correlation\": " + std::to_string(i) + "}}";
    }
    return json + "\n  ],\n  \"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA H100 80GB HBM3\"}]\n}\n";
}

bool writeGzip(const QString &path, const std::string &bytes)
{
    gzFile f = gzopen(path.toLocal8Bit().constData(), "wb6");
    if (!f)
        return false;
    const bool ok = gzwrite(f, bytes.data(), unsigned(bytes.size())) == int(bytes.size());
    return gzclose(f) == Z_OK && ok;
}
} // namespace

void TraceParserTest::microsecondsConvertToExactNanoseconds_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<qlonglong>("ns");
    QTest::addColumn<bool>("ok");
    QTest::newRow("three decimals") << "1428625731622.250" << 1428625731622250LL << true;
    QTest::newRow("two decimals") << "1428625731622.25" << 1428625731622250LL << true;
    QTest::newRow("integer") << "18" << 18000LL << true;
    QTest::newRow("epoch micros (alexnet)") << "1695835535123456" << 1695835535123456000LL << true;
    QTest::newRow("rounds the 4th decimal") << "0.0015" << 2LL << true;
    QTest::newRow("negative") << "-1.5" << -1500LL << true;
    QTest::newRow("exponent") << "1.5e3" << 1500000LL << true;
    QTest::newRow("quoted") << "\"12.5\"" << 12500LL << true;
    QTest::newRow("not a number") << "\"abc\"" << 0LL << false;
    QTest::newRow("too large") << "1e300" << 0LL << false;
}

void TraceParserTest::microsecondsConvertToExactNanoseconds()
{
    QFETCH(QString, token);
    QFETCH(qlonglong, ns);
    QFETCH(bool, ok);
    Ns out = 0;
    QCOMPARE(parseMicrosToNs(token.toStdString(), out), ok);
    if (ok)
        QCOMPARE(qlonglong(out), ns);
}

void TraceParserTest::nanosecondsPrintBackAsTheFilesMicroseconds_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("printed");
    QTest::newRow("Kineto's clock") << "1428625731622.25" << "1428625731622.250";
    // Microseconds since 1970 with nanoseconds: 1.7e18 ns, beyond a double's exact integers, where
    // printing through a double gave "…456.750".
    QTest::newRow("epoch micros with nanoseconds") << "1695835535123456.789" << "1695835535123456.789";
    QTest::newRow("negative") << "-1.5" << "-1.500";
    QTest::newRow("below a microsecond") << "0.0015" << "0.002";
    QTest::newRow("zero") << "0" << "0.000";
}

// The start a finding's kernel refs give must be the one the trace file has, to find it elsewhere.
void TraceParserTest::nanosecondsPrintBackAsTheFilesMicroseconds()
{
    QFETCH(QString, token);
    QFETCH(QString, printed);
    Ns ns = 0;
    QVERIFY(parseMicrosToNs(token.toStdString(), ns));
    QCOMPARE(QString::fromStdString(exactUsText(ns)), printed);
}

void TraceParserTest::kernelsAreNumberedInStartOrderWithFileOrderBreakingTies()
{
    const auto t = test::loadJson(R"J({"traceEvents": [
      {"ph":"X","cat":"kernel","name":"late","pid":0,"tid":7,"ts":30,"dur":1,"args":{"stream":7,"correlation":3}},
      {"ph":"X","cat":"kernel","name":"tieA","pid":0,"tid":7,"ts":10,"dur":2,"args":{"stream":7,"correlation":1}},
      {"ph":"X","cat":"Kernel","name":"tieB","pid":0,"tid":8,"ts":10,"dur":3,"args":{"stream":8,"correlation":2}}
    ]})J");
    const GpuOpTable &k = t->store.kernels;
    QCOMPARE(k.size(), size_t(3));
    QCOMPARE(t->store.str(k.name[0]), std::string_view("tieA"));
    QCOMPARE(t->store.str(k.name[1]), std::string_view("tieB"));
    QCOMPARE(t->store.str(k.name[2]), std::string_view("late"));
    QCOMPARE(k.correlation[2], int64_t(3));
    QCOMPARE(k.stream[1], 8);
    QCOMPARE(k.start[0], Ns(10000));
    QCOMPARE(k.dur[1], Ns(3000));
}

void TraceParserTest::argsLinksAndShapesAreKept()
{
    const auto t = test::loadJson(R"J({"deviceProperties":[{"id":0,"name":"NVIDIA H100 80GB HBM3","warpSize":32}],
      "cuda_runtime_version": 12040,
      "traceEvents": [
      {"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":1,"dur":5,
       "args":{"External id":42,"Input Dims":[[16,1024],[1024,4096]],"Input type":["c10::BFloat16","c10::BFloat16"]}},
      {"ph":"X","cat":"python_function","name":"model.py(12): forward","pid":1,"tid":1,"ts":0,"dur":9,
       "args":{"Python id":5,"Python parent id":null}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":2,"dur":1,
       "args":{"correlation":77,"External id":42}},
      {"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":3,"dur":4,
       "args":{"correlation":77,"External id":42,"device":0,"stream":7,"grid":[4,2,1],"block":[128,1,1]}},
      {"ph":"s","cat":"ac2g","id":77,"pid":1,"tid":1,"ts":2,"name":"ac2g"},
      {"ph":"f","cat":"ac2g","id":77,"pid":0,"tid":7,"ts":3,"name":"ac2g","bp":"e"},
      {"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"python3"}}
    ]})J");
    const EventStore &s = t->store;
    QCOMPARE(s.cpuOps.size(), size_t(1));
    QCOMPARE(s.cpuOps.externalId[0], int64_t(42));
    QCOMPARE(s.str(s.cpuOps.inputDims[0]), std::string_view("[[16,1024],[1024,4096]]"));
    QCOMPARE(s.pyFrames.pyId[0], int64_t(5));
    QCOMPARE(s.pyFrames.parentId[0], kNone);
    QCOMPARE(s.launches.correlation[0], int64_t(77));
    QCOMPARE(s.kernels.grid[0][0], 4u);
    QCOMPARE(s.kernels.block[0][0], 128u);
    QCOMPARE(s.kernels.externalId[0], int64_t(42));
    QCOMPARE(s.flows.size(), size_t(2));
    QCOMPARE(s.processNames.at(1), std::string("python3"));
    QCOMPARE(t->info.platform, Platform::Nvidia);
    QCOMPARE(t->info.gpuName, std::string("NVIDIA H100 80GB HBM3"));
    QCOMPARE(s.eventKinds.at("X/kernel"), uint64_t(1));
}

void TraceParserTest::aBareEventArrayIsATrace()
{
    const auto t = test::loadJson(R"J([{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":1,"ts":1,"dur":1,
                                       "args":{}}, {"ph":"X","cat":"cuda_runtime","name":"hipLaunchKernel",
                                       "pid":1,"tid":1,"ts":0,"dur":1}])J");
    QCOMPARE(t->store.kernels.size(), size_t(1));
    QCOMPARE(t->info.platform, Platform::Amd);
}

void TraceParserTest::stringPidsAndUnknownKindsAreTolerated()
{
    const auto t = test::loadJson(R"J({"traceEvents": [
      {"ph":"X","cat":"Trace","ts":1,"dur":2,"pid":"Spans","tid":"PyTorch Profiler","name":"PyTorch Profiler (0)"},
      {"ph":"i","cat":"cpu_instant_event","s":"t","name":"[memory]","pid":1,"tid":1,"ts":3},
      {"ph":"X","cat":"kernel","name":"k","pid":"0","tid":"7","ts":"5.5","dur":1},
      {"ph":"X","cat":"kernel","name":"no-ts","pid":0,"tid":7,"dur":1},
      42
    ]})J");
    QCOMPARE(t->store.kernels.size(), size_t(1));
    QCOMPARE(t->store.kernels.start[0], Ns(5500));
    QCOMPARE(t->store.eventCount, uint64_t(4));
    QVERIFY(!t->warnings.empty());
}

// Qt sets LC_NUMERIC from the environment, so the GUI runs the parser under the user's locale: a
// German desktop writes 1,5 and reads "53.07e0" as 53 followed by junk.
void TraceParserTest::numbersIgnoreTheDecimalCommaOfTheCLocale()
{
    const std::string previous = std::setlocale(LC_NUMERIC, nullptr);
    if (!std::setlocale(LC_NUMERIC, "de_DE.UTF-8"))
        QSKIP("the de_DE.UTF-8 locale is not generated here (tools/install-deps.sh generates it)");
    const auto restore = qScopeGuard([&] { std::setlocale(LC_NUMERIC, previous.c_str()); });
    char comma[16];
    std::snprintf(comma, sizeof comma, "%.1f", 1.5);
    QCOMPARE(QByteArray(comma), QByteArray("1,5"));  // the locale really is in force

    Ns out = 0;
    QVERIFY(parseMicrosToNs("53.07e0", out));
    QCOMPARE(out, Ns(53070));
    QVERIFY(parseMicrosToNs("1.5e3", out));
    QCOMPARE(out, Ns(1500000));
    const auto t = test::loadJson(R"J({"traceEvents": [
      {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":1.0e2,"dur":53.07e0,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":2.0e2,"dur":4.5E-1,"args":{"stream":7}}
    ]})J");
    QCOMPARE(t->store.kernels.size(), size_t(2));
    QCOMPARE(t->store.kernels.start[0], Ns(100000));
    QCOMPARE(t->store.kernels.dur[0], Ns(53070));
    QCOMPARE(t->store.kernels.dur[1], Ns(450));
}

// A duration of 3e18 ns (95 years) once passed; four of them overflowed the kernel-time sum to a
// negative total. Nothing a profiler records lasts a week.
void TraceParserTest::durationsLongerThanAWeekAreSkippedWithAWarningNamingTheirCount()
{
    const auto t = test::loadJson(R"J({"traceEvents": [
      {"ph":"X","cat":"kernel","name":"ok","pid":0,"tid":7,"ts":10,"dur":1,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"ok","pid":0,"tid":7,"ts":20,"dur":2,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"week","pid":0,"tid":7,"ts":30,"dur":604800000000,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"absurd","pid":0,"tid":7,"ts":40,"dur":3e15,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"absurd","pid":0,"tid":7,"ts":50,"dur":3e15,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"absurd","pid":0,"tid":7,"ts":60,"dur":3000000000000000,"args":{"stream":7}},
      {"ph":"X","cat":"kernel","name":"absurd","pid":0,"tid":7,"ts":70,"dur":3e15,"args":{"stream":7}},
      {"ph":"X","cat":"cpu_op","name":"eight days","pid":0,"tid":1,"ts":5,"dur":691200000000.001}
    ]})J");
    const GpuOpTable &k = t->store.kernels;
    QCOMPARE(k.size(), size_t(3));
    Ns total = 0;
    for (size_t i = 0; i < k.size(); ++i)
        total += k.dur[i];
    QCOMPARE(total, Ns(604800000003000));  // 1 µs + 2 µs + one week
    QCOMPARE(t->store.cpuOps.size(), size_t(0));
    const auto w = std::find_if(t->warnings.begin(), t->warnings.end(),
                                [](const std::string &s) { return s.find("longer than a week") != std::string::npos; });
    QVERIFY(w != t->warnings.end());
    QVERIFY2(w->starts_with("5 events skipped"), w->c_str());
}

// Each duration within a week, but together more than int64 nanoseconds hold: no sum of them would
// be right, so the trace is refused with one clear error instead.
void TraceParserTest::durationsAddingUpToCenturiesAreAnError()
{
    std::string json = R"J({"traceEvents": [)J";
    for (int i = 0; i < 16000; ++i)
        json += std::string(i ? "," : "") + R"J({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":)J"
                + std::to_string(i) + R"J(,"dur":604800000000})J";
    json += "]}";
    const std::string path = test::writeTempFile("centuries.json", json);
    try {
        loadTrace(path);
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.file(), path);
        QVERIFY2(QString::fromStdString(e.problem()).contains(QStringLiteral("add up to more than")), e.what());
    }
}

void TraceParserTest::badInputGetsOneClearError_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("problem");
    QTest::addColumn<qlonglong>("offset");
    QTest::newRow("empty") << QByteArray() << "file is empty" << -1LL;
    QTest::newRow("whitespace") << QByteArray("  \n") << "file is empty" << -1LL;
    QTest::newRow("not json") << QByteArray("hello") << "not JSON" << 0LL;
    QTest::newRow("truncated") << QByteArray(R"J({"traceEvents": [{"ph":"X","cat":"kernel","na)J")
                               << "truncated JSON" << -2LL;
    QTest::newRow("no events key") << QByteArray(R"J({"foo": 1})J") << "no \"traceEvents\"" << -1LL;
    QTest::newRow("events not array") << QByteArray(R"J({"traceEvents": {}})J") << "is not an array" << -1LL;
    QTest::newRow("no events") << QByteArray(R"J({"traceEvents": []})J") << "has no events" << -1LL;
    QTest::newRow("scalar document") << QByteArray("42") << "not an object or an array" << 0LL;
}

void TraceParserTest::badInputGetsOneClearError()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, problem);
    QFETCH(qlonglong, offset);
    const std::string path = test::writeTempFile("bad.json", bytes.toStdString());
    try {
        loadTrace(path);
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.file(), path);
        QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
        if (offset >= 0)
            QCOMPARE(qlonglong(e.offset()), offset);
        else if (offset == -2)
            QVERIFY2(e.offset() > 0, e.what());
    }
}

void TraceParserTest::compressionIsDetectedFromTheBytes()
{
    QCOMPARE(sniffCompression(std::string_view("\x1f\x8b\x08", 3)), Compression::Gzip);
    QCOMPARE(sniffCompression(std::string_view("\x28\xb5\x2f\xfd", 4)), Compression::Zstd);
    QCOMPARE(sniffCompression(std::string_view("PK\x03\x04", 4)), Compression::Zip);
    QCOMPARE(sniffCompression("{\"traceEvents\""), Compression::None);
}

void TraceParserTest::chunkedParsingGivesTheSameStoreAsOneDocument_data()
{
    QTest::addColumn<QString>("layout");
    QTest::addColumn<bool>("mapped");
    for (const bool mapped : {false, true}) {
        const char *from = mapped ? " (a mapped file)" : "";
        QTest::addRow("one event per line%s", from) << "line" << mapped;
        QTest::addRow("Kineto's multi-line events%s", from) << "kineto" << mapped;
        // Nested objects on their own lines at the events' indentation: boundaries guessed inside
        // them make a chunk unparseable, and the reader must fall back to the whole document.
        QTest::addRow("nested objects at event indentation%s", from) << "nested" << mapped;
    }
}

void TraceParserTest::chunkedParsingGivesTheSameStoreAsOneDocument()
{
    QFETCH(QString, layout);
    QFETCH(bool, mapped);
    std::string json = "{\n  \"schemaVersion\": 1,\n  \"traceEvents\": [";
    for (int i = 0; i < 3000; ++i) {
        const std::string ts = std::to_string(1000 + i * 7) + "." + std::to_string(i % 1000);
        const std::string name = "kernel_" + std::to_string(i % 13);
        json += i ? ",\n  " : "\n  ";
        if (layout == QLatin1String("kineto"))
            json += "{\n    \"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + name + "\", \"pid\": 0, \"tid\": 7,\n    \"ts\": "
                    + ts + ", \"dur\": 2.5,\n    \"args\": {\n      \"correlation\": " + std::to_string(i)
                    + ", \"stream\": 7\n    }\n  }";
        else if (layout == QLatin1String("nested"))
            json += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + name + "\", \"pid\": 0, \"tid\": 7, \"ts\": " + ts
                    + ", \"dur\": 2.5, \"args\": {\"list\": [{\"a\": 1},\n  {\"b\": 2}], \"correlation\": " + std::to_string(i) + "}}";
        else
            json += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + name + "\", \"pid\": 0, \"tid\": 7, \"ts\": " + ts
                    + ", \"dur\": 2.5, \"args\": {\"correlation\": " + std::to_string(i) + "}}";
    }
    json += "\n  ],\n  \"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA H100 80GB HBM3\"}]\n}\n";
    // A file is mapped, and its pieces are read from it rather than copied out of the mapping.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    if (mapped)
        writeMappableTrace(path, json);
    const TraceBuffer bytes = mapped ? TraceBuffer::load(path.toStdString()) : TraceBuffer::fromString(json);
    QCOMPARE(bytes.isMapped(), mapped);
    ParseOptions whole;
    whole.chunkBytes = 0;
    ParseOptions chunked;
    chunked.chunkBytes = 4096;  // dozens of chunks
    QVERIFY(json.size() > 20 * chunked.chunkBytes);
    const ParseResult a = parseTrace(bytes, "whole.json", whole);
    const ParseResult b = parseTrace(bytes, "chunked.json", chunked);
    QCOMPARE(a.store.kernels.size(), size_t(3000));
    QCOMPARE(b.store.kernels.size(), a.store.kernels.size());
    QCOMPARE(b.store.eventCount, a.store.eventCount);
    QCOMPARE(b.store.kernels.start, a.store.kernels.start);
    QCOMPARE(b.store.kernels.correlation, a.store.kernels.correlation);
    for (size_t i = 0; i < a.store.kernels.size(); ++i)
        QCOMPARE(b.store.str(b.store.kernels.name[i]), a.store.str(a.store.kernels.name[i]));
    QCOMPARE(b.store.devices.size(), size_t(1));
    QCOMPARE(b.store.devices[0].name, std::string("NVIDIA H100 80GB HBM3"));
    QCOMPARE(b.store.topLevel.at("schemaVersion"), std::string("1"));
}

void TraceParserTest::aCompressedFileIsParsedWhileItIsDecompressed_data()
{
    QTest::addColumn<int>("nestedFrom");
    QTest::newRow("every boundary right") << -1;
    // The wrong boundary comes after megabytes were parsed and dropped: the reader decompresses the
    // file once more for the whole-document parse.
    QTest::newRow("a wrong boundary late in the file") << 45000;
}

void TraceParserTest::aCompressedFileIsParsedWhileItIsDecompressed()
{
    QFETCH(int, nestedFrom);
    const int n = 50000;
    const std::string json = kernelTrace(n, nestedFrom);
    QVERIFY(json.size() > (size_t(6) << 20));  // several of the reader's 2 MB discard steps
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json.gz"));
    QVERIFY(writeGzip(path, json));

    const TraceBuffer streamed = TraceBuffer::load(path.toStdString());
    QVERIFY(streamed.isStreamed());
    ParseOptions small;
    small.chunkBytes = 64 * 1024;  // about a hundred chunks
    int reports = 0;
    small.progress = [&](double f) {
        ++reports;
        return f >= 0.0 && f <= 1.0;
    };
    const ParseResult r = parseTrace(streamed, "trace.json.gz", small);
    QVERIFY(reports > 10);
    const GpuOpTable &k = r.store.kernels;
    QCOMPARE(k.size(), size_t(n));
    QCOMPARE(r.store.eventCount, uint64_t(n));
    QCOMPARE(streamed.size(), json.size());
    for (int i : {0, 1, 12345, 44999, 45000, n - 1}) {
        QCOMPARE(k.correlation[size_t(i)], int64_t(i));
        QCOMPARE(k.start[size_t(i)], Ns(1000 + i * 7) * 1000);
        QCOMPARE(k.dur[size_t(i)], Ns(2500));
        QCOMPARE(r.store.str(k.name[size_t(i)]), "kernel_" + std::to_string(i % 13));
    }
    QCOMPARE(r.store.devices.size(), size_t(1));
    QCOMPARE(r.store.devices[0].name, std::string("NVIDIA H100 80GB HBM3"));
}

void TraceParserTest::aStreamedLoadCanBeCancelledOrAbandoned()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json.gz"));
    QVERIFY(writeGzip(path, kernelTrace(50000)));
    {
        const TraceBuffer abandoned = TraceBuffer::load(path.toStdString());  // its reader thread stops
    }
    const TraceBuffer bytes = TraceBuffer::load(path.toStdString());
    ParseOptions cancelling;
    cancelling.chunkBytes = 64 * 1024;
    cancelling.progress = [](double) { return false; };
    QVERIFY_THROWS_EXCEPTION(Cancelled, parseTrace(bytes, "trace.json.gz", cancelling));
}

// The parser copies its pieces out of a mapped file by reading the file (TraceBuffer::copy): any
// range gives the file's bytes, whatever its offset and length.
void TraceParserTest::aMappedFileCopiesOutItsOwnBytes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    std::string json = kernelTrace(3000);
    writeMappableTrace(path, json);
    const TraceBuffer bytes = TraceBuffer::load(path.toStdString());
    QVERIFY(bytes.isMapped());
    QCOMPARE(bytes.size(), json.size());
    for (const auto &[from, length] : std::vector<std::pair<size_t, size_t>>{
             {0, 1}, {0, 4096}, {1, 4095}, {4095, 2}, {12345, 100000}, {json.size() - 7, 7}, {json.size() / 2, 0}}) {
        std::string out(length, '\0');
        bytes.copy(out.data(), from, length);
        QCOMPARE(out, json.substr(from, length));
    }
}

// A library that maps files must not take SIGBUS over for the whole process: until the application
// asks for the guard, a load leaves the process's handler as it was (the default, or a sanitizer's).
void TraceParserTest::loadingInstallsNoSignalHandler()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    const std::string json = kernelTrace(50000);
    writeMappableTrace(path, json);
    struct sigaction before = {}, after = {};
    QCOMPARE(sigaction(SIGBUS, nullptr, &before), 0);
    const TraceBuffer bytes = TraceBuffer::load(path.toStdString());
    QVERIFY(bytes.isMapped());
    (void)parseTrace(bytes, "trace.json");
    QCOMPARE(sigaction(SIGBUS, nullptr, &after), 0);
    QCOMPARE(after.sa_flags, before.sa_flags);
    QVERIFY(reinterpret_cast<void *>(after.sa_sigaction) == reinterpret_cast<void *>(before.sa_sigaction));
}

void TraceParserTest::aFileTruncatedWhileMappedIsAnErrorNotACrash_data()
{
    QTest::addColumn<int>("chunkBytes");
    QTest::newRow("parsed as one document") << 0;
    // Each piece is read from the file: the read falls short at the cut, and the rest comes
    // through the mapping, whose guard reports the truncation.
    QTest::newRow("parsed in pieces") << 64 * 1024;
}

void TraceParserTest::aFileTruncatedWhileMappedIsAnErrorNotACrash()
{
    QFETCH(int, chunkBytes);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("trace.json"));
    const std::string json = kernelTrace(50000);
    writeMappableTrace(path, json);
    // The application's choice (the CLI and the GUI make it at start), not the library's.
    mapguard::installHandler();
    const TraceBuffer bytes = TraceBuffer::load(path.toStdString());
    QVERIFY(bytes.isMapped());
    // Another program cuts the file after it was mapped: its pages past the cut are gone, and reading
    // them raises SIGBUS.
    QVERIFY(QFile::resize(path, qint64(json.size() / 2)));
    ParseOptions options;
    options.chunkBytes = size_t(chunkBytes);
    try {
        (void)parseTrace(bytes, "trace.json", options);
        QFAIL("a truncated file parsed");
    } catch (const TraceError &e) {
        QCOMPARE(e.problem(), std::string("the file was truncated by another program while it was being read"));
    }
    QVERIFY(bytes.truncatedWhileRead());
}

// The hand-over between a parser and a thread that turns up to take part of its rest: the helper
// starts at a boundary after the middle of what is left, never inside or before the owner's piece.
void TraceParserTest::aHelperStartsPastThePieceTheOwnerIsOn()
{
    const size_t npos = ParseHandoff::npos;
    std::vector<size_t> searched;  // where the helper looked for a boundary
    const auto boundaryAt = [&](size_t found) {
        return [&searched, found](size_t from) { return searched.push_back(from), found; };
    };
    {   // The owner at 100 of 1100 bytes, in pieces of 10: the boundary after 100 + 1000 / 2.
        ParseHandoff h(100, 1100, 10);
        QCOMPARE(h.split(boundaryAt(605)), size_t(605));
        QCOMPARE(searched, std::vector<size_t>{600});
        QCOMPARE(h.reached(110), size_t(605));  // the owner stops there
        QCOMPARE(h.close(), size_t(605));
    }
    {   // Four pieces left: the middle is two pieces past the owner.
        ParseHandoff h(1000, 1040, 10);
        QCOMPARE(h.split(boundaryAt(1021)), size_t(1021));
        QCOMPARE(searched.back(), size_t(1020));
    }
    searched.clear();
    {   // The owner has reached the array's end (and not yet closed): nothing left to take. The
        // offset npos must not wrap around to an offset the owner has parsed.
        ParseHandoff h(100, 1100, 10);
        QCOMPARE(h.reached(npos), npos);
        QCOMPARE(h.split(boundaryAt(605)), npos);
        QCOMPARE(h.close(), npos);
    }
    {   // Fewer than four pieces left.
        ParseHandoff h(1061, 1100, 10);
        QCOMPARE(h.split(boundaryAt(1085)), npos);
    }
    QVERIFY(searched.empty());
    {   // The owner moved on while the helper searched, to a piece that would end past the boundary.
        ParseHandoff h(100, 1100, 10);
        QCOMPARE(h.split([&](size_t) { return h.reached(600), size_t(605); }), npos);
        QCOMPARE(h.reached(610), npos);
        QCOMPARE(h.close(), npos);
    }
    {   // The owner finished while the helper searched.
        ParseHandoff h(100, 1100, 10);
        QCOMPARE(h.split([&](size_t) { return h.close(), size_t(605); }), npos);
    }
}

void TraceParserTest::twoThreadsGiveTheSameStoreAsOne_data()
{
    QTest::addColumn<int>("helper");
    // Two parsers from the start, each on a half.
    QTest::newRow("two threads") << 0;
    // One parser, and a pool whose thread turns idle while it runs (the other trace of a pair, done
    // first) and takes the second half of what is left: here the parser's own thread at its first
    // progress report, so that the hand-over happens every run…
    QTest::newRow("a pool's thread taking over after one chunk") << 1;
    // …and a helper thread racing the parser, as it happens in a comparison.
    QTest::newRow("a pool's helper thread racing the parser") << 2;
}

void TraceParserTest::twoThreadsGiveTheSameStoreAsOne()
{
    QFETCH(int, helper);
    // Every kind of row, with string pids (interned ids that the merge must re-map) and metadata on
    // both sides of the middle, so that the second half's store differs from the first's.
    std::string json = "{\n  \"schemaVersion\": 1,\n  \"traceEvents\": [";
    const int n = 6000;
    for (int i = 0; i < n; ++i) {
        const std::string ts = std::to_string(1000 + i * 7) + "." + std::to_string(i % 1000);
        const std::string pid = i % 5 == 0 ? "\"host-" + std::to_string(i % 3) + "\"" : std::to_string(i % 2);
        json += i ? ",\n  " : "\n  ";
        switch (i % 8) {
        case 0: json += "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": " + pid + ", \"args\": {\"name\": \"proc " + std::to_string(i) + "\"}}"; break;
        case 1: json += "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::op_" + std::to_string(i % 17) + "\", \"pid\": " + pid + ", \"tid\": 3, \"ts\": " + ts + ", \"dur\": 4, \"args\": {\"External id\": " + std::to_string(i) + ", \"Input Dims\": [[" + std::to_string(i % 9) + ", 4]]}}"; break;
        case 2: json += "{\"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"model.py(" + std::to_string(i % 23) + "): forward\", \"pid\": " + pid + ", \"tid\": 3, \"ts\": " + ts + ", \"dur\": 9, \"args\": {\"Python id\": " + std::to_string(i) + "}}"; break;
        case 3: json += "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": " + pid + ", \"tid\": 3, \"ts\": " + ts + ", \"dur\": 2, \"args\": {\"correlation\": " + std::to_string(i) + "}}"; break;
        case 4: json += "{\"ph\": \"s\", \"cat\": \"ac2g\", \"id\": " + std::to_string(i) + ", \"pid\": " + pid + ", \"tid\": 3, \"ts\": " + ts + "}"; break;
        case 5: json += "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"step_" + std::to_string(i % 11) + "\", \"pid\": " + pid + ", \"tid\": 3, \"ts\": " + ts + ", \"dur\": 30}"; break;
        case 6: json += "{\"ph\": \"i\", \"name\": \"marker\", \"pid\": 0, \"tid\": 3, \"ts\": " + ts + "}"; break;
        default: json += "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"kernel_" + std::to_string(i % 13) + "\", \"pid\": " + pid + ", \"tid\": 7, \"ts\": " + std::to_string(90000 - i) + ", \"dur\": 2.5, \"args\": {\"correlation\": " + std::to_string(i) + ", \"stream\": 7}}"; break;
        }
    }
    json += "\n  ],\n  \"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA H100 80GB HBM3\"}]\n}\n";
    const TraceBuffer bytes = TraceBuffer::fromString(json);
    ParseOptions whole, two;
    whole.chunkBytes = 0;
    two.chunkBytes = 4096;
    two.threads = helper ? 1 : 2;
    QVERIFY(json.size() > 40 * two.chunkBytes);
    TaskPool pool;
    std::optional<PoolHelper> racer;
    std::vector<double> fractions;
    if (helper)
        two.pool = &pool;
    size_t handedOver = 0;  // reports before the pool's thread took over
    if (helper == 1)
        two.progress = [&](double f) {
            fractions.push_back(f);
            // Past the first two chunks, which one parser reads before the rest is shared.
            if (f >= 0.1 && !handedOver) {
                handedOver = fractions.size();
                int checks = 0;  // false first, true once the posted part has run
                pool.helpUntil([&] { return ++checks > 1; });
            }
            return true;
        };
    if (helper == 2)
        racer.emplace(pool);
    const ParseResult a = parseTrace(bytes, "whole.json", whole);
    const ParseResult b = parseTrace(bytes, "two.json", two);
    if (helper == 1) {
        // The parse reports its bytes with the helper's: the report after the hand-over, at a tenth
        // of the file, counts the half of the rest that the helper parsed.
        QVERIFY(handedOver > 0 && fractions.size() > handedOver);
        QVERIFY2(fractions[handedOver - 1] < 0.2 && fractions[handedOver] > 0.5,
                 qPrintable(QString::number(fractions[handedOver])));
    }
    const EventStore &x = a.store, &y = b.store;
    // Counted independently from the construction: 6000 events, 750 of each of the 8 kinds.
    QCOMPARE(x.eventCount, uint64_t(n));
    QCOMPARE(y.eventCount, uint64_t(n));
    QCOMPARE(y.eventKinds, x.eventKinds);
    QCOMPARE(y.eventKinds.at("X/kernel"), uint64_t(n / 8));
    QCOMPARE(y.kernels.size(), size_t(n / 8));
    QCOMPARE(y.cpuOps.size(), size_t(n / 8));
    QCOMPARE(y.flows.size(), size_t(n / 8));
    const auto names = [](const EventStore &s, const std::vector<StrId> &ids) {
        std::vector<std::string> out;
        for (StrId id : ids)
            out.emplace_back(s.str(id));
        return out;
    };
    const auto procs = [](const EventStore &s, const std::vector<ProcId> &ids) {
        std::vector<std::string> out;
        for (ProcId p : ids)
            out.push_back(s.procName(p));
        return out;
    };
    // Kernels start in reverse file order: their ids come from sorting, ties by file order.
    QCOMPARE(y.kernels.start, x.kernels.start);
    QCOMPARE(y.kernels.correlation, x.kernels.correlation);
    QCOMPARE(names(y, y.kernels.name), names(x, x.kernels.name));
    QCOMPARE(procs(y, y.kernels.pid), procs(x, x.kernels.pid));
    QCOMPARE(names(y, y.cpuOps.name), names(x, x.cpuOps.name));
    QCOMPARE(names(y, y.cpuOps.inputDims), names(x, x.cpuOps.inputDims));
    QCOMPARE(procs(y, y.cpuOps.pid), procs(x, x.cpuOps.pid));
    QCOMPARE(names(y, y.pyFrames.name), names(x, x.pyFrames.name));
    QCOMPARE(y.pyFrames.pyId, x.pyFrames.pyId);
    QCOMPARE(y.launches.correlation, x.launches.correlation);
    QCOMPARE(names(y, y.annotations.name), names(x, x.annotations.name));
    QCOMPARE(y.flows.id, x.flows.id);
    QCOMPARE(procs(y, y.flows.pid), procs(x, x.flows.pid));
    std::map<std::string, std::string> px, py;
    for (const auto &[p, name] : x.processNames)
        px[x.procName(p)] = name;
    for (const auto &[p, name] : y.processNames)
        py[y.procName(p)] = name;
    QCOMPARE(py, px);
    QCOMPARE(px.at("host-0"), std::string("proc 5880"));  // the last process_name event for it wins
    QCOMPARE(y.devices.size(), size_t(1));
}

QTEST_GUILESS_MAIN(TraceParserTest)
#include "tst_traceparser.moc"
