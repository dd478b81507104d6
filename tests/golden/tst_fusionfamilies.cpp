// Known fusion families (docs/fusion_semantics.md section A) on the shared real traces and on a
// generated trace with injected unfused ladders. Expected shares are the Python prototype's
// figures quoted in docs/fusion_semantics.md (A.7), checked with a tolerance of 1.5 percentage points because the
// prototype also counts memcpy/memset time in the stage total.
#include "classify/kernelregistry.h"
#include "testsupport.h"
#include "triage/fusionfamilies.h"

#include <QProcess>
#include <cmath>
#include <QTemporaryDir>
#include <QTest>

using namespace fusion;

namespace {
constexpr const char *kQwenH100 = "tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz";
constexpr const char *kQwenMi300 = "tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz";
constexpr const char *kSglangDecode = "tracelens/inference/sglang_decode/sglang_Qwen3-8B_decode.json.gz";
constexpr const char *kVllmDecode = "tracelens/inference/vllm_decode_full/graph_execution.json.gz";
constexpr const char *kBertH100 = "tracelens/h100/gaunernst_bert-small-uncased__1016001.json.gz";
constexpr const char *kAlexNet = "hta/critical_path/alexnet/benchmark_result_2869224_1695835535_trace.json.gz";
constexpr const char *kMiniToy = "hta/amd_trace/mi250_minitoy_train_ROCm6_2_kineto.json.gz";
constexpr const char *kEpilogue = "Generic: GEMM epilogue (bias / activation / scale after GEMM)";

std::vector<StageFamilies> familiesOf(const Trace &t, const FusionPatterns &patterns = FusionPatterns::builtin())
{
    return findFusionFamilies(t, attributeKernels(t), classifyTrace(t, *KernelRegistry::builtin()), detectStages(t),
                              patterns, detectFamilyContext(t));
}

std::vector<StageFamilies> familiesOf(const char *relative)
{
    return familiesOf(*loadTrace(test::sharedTrace(relative)));
}

// The built-in registry reduced to one family.
FusionPatterns onlyFamily(const std::string &name)
{
    FusionPatterns p;
    for (const FusionFamily &f : FusionPatterns::builtin().families)
        if (f.name == name)
            p.families.push_back(f);
    return p;
}

std::string kernelName(const Trace &t, uint32_t k) { return std::string(t.store.str(t.store.kernels.name[k])); }

const FamilyMatch *family(const std::vector<StageFamilies> &stages, const std::string &name)
{
    for (const StageFamilies &s : stages)
        for (const FamilyMatch &m : s.families)
            if (m.pattern == name)
                return &m;
    return nullptr;
}

// instances: direct, split; kernels: how many kernel ids.
void checkInstances(const std::vector<StageFamilies> &stages, const char *name, size_t direct, size_t split, size_t kernels)
{
    const FamilyMatch *m = family(stages, name);
    QVERIFY2(m, name);
    QCOMPARE(m->directInstances, direct);
    QCOMPARE(m->splitInstances, split);
    QCOMPARE(m->kernelIds.size(), kernels);
    QCOMPARE(m->direct, split == 0);
}

bool anyFamilyNamed(const std::vector<StageFamilies> &stages, const char *word)
{
    for (const StageFamilies &s : stages)
        for (const FamilyMatch &m : s.families)
            if (QString::fromStdString(m.pattern).contains(QLatin1String(word), Qt::CaseInsensitive))
                return true;
    return false;
}

bool anyLocationIn(const FamilyMatch &m, const char *file)
{
    for (const std::string &l : m.locations)
        if (l.find(file) != std::string::npos)
            return true;
    return false;
}

void checkSplit(const std::vector<StageFamilies> &stages, const char *name, double expectedShare)
{
    const FamilyMatch *m = family(stages, name);
    QVERIFY2(m, name);
    QVERIFY2(!m->direct, name);
    QCOMPARE(m->status, std::string("upstream split"));
    QVERIFY2(m->confirmed, name);
    QVERIFY2(std::abs(m->share - expectedShare) <= 1.5,
             (std::string(name) + ": share " + std::to_string(m->share)).c_str());
    QVERIFY2(anyLocationIn(*m, "modeling_qwen2.py"), name);
}

// One nn.Module / function scope per ladder; every cpu_op launches one kernel (External id).
// Kernel times (us): RMSNorm pow, mean, rsqrt, mul = 4 x 10; RoPE neg, cat, mul, add = 4 x 10;
// SwiGLU silu, mul = 2 x 10; stage total 100 us.
const char *kInjectedLadders = R"J({"traceEvents":[
  {"ph":"X","cat":"python_function","name":"nn.Module: LlamaRMSNorm_0","pid":1,"tid":1,"ts":0,"dur":100},
  {"ph":"X","cat":"python_function","name":"models/llama.py(60): forward","pid":1,"tid":1,"ts":1,"dur":98},
  {"ph":"X","cat":"cpu_op","name":"aten::pow","pid":1,"tid":1,"ts":10,"dur":5,"args":{"External id":1}},
  {"ph":"X","cat":"cpu_op","name":"aten::mean","pid":1,"tid":1,"ts":20,"dur":5,"args":{"External id":2}},
  {"ph":"X","cat":"cpu_op","name":"aten::rsqrt","pid":1,"tid":1,"ts":30,"dur":5,"args":{"External id":3}},
  {"ph":"X","cat":"cpu_op","name":"aten::mul","pid":1,"tid":1,"ts":40,"dur":5,"args":{"External id":4}},
  {"ph":"X","cat":"python_function","name":"models/llama.py(50): apply_rotary_pos_emb","pid":1,"tid":1,"ts":200,"dur":100},
  {"ph":"X","cat":"python_function","name":"models/llama.py(40): rotate_half","pid":1,"tid":1,"ts":205,"dur":30},
  {"ph":"X","cat":"cpu_op","name":"aten::neg","pid":1,"tid":1,"ts":210,"dur":5,"args":{"External id":5}},
  {"ph":"X","cat":"cpu_op","name":"aten::cat","pid":1,"tid":1,"ts":220,"dur":5,"args":{"External id":6}},
  {"ph":"X","cat":"cpu_op","name":"aten::mul","pid":1,"tid":1,"ts":250,"dur":5,"args":{"External id":7}},
  {"ph":"X","cat":"cpu_op","name":"aten::add","pid":1,"tid":1,"ts":260,"dur":5,"args":{"External id":8}},
  {"ph":"X","cat":"python_function","name":"nn.Module: LlamaMLP_0","pid":1,"tid":1,"ts":400,"dur":100},
  {"ph":"X","cat":"python_function","name":"models/llama.py(80): forward","pid":1,"tid":1,"ts":401,"dur":98},
  {"ph":"X","cat":"cpu_op","name":"aten::silu","pid":1,"tid":1,"ts":410,"dur":5,"args":{"External id":9}},
  {"ph":"X","cat":"cpu_op","name":"aten::mul","pid":1,"tid":1,"ts":430,"dur":5,"args":{"External id":10}},
  {"ph":"X","cat":"kernel","name":"pow_tensor_scalar_kernel","pid":0,"tid":7,"ts":1000,"dur":10,"args":{"stream":7,"External id":1}},
  {"ph":"X","cat":"kernel","name":"reduce_kernel<MeanOps>","pid":0,"tid":7,"ts":1010,"dur":10,"args":{"stream":7,"External id":2}},
  {"ph":"X","cat":"kernel","name":"rsqrt_kernel_cuda","pid":0,"tid":7,"ts":1020,"dur":10,"args":{"stream":7,"External id":3}},
  {"ph":"X","cat":"kernel","name":"MulFunctor_kernel","pid":0,"tid":7,"ts":1030,"dur":10,"args":{"stream":7,"External id":4}},
  {"ph":"X","cat":"kernel","name":"neg_kernel_cuda","pid":0,"tid":7,"ts":1040,"dur":10,"args":{"stream":7,"External id":5}},
  {"ph":"X","cat":"kernel","name":"CatArrayBatchedCopy","pid":0,"tid":7,"ts":1050,"dur":10,"args":{"stream":7,"External id":6}},
  {"ph":"X","cat":"kernel","name":"MulFunctor_kernel","pid":0,"tid":7,"ts":1060,"dur":10,"args":{"stream":7,"External id":7}},
  {"ph":"X","cat":"kernel","name":"CUDAFunctor_add_kernel","pid":0,"tid":7,"ts":1070,"dur":10,"args":{"stream":7,"External id":8}},
  {"ph":"X","cat":"kernel","name":"silu_kernel","pid":0,"tid":7,"ts":1080,"dur":10,"args":{"stream":7,"External id":9}},
  {"ph":"X","cat":"kernel","name":"MulFunctor_kernel","pid":0,"tid":7,"ts":1090,"dur":10,"args":{"stream":7,"External id":10}}
]})J";
} // namespace

