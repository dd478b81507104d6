// Profiler steps on real traces, against figures computed outside this code:
//  * the Qwen1.5-0.5B pair: AMD-AGI/TraceLens's own expected GPU timeline for these two traces
//    (tests/traces/compare_test_e2e/reference/compare_h100_mi300_qwen_csvs/gpu_timeline.csv, in ms:
//    total_time 34.8924189453125 / 33.13133349609375, busy_time 31.905483154296878 / 29.743927734375,
//    idle_time 2.986935791015625 / 3.38740576171875, exposed_memcpy_time 0.002367919921875 /
//    0.000759765625); kernel counts from a few lines of Python over the JSON (kernels starting in the
//    gpu_user_annotation ProfilerStep#6 window: 1029 of 1465, 1053 of 1516);
//  * HTA's trace_compare/base trace, read by hand: two CPU-only steps (#1009, #1010); four kernels
//    launched (or, without a launch, starting) inside the first window, two inside the second;
//  * HTA's MI250 trace: the GPU ProfilerStep#1 window closes after 1031 µs, yet all 14 kernels were
//    launched inside the CPU ProfilerStep#1 window, so all 14 belong to step 1;
//  * TraceLens's MI210 GPU-only trace has no step annotation at all, and no real trace without
//    ProfilerStep annotations repeats a top-level annotation (checked over all shared traces).
#include "testsupport.h"
#include "compare/comparison.h"
#include "steps/steps.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace fusion;

namespace {
constexpr const char *kQwen[2] = {"tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz",
                                  "tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"};
constexpr const char *kHtaBase = "hta/trace_compare/base/base.json.gz";
constexpr const char *kHtaMi250 = "hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz";
constexpr const char *kGpuOnly = "tracelens/mi210/gpu_only_trace/gpu_only_trace.json.gz";

std::shared_ptr<AnalyzedTrace> analyzed(const char *relative, Scope scope = {})
{
    AnalyzeOptions o;
    o.scope = scope;
    return loadAndAnalyze(test::sharedTrace(relative), {}, o);
}

size_t outsideKernels(const AnalyzedTrace &t)
{
    return size_t(std::count(t.stages.ofKernel.begin(), t.stages.ofKernel.end(), Stage::Outside));
}

// Within 0.5 % of the reference (the step's figures are integer nanoseconds, the reference floats).
bool near(Ns ns, double referenceMs)
{
    return std::abs(double(ns) / 1e6 - referenceMs) <= 0.005 * referenceMs;
}

// Two CPU-only steps, [0, 100) and [200, 300) µs, and three kernels that each run after their step
// has closed; a with correlation id 5, b with `second`, c with `third`, launched in step 1 and
// again in step 2.
std::string twoCpuOnlySteps(int second, int third)
{
    const auto ev = [](const char *cat, const std::string &name, int ts, int dur, int tid, const std::string &args) {
        return R"({"ph":"X","cat":")" + std::string(cat) + R"(","name":")" + name + R"(","pid":1,"tid":)"
               + std::to_string(tid) + R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur)
               + R"(,"args":{)" + args + "}}";
    };
    const auto corr = [](int c) { return R"("correlation":)" + std::to_string(c); };
    const auto kernel = [&](const char *name, int ts, int c) {
        return ev("kernel", name, ts, 10, 7, R"("device":0,"stream":7,)" + corr(c));
    };
    return R"({"traceEvents":[)" + ev("user_annotation", "ProfilerStep#1", 0, 100, 1, "") + ","
           + ev("user_annotation", "ProfilerStep#2", 200, 100, 1, "") + ","
           + ev("cuda_runtime", "cudaLaunchKernel", 10, 5, 1, corr(5)) + ","
           + ev("cuda_runtime", "cudaLaunchKernel", 20, 5, 1, corr(third)) + ","
           + ev("cuda_runtime", "cudaLaunchKernel", 210, 5, 1, corr(second)) + ","
           + ev("cuda_runtime", "cudaLaunchKernel", 220, 5, 1, corr(third)) + ","
           + kernel("a", 150, 5) + "," + kernel("b", 350, second) + "," + kernel("c", 400, third)
           + "]}";
}
} // namespace

