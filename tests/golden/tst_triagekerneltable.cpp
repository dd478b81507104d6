// Golden test: the triage kernel table on real traces, with links only (no inference), against
// figures an independent Python script computed once from the raw events (exact ns sums per kernel
// name and per attributed location).
#include "classify/kernelregistry.h"
#include "classify/traceclassification.h"
#include "testsupport.h"
#include "triage/kerneltable.h"

#include <QTest>

using namespace fusion;

namespace {

struct Table {
    std::shared_ptr<Trace> trace;
    TraceAttribution attribution;
    KernelTable table;
};

Table tableOf(const char *path)
{
    Table t;
    t.trace = loadTrace(test::sharedTrace(path));
    const TraceClassification classes = classifyTrace(*t.trace, *KernelRegistry::builtin());
    t.attribution = attributeKernels(*t.trace);
    KernelTableOptions o;
    o.minShare = 0;
    t.table = buildKernelTable(*t.trace, classes, t.attribution, detectStages(*t.trace), o);
    return t;
}

} // namespace

class TriageKernelTable : public QObject {
    Q_OBJECT
private slots:
    void qwenH100GemmRowSplitsOverMlpUnresolvedAndAttention();
    void sglangGraphReplayedKernelsLandOnTheModelRunner();
};

void TriageKernelTable::qwenH100GemmRowSplitsOverMlpUnresolvedAndAttention()
{
    REQUIRE_SHARED_TRACES();
    const Table t = tableOf("tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz");
    QCOMPARE(t.table.stages.size(), size_t(1));
    const StageKernelTable &st = t.table.stages[0];
    QCOMPARE(st.stage, Stage::All);
    QCOMPARE(st.total, Ns(45'432'698));
    const KernelTableRow &gemm = st.rows[0];
    QCOMPARE(gemm.name, std::string("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_"
                                    "execute_segment_k_off_kernel__5x_cublas"));
    QCOMPARE(gemm.op, std::string("Dense GEMM"));
    QCOMPARE(gemm.count, uint64_t(241));
    QCOMPARE(gemm.total, Ns(12'789'918));
    QCOMPARE(gemm.min, Ns(30'912));
    QCOMPARE(gemm.max, Ns(86'016));
    QVERIFY(qAbs(gemm.share - 0.281514) < 1e-6);
    QCOMPARE(gemm.sites.size(), size_t(3));
    const auto display = [&](size_t i) { return t.attribution.locations[gemm.sites[i].location].display; };
    QCOMPARE(display(0), std::string("transformers/models/qwen2/modeling_qwen2.py:56 forward"));
    QCOMPARE(gemm.sites[0].total, Ns(5'830'275));
    QCOMPARE(display(1), std::string("unresolved"));  // the 73 GEMMs before the profiled step
    QCOMPARE(gemm.sites[1].total, Ns(3'935'211));
    QCOMPARE(display(2), std::string("transformers/models/qwen2/modeling_qwen2.py:150 forward"));
    QCOMPARE(gemm.sites[2].total, Ns(3'024'432));
    QVERIFY(qAbs(gemm.sites[0].share - 0.455849) < 1e-6);
    QCOMPARE(t.trace->store.str(gemm.sites[0].cpuOp), std::string_view("aten::mm"));
    QCOMPARE(t.trace->store.str(gemm.sites[2].cpuOp), std::string_view("aten::addmm"));
    QCOMPARE(gemm.sites[1].cpuOp, StringPool::empty);
}

void TriageKernelTable::sglangGraphReplayedKernelsLandOnTheModelRunner()
{
    REQUIRE_SHARED_TRACES();
    const Table t = tableOf("tracelens/inference/sglang_decode/sglang_Qwen3-8B_decode.json.gz");
    QCOMPARE(t.table.stages.size(), size_t(1));
    const StageKernelTable &st = t.table.stages[0];
    QCOMPARE(st.stage, Stage::Decode);
    QCOMPARE(st.kernelCount, uint64_t(555));
    const KernelTableRow &top = st.rows[0];
    QVERIFY(top.name.starts_with("Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x32x64_MI16x16x1_SN_LDSB1_AFC1"));
    QCOMPARE(top.count, uint64_t(36));
    QCOMPARE(top.total, Ns(2'417'659));
    QVERIFY(qAbs(top.share - 0.247573) < 1e-6);
    QCOMPARE(top.sites.size(), size_t(1));
    QCOMPARE(t.attribution.locations[top.sites[0].location].display,
             std::string("/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py:3194 _forward_raw"));
    // No cpu_op carries the graph's kernels: the launch call stands in.
    QCOMPARE(t.trace->store.str(top.sites[0].cpuOp), std::string_view("hipGraphLaunch"));
}

QTEST_GUILESS_MAIN(TriageKernelTable)
#include "tst_triagekerneltable.moc"