class FusionFamiliesTest : public QObject {
    Q_OBJECT
private slots:
    void theShippedRegistryLoadsWithEveryFamily()
    {
        // 47 seed-002 families, the AITER add+RMSNorm+quant family and 7 generic ones (counted in resources/fusion_patterns.yaml).
        QCOMPARE(FusionPatterns::builtin().families.size(), size_t(55));
    }

    void aBadRegistryIsReportedWithItsLineNumber()
    {
        const std::string yaml = "families:\n  - name: x\n    origin: sideways\n";
        try {
            FusionPatterns::fromYaml(yaml, "bad.yaml");
            QFAIL("no error");
        } catch (const FusionPatternError &e) {
            QVERIFY2(std::string(e.what()).find("bad.yaml:3") == 0, e.what());
        }
    }

    void injectedRmsNormRopeAndSwigluLaddersAreEachFoundAsSplit()
    {
        const auto t = test::loadJson(kInjectedLadders);
        const auto stages = familiesOf(*t);
        QCOMPARE(stages.size(), size_t(1));
        // RMSNorm: pow + mean + rsqrt + the mul in the norm module (optional, counted when split) = 40 us.
        const FamilyMatch *norm = family(stages, "Generic: RMSNorm");
        QVERIFY(norm);
        QVERIFY(!norm->direct);
        QCOMPARE(norm->related, Ns(40000));
        QCOMPARE(norm->share, 40.0);
        // RoPE: neg + cat + mul + add = 40 us.
        const FamilyMatch *rope = family(stages, "Generic: rotary position embedding (RoPE)");
        QVERIFY(rope);
        QCOMPARE(rope->related, Ns(40000));
        QVERIFY(rope->locations.size() >= 1);
        // SwiGLU: silu + the MLP's mul = 20 us.
        const FamilyMatch *glu = family(stages, "Generic: gated activation (SwiGLU / GeGLU)");
        QVERIFY(glu);
        QCOMPARE(glu->related, Ns(20000));
        QVERIFY(glu->confirmed);  // 20 % >= likely_share 2 %
        // The RoPE add lives in rotary code: not a residual add.
        QVERIFY(!family(stages, "Generic: residual add + norm"));
    }