class StepsTest : public QObject {
    Q_OBJECT
private slots:
    void qwenStepsMatchTraceLens_data()
    {
        QTest::addColumn<int>("side");
        QTest::addColumn<int>("kernels");
        QTest::addColumn<int>("outside");
        QTest::addColumn<double>("spanMs");
        QTest::addColumn<double>("busyMs");
        QTest::addColumn<double>("idleMs");
        QTest::addColumn<double>("memcpyMs");
        QTest::newRow("H100") << 0 << 1029 << 436 << 34.8924189453125 << 31.905483154296878 << 2.986935791015625
                              << 0.002367919921875;
        QTest::newRow("MI300X") << 1 << 1053 << 463 << 33.13133349609375 << 29.743927734375 << 3.38740576171875
                                << 0.000759765625;
    }
    void qwenStepsMatchTraceLens()
    {
        REQUIRE_SHARED_TRACES();
        QFETCH(int, side);
        QFETCH(int, kernels);
        QFETCH(int, outside);
        QFETCH(double, spanMs);
        QFETCH(double, busyMs);
        QFETCH(double, idleMs);
        QFETCH(double, memcpyMs);
        const auto t = analyzed(kQwen[side]);
        QCOMPARE(t->steps.steps.size(), size_t(1));
        const Step &st = t->steps.steps.front();
        QCOMPARE(st.name, std::string("ProfilerStep#6"));
        QCOMPARE(st.number, int64_t(6));
        QVERIFY(st.onGpu);
        QCOMPARE(int(st.time.kernels), kernels);
        QCOMPARE(int(t->steps.outside.kernels), outside);
        QVERIFY2(near(st.time.span, spanMs), qPrintable(QString::number(double(st.time.span) / 1e6, 'f', 6)));
        QVERIFY2(near(st.time.busy, busyMs), qPrintable(QString::number(double(st.time.busy) / 1e6, 'f', 6)));
        QVERIFY2(near(st.time.idle, idleMs), qPrintable(QString::number(double(st.time.idle) / 1e6, 'f', 6)));
        QVERIFY2(near(st.time.exposedMemcpy, memcpyMs), qPrintable(QString::number(double(st.time.exposedMemcpy) / 1e6, 'f', 6)));
        QCOMPARE(st.time.comm, Ns(0));
        // The default scope leaves exactly the kernels outside the step out of every analysis.
        QCOMPARE(int(outsideKernels(*t)), outside);
        QCOMPARE(outsideKernels(*analyzed(kQwen[side], {Scope::Kind::All, std::nullopt})), size_t(0));
        QCOMPARE(int(outsideKernels(*analyzed(kQwen[side], {Scope::Kind::Steps, 6}))), outside);
    }

    void cpuOnlyStepsTakeTheKernelsTheyLaunched()
    {
        REQUIRE_SHARED_TRACES();
        const auto t = analyzed(kHtaBase);
        QCOMPARE(t->steps.method, std::string("ProfilerStep (CPU annotation)"));
        QCOMPARE(t->steps.steps.size(), size_t(2));
        QCOMPARE(t->steps.steps[0].number, int64_t(1009));
        QCOMPARE(t->steps.steps[1].number, int64_t(1010));
        QVERIFY(!t->steps.steps[0].onGpu);
        QCOMPARE(t->steps.steps[0].time.kernels, 4u);
        QCOMPARE(t->steps.steps[1].time.kernels, 2u);
        QCOMPARE(t->steps.outside.kernels, 0u);
    }

    void aGpuWindowThatClosesEarlyKeepsTheKernelsItsStepLaunched()
    {
        REQUIRE_SHARED_TRACES();
        const auto t = analyzed(kHtaMi250);
        QCOMPARE(t->steps.steps.size(), size_t(2));
        QCOMPARE(t->steps.steps[0].time.kernels, 14u);
        QCOMPARE(t->steps.steps[1].time.kernels, 0u);
        QCOMPARE(t->steps.outside.kernels, 0u);
    }

