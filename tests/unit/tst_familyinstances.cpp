// Fusion-family instances (docs/fusion_semantics.md A.3–A.6) on small hand-made traces whose
// instances can be read off the timeline: a family's time is the time of its instances' kernels,
// a family with direct and split instances is mixed (status split), a group naming a kind of
// kernel needs a kernel of that kind, and pieces form one instance only when they run together.
#include "classify/kernelregistry.h"
#include "report/triagefindings.h"
#include "testsupport.h"
#include "triage/fusionfamilies.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <sstream>

using namespace fusion;

namespace {

// Builds a Kineto trace: Python frames (nn.Module calls, functions) opened and closed around
// cpu_ops, each cpu_op launching one kernel (External id) on stream 7. The GPU runs the kernels
// back to back in launch order.
class TraceBuilder {
public:
    TraceBuilder &call(const std::string &frame)
    {
        m_open.push_back({frame, m_cpu});
        m_cpu += 1;
        return *this;
    }
    TraceBuilder &end()
    {
        const auto [frame, start] = m_open.back();
        m_open.pop_back();
        add(R"({"ph":"X","cat":"python_function","name":")" + frame + R"(","pid":1,"tid":1,"ts":)"
            + std::to_string(start) + R"(,"dur":)" + std::to_string(m_cpu - start + 1) + "}");
        m_cpu += 2;
        return *this;
    }
    // A kernel of `us` microseconds launched by `op`.
    TraceBuilder &kernel(const std::string &name, const std::string &op, int us)
    {
        ++m_id;
        add(R"({"ph":"X","cat":"cpu_op","name":")" + op + R"(","pid":1,"tid":1,"ts":)" + std::to_string(m_cpu)
            + R"(,"dur":5,"args":{"External id":)" + std::to_string(m_id) + "}}");
        add(R"({"ph":"X","cat":"kernel","name":")" + name + R"(","pid":0,"tid":7,"ts":)" + std::to_string(m_gpu)
            + R"(,"dur":)" + std::to_string(us) + R"(,"args":{"stream":7,"External id":)" + std::to_string(m_id) + "}}");
        m_cpu += 10;
        m_gpu += us;
        return *this;
    }
    std::shared_ptr<Trace> load() const { return test::loadJson(R"({"traceEvents":[)" + m_events + "]}"); }

private:
    void add(const std::string &e) { m_events += (m_events.empty() ? "" : ",\n") + e; }
    std::string m_events;
    std::vector<std::pair<std::string, int>> m_open;
    int m_cpu = 0, m_gpu = 100000, m_id = 0;
};

// An eager RMSNorm ladder (pow, mean, rsqrt, mul: 4 x 10 us) in its own module call.
TraceBuilder &eagerRmsNorm(TraceBuilder &b, int instance)
{
    return b.call("nn.Module: LlamaRMSNorm_" + std::to_string(instance))
        .call("models/llama.py(60): forward")
        .kernel("pow_tensor_scalar_kernel", "aten::pow", 10)
        .kernel("reduce_kernel<MeanOps>", "aten::mean", 10)
        .kernel("rsqrt_kernel_cuda", "aten::rsqrt", 10)
        .kernel("MulFunctor_kernel", "aten::mul", 10)
        .end()
        .end();
}

TraceBuilder &gemm(TraceBuilder &b, const std::string &name, int us)
{
    return b.call("nn.Module: Linear_9").kernel(name, "aten::mm", us).end();
}

struct Analysis {
    std::shared_ptr<Trace> trace;
    std::vector<StageFamilies> stages;
};

Analysis analyse(const TraceBuilder &b, const FusionPatterns &patterns = FusionPatterns::builtin())
{
    Analysis a;
    a.trace = b.load();
    a.stages = findFusionFamilies(*a.trace, attributeKernels(*a.trace), classifyTrace(*a.trace, *KernelRegistry::builtin()),
                                  detectStages(*a.trace), patterns, detectFamilyContext(*a.trace));
    return a;
}

const FamilyMatch *family(const Analysis &a, const std::string &name)
{
    for (const StageFamilies &s : a.stages)
        for (const FamilyMatch &m : s.families)
            if (m.pattern == name)
                return &m;
    return nullptr;
}

// A one-family registry: an RMSNorm + quant family whose second piece must quantize.
constexpr const char *kNormQuantYaml = R"Y(families:
  - name: "norm + quant"
    min_share: 0.1
    active_keywords: {match: ["norm_quant"], op: ["RMSNorm+Quantize", "add+RMSNorm+Quantize"]}
    split_groups:
      - {match: ["rmsnorm", "rms_norm"], op: ["RMSNorm", "add+RMSNorm"]}
      - {match: ["quant", "fp8", "fp4"], op: ["Quantize"]}
  - name: "moe act + quant"
    min_share: 0.1
    needs_op: ["MoE GEMM", "MoE routing"]
    split_groups:
      - {match: ["silu", "act_and_mul"], op: ["Activation", "SwiGLU"]}
      - {op: ["Quantize"]}
)Y";

} // namespace