    void aGeneratedTraceWithEveryLadderUnfusedShowsEachUnfusedFamily()
    {
        // tools/gen_trace.py --unfuse all writes eager RMSNorm, add + RMSNorm, RoPE and SiLU*mul
        // ladders in every decoder layer (see its truth file); the prefill stage holds most time.
        QTemporaryDir tmp;
        const QString out = tmp.filePath(QStringLiteral("gen.json"));
        QProcess p;
        p.start(QStringLiteral("python3"), {test::sourceDir() + QLatin1String("/tools/gen_trace.py"), QStringLiteral("--vendor"),
                                             QStringLiteral("nvidia"), QStringLiteral("--layers"), QStringLiteral("3"),
                                             QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--unfuse"),
                                             QStringLiteral("all"), QStringLiteral("--seed"), QStringLiteral("6"),
                                             QStringLiteral("--out"), out, QStringLiteral("--quiet")});
        QVERIFY2(p.waitForFinished(120000), "gen_trace.py timed out");
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const auto stages = familiesOf(*loadTrace(out.toStdString()));
        QVERIFY(!stages.empty());
        QCOMPARE(stages[0].stage, Stage::Prefill);
        const std::vector<StageFamilies> prefill{stages[0]};
        for (const char *name : {"Generic: RMSNorm", "Generic: rotary position embedding (RoPE)",
                                 "Generic: gated activation (SwiGLU / GeGLU)", "Generic: residual add + norm"}) {
            const FamilyMatch *m = family(prefill, name);
            QVERIFY2(m, name);
            QVERIFY2(!m->direct, name);
            QVERIFY2(anyLocationIn(*m, "modeling_llama.py"), name);
        }
    }

