// Source attribution on small hand-written traces: how frame names parse, which frame becomes a
// kernel's location, how the cpu_op and launch links are followed, and what the shares measure.
#include "attribution/attribution.h"
#include "attribution/pythonframe.h"
#include "testsupport.h"
#include "util/intervalforest.h"
#include "util/jsonwriter.h"

#include <QTest>

using namespace fusion;

namespace {

std::string ev(const char *cat, const std::string &name, double ts, double dur, int tid, const std::string &args)
{
    std::string pid = std::string(cat) == "kernel" ? "0" : "1";
    return std::string(R"({"ph":"X","cat":")") + cat + R"(","name":)" + JsonWriter::escape(name) + R"(,"pid":)" + pid
           + R"(,"tid":)" + std::to_string(tid) + R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur)
           + R"(,"args":{)" + args + "}}";
}

std::string frame(const std::string &name, double ts, double dur, int tid = 1)
{
    return ev("python_function", name, ts, dur, tid, "");
}
std::string cpuOp(const std::string &name, double ts, double dur, int ext, int tid = 1)
{
    return ev("cpu_op", name, ts, dur, tid, R"("External id":)" + std::to_string(ext));
}
std::string launch(double ts, double dur, int corr, int tid = 1)
{
    return ev("cuda_runtime", "cudaLaunchKernel", ts, dur, tid, R"("correlation":)" + std::to_string(corr));
}
std::string kernel(const std::string &name, double ts, double dur, int ext, int corr)
{
    std::string args = R"("device":0,"stream":7)";
    if (ext >= 0)
        args += R"(,"External id":)" + std::to_string(ext);
    if (corr >= 0)
        args += R"(,"correlation":)" + std::to_string(corr);
    return ev("kernel", name, ts, dur, 7, args);
}
std::shared_ptr<Trace> traceOf(std::initializer_list<std::string> events)
{
    std::string json = R"({"traceEvents":[)";
    bool first = true;
    for (const std::string &e : events) {
        json += (first ? "" : ",\n") + e;
        first = false;
    }
    return test::loadJson(json + "]}");
}

// A Hugging Face style stack: script → model forward → nn.Module scope → dispatch → layer forward
// → torch.nn.functional → built-in, with one aten::mm (External id 7) inside.
std::vector<std::string> modelStack()
{
    return {
        frame("runpy.py(196): _run_module_as_main", 0, 100),
        frame("run.py(10): main", 1, 98),
        frame("nn.Module: Qwen2DecoderLayer_3", 2, 90),
        frame("torch/nn/modules/module.py(1743): _call_impl", 2.5, 89),
        frame("transformers/models/qwen2/modeling_qwen2.py(243): forward", 3, 88),
        frame("nn.Module: Linear_12", 4, 20),
        frame("torch/nn/modules/module.py(1743): _call_impl", 4.5, 19),
        frame("torch/nn/modules/linear.py(124): forward", 5, 18),
        frame("<built-in function linear>", 6, 16),
        cpuOp("aten::linear", 6.5, 15, 6),
        cpuOp("aten::mm", 7, 10, 7),
    };
}

} // namespace

class AttributionTest : public QObject {
    Q_OBJECT
private slots:
    void frameNamesParseIntoFileLineAndFunction_data();
    void frameNamesParseIntoFileLineAndFunction();
    void framesHaveRolesThatDecideTheLocation_data();
    void framesHaveRolesThatDecideTheLocation();
    void displayDropsTheInstallationPrefix();
    void intervalsAnswerTheInnermostEnclosingOne();
    void aKernelLandsOnTheInnermostModelFrameOfItsCpuOp();
    void theStackKeepsTheLastEightRelevantFramesInnermostLast();
    void whenOpsShareAnExternalIdTheOneNearestTheKernelIsUsed();
    void idsWithoutAnOpFindNoneWhetherDenseOrSparse();
    void withoutAnExternalIdTheLaunchCorrelationIsFollowed();
    void aGraphLaunchAttributesEveryKernelItReplays();
    void aFrameEndingWhereTheOpStartsIsNotActive();
    void onlyTorchCodeActiveMeansTheTorchFrameIsTheLocation();
    void plumbingAloneLeavesAKernelUnresolvedButKeepsItsCpuOp();
    void sharesAreMeasuredInKernelTime();
    void kernelsSharingASiteShareOneLocationEntry();
};