class FamilyInstancesTest : public QObject {
    Q_OBJECT
private slots:
    void aFamilyWithFusedAndUnfusedInstancesIsMixedAndSplit()
    {
        // Layer 0 runs the eager ladder (40 us), layer 1 one fused RMSNorm kernel (15 us); a GEMM
        // between them.
        TraceBuilder b;
        eagerRmsNorm(b, 0);
        gemm(b, "sm90_xmma_gemm_bf16", 50);
        b.call("nn.Module: LlamaRMSNorm_1").call("models/llama.py(60): forward")
            .kernel("void vllm::rms_norm_kernel<c10::BFloat16>", "_C::rms_norm", 15).end().end();
        const Analysis a = analyse(b);
        const FamilyMatch *m = family(a, "Generic: RMSNorm");
        QVERIFY(m);
        QCOMPARE(m->directInstances, size_t(1));
        QCOMPARE(m->splitInstances, size_t(1));
        QVERIFY(m->mixed());
        QVERIFY(!m->direct);  // one unfused instance is work left: not "direct"
        QCOMPARE(m->status, std::string("upstream split"));
        QCOMPARE(m->related, Ns(55000));
        QCOMPARE(m->directNs, Ns(15000));
        QCOMPARE(m->splitNs, Ns(40000));
        QCOMPARE(m->kernelIds, (std::vector<uint32_t>{0, 1, 2, 3, 5}));

        // The writers say so: JSON fields, the text line, the markdown finding.
        TriageFindings f;
        f.families = a.stages;
        std::ostringstream json;
        {
            JsonWriter w(json);
            w.beginObject();
            writeStageFindingsJson(w, f, a.stages[0].stage);
            w.endObject();
        }
        const QJsonArray families = QJsonDocument::fromJson(QByteArray::fromStdString(json.str()))
                                        .object()[QStringLiteral("fusion_families")].toArray();
        QJsonObject norm;
        for (const QJsonValue &v : families)
            if (v[QStringLiteral("pattern")].toString() == QStringLiteral("Generic: RMSNorm"))
                norm = v.toObject();
        QCOMPARE(norm[QStringLiteral("status")].toString(), QStringLiteral("split"));
        QCOMPARE(norm[QStringLiteral("direct_instances")].toInt(), 1);
        QCOMPARE(norm[QStringLiteral("split_instances")].toInt(), 1);
        QCOMPARE(norm[QStringLiteral("direct_us")].toDouble(), 15.0);
        QCOMPARE(norm[QStringLiteral("split_us")].toDouble(), 40.0);
        QCOMPARE(norm[QStringLiteral("related_us")].toDouble(), 55.0);
        std::ostringstream text, md;
        writeFindingsText(text, f);
        QVERIFY2(text.str().find("Generic: RMSNorm  [upstream split, Confirmed]  55.0 us") != std::string::npos, text.str().c_str());
        QVERIFY2(text.str().find("(mixed: 1 direct, 1 split instance)") != std::string::npos, text.str().c_str());
        writeFindingsMarkdown(md, *a.trace, f);
        QVERIFY2(md.str().find("Instances: mixed: 1 direct, 1 split instance — the split ones take 40.0 us, the fused kernels 15.0 us")
                     != std::string::npos, md.str().c_str());
    }