    void h100QwenShowsUnfusedRmsNormRopeAndSwigluInModelingQwen2()
    {
        REQUIRE_SHARED_TRACES();
        const auto stages = familiesOf(kQwenH100);
        checkSplit(stages, "Generic: RMSNorm", 18.2);
        checkSplit(stages, "Generic: rotary position embedding (RoPE)", 15.3);
        checkSplit(stages, "Generic: gated activation (SwiGLU / GeGLU)", 4.7);
        const FamilyMatch *attn = family(stages, "Generic: attention (unfused softmax attention)");
        QVERIFY(attn && attn->direct);
        QVERIFY(std::abs(attn->share - 8.5) <= 1.5);
    }

    void mi300QwenShowsUnfusedRmsNormRopeAndSwigluInModelingQwen2()
    {
        REQUIRE_SHARED_TRACES();
        const auto stages = familiesOf(kQwenMi300);
        checkSplit(stages, "Generic: RMSNorm", 15.0);
        checkSplit(stages, "Generic: rotary position embedding (RoPE)", 10.6);
        checkSplit(stages, "Generic: gated activation (SwiGLU / GeGLU)", 3.9);
    }

    // Truth for the tests below: tools/kernel_pieces.py (kernels sorted into kinds by name alone,
    // sequences on one stream, kernels per Python call) run once over each trace; its figures are
    // quoted where they are used.

    void qwenLaddersAreCountedPerCallAndRopeLeavesTheCosSinTableOut()
    {
        REQUIRE_SHARED_TRACES();
        // H100: 70 "pow mean * rsqrt" ladders on the stream (49 Qwen2RMSNorm calls with 8 kernels
        // each, 21 more whose launches the trace does not link: pow, mean and rsqrt only → 455
        // kernels); 24 apply_rotary_pos_emb calls of 10 kernels (neg 2, cat 2, mul 4, add 2); the one
        // Qwen2RotaryEmbedding call (cos/sin table, with its bmm GEMM) is no RoPE instance; 24
        // Qwen2MLP calls with one SiLU and one multiply; 24 linked decoder layers with 2 residual
        // adds each; 34 flash_fwd kernels.
        const auto h100 = loadTrace(test::sharedTrace(kQwenH100));
        const auto stages = familiesOf(*h100);
        checkInstances(stages, "Generic: RMSNorm", 0, 70, 455);
        checkInstances(stages, "Generic: rotary position embedding (RoPE)", 0, 24, 240);
        checkInstances(stages, "Generic: gated activation (SwiGLU / GeGLU)", 0, 24, 48);
        checkInstances(stages, "Generic: residual add + norm", 0, 48, 48);
        checkInstances(stages, "Generic: attention (unfused softmax attention)", 34, 0, 34);
        for (uint32_t k : family(stages, "Generic: rotary position embedding (RoPE)")->kernelIds)
            QVERIFY2(kernelName(*h100, k).find("gemm") == std::string::npos, kernelName(*h100, k).c_str());
        // MI300X: 71 ladders (49 linked), the same 24 / 24 / 48 calls, 35 attn_fwd kernels.
        const auto mi300 = familiesOf(kQwenMi300);
        checkInstances(mi300, "Generic: RMSNorm", 0, 71, 49 * 8 + 22 * 3);
        checkInstances(mi300, "Generic: rotary position embedding (RoPE)", 0, 24, 240);
        checkInstances(mi300, "Generic: gated activation (SwiGLU / GeGLU)", 0, 24, 48);
        checkInstances(mi300, "Generic: attention (unfused softmax attention)", 35, 0, 35);
    }