void AttributionTest::frameNamesParseIntoFileLineAndFunction_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("function");
    QTest::newRow("model forward") << "transformers/models/qwen2/modeling_qwen2.py(263): forward" << true
                                   << "transformers/models/qwen2/modeling_qwen2.py" << 263 << "forward";
    QTest::newRow("absolute path") << "/sgl-workspace/sglang/python/sglang/srt/layers/sampler.py(83): forward" << true
                                   << "/sgl-workspace/sglang/python/sglang/srt/layers/sampler.py" << 83 << "forward";
    QTest::newRow("lambda") << "vllm/x.py(370): <lambda>" << true << "vllm/x.py" << 370 << "<lambda>";
    QTest::newRow("parenthesis in the path") << "a(b)/c.py(12): f" << true << "a(b)/c.py" << 12 << "f";
    QTest::newRow("built-in") << "<built-in method embedding of type object at 0x7d6b7761df60>" << false << "" << 0 << "";
    QTest::newRow("module scope") << "nn.Module: Qwen2DecoderLayer_3" << false << "" << 0 << "";
    QTest::newRow("line not a number") << "x.py(abc): f" << false << "" << 0 << "";
    QTest::newRow("no function") << "x.py(12): " << false << "" << 0 << "";
}

void AttributionTest::frameNamesParseIntoFileLineAndFunction()
{
    QFETCH(QString, name);
    QFETCH(bool, ok);
    const std::string n = name.toStdString();
    const ParsedFrame f = parseFrameName(n);
    QCOMPARE(f.ok, ok);
    if (!ok)
        return;
    QTEST(QString::fromUtf8(f.file.data(), qsizetype(f.file.size())), "file");
    QTEST(f.line, "line");
    QTEST(QString::fromUtf8(f.function.data(), qsizetype(f.function.size())), "function");
}

void AttributionTest::framesHaveRolesThatDecideTheLocation_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("role");
    const int noise = int(FrameRole::Noise), scope = int(FrameRole::Scope), internal = int(FrameRole::Internal),
              library = int(FrameRole::Library), model = int(FrameRole::Model);
    QTest::newRow("hf model") << "transformers/models/qwen2/modeling_qwen2.py(263): forward" << model;
    QTest::newRow("sglang layer") << "/sgl-workspace/sglang/python/sglang/srt/layers/sampler.py(83): forward" << model;
    QTest::newRow("user script") << "moca/library/profiling/profile.py(34): run_torch_profiler" << model;
    QTest::newRow("module scope") << "nn.Module: Qwen2RMSNorm_0" << scope;
    QTest::newRow("_call_impl") << "torch/nn/modules/module.py(1743): _call_impl" << internal;
    QTest::newRow("_wrapped_call_impl") << "torch/nn/modules/module.py(1732): _wrapped_call_impl" << internal;
    QTest::newRow("torch/_ops") << "torch/_ops.py(1244): __call__" << internal;
    QTest::newRow("__torch_function__") << "torch/utils/_device.py(99): __torch_function__" << internal;
    QTest::newRow("installed torch") << "/usr/lib/python3/dist-packages/torch/nn/modules/module.py(1743): _call_impl" << internal;
    QTest::newRow("__call__ anywhere") << "vllm/compilation/cuda_graph.py(208): __call__" << internal;
    QTest::newRow("triton launcher") << "/opt/triton/python/triton/runtime/jit.py(708): run" << internal;
    QTest::newRow("torch functional") << "torch/nn/functional.py(2437): embedding" << library;
    QTest::newRow("torch linear") << "torch/nn/modules/linear.py(124): forward" << library;
    QTest::newRow("graph replay") << "torch/cuda/graphs.py(139): replay" << library;
    QTest::newRow("sglang graph runner")
        << "/sgl-workspace/sglang/python/sglang/srt/model_executor/cuda_graph_runner.py(1333): replay" << library;
    QTest::newRow("threading") << "threading.py(1032): _bootstrap" << noise;
    QTest::newRow("absolute threading") << "/usr/lib/python3.10/threading.py(1016): run" << noise;
    QTest::newRow("runpy") << "runpy.py(196): _run_module_as_main" << noise;
    QTest::newRow("multiprocessing") << "multiprocessing/process.py(108): run" << noise;
    QTest::newRow("built-in") << "<built-in method to of Tensor object at 0x7d67180cc190>" << noise;
    QTest::newRow("unparsable") << "something else" << noise;
}