    // The same HTA trace with its two ProfilerStep annotations renamed to one training-loop marker:
    // the repeated top-level annotation marks the steps ([start of the first, start of the second),
    // then to the end of the second), and the kernels fall as before: 4 and 2.
    void aRepeatedTopLevelAnnotationMarksTheSteps()
    {
        REQUIRE_SHARED_TRACES();
        QProcess gunzip;
        gunzip.start(QStringLiteral("gzip"), {QStringLiteral("-dc"), QString::fromStdString(test::sharedTrace(kHtaBase))});
        QVERIFY(gunzip.waitForFinished(30000));
        QByteArray json = gunzip.readAllStandardOutput();
        QCOMPARE(json.count("\"ProfilerStep#1009\""), 1);
        QCOMPARE(json.count("\"ProfilerStep#1010\""), 1);
        json.replace("\"ProfilerStep#1009\"", "\"## train_step ##\"").replace("\"ProfilerStep#1010\"", "\"## train_step ##\"");
        const auto t = analyzeTrace(test::loadJson(json.toStdString()));
        QCOMPARE(t->steps.method, std::string("repeated annotation '## train_step ##'"));
        QCOMPARE(t->steps.steps.size(), size_t(2));
        QCOMPARE(t->steps.steps[0].name, std::string("## train_step ## #0"));
        QCOMPARE(t->steps.steps[0].time.kernels, 4u);
        QCOMPARE(t->steps.steps[1].time.kernels, 2u);
        // nccl:all_reduce is repeated too, but inside the steps, so it is no candidate.
        QCOMPARE(t->steps.outside.kernels, 0u);
    }

    // Two CPU-only steps whose kernels run after their step's window closed: each kernel goes to the
    // step its launch ran in, found by correlation id. The ids are dense (counting up) in one trace and
    // sparse in the other, and one id is launched twice, in step 1 and then in step 2: its kernel goes
    // with the first launch. Built by hand, so the answer is known: step 1 holds kernels a and c,
    // step 2 kernel b.
    void cpuOnlyStepsFindTheLaunchOfEachKernel_data()
    {
        QTest::addColumn<int>("second");
        QTest::addColumn<int>("third");
        QTest::newRow("dense ids") << 6 << 7;
        QTest::newRow("sparse ids") << 5000000 << 900000000;
    }
    void cpuOnlyStepsFindTheLaunchOfEachKernel()
    {
        QFETCH(int, second);
        QFETCH(int, third);
        const auto t = analyzeTrace(test::loadJson(twoCpuOnlySteps(second, third)));
        QCOMPARE(t->steps.method, std::string("ProfilerStep (CPU annotation)"));
        QCOMPARE(t->steps.steps.size(), size_t(2));
        QCOMPARE(t->steps.ofKernel, (std::vector<int32_t>{0, 1, 0}));
        QCOMPARE(t->steps.steps[0].time.kernels, 2u);
        QCOMPARE(t->steps.steps[1].time.kernels, 1u);
        QCOMPARE(t->steps.outside.kernels, 0u);
    }

    void aTraceWithoutStepsIsAnalysedWhole()
    {
        REQUIRE_SHARED_TRACES();
        const auto t = analyzed(kGpuOnly);
        QVERIFY(t->steps.steps.empty());
        QCOMPARE(t->steps.method, std::string("none"));
        QCOMPARE(outsideKernels(*t), size_t(0));
        QCOMPARE(size_t(t->steps.outside.kernels), t->trace->store.kernels.size());
        QCOMPARE(describeScope(t->steps, t->scope), std::string("all (no steps)"));
        QVERIFY(scopeMask(t->steps, t->scope).empty());
    }

