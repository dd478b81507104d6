// Prefill/decode stages on small hand-written traces: what annotation names and paths announce, and
// how kernels are matched to them (External id, time window, nearest window, file path).
#include "stages/stages.h"
#include "testsupport.h"

#include <QTest>

using namespace fusion;

namespace {

std::string annotation(const char *cat, const std::string &name, double ts, double dur, int ext = -1)
{
    return std::string(R"({"ph":"X","cat":")") + cat + R"(","name":")" + name + R"(","pid":1,"tid":1,"ts":)"
           + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":{)"
           + (ext >= 0 ? R"("External id":)" + std::to_string(ext) : std::string()) + "}}";
}
std::string launch(double ts, int corr)
{
    return R"({"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":)" + std::to_string(ts)
           + R"(,"dur":1,"args":{"correlation":)" + std::to_string(corr) + "}}";
}
std::string kernel(double ts, int ext, int corr = -1)
{
    std::string args = R"("stream":7)";
    if (ext >= 0)
        args += R"(,"External id":)" + std::to_string(ext);
    if (corr >= 0)
        args += R"(,"correlation":)" + std::to_string(corr);
    return R"({"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":)" + std::to_string(ts) + R"(,"dur":1,"args":{)"
           + args + "}}";
}
std::string json(std::initializer_list<std::string> events)
{
    std::string out = R"({"traceEvents":[)";
    bool first = true;
    for (const std::string &e : events) {
        out += (first ? "" : ",") + e;
        first = false;
    }
    return out + "]}";
}

} // namespace

class StagesTest : public QObject {
    Q_OBJECT
private slots:
    void annotationNamesAnnounceStages_data();
    void annotationNamesAnnounceStages();
    void filePathsAnnounceStages_data();
    void filePathsAnnounceStages();
    void stageNamesRoundTrip();
    void aKernelTakesTheStageOfTheAnnotationSharingItsExternalId();
    void aKernelInsideAGpuWindowTakesItsStage();
    void cpuWindowsAreComparedWithTheLaunchTime();
    void aKernelNearAWindowTakesItsStageAndOneFarAwayStaysUnstaged();
    void withoutStageAnnotationsTheFilePathDecides();
    void withNothingToGoOnEveryKernelIsAll();
};

void StagesTest::annotationNamesAnnounceStages_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("stage");  // "" for none
    QTest::newRow("prefill") << "prefill" << "prefill";
    QTest::newRow("extend") << "forward_extend" << "prefill";
    QTest::newRow("decode, any case") << "step[DECODE bs=32]" << "decode";
    QTest::newRow("generation_0") << "generation_0" << "prefill";
    QTest::newRow("generation_1") << "generation_1" << "decode";
    QTest::newRow("generation_12 is not generation_1") << "generation_12" << "";
    QTest::newRow("decode batch") << "execute_32_context_0(sq0sk0sqsq0sqsk0)_generation_32(sq32sk32785sqsq32sqsk32785)"
                                  << "decode";
    QTest::newRow("prefill batch") << "execute_4_context_4(sq512)_generation_0(sq0)" << "prefill";
    QTest::newRow("mixed batch") << "execute_8_context_2(sq512)_generation_6(sq6)" << "";
    QTest::newRow("profiler step") << "ProfilerStep#6" << "";
}

void StagesTest::annotationNamesAnnounceStages()
{
    QFETCH(QString, name);
    QFETCH(QString, stage);
    const auto s = stageOfAnnotation(name.toStdString());
    QCOMPARE(s.has_value(), !stage.isEmpty());
    if (s)
        QCOMPARE(QString::fromLatin1(stageName(*s)), stage);
}

void StagesTest::filePathsAnnounceStages_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("stage");
    QTest::newRow("decode dir") << "traces/vllm_decode_full/graph_execution.json.gz" << "decode";
    QTest::newRow("prefill file") << "/tmp/run_Prefill_bs8.json" << "prefill";
    QTest::newRow("extend") << "sglang_extend.json" << "prefill";
    QTest::newRow("both") << "prefill_vs_decode/a.json" << "";
    QTest::newRow("neither") << "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" << "";
}