void AttributionTest::framesHaveRolesThatDecideTheLocation()
{
    QFETCH(QString, name);
    QTEST(int(frameRole(name.toStdString())), "role");
}

void AttributionTest::displayDropsTheInstallationPrefix()
{
    QCOMPARE(frameDisplay("/usr/local/lib/python3.10/site-packages/transformers/activations.py(77): forward"),
             std::string("transformers/activations.py:77 forward"));
    QCOMPARE(frameDisplay("transformers/models/qwen2/modeling_qwen2.py(218): forward"),
             std::string("transformers/models/qwen2/modeling_qwen2.py:218 forward"));
    QCOMPARE(frameDisplay("<built-in function linear>"), std::string("<built-in function linear>"));
    QCOMPARE(moduleScopeName("nn.Module: Qwen2DecoderLayer_3"), std::string_view("Qwen2DecoderLayer_3"));
    QCOMPARE(moduleScopeName("forward"), std::string_view());
}

void AttributionTest::intervalsAnswerTheInnermostEnclosingOne()
{
    IntervalForest f;
    // Thread (1,1): [0,100] ⊃ [10,20], [30,60] ⊃ [40,50]; thread (1,2): [0,5].
    f.build({{{1, 1}, 30, 60, 3}, {{1, 1}, 0, 100, 1}, {{1, 1}, 40, 50, 4}, {{1, 1}, 10, 20, 2}, {{1, 2}, 0, 5, 9}});
    auto idAt = [&](IntervalForest::Group g, int64_t t) {
        const int32_t n = f.innermost(g, t);
        return n == IntervalForest::npos ? -1 : int(f.node(n).id);
    };
    QCOMPARE(idAt({1, 1}, 15), 2);
    QCOMPARE(idAt({1, 1}, 25), 1);  // after a sibling ended: back to the enclosing one
    QCOMPARE(idAt({1, 1}, 45), 4);
    QCOMPARE(idAt({1, 1}, 55), 3);
    QCOMPARE(idAt({1, 1}, 101), -1);
    QCOMPARE(idAt({1, 2}, 3), 9);
    QCOMPARE(idAt({2, 2}, 3), -1);
    QCOMPARE(int(f.node(f.parent(f.innermost({1, 1}, 45))).id), 3);
    int64_t gap = 0;
    QCOMPARE(int(f.node(f.nearest({1, 2}, 8, gap)).id), 9);
    QCOMPARE(gap, int64_t(3));
}

void AttributionTest::aKernelLandsOnTheInnermostModelFrameOfItsCpuOp()
{
    std::vector<std::string> e = modelStack();
    const auto t = traceOf({e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9], e[10],
                            kernel("sm90_xmma_gemm_bf16", 50, 5, 7, -1)});
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.kind[0], AttributionKind::ExternalId);
    const SourceLocation &loc = a.locationOf(0);
    QCOMPARE(loc.file, std::string("transformers/models/qwen2/modeling_qwen2.py"));
    QCOMPARE(loc.line, 243);
    QCOMPARE(loc.function, std::string("forward"));
    QCOMPARE(loc.display, std::string("transformers/models/qwen2/modeling_qwen2.py:243 forward"));
    QCOMPARE(a.scopeOf(0), (std::vector<std::string>{"Qwen2DecoderLayer_3", "Linear_12"}));
    QCOMPARE(t->store.str(t->store.cpuOps.name[size_t(a.cpuOp[0])]), std::string_view("aten::mm"));
    QCOMPARE(a.launch[0], -1);
    // The stack holds model and torch frames, innermost last, without plumbing or built-ins.
    QCOMPARE(loc.stack, (std::vector<std::string>{"run.py:10 main", "transformers/models/qwen2/modeling_qwen2.py:243 forward",
                                                  "torch/nn/modules/linear.py:124 forward"}));
}