    void vllmMoeDecodeHasNoQuantizationFamilyAndKeepsMoeTimeOutOfOtherFamilies()
    {
        REQUIRE_SHARED_TRACES();
        // 425 kernels, none quantizing: the words quant/fp8/fp4 occur only in ck_tile Rmsnorm2dFwd
        // (Rmsnorm2dFusedQuantEnum 0: no quantization), the MXFP4-weight matmul_ogs MoE GEMMs and
        // reshape_and_cache_flash (Fp8KVCacheDataType 0). 48 MoE GEMMs (24 of them ..._swiglu,
        // 3272.717 us), 120 MoE routing kernels, 49 Rmsnorm2dFwd (48 with FusedAddEnum 1), 24
        // rotary_embedding, 24 unified attention kernels.
        const auto t = loadTrace(test::sharedTrace(kVllmDecode));
        const auto stages = familiesOf(*t);
        QVERIFY(!anyFamilyNamed(stages, "quant"));
        checkInstances(stages, "Generic: residual add + norm", 48, 0, 48);
        checkInstances(stages, "Generic: rotary position embedding (RoPE)", 24, 0, 24);
        checkInstances(stages, "Generic: attention (unfused softmax attention)", 24, 0, 24);
        // The SwiGLU GEMMs apply their activation in the epilogue: GEMM epilogue instances, and
        // no other family claims an MoE kernel.
        checkInstances(stages, kEpilogue, 24, 0, 24);
        QCOMPARE(family(stages, kEpilogue)->related, Ns(3272717));
        for (const StageFamilies &s : stages)
            for (const FamilyMatch &m : s.families)
                for (uint32_t k : m.kernelIds) {
                    const std::string name = kernelName(*t, k);
                    QVERIFY2(m.pattern == kEpilogue || name.find("matmul_ogs") == std::string::npos, m.pattern.c_str());
                    QVERIFY2(name.find("routing") == std::string::npos && name.find("topk") == std::string::npos, m.pattern.c_str());
                }
    }

    void sglangDenseDecodeHasNoMoeOrQuantizationFamily()
    {
        REQUIRE_SHARED_TRACES();
        // Qwen3-8B is dense: no MoE GEMM or routing kernel. Its 145 aiter add_rmsnorm_quant_kernel
        // launches all have FUSE_QUANT false (72 with ADD_RESIDUAL: residual add + RMSNorm; 73
        // without: QK-norms and the final norm), 36 act_and_mul (SiLU), no quantization kernel.
        const auto t = loadTrace(test::sharedTrace(kSglangDecode));
        const auto stages = familiesOf(*t);
        QVERIFY(!anyFamilyNamed(stages, "quant"));
        QVERIFY(!anyFamilyNamed(stages, "moe"));
        // Even alone, without other families claiming kernels first.
        QVERIFY(familiesOf(*t, onlyFamily("Fused MoE activation + quant / re-quant"))[0].families.empty());
        QVERIFY(familiesOf(*t, onlyFamily("AITER fused residual add + RMSNorm + quant"))[0].families.empty());
        checkInstances(stages, "Generic: residual add + norm", 72, 0, 72);
        checkInstances(stages, "Generic: RMSNorm", 73, 0, 73);
        checkInstances(stages, "Generic: gated activation (SwiGLU / GeGLU)", 36, 0, 36);
    }

