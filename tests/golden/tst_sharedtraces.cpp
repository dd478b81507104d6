// Golden test: every real trace in ../shared/traces loads, and its counts, kernel time, platform and
// GPU name equal the figures tools/golden_reference.py computed independently (plain Python json,
// exact decimal sums) and recorded in tests/golden/shared_traces.tsv. The rocprofv3 JSON and Nsight
// Systems SQLite samples likewise against tools/profiler_exports_reference.py (Python's json, gzip and
// sqlite3), and they compare with each other and with Kineto traces.
#include "testsupport.h"
#include "summary/tracesummary.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace fusion;

class SharedTraces : public QObject {
    Q_OBJECT
private slots:
    void eachTraceMatchesTheIndependentReference_data();
    void eachTraceMatchesTheIndependentReference();
    void profilerExportsMatchTheIndependentReference_data();
    void profilerExportsMatchTheIndependentReference();
    void nsightExportNamesTheTablesItLacks();
    void rocprofv3ComparesWithItself();
    void rocprofv3ComparesWithKinetoAndNsight_data();
    void rocprofv3ComparesWithKinetoAndNsight();
};

void SharedTraces::eachTraceMatchesTheIndependentReference_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qulonglong>("events");
    QTest::addColumn<qulonglong>("kernels");
    QTest::addColumn<QString>("kernelTotalUs");
    QTest::addColumn<qulonglong>("distinctNames");
    QTest::addColumn<qulonglong>("streams");
    QTest::addColumn<qulonglong>("cpuOps");
    QTest::addColumn<qulonglong>("pyFrames");
    QTest::addColumn<qulonglong>("memcpy");
    QTest::addColumn<qulonglong>("memset");
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("gpuName");

    QFile f(test::testsDir() + QStringLiteral("/golden/shared_traces.tsv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char('\t'));
    auto col = [&](const char *name) { return header.indexOf(QLatin1String(name)); };
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).chopped(1);
        if (line.trimmed().isEmpty())
            continue;
        const QStringList c = line.split(QLatin1Char('\t'));
        // A row with a field missing is a broken reference, not a row to leave out.
        QVERIFY2(c.size() == header.size(), qPrintable(QStringLiteral("shared_traces.tsv: %1 fields where the header has %2: %3")
                                                        .arg(c.size()).arg(header.size()).arg(line)));
        QTest::newRow(qPrintable(c[col("trace")]))
            << c[col("trace")] << c[col("events")].toULongLong() << c[col("kernels")].toULongLong()
            << c[col("kernel_total_us")] << c[col("kernel_distinct_names")].toULongLong()
            << c[col("kernel_streams")].toULongLong() << c[col("n_cpu_op")].toULongLong()
            << c[col("n_python_function")].toULongLong() << c[col("n_gpu_memcpy")].toULongLong()
            << c[col("n_gpu_memset")].toULongLong() << c[col("platform")].toLower() << c[col("gpu_name")];
    }
}

void SharedTraces::eachTraceMatchesTheIndependentReference()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, path);
    const std::string file = (test::sharedTracesDir() + QLatin1Char('/') + path).toStdString();
    const auto trace = loadTrace(file);
    const TraceSummary s = summarize(*trace);
    QTEST(qulonglong(trace->store.eventCount), "events");
    QTEST(qulonglong(s.kernelCount), "kernels");
    QTEST(QString::number(double(s.kernelTotal) / 1000.0, 'f', 3), "kernelTotalUs");
    QTEST(qulonglong(s.byName.size()), "distinctNames");
    QTEST(qulonglong(s.streams.size()), "streams");
    QTEST(qulonglong(trace->store.cpuOps.size()), "cpuOps");
    QTEST(qulonglong(trace->store.pyFrames.size()), "pyFrames");
    QTEST(qulonglong(s.memcpyCount), "memcpy");
    QTEST(qulonglong(s.memsetCount), "memset");
    QTEST(QString::fromLatin1(platformName(trace->info.platform)), "platform");
    QTEST(QString::fromStdString(trace->info.gpuName), "gpuName");
    // Kernel ids are in start order.
    const GpuOpTable &k = trace->store.kernels;
    for (size_t i = 1; i < k.size(); ++i)
        QVERIFY(k.start[i - 1] <= k.start[i]);
}

