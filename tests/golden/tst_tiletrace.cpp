// tools/tile_trace.py, which repeats a real trace's events in time for the benchmarks: the shared Qwen
// pair tiled 3× must read as three times the original (kernels, GPU time, steps, layers), and every id
// that links events must stay unique across the copies and link within its own copy.
//
// The figures of the originals were computed once with Python's json module from the shared files
// (kernels: X events of cat "kernel"; launches: cats cuda_runtime and cuda_driver; links counted by
// matching ids), not by FusionScope.
#include "testsupport.h"
#include "analyzed/analyzedtrace.h"
#include "report/comparereport.h"
#include "util/taskpool.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <set>
#include <sstream>

using namespace fusion;

namespace {

constexpr int kCopies = 3;

// Qwen1.5-0.5B on H100, as recorded.
constexpr int kH100Events = 18221, kH100Metadata = 60, kH100Kernels = 1465;
constexpr int64_t kH100KernelNs = 45'432'698;  // the kernels' durations summed: 45,432.698 µs
constexpr int kH100Launches = 1922, kH100LinkedKernels = 1029;  // kernels whose correlation id has a launch
constexpr int kH100PyFrames = 4262, kH100PyWithParent = 4260;
constexpr int kH100CpuOps = 4186, kH100LaunchesOfCpuOps = 1920;  // launches whose External id is a cpu_op's
constexpr int kH100FlowStarts = 1201, kH100FlowEnds = 2428, kH100FlowEndsWithStart = 1198;
constexpr int kH100EvIdx = 10899;
// Its first timed event and its span (first start to last end), in µs; the tiler shifts copy k by
// k × ceil(span + gap) and the test asks for a gap of 1000 µs.
constexpr double kH100Start = 1428625731456.483, kH100Shift = 65086;  // ceil(64085.015 + 1000)
constexpr int kLayers = 24;  // Qwen2DecoderLayer_0..23, on both GPUs

// Qwen1.5-0.5B on MI300X.
constexpr int kMi300Kernels = 1516;
constexpr int64_t kMi300KernelNs = 43'062'042;
// The tiler writes one event a line (as the profiler does; the shared file is indented, 9.68 MB):
// a copy of its events takes 6.27 MB so written.
constexpr double kMi300CopyBytes = 6'270'000;

QJsonObject cliJson(const QStringList &args)
{
    const test::CliOutcome r = test::runCli(args);
    if (!r.finished || r.exitCode != 0)
        qWarning("fusionscope-cli %s: %s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(r.errLines.join(QLatin1Char('\n'))));
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

int64_t ns(const QJsonValue &us) { return std::llround(us.toDouble() * 1000.0); }

} // namespace

class TileTrace : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (test::sharedTracesDir().isEmpty())
            return;
        QVERIFY(m_dir.isValid());
        m_h100 = QString::fromStdString(test::sharedTrace(test::kQwenH100));
        m_mi300 = QString::fromStdString(test::sharedTrace(test::kQwenMi300));
        // Uncompressed, to read it here; the other by size and gzip-compressed, as the benchmark does.
        m_h100Tile = m_dir.filePath(QStringLiteral("h100_x3.json"));
        m_mi300Tile = m_dir.filePath(QStringLiteral("mi300_x3.json.gz"));
        tile({m_h100, QStringLiteral("--copies"), QString::number(kCopies), QStringLiteral("--gap-us"),
              QStringLiteral("1000"), QStringLiteral("--out"), m_h100Tile});
        // 3 × 6.27 MB: the size asked for picks three copies.
        tile({m_mi300, QStringLiteral("--target-size"), QStringLiteral("19M"), QStringLiteral("--out"), m_mi300Tile});
    }