void StagesTest::filePathsAnnounceStages()
{
    QFETCH(QString, path);
    QFETCH(QString, stage);
    const auto s = stageOfPath(path.toStdString());
    QCOMPARE(s.has_value(), !stage.isEmpty());
    if (s)
        QCOMPARE(QString::fromLatin1(stageName(*s)), stage);
}

void StagesTest::stageNamesRoundTrip()
{
    for (Stage s : {Stage::All, Stage::Prefill, Stage::Decode}) {
        Stage back = Stage::All;
        QVERIFY(parseStage(stageName(s), back));
        QCOMPARE(back, s);
    }
    Stage out = Stage::Decode;
    QVERIFY(!parseStage("extend", out));
}

void StagesTest::aKernelTakesTheStageOfTheAnnotationSharingItsExternalId()
{
    // The id match wins even though the kernel lies inside a decode window.
    const auto t = test::loadJson(json({annotation("user_annotation", "prefill", 0, 10, 42),
                                        annotation("gpu_user_annotation", "decode", 15, 100),
                                        kernel(20, 42), kernel(30, -1)}));
    const TraceStages s = detectStages(*t);
    QCOMPARE(s.ofKernel[0], Stage::Prefill);
    QCOMPARE(s.ofKernel[1], Stage::Decode);
    QCOMPARE(s.method, std::string("annotation (External id, time window)"));
    QVERIFY(s.hasPrefill && s.hasDecode);
    QVERIFY(s.includes(0, Stage::All));
    QVERIFY(!s.includes(0, Stage::Decode));
}

void StagesTest::aKernelInsideAGpuWindowTakesItsStage()
{
    const auto t = test::loadJson(json({annotation("gpu_user_annotation", "generation_0", 0, 50),
                                        annotation("gpu_user_annotation", "generation_1", 50, 50),
                                        kernel(10, -1), kernel(60, -1)}));
    const TraceStages s = detectStages(*t);
    QCOMPARE(s.ofKernel[0], Stage::Prefill);
    QCOMPARE(s.ofKernel[1], Stage::Decode);
    QCOMPARE(s.method, std::string("annotation (time window)"));
}

void StagesTest::cpuWindowsAreComparedWithTheLaunchTime()
{
    // The CPU enqueued the kernel inside "prefill" but the GPU ran it during the CPU's "decode".
    const auto t = test::loadJson(json({annotation("user_annotation", "prefill", 0, 100),
                                        annotation("user_annotation", "decode", 100, 100),
                                        launch(50, 9), kernel(150, -1, 9)}));
    const TraceStages s = detectStages(*t);
    QCOMPARE(s.ofKernel[0], Stage::Prefill);
}

void StagesTest::aKernelNearAWindowTakesItsStageAndOneFarAwayStaysUnstaged()
{
    // Windows in µs: decode ends at 100; 19 ms later is near, 40 ms later is not (20 ms: a server's gap between batches).
    const auto t = test::loadJson(json({annotation("gpu_user_annotation", "decode", 0, 100),
                                        kernel(19'100, -1), kernel(40'100, -1)}));
    const TraceStages s = detectStages(*t);
    QCOMPARE(s.ofKernel[0], Stage::Decode);
    QCOMPARE(s.ofKernel[1], Stage::All);
}

void StagesTest::withoutStageAnnotationsTheFilePathDecides()
{
    const std::string path = test::writeTempFile(
        "sglang_decode_bs32.json", json({annotation("user_annotation", "ProfilerStep#6", 0, 100), kernel(10, -1)}));
    const TraceStages s = detectStages(*loadTrace(path));
    QCOMPARE(s.ofKernel[0], Stage::Decode);
    QCOMPARE(s.method, std::string("file path"));
    QVERIFY(s.hasDecode && !s.hasPrefill);
}

void StagesTest::withNothingToGoOnEveryKernelIsAll()
{
    const auto t = test::loadJson(json({annotation("user_annotation", "ProfilerStep#6", 0, 100), kernel(10, -1)}));
    const TraceStages s = detectStages(*t);
    QCOMPARE(s.ofKernel[0], Stage::All);
    QCOMPARE(s.method, std::string("none"));
    QVERIFY(!s.hasPrefill && !s.hasDecode);
}

QTEST_GUILESS_MAIN(StagesTest)
#include "tst_stages.moc"