namespace {
constexpr const char *kRocprofv3 = "rocprofv3/908_results.json.gz";
constexpr const char *kSaxpy = "nsys/saxpy-mpi-cuda_nsys_perlmutter0.sqlite";
constexpr const char *kCloverleaf = "nsys/perlmutter-cloverleaf-cuda.sqlite";

QJsonObject cliJson(const QStringList &args)
{
    const test::CliOutcome r = test::runCli(args + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (!r.finished || r.crashed || r.exitCode != 0)
        qWarning("%s: exit %d, %s", qPrintable(args.join(QLatin1Char(' '))), r.exitCode, qPrintable(r.errLines.join(QLatin1Char('\n'))));
    return r.exitCode == 0 ? QJsonDocument::fromJson(r.out.toUtf8()).object() : QJsonObject();
}
} // namespace

// Figures of tools/profiler_exports_reference.py, run once on the samples.
void SharedTraces::profilerExportsMatchTheIndependentReference_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("format");
    QTest::addColumn<qulonglong>("kernels");
    QTest::addColumn<QString>("kernelTotalUs");
    QTest::addColumn<qulonglong>("distinctNames");
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("gpuName");
    QTest::addColumn<qulonglong>("memcpy");
    QTest::addColumn<qulonglong>("launches");
    QTest::addColumn<qulonglong>("ranges");
    QTest::addColumn<QStringList>("top");  // "count total_us name" of the kernels with the most time
    QTest::newRow("rocprofv3") << kRocprofv3 << "rocprofv3" << 43915ull << "4441741.378" << 80ull << "amd"
                               << "AMD Instinct MI350X" << 0ull << 0ull << 0ull
                               << QStringList{
                                      "1310 4158756.678 ncclDevKernel_Generic_1(ncclDevKernelArgsStorage<4096ul>)",
                                      "5450 23588.027 void at::native::vectorized_elementwise_kernel<4, "
                                      "at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(float)#1}, "
                                      "std::array<char*, 2ul> >(int, at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)"
                                      "::{lambda(float)#1}, std::array<char*, 2ul>)",
                                      "4650 19144.659 void at::native::vectorized_elementwise_kernel<4, "
                                      "at::native::bfloat16tofloat32_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(c10::BFloat16)#1}, "
                                      "std::array<char*, 2ul> >(int, at::native::bfloat16tofloat32_copy_kernel_cuda(at::TensorIteratorBase&)"
                                      "::{lambda(c10::BFloat16)#1}, std::array<char*, 2ul>)"};
    QTest::newRow("nsys saxpy") << kSaxpy << "nsys-sqlite" << 5ull << "88573.480" << 1ull << "nvidia"
                                << "NVIDIA A100-SXM4-40GB" << 15ull << 57ull << 22ull
                                << QStringList{"5 88573.480 saxpy(double *, double *, double *, double, int)"};
    const QString buffers = QStringLiteral("clover::Buffer2D<double> &, ");
    QTest::newRow("nsys cloverleaf") << kCloverleaf << "nsys-sqlite" << 1312ull << "294404.540" << 102ull << "nvidia"
                                     << "NVIDIA A100-SXM4-80GB" << 279ull << 3048ull << 0ull
                                     << QStringList{
                                            "10 19404.589 void clover::par_ranged2d_kernel<PdV_kernel(bool, int, int, int, int, "
                                            "double, " + buffers.repeated(13) + "clover::Buffer2D<double> &)::[lambda(int, int) "
                                            "(instance 2)]>(clover::Range2d, T1)",
                                            "10 18650.735 void clover::par_reduce_kernel<calc_dt_kernel(global_variables &, int, "
                                            "int, int, int, double, double, double, double, double, " + buffers.repeated(2)
                                            + "clover::Buffer1D<double> &, clover::Buffer1D<double> &, clover::Buffer1D<double> &, "
                                            "clover::Buffer1D<double> &, " + buffers.repeated(8) + "double &, int &, double &, "
                                            "double &, int &, int &, int &)::[lambda(int) (instance 1)]>(T1)"};
}

void SharedTraces::profilerExportsMatchTheIndependentReference()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, path);
    const auto trace = loadTrace(test::sharedTrace(qPrintable(path)));
    const TraceSummary s = summarize(*trace);
    QTEST(QString::fromLatin1(traceFormatName(trace->store.format)), "format");
    QTEST(qulonglong(s.kernelCount), "kernels");
    QTEST(QString::number(double(s.kernelTotal) / 1000.0, 'f', 3), "kernelTotalUs");
    QTEST(qulonglong(s.byName.size()), "distinctNames");
    QTEST(QString::fromLatin1(platformName(trace->info.platform)), "platform");
    QTEST(QString::fromStdString(trace->info.gpuName), "gpuName");
    QTEST(qulonglong(s.memcpyCount), "memcpy");
    QTEST(qulonglong(trace->store.launches.size()), "launches");
    QTEST(qulonglong(trace->store.annotations.size() + trace->store.cpuOps.size()), "ranges");
    QFETCH(QStringList, top);
    for (qsizetype i = 0; i < top.size(); ++i) {
        const KernelNameRow &r = s.byName[size_t(i)];
        QCOMPARE(QStringLiteral("%1 %2 %3").arg(r.count).arg(double(r.total) / 1000.0, 0, 'f', 3)
                     .arg(QString::fromUtf8(trace->store.str(r.name))), top[i]);
    }
    const GpuOpTable &k = trace->store.kernels;
    for (size_t i = 1; i < k.size(); ++i)
        QVERIFY(k.start[i - 1] <= k.start[i]);
}