    void sglangRopeAndKvCacheWriteAreSplitWithoutTheAttentionKernels()
    {
        REQUIRE_SHARED_TRACES();
        // 36 "rope kv_cache" pairs on the stream: rotary_embedding_kernel 195.815 us +
        // store_kvcache 173.545 us. paged_attention (its template says Fp8KVCacheDataType) is
        // attention, not a cache write.
        const auto t = loadTrace(test::sharedTrace(kSglangDecode));
        const auto stages = familiesOf(*t);
        checkInstances(stages, "Fused QK RoPE reshape + KV cache write", 0, 36, 72);
        const FamilyMatch *m = family(stages, "Fused QK RoPE reshape + KV cache write");
        QCOMPARE(m->related, Ns(195815 + 173545));
        for (uint32_t k : m->kernelIds)
            QVERIFY2(kernelName(*t, k).find("attention") == std::string::npos, kernelName(*t, k).c_str());
        checkInstances(stages, "Generic: attention (unfused softmax attention)", 72, 0, 72);
    }

    void aGemmNamedAfterReluFollowedByASeparateActivationIsNotAFusedEpilogue()
    {
        REQUIRE_SHARED_TRACES();
        // BERT-small on H100: 5 "gemm activation" pairs (4 cutlass ..._gemm_relu_... then GELU, and
        // the prediction head), the GELUs take 9.599 us; 9 residual adds before a LayerNorm, 14.720 us.
        const auto bert = loadTrace(test::sharedTrace(kBertH100));
        const auto stages = familiesOf(*bert);
        checkInstances(stages, kEpilogue, 0, 5, 5);
        QCOMPARE(family(stages, kEpilogue)->related, Ns(9599));
        for (uint32_t k : family(stages, kEpilogue)->kernelIds)
            QVERIFY(kernelName(*bert, k).find("GeluCUDAKernelImpl") != std::string::npos);
        checkInstances(stages, "Generic: residual add + norm", 0, 9, 9);
        QCOMPARE(family(stages, "Generic: residual add + norm")->related, Ns(14720));
        // AlexNet on A100 (no Python stacks: adjacency decides): 14 GEMMs or convolutions followed on
        // their stream by 1-2 epilogue kernels (bias add, clamp = ReLU, cuBLAS's epilogue kernel),
        // 12 of them by two: 26 kernels, 725 + 471 us. The two cuDNN ..._relu_xregs_... convolutions
        // are among them: their ReLU runs after the bias add.
        const auto alex = familiesOf(kAlexNet);
        checkInstances(alex, kEpilogue, 0, 14, 26);
        QCOMPARE(family(alex, kEpilogue)->related, Ns(1196000));
        // The MI250 toy training step (no Python stacks): one addmm GEMM then clamp_min, 6.72 us.
        const auto toy = familiesOf(kMiniToy);
        checkInstances(toy, kEpilogue, 0, 1, 1);
        QCOMPARE(family(toy, kEpilogue)->related, Ns(6720));
    }

    void sglangDecodeReportsTheAiterAddRmsNormKernelsAsADirectResidualAddNorm()
    {
        REQUIRE_SHARED_TRACES();
        const auto stages = familiesOf(kSglangDecode);
        QCOMPARE(stages.size(), size_t(1));
        QCOMPARE(stages[0].stage, Stage::Decode);  // from the file path
        const FamilyMatch *m = family(stages, "Generic: residual add + norm");
        QVERIFY(m && m->direct);
        QVERIFY(!m->evidence.empty());
        QVERIFY2(m->evidence[0].find("add_rmsnorm_quant") != std::string::npos, m->evidence[0].c_str());
    }
};

QTEST_GUILESS_MAIN(FusionFamiliesTest)
#include "tst_fusionfamilies.moc"
