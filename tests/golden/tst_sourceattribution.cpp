// Golden test: source attribution and stages on the real traces in ../shared/traces. The expected
// figures were computed once by an independent Python script (plain json, linear scans over the raw
// events: kernel → External id → nearest cpu_op → frames active on its thread, else correlation →
// launch) and the Qwen locations were checked by hand against the Python stacks of the trace:
// Kineto names a frame by its function's first line, so modeling_qwen2.py(150) is
// Qwen2Attention.forward, (56) Qwen2MLP.forward, (218) Qwen2RMSNorm.forward, (503) Qwen2Model.forward.
#include "attribution/attribution.h"
#include "stages/stages.h"
#include "testsupport.h"

#include <QTest>

#include <algorithm>

using namespace fusion;

class SourceAttribution : public QObject {
    Q_OBJECT
private slots:
    void sharesAndLinkKindsMatchTheIndependentReference_data();
    void sharesAndLinkKindsMatchTheIndependentReference();
    void qwenGemmsLandInTheAttentionAndMlpForwards();
    void qwenRmsNormPiecesLandInQwen2RmsNormForward();
    void qwenEmbeddingSkipsTorchCodeForTheModelForward();
    void qwenKernelsBeforeTheProfiledStepHaveNoLinks();
    void servingTracesAreDecodeByTheirAnnotations_data();
    void servingTracesAreDecodeByTheirAnnotations();
};

void SourceAttribution::sharesAndLinkKindsMatchTheIndependentReference_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("externalId");
    QTest::addColumn<int>("correlation");
    QTest::addColumn<int>("unresolved");
    QTest::addColumn<double>("linkedShare");
    QTest::addColumn<bool>("linksSurvive");  // Python stacks and links on (nearly) every kernel: ≥ 90 % required
    QTest::newRow("bert h100") << "tracelens/h100/gaunernst_bert-small-uncased__1016001.json.gz" << 60 << 0 << 0 << 1.0 << true;
    QTest::newRow("bert mi300") << "tracelens/mi300/gaunernst_bert-small-uncased__1016001.json.gz" << 60 << 0 << 0 << 1.0 << true;
    QTest::newRow("sglang decode") << "tracelens/inference/sglang_decode/sglang_Qwen3-8B_decode.json.gz" << 8 << 547 << 0
                                   << 1.0 << true;
    QTest::newRow("vllm decode") << "tracelens/inference/vllm_decode_full/graph_execution.json.gz" << 4 << 421 << 0 << 1.0
                                 << true;
    QTest::newRow("qwen h100") << "tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" << 1029 << 0 << 436 << 0.699057
                               << false;
    QTest::newRow("qwen mi300") << "tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" << 1053 << 0 << 463 << 0.690705
                                << false;
    // No python_function events: the links lead to the record_function ranges around the op (1 kernel)
    // or its launch (78), "[param|pytorch.model.alex_net|…|forward]" (the same independent script,
    // with those ranges, profiler steps excepted, in place of the frames).
    QTest::newRow("alexnet") << "hta/critical_path/alexnet/benchmark_result_2869224_1695835535_trace.json.gz" << 1 << 78 << 0
                             << 1.0 << false;
    QTest::newRow("gpu only") << "tracelens/mi210/gpu_only_trace/gpu_only_trace.json.gz" << 0 << 0 << 562 << 0.0 << false;
}