void AttributionTest::theStackKeepsTheLastEightRelevantFramesInnermostLast()
{
    std::initializer_list<std::string> events = {
        frame("m.py(1): f1", 0, 100), frame("m.py(2): f2", 1, 98), frame("m.py(3): f3", 2, 96),
        frame("m.py(4): f4", 3, 94),  frame("m.py(5): f5", 4, 92), frame("m.py(6): f6", 5, 90),
        frame("m.py(7): f7", 6, 88),  frame("m.py(8): f8", 7, 86), frame("m.py(9): f9", 8, 84),
        frame("m.py(10): f10", 9, 82), cpuOp("aten::add", 10, 5, 1), kernel("add_kernel", 20, 1, 1, -1)};
    const auto t = traceOf(events);
    const TraceAttribution a = attributeKernels(*t);
    const SourceLocation &loc = a.locationOf(0);
    QCOMPARE(loc.display, std::string("m.py:10 f10"));
    QCOMPARE(loc.stack.size(), size_t(8));
    QCOMPARE(loc.stack.front(), std::string("m.py:3 f3"));
    QCOMPARE(loc.stack.back(), std::string("m.py:10 f10"));
}

void AttributionTest::whenOpsShareAnExternalIdTheOneNearestTheKernelIsUsed()
{
    const auto t = traceOf({
        frame("a.py(1): first", 0, 10), cpuOp("aten::mm", 2, 5, 5),
        frame("b.py(2): second", 100, 10), cpuOp("aten::mm", 102, 5, 5),
        kernel("gemm", 20, 3, 5, -1),    // after the first op, before the second
        kernel("gemm", 110, 3, 5, -1),   // after both: the one that ended closest wins
    });
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.locationOf(0).display, std::string("a.py:1 first"));
    QCOMPARE(a.locationOf(1).display, std::string("b.py:2 second"));
}

void AttributionTest::idsWithoutAnOpFindNoneWhetherDenseOrSparse()
{
    // Dense ids are looked up by index, sparse ones by binary search: ids below, between and above
    // the ops' must find no op either way.
    for (const int last : {12, 1000000}) {
        const auto t = traceOf({
            frame("model.py(5): forward", 0, 100),
            cpuOp("aten::mm", 10, 4, 10), cpuOp("aten::add", 20, 4, last),
            kernel("below", 40, 1, 9, -1), kernel("between", 42, 1, 11, -1), kernel("above", 44, 1, last + 1, -1),
            kernel("mm", 46, 1, 10, -1), kernel("add", 48, 1, last, -1),
        });
        const TraceAttribution a = attributeKernels(*t);
        QCOMPARE(a.cpuOp, (std::vector<int32_t>{-1, -1, -1, 0, 1}));
    }
}

void AttributionTest::withoutAnExternalIdTheLaunchCorrelationIsFollowed()
{
    const auto t = traceOf({
        frame("sglang/srt/jit_kernel/clamp_position.py(27): clamp_position_cuda", 0, 20),
        launch(5, 2, 91),
        kernel("clamp_position_kernel", 30, 1, -1, 91),
    });
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.kind[0], AttributionKind::Correlation);
    QCOMPARE(a.launch[0], 0);
    QCOMPARE(a.cpuOp[0], -1);
    QCOMPARE(a.locationOf(0).line, 27);
}

void AttributionTest::aGraphLaunchAttributesEveryKernelItReplays()
{
    const auto t = traceOf({
        frame("sglang/srt/model_executor/model_runner.py(3194): _forward_raw", 0, 100),
        frame("sglang/srt/model_executor/cuda_graph_runner.py(1333): replay", 1, 98),
        frame("torch/cuda/graphs.py(139): replay", 2, 96),
        launch(3, 90, 500),
        kernel("k1", 10, 1, -1, 500), kernel("k2", 12, 1, -1, 500), kernel("k3", 14, 1, -1, 500),
    });
    const TraceAttribution a = attributeKernels(*t);
    for (size_t i = 0; i < 3; ++i) {
        QCOMPARE(a.kind[i], AttributionKind::Correlation);
        // The graph runner and torch's replay are wrappers: the model runner is the location.
        QCOMPARE(a.locationOf(i).display, std::string("sglang/srt/model_executor/model_runner.py:3194 _forward_raw"));
    }
    QCOMPARE(a.location[0], a.location[2]);
}

