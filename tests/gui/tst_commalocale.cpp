// The window on a German desktop: Qt sets LC_NUMERIC from the environment, where the decimal
// separator is a comma, and a trace must load exactly as it does anywhere else.
#include "guitestsupport.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"

#include <QTest>
#include <clocale>

using namespace fusion;
using namespace fusion::test;

class CommaLocaleTest : public QObject {
    Q_OBJECT
public:
    static void initMain()
    {
        prepareGuiTestEnvironment();
        qputenv("LC_ALL", "de_DE.UTF-8");  // QApplication's setlocale(LC_ALL, "") picks it up
    }

private slots:
    void initTestCase()
    {
        resetSettings();
        const std::string numeric = std::setlocale(LC_NUMERIC, nullptr);
        if (numeric.find("de_DE") == std::string::npos)
            QSKIP("the de_DE.UTF-8 locale is not generated here (tools/install-deps.sh generates it)");
        char comma[16];
        std::snprintf(comma, sizeof comma, "%.1f", 1.5);
        QCOMPARE(QByteArray(comma), QByteArray("1,5"));  // the C library really uses the comma
    }

    // Before, every duration written with an exponent was rejected there: 0 kernels, silently.
    void aTraceWithExponentsLoadsAsItDoesEverywhere()
    {
        std::string json = R"({"traceEvents":[)";
        for (int i = 0; i < 10; ++i)
            json += std::string(i ? "," : "") + R"({"ph":"X","cat":"kernel","name":"gemm_kernel","pid":0,"tid":7,"ts":)"
                    + std::to_string(100 + i * 100) + R"(,"dur":53.07e0,"args":{"device":0,"stream":7}})";
        json += "]}";
        const std::string path = writeTempFile("exponents.json", json);
        MainWindow window;
        window.setScreenshotMode(true);
        window.openTrace(SideA, QString::fromStdString(path));
        QVERIFY(waitUntilIdle(window));
        const auto trace = window.trace(SideA);
        QVERIFY(trace);
        QCOMPARE(trace->summary.kernelCount, uint64_t(10));
        QCOMPARE(trace->summary.kernelTotal, Ns(530700));  // 10 × 53.07 µs
        QCOMPARE(window.kernelPage()->model()->rowCount(), 1);
    }
};

QTEST_MAIN(CommaLocaleTest)
#include "tst_commalocale.moc"