void SourceAttribution::sharesAndLinkKindsMatchTheIndependentReference()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, path);
    QFETCH(double, linkedShare);
    QFETCH(bool, linksSurvive);
    const auto trace = loadTrace(test::sharedTrace(path.toUtf8().constData()));
    // The kinds handed out early (to plan the inference) are counted: they must be the final ones.
    std::vector<AttributionKind> early;
    int calls = 0;
    const TraceAttribution a = attributeKernels(*trace, nullptr, [&](const std::vector<AttributionKind> &kinds) {
        early = kinds;
        ++calls;
    });
    QCOMPARE(calls, 1);
    QVERIFY(early == a.kind);
    int byKind[4] = {0, 0, 0, 0};
    for (AttributionKind k : early)
        ++byKind[int(k)];
    QTEST(byKind[int(AttributionKind::ExternalId)], "externalId");
    QTEST(byKind[int(AttributionKind::Correlation)], "correlation");
    QTEST(byKind[int(AttributionKind::Unresolved)], "unresolved");
    QVERIFY2(qAbs(a.linkedShare - linkedShare) < 5e-6, qPrintable(QString::number(a.linkedShare, 'f', 6)));
    QCOMPARE(a.inferredShare, 0.0);
    QVERIFY(qAbs(a.linkedShare + a.unresolvedShare - (a.kind.empty() ? 0.0 : 1.0)) < 1e-9);
    if (linksSurvive)
        QVERIFY(a.linkedShare >= 0.9);
}

namespace {
std::shared_ptr<Trace> qwenH100()
{
    static std::shared_ptr<Trace> t = loadTrace(test::sharedTrace("tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"));
    return t;
}
const char *kModeling = "transformers/models/qwen2/modeling_qwen2.py";
} // namespace

void SourceAttribution::qwenGemmsLandInTheAttentionAndMlpForwards()
{
    REQUIRE_SHARED_TRACES();
    const auto t = qwenH100();
    const EventStore &s = t->store;
    const TraceAttribution a = attributeKernels(*t);
    // Every linked cuBLAS GEMM (4 attention projections and 3 MLP projections per layer, 24
    // layers) lands in modeling_qwen2.py; the 73 before the profiled step have no link.
    int attention = 0, mlp = 0, unresolved = 0, elsewhere = 0;
    for (size_t i = 0; i < s.kernels.size(); ++i) {
        if (!s.str(s.kernels.name[i]).starts_with("sm90_xmma_gemm"))
            continue;
        const SourceLocation &l = a.locationOf(i);
        if (a.kind[i] == AttributionKind::Unresolved)
            ++unresolved;
        else if (l.file == kModeling && l.line == 150 && l.function == "forward")
            ++attention;
        else if (l.file == kModeling && l.line == 56 && l.function == "forward")
            ++mlp;
        else
            ++elsewhere;
    }
    QCOMPARE(attention, 96);
    QCOMPARE(mlp, 72);
    QCOMPARE(unresolved, 73);
    QCOMPARE(elsewhere, 0);

    // Kernel 457: layer 0's q_proj (aten::addmm) in Qwen2Attention.forward.
    QCOMPARE(a.kind[457], AttributionKind::ExternalId);
    QCOMPARE(a.locationOf(457).display, std::string(kModeling) + ":150 forward");
    QCOMPARE(a.scopeOf(457), (std::vector<std::string>{"Qwen2Model_0", "Qwen2DecoderLayer_0", "Qwen2Attention_0", "Linear_0"}));
    QCOMPARE(s.str(s.cpuOps.name[size_t(a.cpuOp[457])]), std::string_view("aten::addmm"));
    const std::vector<std::string> &stack = a.locationOf(457).stack;
    QCOMPARE(stack.size(), size_t(8));
    QCOMPARE(stack[stack.size() - 3], std::string(kModeling) + ":243 forward");  // Qwen2DecoderLayer.forward
    QCOMPARE(stack[stack.size() - 2], std::string(kModeling) + ":150 forward");
    QCOMPARE(stack.back(), std::string("torch/nn/modules/linear.py:124 forward"));

    // Kernel 485: layer 0's first MLP projection (aten::mm) in Qwen2MLP.forward.
    QCOMPARE(a.locationOf(485).display, std::string(kModeling) + ":56 forward");
    QCOMPARE(a.scopeOf(485), (std::vector<std::string>{"Qwen2Model_0", "Qwen2DecoderLayer_0", "Qwen2MLP_0", "Linear_4"}));
    QCOMPARE(s.str(s.cpuOps.name[size_t(a.cpuOp[485])]), std::string_view("aten::mm"));
}