    // Kernels, GPU time, events and steps: three times the original's; metadata once.
    void summaryCountsEverythingThreeTimes()
    {
        REQUIRE_SHARED_TRACES();
        const QJsonObject one = cliJson({QStringLiteral("summary"), QStringLiteral("--format"), QStringLiteral("json"), m_h100});
        const QJsonObject three = cliJson({QStringLiteral("summary"), QStringLiteral("--format"), QStringLiteral("json"), m_h100Tile});
        QCOMPARE(one.value(QLatin1String("kernels"))[QLatin1String("count")].toInt(), kH100Kernels);
        QCOMPARE(ns(one.value(QLatin1String("kernels"))[QLatin1String("total_us")]), kH100KernelNs);
        QCOMPARE(one.value(QLatin1String("trace"))[QLatin1String("events")].toInt(), kH100Events);
        QCOMPARE(three.value(QLatin1String("kernels"))[QLatin1String("count")].toInt(), kCopies * kH100Kernels);
        QCOMPARE(ns(three.value(QLatin1String("kernels"))[QLatin1String("total_us")]), kCopies * kH100KernelNs);
        QCOMPARE(three.value(QLatin1String("trace"))[QLatin1String("events")].toInt(),
                 kH100Metadata + kCopies * (kH100Events - kH100Metadata));
        const QJsonArray steps = three.value(QLatin1String("steps")).toArray();
        QCOMPARE(one.value(QLatin1String("steps")).toArray().size(), 1);
        QCOMPARE(steps.size(), kCopies);
        for (int k = 0; k < kCopies; ++k) {
            QCOMPARE(steps[k][QLatin1String("name")].toString(), QStringLiteral("ProfilerStep#%1").arg(6 + k));
            QCOMPARE(steps[k][QLatin1String("kernels")].toInt(), kH100LinkedKernels);  // the step's kernels are the launched ones
        }

        const QJsonObject amd = cliJson({QStringLiteral("summary"), QStringLiteral("--format"), QStringLiteral("json"), m_mi300Tile});
        QCOMPARE(amd.value(QLatin1String("kernels"))[QLatin1String("count")].toInt(), kCopies * kMi300Kernels);
        QCOMPARE(ns(amd.value(QLatin1String("kernels"))[QLatin1String("total_us")]), kCopies * kMi300KernelNs);
        const double bytes = amd.value(QLatin1String("trace"))[QLatin1String("bytes")].toDouble();
        QVERIFY2(std::fabs(bytes - 19e6) < 0.02 * 19e6, qPrintable(QString::number(bytes)));
        QVERIFY2(std::fabs(bytes - kCopies * kMi300CopyBytes) < 0.02 * kCopies * kMi300CopyBytes, qPrintable(QString::number(bytes)));
    }

    // The pair of tiles aligns three times the decoder layers of the pair of originals.
    void comparisonFindsThreeTimesTheLayers()
    {
        REQUIRE_SHARED_TRACES();
        const QJsonObject one = cliJson({QStringLiteral("compare"), QStringLiteral("--format"), QStringLiteral("json"), m_h100, m_mi300});
        const QJsonObject three = cliJson({QStringLiteral("compare"), QStringLiteral("--format"), QStringLiteral("json"), m_h100Tile, m_mi300Tile});
        QCOMPARE(one.value(QLatin1String("layers"))[QLatin1String("a")].toInt(), kLayers);
        QCOMPARE(one.value(QLatin1String("layers"))[QLatin1String("b")].toInt(), kLayers);
        QCOMPARE(three.value(QLatin1String("layers"))[QLatin1String("a")].toInt(), kCopies * kLayers);
        QCOMPARE(three.value(QLatin1String("layers"))[QLatin1String("b")].toInt(), kCopies * kLayers);
        QCOMPARE(three.value(QLatin1String("layers"))[QLatin1String("alignment")].toArray().size(), kCopies * kLayers);
    }