    // Two steps against one: the op table compares time per step. base's kernels take 221 µs in
    // step 1009 and 211 µs in step 1010: 432 µs over two steps against 221 µs in one.
    void differentStepCountsAreComparedPerStep()
    {
        REQUIRE_SHARED_TRACES();
        const auto both = analyzed(kHtaBase), first = analyzed(kHtaBase, {Scope::Kind::Steps, 1009});
        CompareOptions asGiven;
        asGiven.canonicalOrder = false;
        const Comparison c = compareTraces(*both, *first, asGiven);
        QCOMPARE(c.stepsA, 2u);
        QCOMPARE(c.stepsB, 1u);
        Ns a = 0, b = 0;
        for (const OpRow &r : c.ops) {
            QCOMPARE(r.aSteps, 2u);
            QCOMPARE(r.bSteps, 1u);
            QCOMPARE(r.ratio(), r.aTotal ? double(r.bTotal) / (double(r.aTotal) / 2) : 0.0);
            a += r.aTotal, b += r.bTotal;
        }
        QCOMPARE(a, Ns(432000));
        QCOMPARE(b, Ns(221000));
        QVERIFY(std::any_of(c.warnings.begin(), c.warnings.end(),
                            [](const std::string &w) { return w.find("time per step") != std::string::npos; }));
        // The mirror divides the other side.
        const Comparison m = compareTraces(*first, *both, asGiven);
        for (const OpRow &r : m.ops)
            QCOMPARE(std::make_pair(r.aSteps, r.bSteps), std::make_pair(1u, 2u));
    }

    void theCliReportsStepsAndScope()
    {
        REQUIRE_SHARED_TRACES();
        const QString a = QString::fromStdString(test::sharedTrace(kQwen[0]));
        const QString b = QString::fromStdString(test::sharedTrace(kQwen[1]));
        const test::CliOutcome s = test::runCli({"summary", "--format", "json", a});
        QCOMPARE(s.exitCode, 0);
        const QJsonObject summary = QJsonDocument::fromJson(s.out.toUtf8()).object();
        const QJsonObject step = summary["steps"].toArray().at(0).toObject();
        QCOMPARE(step["name"].toString(), QStringLiteral("ProfilerStep#6"));
        QCOMPARE(step["kernels"].toInt(), 1029);
        QVERIFY(std::abs(step["busy_us"].toDouble() - 31905.483) < 0.05);
        QCOMPARE(summary["outside_steps"].toObject()["kernels"].toInt(), 436);

        const test::CliOutcome c = test::runCli({"compare", "--format", "json", a, b});
        QCOMPARE(c.exitCode, 0);
        const QJsonObject cmp = QJsonDocument::fromJson(c.out.toUtf8()).object();
        QCOMPARE(cmp["scope"].toString(), QStringLiteral("steps"));
        QCOMPARE(cmp["scope_a"].toObject()["scope_kernels"].toInt(), 1029);
        QCOMPARE(cmp["scope_b"].toObject()["outside_kernels"].toInt(), 463);
        QCOMPARE(cmp["scope_a"].toObject()["steps"].toInt(), 1);

        // Triage in step scope: the overlap section's busy time is the step's (TraceLens: 31905.483 µs;
        // memsets before the step stay out), and no kernel of the step needed inferring its source
        // (the 30 % inferred of the whole file are the 436 kernels before it, with no CPU side).
        const test::CliOutcome steps = test::runCli({"triage", "--format", "json", a});
        QCOMPARE(steps.exitCode, 0);
        const QJsonObject inStep = QJsonDocument::fromJson(steps.out.toUtf8()).object();
        const double busy = inStep["stages"].toArray().at(0).toObject()["overlap"].toObject()["busy_us"].toDouble();
        QVERIFY2(std::abs(busy - 31905.483) < 0.1, qPrintable(QString::number(busy, 'f', 3)));
        QCOMPARE(inStep["attribution"].toObject()["inferred_share"].toDouble(), 0.0);

        const test::CliOutcome all = test::runCli({"triage", "--format", "json", "--scope", "all", a});
        QCOMPARE(all.exitCode, 0);
        const QJsonObject tri = QJsonDocument::fromJson(all.out.toUtf8()).object();
        QCOMPARE(tri["scope"].toString(), QStringLiteral("all"));
        QCOMPARE(tri["scope_kernels"].toInt(), 1465);

        const test::CliOutcome missing = test::runCli({"triage", "--step", "7", a});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.errLines.value(0).contains(a + QStringLiteral(" has no profiler step 7 (its steps: 6)")),
                 qPrintable(missing.errLines.join(QLatin1Char('\n'))));
        const test::CliOutcome clash = test::runCli({"compare", "--scope", "all", "--step", "6", a, b});
        QCOMPARE(clash.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(StepsTest)
#include "tst_steps.moc"
