// Short kernel names for table cells: real names from the shared traces' name lists
// (tests/golden/kernel_names/) and what a reader needs to see of them.
#include "classify/kernelregistry.h"

#include <QTest>

using namespace fusion;

class KernelNamesTest : public QObject {
    Q_OBJECT
private slots:
    void shortNamesKeepTheKernelFunctionAndTheDetail_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<QString>("expected");
        QTest::newRow("PyTorch elementwise with its functor")
            << "void at::native::vectorized_elementwise_kernel<4, at::native::(anonymous namespace)::"
               "pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase&, float)::{lambda(float)#1}, "
               "std::array<char*, 2ul> >(int, at::native::(anonymous namespace)::pow_tensor_scalar_kernel_impl<float, "
               "float>(at::TensorIteratorBase&, float)::{lambda(float)#1}, std::array<char*, 2ul>)"
            << "pow" << "vectorized_elementwise_kernel [pow]";
        QTest::newRow("flash attention") << "void pytorch_flash::flash_fwd_kernel<Flash_fwd_kernel_traits<64, 128, 64, 4, "
                                            "false, false, cutlass::bfloat16_t, Flash_kernel_traits<64, 128, 64, 4, "
                                            "cutlass::bfloat16_t> >, false, true, false, false, true, true, false, "
                                            "false>(pytorch_flash::Flash_fwd_params)"
                                         << "" << "flash_fwd_kernel";
        QTest::newRow("ck_tile entry wraps the real kernel")
            << "void ck_tile::kentry<256, 1, ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVSAsync<int> > >(int)"
            << "" << "FmhaFwdKernel";
        QTest::newRow("anonymous namespace") << "void at::native::(anonymous namespace)::CatArrayBatchedCopy<at::native::"
                                                "(anonymous namespace)::OpaqueType<2u>, unsigned int, 4, 64, 64>(int)"
                                             << "cat" << "CatArrayBatchedCopy [cat]";
        QTest::newRow("cutlass entry names its GEMM") << "_ZN7cutlass6KernelINS_4gemm6kernel4GemmEEEvNT_6ParamsE" << ""
                                                       << "Kernel<Gemm>";
        QTest::newRow("Tensile names stay whole")
            << "Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x128x64_MI16x16x1" << ""
            << "Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT256x128x64_MI16x16x1";
        QTest::newRow("a detail already in the name is not repeated")
            << "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float, "
               "float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float, "
               "float, float>, unsigned int, float, 4>)"
            << "reduce" << "reduce_kernel";
        QTest::newRow("mangled aiter kernel")
            << "_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi256ELi16ELb1ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib"
            << "" << "add_rmsnorm_quant_kernel";
    }
    void shortNamesKeepTheKernelFunctionAndTheDetail()
    {
        QFETCH(QString, raw);
        QFETCH(QString, detail);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(shortKernelName(raw.toStdString(), detail.toStdString())), expected);
    }

    // The three CUTLASS GEMMs of the shared BERT H100 trace all launch through cutlass::Kernel2; the
    // generated instance name (arch, tile, layout) is what tells them apart.
    void cutlassInstancesAreNamedByTheirTile()
    {
        const std::vector<std::pair<std::string, std::string>> kernels = {
            {"void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_bf16_256x128_64x3_tn_align2>"
             "(cutlass_80_tensorop_bf16_s16816gemm_bf16_256x128_64x3_tn_align2::Params)", ""},
            {"void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8>"
             "(cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8::Params)", ""},
            {"void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8>"
             "(cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8::Params)", ""}};
        const std::vector<std::string> expected = {"cutlass_80_tensorop_bf16_s16816gemm_bf16_256x128_64x3_tn_align2",
                                                   "cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8",
                                                   "cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8"};
        QCOMPARE(distinctShortNames(kernels), expected);
    }

    // Two reductions of the shared Qwen H100 trace with the same registry detail: the first template
    // argument they differ in (the ReduceOp) is added, namespaces dropped and elided in the middle.
    void collidingNamesGetTheirDifferingTemplateArgument()
    {
        const std::string andReduce =
            "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<bool, at::native::func_wrapper_t<bool, "
            "at::native::and_kernel_cuda(at::TensorIterator&)::{lambda()#1}::operator()() const::{lambda()#12}::"
            "operator()() const::{lambda(bool, bool)#1}>, unsigned int, bool, 4> >(at::native::ReduceOp<bool, "
            "at::native::func_wrapper_t<bool, at::native::and_kernel_cuda(at::TensorIterator&)::{lambda()#1}::"
            "operator()() const::{lambda()#12}::operator()() const::{lambda(bool, bool)#1}>, unsigned int, bool, 4>)";
        const std::string meanReduce =
            "void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::MeanOps<float, float, "
            "float, float>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::MeanOps<float, float, "
            "float, float>, unsigned int, float, 4>)";
        const std::vector<std::string> names =
            distinctShortNames({{meanReduce, "norm"}, {andReduce, "norm"}, {meanReduce, "norm"}});
        QCOMPARE(names.size(), size_t(3));
        QCOMPARE(names[0], std::string("reduce_kernel [norm] ‹ReduceOp<float, MeanOps…unsigned int, float, 4>›"));
        QCOMPARE(names[1], std::string("reduce_kernel [norm] ‹ReduceOp<bool, func_wra… unsigned int, bool, 4>›"));
        QCOMPARE(names[2], names[0]);  // the same kernel listed twice keeps one name
    }

    // Kernels whose template arguments agree (they differ only in the argument list) are numbered in
    // the order of their raw names; kernels that do not collide keep their plain short name.
    void namesTheArgumentsCannotTellApartAreNumbered()
    {
        const std::vector<std::string> names = distinctShortNames(
            {{"void k<4>(float*)", ""}, {"void k<4>(int*)", ""}, {"void other(float*)", "copy"}});
        const std::vector<std::string> expected = {"k #1", "k #2", "other [copy]"};
        QCOMPARE(names, expected);
    }
};

QTEST_GUILESS_MAIN(KernelNamesTest)
#include "tst_kernelnames.moc"