void AttributionTest::aFrameEndingWhereTheOpStartsIsNotActive()
{
    const auto t = traceOf({
        frame("model.py(5): forward", 0, 100),
        frame("model.py(9): helper", 1, 9),  // returns at 10, exactly when the op starts
        cpuOp("aten::add", 10, 4, 3),
        kernel("add_kernel", 20, 1, 3, -1),
    });
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.locationOf(0).display, std::string("model.py:5 forward"));
}

void AttributionTest::onlyTorchCodeActiveMeansTheTorchFrameIsTheLocation()
{
    const auto t = traceOf({
        frame("threading.py(1032): _bootstrap", 0, 100),
        frame("torch/nn/functional.py(2437): embedding", 1, 50),
        frame("<built-in method embedding of type object at 0x1>", 2, 40),
        cpuOp("aten::embedding", 3, 30, 4),
        kernel("indexSelectLargeIndex", 60, 1, 4, -1),
    });
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.kind[0], AttributionKind::ExternalId);
    QCOMPARE(a.locationOf(0).display, std::string("torch/nn/functional.py:2437 embedding"));
}

void AttributionTest::plumbingAloneLeavesAKernelUnresolvedButKeepsItsCpuOp()
{
    const auto t = traceOf({
        frame("threading.py(1032): _bootstrap", 0, 100),
        frame("nn.Module: Block_0", 1, 60),
        frame("torch/nn/modules/module.py(1743): _call_impl", 2, 50),
        cpuOp("aten::relu", 3, 30, 4),
        kernel("relu_kernel", 60, 1, 4, -1),
        kernel("orphan", 70, 1, -1, -1),
    });
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.kind[0], AttributionKind::Unresolved);
    QCOMPARE(a.location[0], 0u);
    QCOMPARE(a.locationOf(0).display, std::string("unresolved"));
    QVERIFY(a.cpuOp[0] >= 0);
    QCOMPARE(a.scopeOf(0), std::vector<std::string>{"Block_0"});
    QCOMPARE(a.cpuOp[1], -1);
    QCOMPARE(a.scope[1], 0u);
}

void AttributionTest::sharesAreMeasuredInKernelTime()
{
    const auto t = traceOf({
        frame("model.py(5): forward", 0, 100), cpuOp("aten::mm", 10, 4, 3),
        kernel("gemm", 20, 3, 3, -1),          // linked, 3 µs
        kernel("before_profiling", 200, 1, -1, -1),  // no link, 1 µs
    });
    TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.linkedShare, 0.75);
    QCOMPARE(a.inferredShare, 0.0);
    QCOMPARE(a.unresolvedShare, 0.25);
    // The layer engine marks inferred kernels; shares follow.
    a.kind[1] = AttributionKind::Inferred;
    a.location[1] = a.location[0];
    a.recomputeShares(t->store.kernels);
    QCOMPARE(a.inferredShare, 0.25);
    QCOMPARE(a.unresolvedShare, 0.0);
    QCOMPARE(std::string(attributionKindName(AttributionKind::Inferred)), std::string("inferred"));
}

void AttributionTest::kernelsSharingASiteShareOneLocationEntry()
{
    const auto t = traceOf({
        frame("model.py(5): forward", 0, 100),
        cpuOp("aten::mm", 10, 4, 3), cpuOp("aten::add", 20, 4, 4), cpuOp("aten::mul", 30, 4, 5),
        kernel("gemm", 40, 3, 3, -1), kernel("add", 45, 3, 4, -1), kernel("mul", 50, 3, 5, -1),
    });
    const TraceAttribution a = attributeKernels(*t);
    QCOMPARE(a.locations.size(), size_t(2));  // "unresolved" and the one site
    QCOMPARE(a.location[0], a.location[1]);
    QCOMPARE(a.location[1], a.location[2]);
}

QTEST_GUILESS_MAIN(AttributionTest)
#include "tst_attribution.moc"