    void aFamilysTimeIsTheTimeOfItsInstancesOnly()
    {
        // A fused RMSNorm kernel (15 us), and elsewhere a lone x.pow(2) and a lone mean (20 us each)
        // that make no RMSNorm ladder (no rsqrt near them): they are not the family's time.
        TraceBuilder b;
        b.call("nn.Module: LlamaRMSNorm_0").call("models/llama.py(60): forward")
            .kernel("void vllm::rms_norm_kernel<c10::BFloat16>", "_C::rms_norm", 15).end().end();
        gemm(b, "sm90_xmma_gemm_bf16", 50);
        b.call("models/llama.py(90): score").kernel("pow_tensor_scalar_kernel", "aten::pow", 20).end();
        gemm(b, "sm90_xmma_gemm_bf16", 50);
        b.call("models/llama.py(95): pool").kernel("reduce_kernel<MeanOps>", "aten::mean", 20).end();
        const Analysis a = analyse(b);
        const FamilyMatch *m = family(a, "Generic: RMSNorm");
        QVERIFY(m);
        QVERIFY(m->direct);
        QCOMPARE(m->directInstances, size_t(1));
        QCOMPARE(m->splitInstances, size_t(0));
        QCOMPARE(m->related, Ns(15000));
        QCOMPARE(m->kernelIds, std::vector<uint32_t>{0});
    }

    void piecesMakeOneInstanceOnlyWhenTheyRunTogether()
    {
        // pow and mean in one norm call, rsqrt in another one after a GEMM: no ladder anywhere.
        // Then SiLU, the up-projection GEMM and the multiply in one MLP call: one SwiGLU instance.
        TraceBuilder b;
        b.call("nn.Module: LlamaRMSNorm_0").call("models/llama.py(60): forward")
            .kernel("pow_tensor_scalar_kernel", "aten::pow", 10).kernel("reduce_kernel<MeanOps>", "aten::mean", 10)
            .end().end();
        gemm(b, "sm90_xmma_gemm_bf16", 50);
        b.call("nn.Module: LlamaRMSNorm_1").call("models/llama.py(60): forward")
            .kernel("rsqrt_kernel_cuda", "aten::rsqrt", 10).end().end();
        b.call("nn.Module: LlamaMLP_0").call("models/llama.py(80): forward");
        b.call("nn.Module: SiLU_0").kernel("silu_kernel", "aten::silu", 10).end();
        gemm(b, "sm90_xmma_gemm_bf16", 50);
        b.kernel("MulFunctor_kernel", "aten::mul", 10).end().end();
        const Analysis a = analyse(b);
        QVERIFY(!family(a, "Generic: RMSNorm"));
        const FamilyMatch *glu = family(a, "Generic: gated activation (SwiGLU / GeGLU)");
        QVERIFY(glu);
        QCOMPARE(glu->splitInstances, size_t(1));
        QCOMPARE(glu->related, Ns(20000));  // SiLU + multiply, never the GEMM between them
        QCOMPARE(glu->kernelIds, (std::vector<uint32_t>{4, 6}));
    }

    void aGemmNamedAfterItsActivationThatIsFollowedByTheActivationIsSplit()
    {
        // cuBLAS picks "..._gemm_relu_..." kernels for plain GEMMs: the first one is followed by a
        // separate GELU in its parent module (split), the second by nothing (direct) → mixed.
        TraceBuilder b;
        b.call("nn.Module: BertIntermediate_0");
        gemm(b, "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64", 30);
        b.call("nn.Module: GELUActivation_0").kernel("GeluCUDAKernelImpl", "aten::gelu", 12).end().end();
        b.call("nn.Module: BertOutput_0");
        gemm(b, "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64", 30);
        b.end();
        b.call("nn.Module: BertPooler_0").kernel("reduce_kernel<MaxOps>", "aten::max", 8).end();
        const Analysis a = analyse(b);
        const FamilyMatch *m = family(a, "Generic: GEMM epilogue (bias / activation / scale after GEMM)");
        QVERIFY(m);
        QCOMPARE(m->splitInstances, size_t(1));
        QCOMPARE(m->directInstances, size_t(1));
        QVERIFY(!m->direct);
        QCOMPARE(m->splitNs, Ns(12000));   // the GELU
        QCOMPARE(m->directNs, Ns(30000));  // the second GEMM
        QCOMPARE(m->kernelIds, (std::vector<uint32_t>{1, 2}));
    }

