// The kernel registry: every family of resources/kernel_registry.yaml on real kernel names (from the
// shared traces' name lists in tests/golden/kernel_names and from the reference documents), vendor
// gating, user registries before the built-in one, the errors a bad registry gets, and the names
// shown for mangled and templated kernels.
#include "testsupport.h"
#include "classify/kernelregistry.h"
#include "classify/traceclassification.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <thread>

using namespace fusion;

namespace {

Platform platformFrom(const QString &s)
{
    return s == QLatin1String("nvidia") ? Platform::Nvidia : s == QLatin1String("amd") ? Platform::Amd : Platform::Unknown;
}

// The full kernel name of a shared trace's name list whose file name contains `trace` and whose
// name contains `needle` (a needle ending in '$' must be the whole name).
QString realKernelName(const QString &trace, QString needle)
{
    const bool exact = needle.endsWith(QLatin1Char('$'));
    if (exact)
        needle.chop(1);
    const QDir dir(test::testsDir() + QStringLiteral("/golden/kernel_names"));
    for (const QString &file : dir.entryList({QStringLiteral("*.tsv")})) {
        if (!file.contains(trace))
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        f.readLine();  // header
        while (!f.atEnd()) {
            const QString name = QString::fromUtf8(f.readLine()).section(QLatin1Char('\t'), 0, 0);
            if (exact ? name == needle : name.contains(needle))
                return name;
        }
    }
    return {};
}

KernelClass classify(const QString &name, Platform p = Platform::Unknown)
{
    return KernelRegistry::builtin()->classify(name.toStdString(), p);
}

} // namespace

class KernelRegistryTest : public QObject {
    Q_OBJECT
private slots:
    void theBuiltInRegistryLoadsFromTheSourceTree();
    void realKernelNamesFromTheSharedTracesGetTheirOp_data();
    void realKernelNamesFromTheSharedTracesGetTheirOp();
    void kernelNamesFromTheReferencesGetTheirOp_data();
    void kernelNamesFromTheReferencesGetTheirOp();
    void fusedOpsNameTheirComponentOps();
    void hardwareAndLibraryComeFromTheName();
    void vendorRulesOnlyApplyToTracesOfThatVendor();
    void unknownNamesAreOther();
    void registryErrorsNameTheFileAndLine_data();
    void registryErrorsNameTheFileAndLine();
    void aMissingRegistryFileIsAClearError();
    void aUserRegistryIsConsultedBeforeTheBuiltInOne();
    void captureGroupsFillTheDetail();
    void anUnlessPatternVetoesARule();
    void aHugeKernelNameDoesNotExhaustTheStack();
    void classificationIsCachedAndThreadSafe();
    void demangleTurnsItaniumSymbolsIntoCppNames_data();
    void demangleTurnsItaniumSymbolsIntoCppNames();
    void canonicalNamesFoldWhitespaceMaskAddressesAndDropArguments_data();
    void canonicalNamesFoldWhitespaceMaskAddressesAndDropArguments();
    void aTraceIsClassifiedOncePerDistinctName();
};

void KernelRegistryTest::theBuiltInRegistryLoadsFromTheSourceTree()
{
    const auto r = KernelRegistry::builtin();
    QVERIFY(r->ruleCount() > 150);
    QCOMPARE(r->files().size(), size_t(1));
    QVERIFY(QString::fromStdString(r->files().front()).endsWith(QStringLiteral("resources/kernel_registry.yaml")));
    QCOMPARE(KernelRegistry::load({}).get(), r.get());    // no user file: the shared built-in registry
    QCOMPARE(KernelRegistry::load({""}).get(), r.get());  // an empty --registry is no user file
}

