// Golden test: every real trace in ../shared/traces loads, and its counts, kernel time, platform and
// GPU name equal the figures tools/golden_reference.py computed independently (plain Python json,
// exact decimal sums) and recorded in tests/golden/shared_traces.tsv.
#include "testsupport.h"
#include "summary/tracesummary.h"

#include <QFile>
#include <QTest>

using namespace fusion;

class SharedTraces : public QObject {
    Q_OBJECT
private slots:
    void eachTraceMatchesTheIndependentReference_data();
    void eachTraceMatchesTheIndependentReference();
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

QTEST_GUILESS_MAIN(SharedTraces)
#include "tst_sharedtraces.moc"