    // Every id is unique across the copies, every link of the original is there once per copy, and it
    // joins two events of the same copy.
    // The CLI writes most of a comparison's JSON document while the comparison works out its
    // findings, from the layer alignment in the comparison's own orientation, so one order of the two
    // is written mirrored; with 72 layer pairs the alignment is formatted in blocks on two threads.
    // Either way the text must be the one a single thread writes from the finished comparison.
    void writingWhileComparingGivesTheSameDocumentInBothOrders()
    {
        REQUIRE_SHARED_TRACES();
        const auto h100 = loadAndAnalyze(m_h100Tile.toStdString(), {}), mi300 = loadAndAnalyze(m_mi300Tile.toStdString(), {});
        QCOMPARE(compareTraces(*h100, *mi300).layers.pairs.size(), size_t(kCopies * kLayers));  // blocks from 64 up
        int mirrored = 0;
        for (const auto &[x, y] : {std::pair{h100, mi300}, std::pair{mi300, h100}}) {
            std::ostringstream after, during;
            {
                JsonWriter w(after);
                writeCompareJson(w, *x, *y, compareTraces(*x, *y));
            }
            {
                JsonWriter w(during);
                TaskPool pool;
                PoolHelper helper(pool);
                w.setPool(&pool);
                compareWritingJson(w, *x, *y, {});
            }
            QVERIFY(after.str().size() > 1000000);
            QVERIFY2(during.str() == after.str(), "the document written while comparing differs");
            CompareOptions o;
            o.whileComparing = [&](const AlignedLayers &aligned) { mirrored += aligned.mirrored; };
            compareTraces(*x, *y, o);
        }
        QCOMPARE(mirrored, 1);  // so both ways of writing the alignment were checked
    }