    void aQuantPieceMustBeAKernelThatQuantizes()
    {
        const FusionPatterns patterns = FusionPatterns::fromYaml(kNormQuantYaml, "test.yaml");
        // An RMSNorm followed by an MXFP4 weight GEMM (its name says fp4; it quantizes nothing).
        TraceBuilder gemmAfter;
        gemmAfter.kernel("rms_norm_kernel", "_C::rms_norm", 10).kernel("_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1", "moe", 90);
        QVERIFY(!family(analyse(gemmAfter, patterns), "norm + quant"));
        // The same RMSNorm followed by a real quantization kernel: one split instance of 10 + 5 us.
        TraceBuilder quantAfter;
        quantAfter.kernel("rms_norm_kernel", "_C::rms_norm", 10).kernel("vllm::scaled_fp8_quant_kernel", "_C::quant", 5);
        const Analysis a = analyse(quantAfter, patterns);
        const FamilyMatch *m = family(a, "norm + quant");
        QVERIFY(m);
        QCOMPARE(m->splitInstances, size_t(1));
        QCOMPARE(m->related, Ns(15000));
        // aiter's add_rmsnorm_quant_kernel with FUSE_QUANT false is called "..._quant" but is an
        // add+RMSNorm: not this family's fused kernel.
        TraceBuilder notQuantizing;
        notQuantizing.kernel("_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi256ELi16ELb1ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib",
                             "aiter::add_rmsnorm", 10);
        QVERIFY(!family(analyse(notQuantizing, patterns), "norm + quant"));
    }

    void anMoeFamilyNeedsMoeKernels()
    {
        const FusionPatterns patterns = FusionPatterns::fromYaml(kNormQuantYaml, "test.yaml");
        // A dense MLP: act_and_mul followed by a quantization, no expert or routing kernel.
        TraceBuilder dense;
        dense.kernel("act_and_mul_kernel", "_C::silu_and_mul", 10).kernel("per_token_group_quant_8bit", "_C::quant", 5);
        QVERIFY(!family(analyse(dense, patterns), "moe act + quant"));
        // The same pair inside an MoE layer (routing kernel first).
        TraceBuilder moe;
        moe.kernel("_topk_forward", "moe", 4).kernel("act_and_mul_kernel", "_C::silu_and_mul", 10)
            .kernel("per_token_group_quant_8bit", "_C::quant", 5);
        const Analysis a = analyse(moe, patterns);
        const FamilyMatch *m = family(a, "moe act + quant");
        QVERIFY(m);
        QCOMPARE(m->related, Ns(15000));
    }

    void aBadOpListIsReportedWithItsLine()
    {
        try {
            FusionPatterns::fromYaml("families:\n  - name: x\n    split_groups:\n      - {match: [a], op: {b: c}}\n", "bad.yaml");
            QFAIL("no error");
        } catch (const FusionPatternError &e) {
            QVERIFY2(std::string(e.what()).find("bad.yaml:4") == 0, e.what());
            QVERIFY2(std::string(e.what()).find("op must be a list of strings") != std::string::npos, e.what());
        }
        try {
            FusionPatterns::fromYaml("families:\n  - name: x\n    split_groups:\n      - {role: context}\n", "bad.yaml");
            QFAIL("no error");
        } catch (const FusionPatternError &e) {
            QVERIFY2(std::string(e.what()).find("bad.yaml:4") == 0, e.what());
            QVERIFY2(std::string(e.what()).find("a group needs a match or an op") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(FamilyInstancesTest)
#include "tst_familyinstances.moc"
