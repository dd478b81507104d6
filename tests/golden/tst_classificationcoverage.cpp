// Golden test: on every shared trace that has kernels, the built-in registry gives an op other than
// Other to at least 95 % of the kernel GPU time; the figure is printed per trace.
#include "testsupport.h"
#include "classify/traceclassification.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

using namespace fusion;

class ClassificationCoverage : public QObject {
    Q_OBJECT
private slots:
    void atLeast95PercentOfKernelTimeGetsAnOp_data();
    void atLeast95PercentOfKernelTimeGetsAnOp();
};

void ClassificationCoverage::atLeast95PercentOfKernelTimeGetsAnOp_data()
{
    QTest::addColumn<QString>("path");
    // The same trace list the loader's golden test uses; traces without kernels are left out.
    QFile f(test::testsDir() + QStringLiteral("/golden/shared_traces.tsv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QStringList header = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char('\t'));
    const int trace = header.indexOf(QLatin1String("trace")), kernels = header.indexOf(QLatin1String("kernels"));
    while (!f.atEnd()) {
        const QStringList c = QString::fromUtf8(f.readLine()).chopped(1).split(QLatin1Char('\t'));
        if (c.size() == header.size() && c[kernels].toULongLong() > 0)
            QTest::newRow(qPrintable(c[trace])) << c[trace];
    }
}

void ClassificationCoverage::atLeast95PercentOfKernelTimeGetsAnOp()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, path);
    const auto t = loadTrace((test::sharedTracesDir() + QLatin1Char('/') + path).toStdString());
    QElapsedTimer timer;
    timer.start();
    const TraceClassification c = classifyTrace(*t, *KernelRegistry::builtin());
    const qint64 ms = timer.elapsed();

    QCOMPARE(c.classOfKernel.size(), t->store.kernels.size());
    QString unclassified;
    for (size_t i = 0; i < c.classOfKernel.size(); ++i)
        if (c.ofKernel(i).isOther() && !unclassified.contains(QString::fromUtf8(t->store.str(t->store.kernels.name[i]).data())))
            unclassified += QStringLiteral("\n    ") + QString::fromUtf8(t->store.str(t->store.kernels.name[i]).data());
    qInfo("%s: %.2f %% of kernel time classified (%zu distinct classes, %lld ms)%s", qPrintable(path),
          100.0 * c.classifiedShare, c.classes.size(), ms,
          unclassified.isEmpty() ? "" : qPrintable(QStringLiteral("; Other:") + unclassified));
    QVERIFY2(c.classifiedShare >= 0.95, qPrintable(QStringLiteral("only %1 % classified").arg(100.0 * c.classifiedShare)));
}

QTEST_GUILESS_MAIN(ClassificationCoverage)
#include "tst_classificationcoverage.moc"