void SourceAttribution::qwenRmsNormPiecesLandInQwen2RmsNormForward()
{
    REQUIRE_SHARED_TRACES();
    const auto t = qwenH100();
    const EventStore &s = t->store;
    const TraceAttribution a = attributeKernels(*t);
    // The unfused RMSNorm (to, pow, mean, add, rsqrt, mul, to, mul): 392 kernels in 49 norms
    // (2 per layer + the final one), all in Qwen2RMSNorm.forward.
    int inNorm = 0;
    for (size_t i = 0; i < s.kernels.size(); ++i) {
        const auto &scope = a.scopeOf(i);
        if (scope.empty() || !scope.back().starts_with("Qwen2RMSNorm_"))
            continue;
        ++inNorm;
        QCOMPARE(a.locationOf(i).display, std::string(kModeling) + ":218 forward");
    }
    QCOMPARE(inNorm, 392);
    QCOMPARE(a.scopeOf(450), (std::vector<std::string>{"Qwen2Model_0", "Qwen2DecoderLayer_0", "Qwen2RMSNorm_0"}));
    QCOMPARE(s.str(s.cpuOps.name[size_t(a.cpuOp[449])]), std::string_view("aten::copy_"));
    QCOMPARE(s.str(s.cpuOps.name[size_t(a.cpuOp[450])]), std::string_view("aten::pow"));
}

void SourceAttribution::qwenEmbeddingSkipsTorchCodeForTheModelForward()
{
    REQUIRE_SHARED_TRACES();
    const auto t = qwenH100();
    const TraceAttribution a = attributeKernels(*t);
    // Kernel 436 (indexSelectLargeIndex): active frames end in torch/nn/modules/sparse.py and
    // torch/nn/functional.py embedding; the model frame above them is Qwen2Model.forward.
    QCOMPARE(a.locationOf(436).display, std::string(kModeling) + ":503 forward");
    QCOMPARE(a.scopeOf(436), (std::vector<std::string>{"Qwen2Model_0", "Embedding_0"}));
    QCOMPARE(a.locationOf(436).stack.back(), std::string("torch/nn/functional.py:2437 embedding"));
}

void SourceAttribution::qwenKernelsBeforeTheProfiledStepHaveNoLinks()
{
    REQUIRE_SHARED_TRACES();
    const auto t = qwenH100();
    const TraceAttribution a = attributeKernels(*t);
    for (size_t i = 0; i < 436; ++i) {
        QCOMPARE(a.kind[i], AttributionKind::Unresolved);
        QCOMPARE(a.cpuOp[i], -1);
        QCOMPARE(a.launch[i], -1);
    }
    QCOMPARE(a.kind[436], AttributionKind::ExternalId);
}

void SourceAttribution::servingTracesAreDecodeByTheirAnnotations_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("method");
    QTest::addColumn<int>("decode");
    QTest::addColumn<int>("all");
    // sglang: "step[DECODE bs=32]" and "execute_32_context_0(…)_generation_32(…)"; vLLM: the latter only.
    // Every kernel's launch lies inside those CPU windows.
    QTest::newRow("sglang") << "tracelens/inference/sglang_decode/sglang_Qwen3-8B_decode.json.gz"
                            << "annotation (time window)" << 555 << 0;
    QTest::newRow("vllm") << "tracelens/inference/vllm_decode_full/graph_execution.json.gz" << "annotation (time window)"
                          << 425 << 0;
    // Only "ProfilerStep#6": no stage.
    QTest::newRow("qwen") << "tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz" << "none" << 0 << 1465;
}

void SourceAttribution::servingTracesAreDecodeByTheirAnnotations()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, path);
    const auto t = loadTrace(test::sharedTrace(path.toUtf8().constData()));
    const TraceStages s = detectStages(*t);
    QTEST(QString::fromStdString(s.method), "method");
    QTEST(int(std::count(s.ofKernel.begin(), s.ofKernel.end(), Stage::Decode)), "decode");
    QTEST(int(std::count(s.ofKernel.begin(), s.ofKernel.end(), Stage::All)), "all");
    QVERIFY(!s.hasPrefill);
}

QTEST_GUILESS_MAIN(SourceAttribution)
#include "tst_sourceattribution.moc"
