#include "guitestsupport.h"

#include "mainwindow.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <cerrno>  // program_invocation_short_name (glibc)
#include <sstream>

namespace fusion::test {

std::string qwenTrace(Side side)
{
    return sharedTrace(side == SideA ? "tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"
                                     : "tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz");
}

std::string writeSyntheticTrace(const std::string &fileName, const std::vector<SyntheticKernel> &kernels)
{
    std::ostringstream out;
    out << R"({"deviceProperties":[{"id":0,"name":"Synthetic GPU"}],"cuda_runtime_version":12040,"traceEvents":[)";
    int64_t ts = 1000;
    int correlation = 1;
    bool first = true;
    for (const SyntheticKernel &k : kernels) {
        for (int i = 0; i < k.count; ++i) {
            out << (first ? "" : ",") << R"({"ph":"X","cat":"kernel","name":")" << k.name
                << R"(","pid":0,"tid":7,"ts":)" << ts << R"(,"dur":)" << k.durUs
                << R"(,"args":{"device":0,"stream":7,"correlation":)" << correlation++ << "}}";
            ts += k.durUs + 1;
            first = false;
        }
    }
    out << "]}";
    return writeTempFile(fileName, out.str());
}

std::shared_ptr<TraceResult> analyze(const std::string &path, Side side)
{
    auto result = std::make_shared<TraceResult>();
    AnalyzeOptions wholeFile;
    wholeFile.scope.kind = Scope::Kind::All;
    result->analyzed = loadAndAnalyze(path, {}, wholeFile);
    result->rows = KernelRows::ofTrace(*result->analyzed, side);
    return result;
}

std::shared_ptr<ComparisonResult> compare(const TraceResult &a, const TraceResult &b)
{
    auto result = std::make_shared<ComparisonResult>();
    auto comparison = std::make_shared<Comparison>(compareTraces(*a.analyzed, *b.analyzed));
    result->rows = KernelRows::ofComparison(*a.analyzed, *b.analyzed, *comparison);
    result->comparison = comparison;
    return result;
}

void prepareGuiTestEnvironment()
{
    // hotspot's recipe: no display needed, and the same pixel metrics on every machine.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    qputenv("QT_FONT_DPI", "96");
    QStandardPaths::setTestModeEnabled(true);  // QSettings under ~/.qttest, never the user's own
    QCoreApplication::setOrganizationName(QStringLiteral("FusionScopeTests"));
    // One settings file per test program: ctest runs several at once, and one clearing the settings
    // while another reads them back made the tests flaky.
    QCoreApplication::setApplicationName(QStringLiteral("FusionScopeTests-")
                                         + QString::fromLocal8Bit(program_invocation_short_name));
    resetSettings();
}

// The GUI tests check their views against counts of whole files (kQwenKernels): they analyse every
// kernel, not only those of whole profiler steps (the scope has its own test, tst_steps).
void resetSettings()
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("wholeStepsOnly"), false);
}

bool waitUntilIdle(MainWindow &window, int timeoutMs)
{
    return QTest::qWaitFor([&] { return !window.isBusy(); }, timeoutMs);
}

} // namespace fusion::test