// nsys writes a table only when something of its kind was recorded: the cloverleaf export has no
// NVTX ranges and no memsets, and says so, naming the file.
void SharedTraces::nsightExportNamesTheTablesItLacks()
{
    REQUIRE_SHARED_TRACES();
    const std::string path = test::sharedTrace(kCloverleaf);
    const QJsonObject o = cliJson({QStringLiteral("summary"), QString::fromStdString(path)});
    QCOMPARE(o.value(QLatin1String("trace")).toObject().value(QLatin1String("format")).toString(), QStringLiteral("nsys-sqlite"));
    const QJsonArray w = o.value(QLatin1String("warnings")).toArray();
    QVERIFY(w.contains(QString::fromStdString(path + " has no table NVTX_EVENTS: no NVTX ranges: no annotations, ops or modules")));
    QVERIFY(w.contains(QString::fromStdString(path + " has no table CUPTI_ACTIVITY_KIND_MEMSET: no memsets")));
    QVERIFY(w.contains(QStringLiteral("no Python stacks, nor NVTX ranges to attribute kernels by: they stay unresolved")));
}

// The same file twice: every layer aligned, no finding, no gap.
void SharedTraces::rocprofv3ComparesWithItself()
{
    REQUIRE_SHARED_TRACES();
    const QString path = QString::fromStdString(test::sharedTrace(kRocprofv3));
    const QJsonObject o = cliJson({QStringLiteral("compare"), path, path});
    QVERIFY(!o.isEmpty());
    QCOMPARE(o.value(QLatin1String("a")).toObject().value(QLatin1String("kernels")).toObject().value(QLatin1String("count")).toInt(), 43915);
    const QJsonObject layers = o.value(QLatin1String("layers")).toObject();
    QVERIFY(layers.value(QLatin1String("a")).toInt() > 1);
    QCOMPARE(layers.value(QLatin1String("a")).toInt(), layers.value(QLatin1String("b")).toInt());
    QCOMPARE(layers.value(QLatin1String("alignment")).toArray().size(), layers.value(QLatin1String("a")).toInt());
    QVERIFY(o.value(QLatin1String("fusion_patterns")).toArray().isEmpty());
    QVERIFY(o.value(QLatin1String("extra_work")).toArray().isEmpty());
    QCOMPARE(o.value(QLatin1String("gap")).toObject().value(QLatin1String("gap_us")).toDouble(), 0.0);
    for (const QJsonValue &row : o.value(QLatin1String("op_table")).toArray())
        QCOMPARE(row.toObject().value(QLatin1String("status")).toString(), QStringLiteral("similar"));
}

// Across formats: the kernel counts of both sides are the independent ones, and the gap's parts add
// up to the measured gap.
void SharedTraces::rocprofv3ComparesWithKinetoAndNsight_data()
{
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("bFormat");
    QTest::addColumn<int>("bKernels");
    QTest::newRow("Kineto MI300X") << test::kQwenMi300 << "kineto" << 1516;
    QTest::newRow("Nsight A100") << kCloverleaf << "nsys-sqlite" << 1312;
}

void SharedTraces::rocprofv3ComparesWithKinetoAndNsight()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, b);
    const QJsonObject o = cliJson({QStringLiteral("compare"), QString::fromStdString(test::sharedTrace(kRocprofv3)),
                                   QString::fromStdString(test::sharedTrace(qPrintable(b)))});
    QVERIFY(!o.isEmpty());
    const auto side = [&](const char *k) { return o.value(QLatin1String(k)).toObject(); };
    QCOMPARE(side("a").value(QLatin1String("trace")).toObject().value(QLatin1String("format")).toString(), QStringLiteral("rocprofv3"));
    QTEST(side("b").value(QLatin1String("trace")).toObject().value(QLatin1String("format")).toString(), "bFormat");
    QCOMPARE(side("a").value(QLatin1String("kernels")).toObject().value(QLatin1String("count")).toInt(), 43915);
    QTEST(side("b").value(QLatin1String("kernels")).toObject().value(QLatin1String("count")).toInt(), "bKernels");
    const QJsonObject gap = o.value(QLatin1String("gap")).toObject();
    double parts = 0;
    for (const QJsonValue &p : gap.value(QLatin1String("parts")).toArray())
        parts += p.toObject().value(QLatin1String("us")).toDouble();
    QVERIFY(gap.value(QLatin1String("a_us")).toDouble() > 0 && gap.value(QLatin1String("b_us")).toDouble() > 0);
    QVERIFY(qAbs(parts - gap.value(QLatin1String("gap_us")).toDouble()) < 0.01);
    QVERIFY(!o.value(QLatin1String("op_table")).toArray().isEmpty());
}

QTEST_GUILESS_MAIN(SharedTraces)
#include "tst_sharedtraces.moc"