void KernelRegistryTest::realKernelNamesFromTheSharedTracesGetTheirOp_data()
{
    QTest::addColumn<QString>("trace");
    QTest::addColumn<QString>("needle");
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("detail");  // "*": not checked
    QTest::newRow("attention: PyTorch FlashAttention-2 forward (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(pytorch_flash::flash_fwd_kernel)") << QStringLiteral("nvidia") << QStringLiteral("Attention") << QStringLiteral("*");
    QTest::newRow("attention: AOTriton attn_fwd (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(attn_fwd)") << QStringLiteral("amd") << QStringLiteral("Attention") << QStringLiteral("*");
    QTest::newRow("attention: vLLM unified attention 3d is decode")
        << QStringLiteral("vllm") << QStringLiteral(R"(kernel_unified_attention_3d)") << QStringLiteral("amd") << QStringLiteral("Attention decode") << QStringLiteral("*");
    QTest::newRow("attention: vLLM unified attention 2d has no phase")
        << QStringLiteral("vllm") << QStringLiteral(R"(kernel_unified_attention_2d)") << QStringLiteral("amd") << QStringLiteral("Attention") << QStringLiteral("*");
    QTest::newRow("attention: vLLM reduce_segments belongs to the 3d attention")
        << QStringLiteral("vllm") << QStringLiteral(R"(reduce_segments)") << QStringLiteral("amd") << QStringLiteral("Attention decode") << QStringLiteral("split-kv reduce");
    QTest::newRow("attention: ROCm paged attention ll4mi (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(paged_attention_ll4mi_QKV)") << QStringLiteral("amd") << QStringLiteral("Attention decode") << QStringLiteral("*");
    QTest::newRow("attention: ROCm paged attention reduce (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(paged_attention_ll4mi_reduce)") << QStringLiteral("amd") << QStringLiteral("Attention decode") << QStringLiteral("split-kv reduce");
    QTest::newRow("gemm: cuBLAS sm90_xmma_gemm (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(sm90_xmma_gemm)") << QStringLiteral("nvidia") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: CUTLASS simt sgemm (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(cutlass_80_simt_sgemm)") << QStringLiteral("nvidia") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: CUTLASS wmma bf16 gemm (H100 bert)")
        << QStringLiteral("h100__gaunernst") << QStringLiteral(R"(cutlass_80_wmma_tensorop)") << QStringLiteral("nvidia") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: CUTLASS gemm with relu epilogue stays Dense GEMM")
        << QStringLiteral("h100__gaunernst") << QStringLiteral(R"(gemm_relu)") << QStringLiteral("nvidia") << QStringLiteral("Dense GEMM") << QStringLiteral("relu epilogue");
    QTest::newRow("gemm: cuBLAS ampere_sgemm (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(ampere_sgemm)") << QStringLiteral("nvidia") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: cuBLAS complex gcgemm (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(ampere_gcgemm)") << QStringLiteral("nvidia") << QStringLiteral("Dense GEMM") << QStringLiteral("complex");
    QTest::newRow("gemm: hipBLASLt Cijk with Bias on gfx942 (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(Cijk_Alik_Bljk_B_BS_BH_Bias)") << QStringLiteral("amd") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: hipBLASLt Cijk on gfx90a (MI250 minitoy)")
        << QStringLiteral("mi250") << QStringLiteral(R"(Cijk_Ailk_Bjlk_SB_Bias)") << QStringLiteral("amd") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: hipBLASLt Cijk BBS (SGLang decode)")
        << QStringLiteral("sglang") << QStringLiteral(R"(Cijk_Alik_Bljk_BBS_BH_Bias)") << QStringLiteral("amd") << QStringLiteral("Dense GEMM") << QStringLiteral("*");
    QTest::newRow("gemm: cuBLASLt epilogue kernel is elementwise work (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(epilogue::impl::globalKernel)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("gemm epilogue");
    QTest::newRow("conv: cuDNN implicit-GEMM fprop (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(sm80_xmma_fprop_implicit_gemm)") << QStringLiteral("nvidia") << QStringLiteral("Convolution") << QStringLiteral("fprop");
    QTest::newRow("conv: cuDNN scudnn (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(cudnn_ampere_scudnn)") << QStringLiteral("nvidia") << QStringLiteral("Convolution") << QStringLiteral("*");
    QTest::newRow("conv: cuDNN FFT convolution stage (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(fft2d_r2c_32x32<float, false, 5u)") << QStringLiteral("nvidia") << QStringLiteral("Convolution") << QStringLiteral("*");
    QTest::newRow("conv: MIOpen igemm weight gradient (MI210)")
        << QStringLiteral("mi210") << QStringLiteral(R"(igemm_wrw_gtcx2)") << QStringLiteral("amd") << QStringLiteral("Convolution") << QStringLiteral("wrw");
    QTest::newRow("conv: MIOpen igemm forward (MI210)")
        << QStringLiteral("mi210") << QStringLiteral(R"(igemm_fwd_gtcx2)") << QStringLiteral("amd") << QStringLiteral("Convolution") << QStringLiteral("fwd");
    QTest::newRow("memory: cuDNN NCHW to NHWC transpose (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(nchwToNhwcKernel)") << QStringLiteral("nvidia") << QStringLiteral("Memory") << QStringLiteral("transpose");
    QTest::newRow("memory: MIOpen batched transpose (MI210)")
        << QStringLiteral("mi210") << QStringLiteral(R"(batched_transpose_16x64)") << QStringLiteral("amd") << QStringLiteral("Memory") << QStringLiteral("transpose");
    QTest::newRow("norm: PyTorch layer norm (H100 bert)")
        << QStringLiteral("h100__gaunernst") << QStringLiteral(R"(vectorized_layer_norm_kernel)") << QStringLiteral("nvidia") << QStringLiteral("LayerNorm") << QStringLiteral("*");
    QTest::newRow("norm: aiter add_rmsnorm_quant with ADD_RESIDUAL is add+RMSNorm (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi256ELi16ELb1E)") << QStringLiteral("amd") << QStringLiteral("add+RMSNorm") << QStringLiteral("*");
    QTest::newRow("norm: aiter add_rmsnorm_quant without add or quant is RMSNorm (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi64ELi8ELb0E)") << QStringLiteral("amd") << QStringLiteral("RMSNorm") << QStringLiteral("*");
    QTest::newRow("norm: ck_tile Rmsnorm2d with fused add (vLLM)")
        << QStringLiteral("vllm") << QStringLiteral(R"(Rmsnorm2dFusedAddEnumE1)") << QStringLiteral("amd") << QStringLiteral("add+RMSNorm") << QStringLiteral("*");
    QTest::newRow("norm: ck_tile Rmsnorm2d without fused add (vLLM)")
        << QStringLiteral("vllm") << QStringLiteral(R"(Rmsnorm2dFusedAddEnumE0)") << QStringLiteral("amd") << QStringLiteral("RMSNorm") << QStringLiteral("*");
    QTest::newRow("norm: Inductor mean+rsqrt reduction is RMSNorm")
        << QStringLiteral("torch_compile") << QStringLiteral(R"(triton_red_fused_add_mean_mul_pow_rsqrt_0)") << QStringLiteral("amd") << QStringLiteral("RMSNorm") << QStringLiteral("*");
    QTest::newRow("norm: batch norm backward (MI210)")
        << QStringLiteral("mi210") << QStringLiteral(R"(batch_norm_backward_kernel)") << QStringLiteral("amd") << QStringLiteral("BatchNorm") << QStringLiteral("*");
    QTest::newRow("norm: batch norm stats update (MI210)")
        << QStringLiteral("mi210") << QStringLiteral(R"(batch_norm_update_stats_and_invert)") << QStringLiteral("amd") << QStringLiteral("BatchNorm") << QStringLiteral("*");
    QTest::newRow("moe: matmul_ogs expert GEMM (vLLM gpt-oss)")
        << QStringLiteral("vllm") << QStringLiteral(R"(_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1$)") << QStringLiteral("amd") << QStringLiteral("MoE GEMM") << QStringLiteral("mxfp4");
    QTest::newRow("moe: matmul_ogs with SwiGLU epilogue is fused")
        << QStringLiteral("vllm") << QStringLiteral(R"(_swiglu)") << QStringLiteral("amd") << QStringLiteral("MoE GEMM+SwiGLU") << QStringLiteral("*");
    QTest::newRow("moe: routing compute")
        << QStringLiteral("vllm") << QStringLiteral(R"(_combined_routing_compute)") << QStringLiteral("amd") << QStringLiteral("MoE routing") << QStringLiteral("*");
    QTest::newRow("moe: routing memset is routing, not memory")
        << QStringLiteral("vllm") << QStringLiteral(R"(_combined_routing_memset)") << QStringLiteral("amd") << QStringLiteral("MoE routing") << QStringLiteral("*");
    QTest::newRow("moe: expert top-k")
        << QStringLiteral("vllm") << QStringLiteral(R"(_topk_forward)") << QStringLiteral("amd") << QStringLiteral("MoE routing") << QStringLiteral("*");
    QTest::newRow("moe: bitmatrix row sums")
        << QStringLiteral("vllm") << QStringLiteral(R"(_sum_bitmatrix_rows)") << QStringLiteral("amd") << QStringLiteral("MoE routing") << QStringLiteral("*");
    QTest::newRow("moe: finalize scatter combines experts")
        << QStringLiteral("vllm") << QStringLiteral(R"(_finalize_matmul_scatter_bf16)") << QStringLiteral("amd") << QStringLiteral("MoE routing") << QStringLiteral("*");
    QTest::newRow("activation: sgl-kernel act_and_mul (mangled, SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(act_and_mul_kernel)") << QStringLiteral("amd") << QStringLiteral("SwiGLU") << QStringLiteral("silu");
    QTest::newRow("activation: Inductor mul+silu is SwiGLU")
        << QStringLiteral("torch_compile") << QStringLiteral(R"(triton_poi_fused__unsafe_view_mul_silu_2)") << QStringLiteral("amd") << QStringLiteral("SwiGLU") << QStringLiteral("*");
    QTest::newRow("activation: PyTorch silu is an activation, the function in detail")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(silu_kernel)") << QStringLiteral("nvidia") << QStringLiteral("Activation") << QStringLiteral("silu");
    QTest::newRow("activation: PyTorch gelu")
        << QStringLiteral("mi300__gaunernst") << QStringLiteral(R"(GeluCUDAKernelImpl)") << QStringLiteral("amd") << QStringLiteral("Activation") << QStringLiteral("gelu");
    QTest::newRow("activation: PyTorch relu runs as threshold")
        << QStringLiteral("mi250") << QStringLiteral(R"(threshold_kernel_impl)") << QStringLiteral("amd") << QStringLiteral("Activation") << QStringLiteral("relu");
    QTest::newRow("elementwise: PyTorch clamp (relu on alexnet) is plain arithmetic")
        << QStringLiteral("alexnet") << QStringLiteral(R"(launch_clamp_scalar)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("clamp");
    QTest::newRow("rope: SGLang rotary_embedding_kernel")
        << QStringLiteral("sglang") << QStringLiteral(R"(rotary_embedding_kernel)") << QStringLiteral("amd") << QStringLiteral("RoPE") << QStringLiteral("*");
    QTest::newRow("rope: vLLM rotary_embedding_kernel")
        << QStringLiteral("vllm") << QStringLiteral(R"(vllm::rotary_embedding_kernel)") << QStringLiteral("amd") << QStringLiteral("RoPE") << QStringLiteral("*");
    QTest::newRow("kv cache: vLLM reshape_and_cache_flash with auto (non-fp8) cache")
        << QStringLiteral("vllm") << QStringLiteral(R"(reshape_and_cache_flash_kernel)") << QStringLiteral("amd") << QStringLiteral("KV cache") << QStringLiteral("*");
    QTest::newRow("kv cache: SGLang store_kvcache")
        << QStringLiteral("sglang") << QStringLiteral(R"(store_kvcache)") << QStringLiteral("amd") << QStringLiteral("KV cache") << QStringLiteral("*");
    QTest::newRow("elementwise: pow (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(pow_tensor_scalar_kernel_impl)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("pow");
    QTest::newRow("elementwise: rsqrt (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(rsqrt_kernel_cuda)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("rsqrt");
    QTest::newRow("elementwise: mul (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(elementwise_kernel<128, 4, at::native::gpu_kernel_impl_nocast<at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("mul");
    QTest::newRow("elementwise: scalar mul (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(AUnaryFunctor<float, float, float, at::native::binary_internal::MulFunctor)") << QStringLiteral("amd") << QStringLiteral("Elementwise") << QStringLiteral("mul");
    QTest::newRow("elementwise: add (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(vectorized_elementwise_kernel<8, at::native::CUDAFunctor_add)") << QStringLiteral("amd") << QStringLiteral("Elementwise") << QStringLiteral("add");
    QTest::newRow("elementwise: in-place add (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(CUDAFunctorOnSelf_add<float>)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("add");
    QTest::newRow("elementwise: neg of rotate_half (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(neg_kernel_cuda)") << QStringLiteral("amd") << QStringLiteral("Elementwise") << QStringLiteral("neg");
    QTest::newRow("elementwise: cos (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(cos_kernel_cuda)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("cos");
    QTest::newRow("elementwise: sin (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(sin_kernel_cuda)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("sin");
    QTest::newRow("elementwise: eq compare (H100 bert)")
        << QStringLiteral("h100__gaunernst") << QStringLiteral(R"(CompareEqFunctor)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("compare");
    QTest::newRow("elementwise: arange (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(arange_cuda_out)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("arange");
    QTest::newRow("elementwise: mse loss (MI250)")
        << QStringLiteral("mi250") << QStringLiteral(R"(mse_kernel_cuda)") << QStringLiteral("amd") << QStringLiteral("Elementwise") << QStringLiteral("loss");
    QTest::newRow("elementwise: foreach add of SGD (MI250)")
        << QStringLiteral("mi250") << QStringLiteral(R"(multi_tensor_apply_kernel)") << QStringLiteral("amd") << QStringLiteral("Elementwise") << QStringLiteral("*");
    QTest::newRow("elementwise: dropout (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(fused_dropout_kernel_vec)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("dropout");
    QTest::newRow("elementwise: random init (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(distribution_elementwise_grid_stride_kernel)") << QStringLiteral("nvidia") << QStringLiteral("Elementwise") << QStringLiteral("random");
    QTest::newRow("elementwise: MIOpen tensor op (MI210)")
        << QStringLiteral("mi210") << QStringLiteral(R"(SubTensorOpWithScalar1d)") << QStringLiteral("amd") << QStringLiteral("Elementwise") << QStringLiteral("*");
    QTest::newRow("memory: direct copy (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#12})") << QStringLiteral("nvidia") << QStringLiteral("Memory") << QStringLiteral("copy");
    QTest::newRow("memory: bf16 cast copy (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(bfloat16_copy_kernel_cuda)") << QStringLiteral("amd") << QStringLiteral("Memory") << QStringLiteral("copy");
    QTest::newRow("memory: fill (MI300 Qwen)")
        << QStringLiteral("mi300__Qwen") << QStringLiteral(R"(FillFunctor<int>)") << QStringLiteral("amd") << QStringLiteral("Memory") << QStringLiteral("fill");
    QTest::newRow("memory: cat of rotate_half (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(CatArrayBatchedCopy<at::native::(anonymous namespace)::OpaqueType<2u>)") << QStringLiteral("nvidia") << QStringLiteral("Memory") << QStringLiteral("cat");
    QTest::newRow("memory: foreach copy (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(CopyFunctor<int, long)") << QStringLiteral("amd") << QStringLiteral("Memory") << QStringLiteral("copy");
    QTest::newRow("memory: Inductor cast kernel (vLLM)")
        << QStringLiteral("vllm") << QStringLiteral(R"(triton_poi_fused__to_copy_1)") << QStringLiteral("amd") << QStringLiteral("Memory") << QStringLiteral("copy");
    QTest::newRow("indexing: embedding index_select (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(indexSelectLargeIndex)") << QStringLiteral("nvidia") << QStringLiteral("Indexing") << QStringLiteral("*");
    QTest::newRow("indexing: gather (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(vectorized_gather_kernel)") << QStringLiteral("amd") << QStringLiteral("Indexing") << QStringLiteral("*");
    QTest::newRow("reduce: mean of RMSNorm (H100 Qwen)")
        << QStringLiteral("h100__Qwen") << QStringLiteral(R"(MeanOps)") << QStringLiteral("nvidia") << QStringLiteral("Reduce") << QStringLiteral("mean");
    QTest::newRow("reduce: sum (MI250)")
        << QStringLiteral("mi250") << QStringLiteral(R"(sum_functor)") << QStringLiteral("amd") << QStringLiteral("Reduce") << QStringLiteral("sum");
    QTest::newRow("reduce: argmax of greedy sampling (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(ArgMaxOps)") << QStringLiteral("amd") << QStringLiteral("Reduce") << QStringLiteral("argmax");
    QTest::newRow("reduce: all() (H100 bert)")
        << QStringLiteral("h100__gaunernst") << QStringLiteral(R"(and_kernel_cuda)") << QStringLiteral("nvidia") << QStringLiteral("Reduce") << QStringLiteral("all");
    QTest::newRow("reduce: rocPRIM scan (SGLang)")
        << QStringLiteral("sglang") << QStringLiteral(R"(rocprim)") << QStringLiteral("amd") << QStringLiteral("Reduce") << QStringLiteral("scan");
    QTest::newRow("pooling: max pool (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(max_pool_forward_nchw)") << QStringLiteral("nvidia") << QStringLiteral("Pooling") << QStringLiteral("*");
    QTest::newRow("pooling: adaptive average pool (alexnet)")
        << QStringLiteral("alexnet") << QStringLiteral(R"(adaptive_average_pool)") << QStringLiteral("nvidia") << QStringLiteral("Pooling") << QStringLiteral("*");
    QTest::newRow("sampling io: SGLang future token ids")
        << QStringLiteral("sglang") << QStringLiteral(R"(resolve_future_token_ids_kernel)") << QStringLiteral("amd") << QStringLiteral("Sampling I/O") << QStringLiteral("*");
    QTest::newRow("sampling io: SGLang position clamp")
        << QStringLiteral("sglang") << QStringLiteral(R"(clamp_position_kernel)") << QStringLiteral("amd") << QStringLiteral("Sampling I/O") << QStringLiteral("*");
    QTest::newRow("sampling io: SGLang flashinfer kv indices")
        << QStringLiteral("sglang") << QStringLiteral(R"(create_flashinfer_kv_indices_triton)") << QStringLiteral("amd") << QStringLiteral("Sampling I/O") << QStringLiteral("*");
    QTest::newRow("triton fused: Inductor add of cos and sin (HTA triton example)")
        << QStringLiteral("triton_example") << QStringLiteral(R"(triton_poi_fused_add_cos_sin_0)") << QStringLiteral("nvidia") << QStringLiteral("Triton fused") << QStringLiteral("add_cos_sin");
    QTest::newRow("triton fused: Inductor residual add (torch.compile)")
        << QStringLiteral("torch_compile") << QStringLiteral(R"(triton_poi_fused__unsafe_view_add_3)") << QStringLiteral("amd") << QStringLiteral("Triton fused") << QStringLiteral("_unsafe_view_add");
    QTest::newRow("triton fused: Inductor pad in MoE forward stays Triton fused")
        << QStringLiteral("vllm") << QStringLiteral(R"(triton_poi_fused_constant_pad_nd_moe_forward_0)") << QStringLiteral("amd") << QStringLiteral("Triton fused") << QStringLiteral("constant_pad_nd_moe_forward");
}

void KernelRegistryTest::realKernelNamesFromTheSharedTracesGetTheirOp()
{
    QFETCH(QString, trace);
    QFETCH(QString, needle);
    QFETCH(QString, platform);
    QFETCH(QString, op);
    QFETCH(QString, detail);
    const QString name = realKernelName(trace, needle);
    QVERIFY2(!name.isEmpty(), qPrintable(QStringLiteral("no kernel name with '%1' in the %2 list").arg(needle, trace)));
    const KernelClass c = classify(name, platformFrom(platform));
    QVERIFY2(QString::fromStdString(c.op) == op,
             qPrintable(QStringLiteral("got '%1' from rule %2 (%3)")
                            .arg(QString::fromStdString(c.op), QString::number(c.rule), QString::fromStdString(c.source))));
    if (detail != QLatin1String("*"))
        QCOMPARE(QString::fromStdString(c.detail), detail);
    QVERIFY(c.rule >= 0);
}

void KernelRegistryTest::kernelNamesFromTheReferencesGetTheirOp_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("platform");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("phase");

    // Attention per GPU generation , FlashInfer, xFormers, SGLang/vLLM Triton, CK.
    QTest::newRow("trtllm-gen context kernel on sm100 is prefill")
        << "fmhaSm100aKernel_QBfloat16KvBfloat16OBfloat16H128PagedKvCausalP32VarSeqQ128Kv128PersistentContext"
        << "nvidia" << "Attention prefill" << "prefill";
    QTest::newRow("trtllm-gen generation kernel on sm100 is decode")
        << "fmhaSm100fKernel_QBfloat16KvBfloat16OBfloat16H128PagedKvDenseP32MultiCtasKvVarSeqQ8Kv128StaticForGen"
        << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("sm100 'f' suffix without a phase word is decode")
        << "fmhaSm100fKernel_QE4m3KvE4m3OBfloat16H128" << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("sm90 FMHA without a phase word") << "fmhaSm90Kernel_QBfloat16H128" << "nvidia" << "Attention" << "";
    QTest::newRow("FlashAttention-2 forward")
        << "void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::half_t, "
           "Flash_kernel_traits<128, 128, 64, 4, cutlass::half_t> >, false, true, false, false, true, true, false, "
           "false>(Flash_fwd_params)"
        << "nvidia" << "Attention" << "";
    QTest::newRow("FlashAttention split-KV forward is decode")
        << "void flash::flash_fwd_splitkv_kernel<Flash_fwd_kernel_traits<128, 64, 128, 4, false, false, "
           "cutlass::bfloat16_t>, false, false, false, false, true, true, false, false>(Flash_fwd_params)"
        << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("FlashAttention split-KV combine is decode")
        << "void flash::flash_fwd_splitkv_combine_kernel<Flash_fwd_kernel_traits<128, 64, 128, 4, false, false, "
           "cutlass::bfloat16_t>, 4, 2, true>(Flash_fwd_params)"
        << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("FlashAttention backward") << "flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel" << "nvidia"
                                             << "Attention backward" << "";
    QTest::newRow("TensorRT-LLM fmha_v2 context kernel")
        << "fmha_v2_flash_attention_bf16_64_128_S_qkv_128_causal_sm90_kernel_nl" << "nvidia" << "Attention prefill"
        << "prefill";
    QTest::newRow("PyTorch memory-efficient attention (xFormers/CUTLASS)")
        << "fmha_cutlassF_bf16_aligned_64x128_rf_sm80(PyTorchMemEffAttention::AttentionKernel<cutlass::bfloat16_t, "
           "cutlass::arch::Sm80, true, 64, 128, 128, true, true>::Params)"
        << "nvidia" << "Attention" << "";
    QTest::newRow("FlashInfer paged decode")
        << "void flashinfer::BatchDecodeWithPagedKVCacheKernel<(flashinfer::PosEncodingMode)0, 2u, 2u, 8u, 16u, 1u, "
           "8u, flashinfer::paged_kv_t<__nv_bfloat16, int>, __nv_bfloat16, __nv_bfloat16, int>()"
        << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("FlashInfer paged prefill")
        << "void flashinfer::BatchPrefillWithPagedKVCacheKernel<flashinfer::KernelTraits<1, 16, 1, 8, 8, 4>>()"
        << "nvidia" << "Attention prefill" << "prefill";
    QTest::newRow("FlashMLA decode") << "void flash::flash_fwd_splitkv_mla_kernel<Flash_fwd_kernel_traits_mla<576, 64, 64, 8>>()"
                                     << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("SGLang Triton decode attention stage 1") << "_fwd_grouped_kernel_stage1" << "amd"
                                                            << "Attention decode" << "decode";
    QTest::newRow("vLLM paged attention v2")
        << "void vllm::paged_attention_v2_kernel<__nv_bfloat16, __nv_bfloat16, 128, 16, 128, "
           "(vllm::Fp8KVCacheDataType)0, false, 512>()"
        << "nvidia" << "Attention decode" << "decode";
    QTest::newRow("Composable Kernel FMHA forward")
        << "void ck_tile::kentry<256, 1, ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVSAsync<>>>()" << "amd"
        << "Attention" << "";
    QTest::newRow("Composable Kernel split-KV FMHA is decode")
        << "void ck_tile::kentry<256, 1, ck_tile::FmhaFwdSplitKVKernel<ck_tile::BlockFmhaFwdSplitKVPipeline<>>>()"
        << "amd" << "Attention decode" << "decode";

    // Hybrid / linear attention and SSM.
    QTest::newRow("Mamba selective scan") << "void selective_scan_fwd_kernel<Selective_Scan_fwd_kernel_traits<32, 4, true>>()"
                                          << "nvidia" << "SSM" << "";
    QTest::newRow("Mamba causal conv1d") << "void causal_conv1d_fwd_kernel<Causal_conv1d_fwd_kernel_traits<128, 4>>()"
                                         << "nvidia" << "SSM" << "";
    QTest::newRow("Mamba-2 chunked scan") << "_mamba_chunk_scan_combined_fwd" << "nvidia" << "SSM" << "";
    QTest::newRow("gated delta rule (Qwen3-Next)") << "chunk_gated_delta_rule_fwd_kernel_h_blockdim64" << "nvidia"
                                                   << "Linear attention" << "";
    QTest::newRow("fused recurrent gated delta rule") << "fused_recurrent_gated_delta_rule_fwd_kernel" << "amd"
                                                      << "Linear attention" << "";

    // GEMM libraries.
    QTest::newRow("cuBLASLt nvjet") << "nvjet_tst_128x256_64x4_1x2_h_bz_coopA_NTN" << "nvidia" << "Dense GEMM" << "";
    QTest::newRow("cuBLAS fp8 xmma gemm") << "sm90_xmma_gemm_e4m3bf16_e4m3f32_f32_tn_n_tilesize128x128x128_cublas"
                                          << "nvidia" << "Dense GEMM" << "";
    QTest::newRow("CUTLASS 3.x gemm")
        << "void cutlass::device_kernel<cutlass3x_sm90_tensorop_gemm_bf16_bf16_f32_bf16_bf16_128x128x64_1x1x1_0_tnn_align8>()"
        << "nvidia" << "Dense GEMM" << "";
    QTest::newRow("vLLM CUTLASS fp8 scaled mm") << "void vllm::cutlass_scaled_mm_sm90_fp8<cutlass::float_e4m3_t>()"
                                                << "nvidia" << "Dense GEMM" << "";
    QTest::newRow("cuBLAS split-K reduce") << "void cublasLt::splitKreduce_kernel<32, 16, int, float, __nv_bfloat16>()"
                                           << "nvidia" << "Reduce" << "";
    QTest::newRow("Tensile custom kernel (hipBLASLt)")
        << "Custom_Cijk_Alik_Bljk_BBS_BH_Bias_AS_SAV_UserArgs_MT256x256x64_MI16x16x1_SN_K1_MIWT4_16_DTVA" << "amd"
        << "Dense GEMM" << "";
    QTest::newRow("vLLM ROCm skinny GEMM") << "void wvSplitK_hf_sml_<__hip_bfloat16, 64, 2, 16, 8, 2, 1>()" << "amd"
                                           << "Dense GEMM" << "";
    QTest::newRow("Inductor GEMM template") << "triton_tem_fused_addmm_0" << "nvidia" << "Dense GEMM" << "";

    // Fused RMSNorm / SwiGLU + GEMM (ROCm Triton rocm_unquantized_gemm kernels).
    QTest::newRow("Triton RMSNorm fused into GEMM")
        << "triton_red_fused__to_copy_add_mean_mul_pow_rocm_unquantized_gemm_rsqrt_1" << "amd" << "RMSNorm+GEMM" << "";
    QTest::newRow("Triton SwiGLU fused into GEMM") << "triton_poi_fused_mul_rocm_unquantized_gemm_silu_2" << "amd"
                                                   << "SwiGLU+GEMM" << "";

    // Norms (fused families: vLLM, FlashInfer, aiter).
    QTest::newRow("vLLM RMSNorm") << "void vllm::rms_norm_kernel<c10::BFloat16, 8, 4>()" << "nvidia" << "RMSNorm" << "";
    QTest::newRow("vLLM fused residual add + RMSNorm") << "void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>()"
                                                       << "nvidia" << "add+RMSNorm" << "";
    QTest::newRow("FlashInfer fused residual add + RMSNorm")
        << "void flashinfer::norm::FusedAddRMSNormKernel<8u, __nv_bfloat16>()" << "nvidia" << "add+RMSNorm" << "";
    QTest::newRow("vLLM RMSNorm with static fp8 quant")
        << "void vllm::rms_norm_static_fp8_quant_kernel<c10::BFloat16, c10::Float8_e4m3fn>()" << "nvidia"
        << "RMSNorm+Quantize" << "";
    QTest::newRow("aiter add_rmsnorm_quant with FUSE_QUANT")
        << "void aiter::add_rmsnorm_quant_kernel<std::bfloat16_t, ck_tile::fp8_t, 256, 16, true, true, true, 1>()"
        << "amd" << "add+RMSNorm+Quantize" << "";
    QTest::newRow("TensorRT-LLM all-reduce fused with RMSNorm") << "void tensorrt_llm::kernels::ar_fusion::allreduce_fusion_kernel_oneshot_lamport<>()"
                                                                << "nvidia" << "AllReduce+add+RMSNorm" << "";
    QTest::newRow("QK norm fused with RoPE") << "void fusedQKNormRopeKernel<__nv_bfloat16, 128>()" << "nvidia"
                                             << "RMSNorm+RoPE" << "";

    // MoE (vLLM and others).
    QTest::newRow("vLLM fused MoE Triton kernel") << "fused_moe_kernel" << "nvidia" << "MoE GEMM" << "";
    QTest::newRow("vLLM MoE align block size")
        << "void vllm::moe::moe_align_block_size_kernel<int>(int const*, int*, int*, int*, int, int, int, int, unsigned long)"
        << "nvidia" << "MoE routing" << "";
    QTest::newRow("vLLM top-k gating softmax")
        << "void vllm::moe::topkGatingSoftmax<8, 128, 4, 16, int>(float const*, bool const*, float*, int, int*, int*, int, int, int)"
        << "nvidia" << "MoE routing" << "";

    // Activation, RoPE, KV cache, softmax, quantize.
    QTest::newRow("vLLM act_and_mul with silu")
        << "void vllm::act_and_mul_kernel<c10::BFloat16, &(c10::BFloat16 vllm::silu_kernel<c10::BFloat16>(c10::BFloat16 const&)), true>()"
        << "nvidia" << "SwiGLU" << "";
    QTest::newRow("vLLM act_and_mul with quant") << "void vllm::act_and_mul_quant_kernel<c10::BFloat16, c10::Float8_e4m3fn>()"
                                                 << "nvidia" << "SwiGLU+Quantize" << "";
    QTest::newRow("vLLM standalone gelu_new")
        << "void vllm::activation_kernel<c10::BFloat16, &(c10::BFloat16 vllm::gelu_new_kernel<c10::BFloat16>(c10::BFloat16 const&))>()"
        << "nvidia" << "Activation" << "";
    QTest::newRow("vLLM fp8 KV cache write quantizes")
        << "void vllm::reshape_and_cache_flash_kernel<__nv_bfloat16, unsigned char, (vllm::Fp8KVCacheDataType)1>()"
        << "nvidia" << "Quantize+KV cache" << "";
    QTest::newRow("vLLM MLA cache write") << "void vllm::concat_and_cache_mla_kernel<__nv_bfloat16, __nv_bfloat16, (vllm::Fp8KVCacheDataType)0>()"
                                          << "nvidia" << "KV cache" << "";
    QTest::newRow("PyTorch softmax")
        << "void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, "
           "at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, float const*, int)"
        << "nvidia" << "Softmax" << "";
    QTest::newRow("Inductor softmax") << "triton_per_fused__softmax_0" << "nvidia" << "Softmax" << "";
    QTest::newRow("vLLM per-token fp8 quant")
        << "void vllm::dynamic_per_token_scaled_fp8_quant_kernel<c10::BFloat16, c10::Float8_e4m3fn>()" << "nvidia"
        << "Quantize" << "";
    QTest::newRow("SGLang per-token-group fp8 quant") << "_per_token_group_quant_fp8" << "nvidia" << "Quantize" << "";

    // Communication: strong words, and a weak word on a kernel that does not compute.
    QTest::newRow("NCCL all-reduce") << "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                                     << "nvidia" << "Communication" << "";
    QTest::newRow("RCCL kernel") << "rcclGenericKernel<1, false>(ncclDevComm*, unsigned long, ncclWork*)" << "amd"
                                 << "Communication" << "";
    QTest::newRow("symmetric-memory multimem all-reduce")
        << "void c10d::symmetric_memory::multimem_all_reduce_kernel<c10::BFloat16, 16, 4>()" << "nvidia"
        << "Communication" << "";
    QTest::newRow("vLLM custom all-reduce on ROCm") << "void vllm::cross_device_reduce_1stage<__hip_bfloat16, 8>()"
                                                    << "amd" << "Communication" << "";
    QTest::newRow("weak word: expert-parallel dispatch") << "void deep_ep::internode::dispatch<true, 8, 16>()"
                                                         << "nvidia" << "Communication" << "";

    // Reduce, sort, sampling, memory, indexing (CUB/rocPRIM/memory/indexing rules).
    QTest::newRow("CUB reduce") << "void cub::CUB_200200_800_NS::DeviceReduceSingleTileKernel<cub::DeviceReducePolicy<>>()"
                                << "nvidia" << "Reduce" << "";
    QTest::newRow("CUB radix sort") << "void cub::CUB_200200_800_NS::DeviceRadixSortOnesweepKernel<cub::DeviceRadixSortPolicy<>>()"
                                    << "nvidia" << "Sort" << "";
    QTest::newRow("rocPRIM sort") << "void rocprim::ROCPRIM_300000_NS::detail::sort_and_scatter_kernel<256u, 8u>()"
                                  << "amd" << "Sort" << "";
    QTest::newRow("PyTorch top-k") << "void at::native::sbtopk::gatherTopK<float, unsigned int, 2, false>()" << "nvidia"
                                   << "Reduce" << "";
    QTest::newRow("FlashInfer top-k/top-p sampling")
        << "void flashinfer::sampling::TopKTopPSamplingFromProbKernel<1024u, (cub::BlockScanAlgorithm)2>()" << "nvidia"
        << "Sampling" << "";
    QTest::newRow("SGLang req-to-token pool write") << "write_req_to_token_pool_triton" << "nvidia" << "Sampling I/O" << "";
    QTest::newRow("HIP runtime copy kernel") << "__amd_rocclr_copyBuffer" << "amd" << "Memory" << "";
    QTest::newRow("PyTorch scatter/gather")
        << "void at::native::_scatter_gather_elementwise_kernel<128, 4, at::native::_cuda_scatter_gather_internal_kernel<>>()"
        << "nvidia" << "Indexing" << "";
    QTest::newRow("PyTorch advanced indexing")
        << "void at::native::index_elementwise_kernel<128, 4, at::native::gpu_index_kernel<>>(long, at::native::gpu_index_kernel<>)"
        << "nvidia" << "Indexing" << "";
    QTest::newRow("PyTorch fused Adam")
        << "void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous namespace)::"
           "TensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4>>()"
        << "nvidia" << "Optimizer" << "";
}

void KernelRegistryTest::kernelNamesFromTheReferencesGetTheirOp()
{
    QFETCH(QString, name);
    QFETCH(QString, platform);
    QFETCH(QString, op);
    QFETCH(QString, phase);
    const KernelClass c = classify(name, platformFrom(platform));
    QVERIFY2(QString::fromStdString(c.op) == op,
             qPrintable(QStringLiteral("got '%1' from rule %2 (%3)")
                            .arg(QString::fromStdString(c.op), QString::number(c.rule), QString::fromStdString(c.source))));
    QCOMPARE(QString::fromStdString(c.phase), phase);
}

void KernelRegistryTest::fusedOpsNameTheirComponentOps()
{
    const KernelClass swiglu = classify(QStringLiteral("_matmul_ogs_NNT_bf16xbf16xmxfp4_16x128x256x1_swiglu"), Platform::Amd);
    QVERIFY(swiglu.isFused());
    QCOMPARE(swiglu.fusedWith, std::string("MoE GEMM,SwiGLU"));
    const KernelClass addNorm = classify(realKernelName(QStringLiteral("sglang"), QStringLiteral("Lb1ELb0E")), Platform::Amd);
    QCOMPARE(addNorm.op, std::string("add+RMSNorm"));
    QCOMPARE(addNorm.fusedWith, std::string("Elementwise,RMSNorm"));
    QCOMPARE(addNorm.library, std::string("aiter"));
    const KernelClass plain = classify(QStringLiteral("attn_fwd"), Platform::Amd);
    QVERIFY(!plain.isFused());
    QVERIFY(plain.fusedWith.empty());
}

void KernelRegistryTest::hardwareAndLibraryComeFromTheName()
{
    const KernelClass sm90 = classify(realKernelName(QStringLiteral("h100__Qwen"), QStringLiteral("sm90_xmma_gemm")), Platform::Nvidia);
    QCOMPARE(sm90.hardware, std::string("sm90"));
    QCOMPARE(sm90.library, std::string("cuBLAS"));
    QCOMPARE(sm90.vendor, std::string("nvidia"));
    const KernelClass gfx942 = classify(realKernelName(QStringLiteral("mi300__Qwen"), QStringLiteral("Cijk_")), Platform::Amd);
    QCOMPARE(gfx942.hardware, std::string("gfx942"));
    QCOMPARE(gfx942.library, std::string("hipBLASLt"));
    const KernelClass gfx90a = classify(realKernelName(QStringLiteral("mi210"), QStringLiteral("Cijk_")), Platform::Amd);
    QCOMPARE(gfx90a.hardware, std::string("gfx90a"));
    const KernelClass cutlass = classify(realKernelName(QStringLiteral("h100__gaunernst"), QStringLiteral("cutlass_80_wmma")), Platform::Nvidia);
    QCOMPARE(cutlass.hardware, std::string("sm80"));
    const KernelClass fp8 = classify(QStringLiteral("Cijk_Alik_Bljk_F8BS_BH_Bias_HA_S_SAV_UserArgs_MT256x256x64_MI16x16x1_ISA942_IU1"), Platform::Amd);
    QCOMPARE(fp8.op, std::string("Dense GEMM"));
    QCOMPARE(fp8.detail, std::string("fp8"));
    QCOMPARE(fp8.hardware, std::string("gfx942"));
    // "GRVWB8" in an ordinary bf16 Tensile name must not read as an fp8 GEMM.
    const KernelClass bf16 = classify(realKernelName(QStringLiteral("sglang"), QStringLiteral("Cijk_")), Platform::Amd);
    QVERIFY(bf16.detail != "fp8");
}

void KernelRegistryTest::vendorRulesOnlyApplyToTracesOfThatVendor()
{
    const QString cijk = realKernelName(QStringLiteral("mi300__Qwen"), QStringLiteral("Cijk_"));
    QCOMPARE(classify(cijk, Platform::Amd).op, std::string("Dense GEMM"));
    QCOMPARE(classify(cijk, Platform::Unknown).op, std::string("Dense GEMM"));  // unknown platform: every rule
    QCOMPARE(classify(cijk, Platform::Nvidia).op, std::string("Other"));        // Tensile rules are AMD-only

    const QString sm90 = realKernelName(QStringLiteral("h100__Qwen"), QStringLiteral("sm90_xmma_gemm"));
    const KernelClass onNvidia = classify(sm90, Platform::Nvidia), onAmd = classify(sm90, Platform::Amd);
    QCOMPARE(onNvidia.vendor, std::string("nvidia"));
    QVERIFY(onAmd.rule != onNvidia.rule);  // only the cross-vendor "gemm" fallback is left
    QCOMPARE(onAmd.vendor, std::string("both"));
    QVERIFY(onAmd.hardware.empty());
}

void KernelRegistryTest::unknownNamesAreOther()
{
    const KernelClass c = classify(QStringLiteral("my_custom_kernel_v2"));
    QVERIFY(c.isOther());
    QCOMPARE(c.category, std::string("other"));
    QCOMPARE(c.rule, -1);
    QVERIFY(c.pattern.empty());
    QVERIFY(classify(QString()).isOther());
}

void KernelRegistryTest::registryErrorsNameTheFileAndLine_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad regular expression")
        << "rules:\n  - pattern: 'fine'\n    op: Dense GEMM\n  - pattern: 'bad(('\n    op: RMSNorm\n" << 4
        << "bad regular expression 'bad(('";
    QTest::newRow("unknown field") << "rules:\n  - pattern: 'x'\n    op: Softmax\n    colour: red\n" << 4
                                   << "unknown field 'colour'";
    QTest::newRow("field that is a list") << "rules:\n  - pattern: 'x'\n    op: [Softmax, Reduce]\n" << 3
                                          << "field 'op' must be a string, not a list";
    QTest::newRow("rule without a pattern") << "rules:\n  - pattern: 'x'\n    op: A\n  - op: Softmax\n" << 4
                                            << "rule without a 'pattern'";
    QTest::newRow("rule without an op") << "rules:\n\n  - pattern: 'softmax'\n    library: PyTorch\n" << 3
                                        << "rule without an 'op'";
    QTest::newRow("unknown vendor") << "rules:\n  - pattern: 'x'\n    op: A\n    vendor: intel\n" << 2
                                    << "vendor must be nvidia, amd or both";
    QTest::newRow("unknown phase") << "rules:\n  - pattern: 'x'\n    op: A\n    phase: training\n" << 2
                                   << "phase must be prefill, decode or empty";
    QTest::newRow("rule that is not a mapping") << "rules:\n  - pattern: 'x'\n    op: A\n  - just a string\n" << 4
                                                << "a rule must be a mapping";
    QTest::newRow("broken YAML") << "rules:\n  - pattern: 'x'\n    op: [unclosed\n" << 4 << "not valid YAML";
    QTest::newRow("unknown top-level key") << "version: 1\nkernels:\n  - pattern: x\n" << 2
                                           << "unknown top-level key 'kernels'";
    QTest::newRow("no rules list") << "version: 1\n" << 1 << "no 'rules:' list";
    QTest::newRow("bad unless expression") << "rules:\n  - pattern: 'copy'\n    op: Memory\n    unless: '[gemm'\n" << 4
                                           << "in 'unless'";
}

void KernelRegistryTest::registryErrorsNameTheFileAndLine()
{
    QFETCH(QString, yaml);
    QFETCH(int, line);
    QFETCH(QString, message);
    try {
        KernelRegistry::fromYaml(yaml.toStdString(), "my_registry.yaml");
        QFAIL("no RegistryError");
    } catch (const RegistryError &e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.startsWith(QStringLiteral("my_registry.yaml:%1: ").arg(line)), qPrintable(what));
        QVERIFY2(what.contains(message), qPrintable(what));
    }
}

void KernelRegistryTest::aMissingRegistryFileIsAClearError()
{
    const std::string missing = (QDir::tempPath() + QStringLiteral("/no_such_registry.yaml")).toStdString();
    try {
        KernelRegistry::load({missing});
        QFAIL("no RegistryError");
    } catch (const RegistryError &e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.contains(QString::fromStdString(missing)) && what.contains(QStringLiteral("cannot read")), qPrintable(what));
    }
}

void KernelRegistryTest::aUserRegistryIsConsultedBeforeTheBuiltInOne()
{
    const std::string file = test::writeTempFile("user_registry.yaml",
                                                 "# my team's names\n"
                                                 "rules:\n"
                                                 "  - pattern: '^sm90_xmma_gemm_bf16'\n"
                                                 "    op: QKV GEMM\n"
                                                 "    category: gemm\n"
                                                 "    vendor: nvidia\n"
                                                 "    notes: our projection GEMMs\n");
    const auto builtin = KernelRegistry::builtin();
    const auto r = KernelRegistry::load({file});
    QCOMPARE(r->ruleCount(), builtin->ruleCount() + 1);
    QCOMPARE(r->files().size(), size_t(2));
    QCOMPARE(r->files().front(), file);
    const QString sm90 = realKernelName(QStringLiteral("h100__Qwen"), QStringLiteral("sm90_xmma_gemm"));
    const KernelClass mine = r->classify(sm90.toStdString(), Platform::Nvidia);
    QCOMPARE(mine.op, std::string("QKV GEMM"));
    QCOMPARE(mine.rule, 0);
    QCOMPARE(mine.source, file + ":3");
    // Names the user file does not cover still get the built-in answer, with the built-in's rule shifted by one.
    const KernelClass attn = r->classify("attn_fwd", Platform::Amd);
    QCOMPARE(attn.op, std::string("Attention"));
    QCOMPARE(attn.rule, builtin->classify("attn_fwd", Platform::Amd).rule + 1);
    // The built-in registry itself is untouched.
    QCOMPARE(builtin->classify(sm90.toStdString(), Platform::Nvidia).op, std::string("Dense GEMM"));
}

void KernelRegistryTest::captureGroupsFillTheDetail()
{
    const auto r = KernelRegistry::fromYaml("rules:\n"
                                            "  - pattern: '^my_(\\w+?)_kernel_sm(\\d+)'\n"
                                            "    op: Elementwise\n"
                                            "    detail: $1\n"
                                            "    hardware: sm$2\n"
                                            "    notes: costs $$ ($&)\n",
                                            "inline");
    const KernelClass c = r->classify("my_fancy_add_kernel_sm90_v2", Platform::Unknown);
    QCOMPARE(c.detail, std::string("fancy_add"));
    QCOMPARE(c.hardware, std::string("sm90"));
    QCOMPARE(c.notes, std::string("costs $ (my_fancy_add_kernel_sm90)"));
    QCOMPARE(c.source, std::string("inline:2"));
}

void KernelRegistryTest::anUnlessPatternVetoesARule()
{
    // Seed 002: "copy" is a weak memory word, not for a kernel that looks like compute.
    QCOMPARE(classify(QStringLiteral("my_copy_kernel")).op, std::string("Memory"));
    QCOMPARE(classify(QStringLiteral("my_copy_kernel")).detail, std::string("copy"));
    QCOMPARE(classify(QStringLiteral("my_gemm_with_copy")).op, std::string("Dense GEMM"));
    QCOMPARE(classify(QStringLiteral("expert_weights_copy")).op, std::string("MoE routing"));
    QCOMPARE(classify(QStringLiteral("my_broadcast_kernel")).op, std::string("Communication"));
    QCOMPARE(classify(QStringLiteral("attention_broadcast_kernel")).op, std::string("Attention"));
}

void KernelRegistryTest::aHugeKernelNameDoesNotExhaustTheStack()
{
    // A hostile trace: a 1 MB name that reaches the backtracking ".*"-style rules; classified on
    // a worker thread, whose stack is what runs out first.
    const std::string name = std::string(1 << 20, 'a') + "_copy_kernel";
    std::string op;
    std::thread worker([&] { op = KernelRegistry::builtin()->classify(name, Platform::Unknown).op; });
    worker.join();
    QVERIFY(!op.empty());
}

void KernelRegistryTest::classificationIsCachedAndThreadSafe()
{
    const auto r = KernelRegistry::builtin();
    const QDir dir(test::testsDir() + QStringLiteral("/golden/kernel_names"));
    std::vector<std::string> names;
    for (const QString &file : dir.entryList({QStringLiteral("*.tsv")})) {
        QFile f(dir.filePath(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        f.readLine();
        while (!f.atEnd())
            names.push_back(QString::fromUtf8(f.readLine()).section(QLatin1Char('\t'), 0, 0).toStdString());
    }
    QVERIFY(names.size() > 100);
    std::vector<std::vector<std::string>> ops(4);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < ops.size(); ++t)
        threads.emplace_back([&, t] {
            for (const std::string &n : names)
                ops[t].push_back(r->classify(n, t % 2 ? Platform::Amd : Platform::Nvidia).op);
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(ops[0], ops[2]);
    QCOMPARE(ops[1], ops[3]);
    for (size_t i = 0; i < names.size(); ++i)
        QCOMPARE(r->classify(names[i], Platform::Amd).op, ops[1][i]);
}

void KernelRegistryTest::demangleTurnsItaniumSymbolsIntoCppNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("demangled");
    QTest::newRow("aiter kernel with std::bfloat16_t (DF16b)")
        << "_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi256ELi16ELb1ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib"
        << "void aiter::add_rmsnorm_quant_kernel<std::bfloat16_t, std::bfloat16_t, 256, 16, true, false, true, 1>"
           "(std::bfloat16_t*, std::bfloat16_t*, float*, std::bfloat16_t*, std::bfloat16_t*, std::bfloat16_t*, "
           "double, int, int, int, int, int, int, int, bool)";
    QTest::newRow("plain float template") << "_ZN5aiter24add_rmsnorm_quant_kernelIffLi256ELi16ELb1ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib"
                                          << "void aiter::add_rmsnorm_quant_kernel<float, float, 256, 16, true, false, true, 1>"
                                             "(float*, float*, float*, float*, float*, float*, double, int, int, int, int, int, int, int, bool)";
    QTest::newRow("_Float16 (DF16_)") << "_Z4axpyDF16_" << "axpy(_Float16)";
    QTest::newRow("not mangled") << "attn_fwd" << "attn_fwd";
    QTest::newRow("demangled already") << "void foo<int>(int)" << "void foo<int>(int)";
    QTest::newRow("a lone type code is not demangled") << "i" << "i";
    QTest::newRow("invalid symbol stays as it is") << "_Zgarbage(" << "_Zgarbage(";
}

void KernelRegistryTest::demangleTurnsItaniumSymbolsIntoCppNames()
{
    QFETCH(QString, name);
    QFETCH(QString, demangled);
    QCOMPARE(QString::fromStdString(demangle(name.toStdString())), demangled);
}

void KernelRegistryTest::canonicalNamesFoldWhitespaceMaskAddressesAndDropArguments_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("argument list of void f(...) dropped, template kept")
        << "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >"
           "(int, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3>)"
        << "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, at::detail::Array<char*, 3> >";
    QTest::newRow("parentheses inside the template survive")
        << "void (anonymous namespace)::store_kvcache<2048l, 4, false, long>((anonymous namespace)::StoreKVCacheParams)"
        << "void (anonymous namespace)::store_kvcache<2048l, 4, false, long>";
    QTest::newRow("mangled names are demangled first")
        << "_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi64ELi8ELb0ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib"
        << "void aiter::add_rmsnorm_quant_kernel<std::bfloat16_t, std::bfloat16_t, 64, 8, false, false, true, 1>";
    QTest::newRow("whitespace folded and trimmed") << "  void  foo<int,\t 2>\n( int  a )  " << "void foo<int, 2>";
    QTest::newRow("addresses masked") << "kernel at 0x7f3a2b10 on stream 0xDEADbeef" << "kernel at 0xADDR on stream 0xADDR";
    QTest::newRow("tile sizes are not addresses") << "Cijk_Alik_Bljk_BBS_MT128x80x64_MI16x16x1"
                                                  << "Cijk_Alik_Bljk_BBS_MT128x80x64_MI16x16x1";
    QTest::newRow("names without void keep their parentheses") << "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                                                               << "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)";
    QTest::newRow("plain names unchanged") << "attn_fwd" << "attn_fwd";
}

void KernelRegistryTest::canonicalNamesFoldWhitespaceMaskAddressesAndDropArguments()
{
    QFETCH(QString, name);
    QFETCH(QString, canonical);
    QCOMPARE(QString::fromStdString(canonicalKernelName(name.toStdString())), canonical);
}

void KernelRegistryTest::aTraceIsClassifiedOncePerDistinctName()
{
    const auto t = test::loadJson(R"J({"roctracer_version": 4,
      "traceEvents": [
      {"ph":"X","cat":"kernel","name":"attn_fwd","pid":0,"tid":1,"ts":0,"dur":5,"args":{"stream":1}},
      {"ph":"X","cat":"kernel","name":"my_unknown_kernel","pid":0,"tid":1,"ts":10,"dur":2,"args":{"stream":1}},
      {"ph":"X","cat":"kernel","name":"attn_fwd","pid":0,"tid":1,"ts":20,"dur":1,"args":{"stream":1}},
      {"ph":"X","cat":"kernel","name":"Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT32x32x256_ISA942_IU1","pid":0,"tid":1,"ts":30,"dur":2,"args":{"stream":1}},
      {"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":0,"dur":40,"args":{}}
    ]})J");
    QCOMPARE(t->info.platform, Platform::Amd);
    const TraceClassification c = classifyTrace(*t, *KernelRegistry::builtin());
    QCOMPARE(c.classOfKernel.size(), size_t(4));
    QCOMPARE(c.classes.size(), size_t(3));
    QCOMPARE(c.opOf(0), std::string("Attention"));
    QCOMPARE(c.opOf(1), std::string("Other"));
    QCOMPARE(c.classOfKernel[2], c.classOfKernel[0]);
    QCOMPARE(c.opOf(3), std::string("Dense GEMM"));
    QCOMPARE(c.ofKernel(3).hardware, std::string("gfx942"));
    QCOMPARE(c.classOfName[t->store.kernels.name[1]], c.classOfKernel[1]);
    QCOMPARE(c.classOfName[t->store.strings.find("aten::mm")], TraceClassification::kNoClass);
    QCOMPARE(c.classifiedShare, 8.0 / 10.0);
}

QTEST_GUILESS_MAIN(KernelRegistryTest)
#include "tst_kernelregistry.moc"