    void idsAreUniqueAndLinkWithinTheirCopy()
    {
        REQUIRE_SHARED_TRACES();
        QFile f(m_h100Tile);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray events = QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("traceEvents")).toArray();
        QCOMPARE(events.size(), kH100Metadata + kCopies * (kH100Events - kH100Metadata));
        const auto copyOf = [](const QJsonObject &e) {
            return int(std::floor((e.value(QLatin1String("ts")).toDouble() - kH100Start) / kH100Shift));
        };
        std::map<int64_t, int> launchCopy, pyCopy, cpuOpCopy, flowStartCopy;  // id → copy
        std::set<int64_t> flowEnds, evIdx;
        std::map<int, int> kernelsPerCopy;
        int launches = 0, pyFrames = 0, cpuOps = 0, flowStarts = 0, evIdxCount = 0;
        const auto id = [](const QJsonObject &o, const char *key) { return int64_t(o.value(QLatin1String(key)).toDouble()); };
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString cat = e.value(QLatin1String("cat")).toString(), ph = e.value(QLatin1String("ph")).toString();
            const QJsonObject args = e.value(QLatin1String("args")).toObject();
            if (args.contains(QLatin1String("Ev Idx"))) {
                ++evIdxCount;
                evIdx.insert(id(args, "Ev Idx"));
            }
            if (cat == QLatin1String("cuda_runtime") || cat == QLatin1String("cuda_driver")) {
                ++launches;
                launchCopy[id(args, "correlation")] = copyOf(e);
            } else if (cat == QLatin1String("python_function")) {
                ++pyFrames;
                pyCopy[id(args, "Python id")] = copyOf(e);
            } else if (cat == QLatin1String("cpu_op")) {
                ++cpuOps;
                cpuOpCopy[id(args, "External id")] = copyOf(e);
            } else if (cat == QLatin1String("ac2g") && ph == QLatin1String("s")) {
                ++flowStarts;
                flowStartCopy[id(e, "id")] = copyOf(e);
            } else if (cat == QLatin1String("ac2g") && ph == QLatin1String("f")) {
                flowEnds.insert(id(e, "id"));
            } else if (cat == QLatin1String("kernel")) {
                ++kernelsPerCopy[copyOf(e)];
            }
        }
        QCOMPARE(launches, kCopies * kH100Launches);
        QCOMPARE(int(launchCopy.size()), launches);
        QCOMPARE(pyFrames, kCopies * kH100PyFrames);
        QCOMPARE(int(pyCopy.size()), pyFrames);
        QCOMPARE(cpuOps, kCopies * kH100CpuOps);
        QCOMPARE(int(cpuOpCopy.size()), cpuOps);
        QCOMPARE(flowStarts, kCopies * kH100FlowStarts);
        QCOMPARE(int(flowStartCopy.size()), flowStarts);
        QCOMPARE(int(flowEnds.size()), kCopies * kH100FlowEnds);
        QCOMPARE(evIdxCount, kCopies * kH100EvIdx);
        QCOMPARE(int(evIdx.size()), evIdxCount);
        QCOMPARE(kernelsPerCopy, (std::map<int, int>{{0, kH100Kernels}, {1, kH100Kernels}, {2, kH100Kernels}}));

        int linkedKernels = 0, parents = 0, launchesOfCpuOps = 0, flowLinks = 0;
        const auto sameCopy = [&](const std::map<int64_t, int> &index, int64_t key, const QJsonObject &e, int &count) {
            const auto it = index.find(key);
            if (it == index.end())
                return;
            ++count;
            QCOMPARE(it->second, copyOf(e));
        };
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString cat = e.value(QLatin1String("cat")).toString();
            const QJsonObject args = e.value(QLatin1String("args")).toObject();
            if (cat == QLatin1String("kernel"))
                sameCopy(launchCopy, id(args, "correlation"), e, linkedKernels);
            else if (cat == QLatin1String("python_function") && !args.value(QLatin1String("Python parent id")).isNull())
                sameCopy(pyCopy, id(args, "Python parent id"), e, parents);
            else if ((cat == QLatin1String("cuda_runtime") || cat == QLatin1String("cuda_driver"))
                     && args.contains(QLatin1String("External id")))
                sameCopy(cpuOpCopy, id(args, "External id"), e, launchesOfCpuOps);
            else if (cat == QLatin1String("ac2g") && e.value(QLatin1String("ph")).toString() == QLatin1String("f"))
                sameCopy(flowStartCopy, id(e, "id"), e, flowLinks);
            if (QTest::currentTestFailed())
                return;
        }
        QCOMPARE(linkedKernels, kCopies * kH100LinkedKernels);
        QCOMPARE(parents, kCopies * kH100PyWithParent);
        QCOMPARE(launchesOfCpuOps, kCopies * kH100LaunchesOfCpuOps);
        QCOMPARE(flowLinks, kCopies * kH100FlowEndsWithStart);
    }

    // A file that is not there: one clear error naming it, no traceback.
    void aMissingInputIsOneClearError()
    {
        QProcess p;
        const QString missing = m_dir.filePath(QStringLiteral("absent.json.gz"));
        p.start(QStringLiteral("python3"), {test::sourceDir() + QStringLiteral("/tools/tile_trace.py"), missing,
                                             QStringLiteral("--copies"), QStringLiteral("2"), QStringLiteral("--out"),
                                             m_dir.filePath(QStringLiteral("out.json"))});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
        QVERIFY2(err.startsWith(QStringLiteral("tile_trace.py: ") + missing + QStringLiteral(": ")), qPrintable(err));
        QVERIFY2(!err.contains(QStringLiteral("Traceback")), qPrintable(err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.json"))));
    }

private:
    void tile(const QStringList &args)
    {
        QProcess p;
        p.start(QStringLiteral("python3"), QStringList{test::sourceDir() + QStringLiteral("/tools/tile_trace.py")} + args
                                               + QStringList{QStringLiteral("--quiet")});
        QVERIFY2(p.waitForFinished(300000), "tile_trace.py timed out");
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }

    QTemporaryDir m_dir;
    QString m_h100, m_mi300, m_h100Tile, m_mi300Tile;
};

QTEST_GUILESS_MAIN(TileTrace)
#include "tst_tiletrace.moc"
