#!/usr/bin/env python3
"""Generate synthetic but realistic PyTorch-profiler (Kineto Chrome-trace JSON) traces of LLM serving.

FusionScope compares two such traces (e.g. one NVIDIA, one AMD), aligns their layers/kernels and finds
kernel fusions one side does and the other does not.  This tool produces test inputs of any size, with
a ground-truth description of exactly which fusion differences were injected.

The model is a Llama-style decoder run in eager mode (Hugging Face style python/module stacks): per
forward pass an embedding, N decoder layers (RMSNorm, q/k/v/o projections, RoPE, KV-cache update,
flash attention, residual adds, RMSNorm, gate/up/down MLP with SiLU), a final norm, lm_head and a
greedy sampler.  The first forward pass is a prefill, the rest are decode steps.

Output is streamed: events are formatted with pre-built string templates and written in large batches,
so multi-GB traces need only a few MB of memory.  Standard library only; deterministic for a --seed.

Fusable operations (names used by --fuse / --unfuse and in the ground truth):
  RMSNorm        one rmsnorm kernel          vs  to(float), pow, mean, add(eps), rsqrt, mul, to(bf16), mul(weight)
  add+RMSNorm    fused residual add + norm   vs  add kernel + the RMSNorm above
  RMSNorm+GEMM   norm fused into the next projection GEMM (q_proj / gate_proj)
  SwiGLU+GEMM    up_proj GEMM with silu(gate)*up epilogue  vs  GEMM + SiLU*mul
  RoPE           one rotary-embedding kernel vs  mul, neg, cat, mul, add for q and for k
  SiLU*mul       one act_and_mul kernel      vs  silu kernel + mul kernel
Defaults: nvidia fuses nothing (plain HF eager); amd fuses RMSNorm and add+RMSNorm (aiter kernels).

Examples:
  gen_trace.py --vendor nvidia --layers 4 --steps 4 --out nv.json.gz --truth nv.truth.json
  gen_trace.py --vendor amd --fuse RoPE,SiLU*mul --out amd.json --target-size 1G
  gen_trace.py --merge-truth nv.truth.json amd.truth.json --out pair_truth.json
"""

import argparse
import gzip
import json
import os
import random
import shlex
import sys
import time

VERSION = 1

# ----------------------------------------------------------------------------------------------
# Fusable operations
# ----------------------------------------------------------------------------------------------

OPERATIONS = ["RMSNorm", "add+RMSNorm", "RMSNorm+GEMM", "SwiGLU+GEMM", "RoPE", "SiLU*mul"]

COMPONENTS = {
    "RMSNorm": ["to(float32)", "pow", "mean", "add(eps)", "rsqrt", "mul", "to(bfloat16)", "mul(weight)"],
    "add+RMSNorm": ["add(residual)", "RMSNorm"],
    "RMSNorm+GEMM": ["RMSNorm", "GEMM"],
    "SwiGLU+GEMM": ["GEMM(up_proj)", "SwiGLU(silu*mul)"],
    "RoPE": ["mul(cos)", "neg", "cat", "mul(sin)", "add"],
    "SiLU*mul": ["silu", "mul"],
}

_ALIASES = {
    "rmsnorm": "RMSNorm", "rms_norm": "RMSNorm", "norm": "RMSNorm",
    "add+rmsnorm": "add+RMSNorm", "add_rmsnorm": "add+RMSNorm", "addrmsnorm": "add+RMSNorm",
    "fused_add_rmsnorm": "add+RMSNorm", "residual+rmsnorm": "add+RMSNorm",
    "rmsnorm+gemm": "RMSNorm+GEMM", "rmsnorm_gemm": "RMSNorm+GEMM", "norm+gemm": "RMSNorm+GEMM",
    "swiglu+gemm": "SwiGLU+GEMM", "swiglu_gemm": "SwiGLU+GEMM", "gemm+swiglu": "SwiGLU+GEMM",
    "rope": "RoPE", "rotary": "RoPE",
    "silu*mul": "SiLU*mul", "silu_and_mul": "SiLU*mul", "act_and_mul": "SiLU*mul",
    "silu+mul": "SiLU*mul", "swiglu": "SiLU*mul", "silumul": "SiLU*mul",
}

DEFAULT_FUSED = {"nvidia": [], "amd": ["RMSNorm", "add+RMSNorm"]}


def parse_ops(text):
    out = []
    if not text:
        return out
    for raw in text.split(","):
        key = raw.strip().lower().replace(" ", "")
        if not key:
            continue
        if key == "all":
            out.extend(OPERATIONS)
            continue
        if key == "none":
            continue
        op = _ALIASES.get(key)
        if op is None:
            raise SystemExit("unknown operation %r; valid: %s (or all/none)" % (raw, ", ".join(OPERATIONS)))
        out.append(op)
    return out


# ----------------------------------------------------------------------------------------------
# Kernel names (taken from / modelled on real H100 and MI300X traces)
# ----------------------------------------------------------------------------------------------

def _sp(f):  # template-argument spacing of demangled names: "Foo<Bar<x> >"
    return f + " " if f.endswith(">") else f


def nv_ew(functor, unroll=4):
    f = _sp(functor)
    return ("void at::native::elementwise_kernel<128, %d, at::native::gpu_kernel_impl_nocast<%s>"
            "(at::TensorIteratorBase&, %s const&)::{lambda(int)#1}>(int, at::native::gpu_kernel_impl_nocast<%s>"
            "(at::TensorIteratorBase&, %s const&)::{lambda(int)#1})" % (unroll, f, functor, f, functor))


def amd_ew(functor, unroll=8):
    f = _sp(functor)
    return ("void at::native::elementwise_kernel_manual_unroll<128, %d, at::native::gpu_kernel_impl_nocast<%s>"
            "(at::TensorIteratorBase&, %s const&)::{lambda(int, bool)#1}>(int, at::native::gpu_kernel_impl_nocast<%s>"
            "(at::TensorIteratorBase&, %s const&)::{lambda(int, bool)#1})" % (unroll, f, functor, f, functor))


def vec_ew(functor, arity, vec=4):
    return ("void at::native::vectorized_elementwise_kernel<%d, %s, std::array<char*, %dul> >(int, %s, std::array<char*, %dul>)"
            % (vec, functor, arity, functor, arity))


MUL_BF = "at::native::BinaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >"
MUL_F = "at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >"
ADD_BF = "at::native::CUDAFunctor_add<c10::BFloat16>"
NEG_BF = ("at::native::neg_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#9}"
          "::operator()() const::{lambda(c10::BFloat16)#1}")
COPY_BF = ("at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#12}"
           "::operator()() const::{lambda(c10::BFloat16)#1}")
SILU_BF = ("at::native::(anonymous namespace)::silu_kernel(at::TensorIteratorBase&)::{lambda()#1}::operator()() const"
           "::{lambda()#6}::operator()() const::{lambda(c10::BFloat16)#1}")
POW_F = ("at::native::(anonymous namespace)::pow_tensor_scalar_kernel_impl<float, float>(at::TensorIteratorBase&, float)"
         "::{lambda(float)#1}")
RSQRT_F = ("at::native::rsqrt_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#2}"
           "::operator()() const::{lambda(float)#1}")
COS_F = ("at::native::cos_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#2}"
         "::operator()() const::{lambda(float)#1}")
SIN_F = ("at::native::sin_kernel_cuda(at::TensorIteratorBase&)::{lambda()#2}::operator()() const::{lambda()#2}"
         "::operator()() const::{lambda(float)#1}")
ADDS_F = "at::native::CUDAFunctorOnSelf_add<float>"
BF16COPY = "at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(float)#1}"
AMUL_F = "at::native::AUnaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >"
FILL_I = "at::native::FillFunctor<int>"

NV_COPY_TO_F32 = (
    "void at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}"
    "::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul>, 4, "
    "TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::memory::LoadWithCast<1>, "
    "at::native::memory::StoreWithCast<1> >(int, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}"
    "::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul>, "
    "TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, at::native::memory::LoadWithCast<1>, "
    "at::native::memory::StoreWithCast<1>)")
_F32COPY = ("at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}"
            "::operator()() const::{lambda(float)#1}")
AMD_COPY_TO_F32 = ("void at::native::elementwise_kernel<512, 1, at::native::gpu_kernel_impl<%s>(at::TensorIteratorBase&, "
                   "%s const&)::{lambda(int)#1}>(int, at::native::gpu_kernel_impl<%s>(at::TensorIteratorBase&, %s const&)"
                   "::{lambda(int)#1})" % (_F32COPY, _F32COPY, _F32COPY, _F32COPY))


def reduce_name(op, tin, tout, acc, amd):
    tail = "4, 4" if amd else "4"
    r = "at::native::ReduceOp<%s, %s, unsigned int, %s, %s>" % (tin, op, tout, tail)
    return "void at::native::reduce_kernel<512, 1, %s >(%s)" % (r, r)


CAT2 = ("void at::native::(anonymous namespace)::CatArrayBatchedCopy<at::native::(anonymous namespace)::OpaqueType<2u>, "
        "unsigned int, 4, 64, 64>(at::native::(anonymous namespace)::OpaqueType<2u>*, at::native::(anonymous namespace)::"
        "CatArrInputTensorMetadata<at::native::(anonymous namespace)::OpaqueType<2u>, unsigned int, 64, 64>, "
        "at::native::(anonymous namespace)::TensorSizeStride<unsigned int, 4u>, int, unsigned int)")
CAT4 = ("void at::native::(anonymous namespace)::CatArrayBatchedCopy<at::native::(anonymous namespace)::OpaqueType<4u>, "
        "unsigned int, 3, 64, 64>(at::native::(anonymous namespace)::OpaqueType<4u>*, at::native::(anonymous namespace)::"
        "CatArrInputTensorMetadata<at::native::(anonymous namespace)::OpaqueType<4u>, unsigned int, 64, 64>, "
        "at::native::(anonymous namespace)::TensorSizeStride<unsigned int, 4u>, int, unsigned int)")
INDEX_SELECT = ("void at::native::(anonymous namespace)::indexSelectLargeIndex<c10::BFloat16, long, unsigned int, 2, 2, -2, true>"
                "(at::cuda::detail::TensorInfo<c10::BFloat16, unsigned int>, at::cuda::detail::TensorInfo<c10::BFloat16 const, "
                "unsigned int>, at::cuda::detail::TensorInfo<long const, unsigned int>, int, int, unsigned int, unsigned int, long)")
_AR = ("at::native::arange_cuda_out(c10::Scalar const&, c10::Scalar const&, c10::Scalar const&, at::Tensor&)::{lambda()#1}"
       "::operator()() const::{lambda()#4}::operator()() const::{lambda(long)#1}")
ARANGE = ("void (anonymous namespace)::elementwise_kernel_with_index<int, %s>(int, %s, function_traits<%s>::result_type*)"
          % (_AR, _AR, _AR))
SOFTMAX = ("void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, c10::BFloat16, float, c10::BFloat16, "
           "at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(c10::BFloat16*, c10::BFloat16 const*, int)")

NV_FLASH_FWD = ("void pytorch_flash::flash_fwd_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, "
                "cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, "
                "false, false, false, true, false>(pytorch_flash::Flash_fwd_params)")
NV_FLASH_SPLITKV = ("void pytorch_flash::flash_fwd_splitkv_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 64, 128, 4, false, "
                    "false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 4, cutlass::bfloat16_t> >, "
                    "false, true, false, false, true, false, false, false>(pytorch_flash::Flash_fwd_params)")
NV_FLASH_COMBINE = ("void pytorch_flash::flash_fwd_splitkv_combine_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 64, 128, 4, "
                    "false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 4, cutlass::bfloat16_t> >, "
                    "4, 5, false>(pytorch_flash::Flash_fwd_params)")
_CK_SHAPE = ("ck_tile::TileFmhaShape<ck_tile::sequence<128, 128, 32, 128, 32, 128>, ck_tile::sequence<4, 1, 1>, "
             "ck_tile::sequence<32, 32, 16>, ck_tile::sequence<4, 1, 1>, ck_tile::sequence<32, 32, 16>, true>")
_CK_PROBLEM = ("ck_tile::BlockFmhaPipelineProblem<ck_tile::bf16_t, ck_tile::bf16_t, ck_tile::bf16_t, float, float, "
               "ck_tile::bf16_t, unsigned short, float, ck_tile::bf16_t, ck_tile::bf16_t, %s, false, "
               "ck_tile::ComposedAttention<0u, true>, ck_tile::SimplifiedGenericAttentionMask<true>, "
               "ck_tile::TileFmhaTraits<true, true, false, false, false, false, false, false, -1> >" % _CK_SHAPE)
AMD_FMHA_FWD = ("void ck_tile::kentry<256, 1, ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVSAsync<%s>, "
                "ck_tile::Default2DEpilogue<ck_tile::Default2DEpilogueProblem<float, ck_tile::bf16_t, true, true> > > >"
                "(ck_tile::FmhaFwdKernel<ck_tile::BlockFmhaPipelineQRKSVSAsync<%s>, ck_tile::Default2DEpilogue<"
                "ck_tile::Default2DEpilogueProblem<float, ck_tile::bf16_t, true, true> > >::FmhaFwdBatchModeKargs)"
                % (_CK_PROBLEM, _CK_PROBLEM))
AMD_FMHA_SPLITKV = ("void ck_tile::kentry<256, 1, ck_tile::FmhaFwdSplitKVKernel<ck_tile::BlockFmhaFwdSplitKVPipelineQRKSVS<%s>, "
                    "ck_tile::Default2DEpilogue<ck_tile::Default2DEpilogueProblem<float, float, false, false> > > >"
                    "(ck_tile::FmhaFwdSplitKVBatchModeKargs)" % _CK_PROBLEM)
AMD_FMHA_COMBINE = ("void ck_tile::kentry<256, 1, ck_tile::FmhaFwdSplitKVCombineKernel<ck_tile::BlockFmhaFwdSplitKVCombinePipeline<"
                    "ck_tile::BlockFmhaSplitKVCombinePipelineProblem<float, ck_tile::bf16_t, float, 128, 32, false, "
                    "ck_tile::TileFmhaFwdSplitKVCombineTraits<true, false, false, 5, -1> > >, ck_tile::Default2DEpilogue<"
                    "ck_tile::Default2DEpilogueProblem<float, ck_tile::bf16_t, false, false> > > >"
                    "(ck_tile::FmhaFwdSplitKVCombineBatchModeKargs)")

NV_GEMM_PREFILL_SMALL = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas"
NV_GEMM_PREFILL_LARGE = "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas"
NV_GEMM_DECODE_SMALL = "nvjet_tst_128x64_64x8_1x1_v_bz_coopB_TNN"
NV_GEMM_DECODE_LARGE = "nvjet_tst_64x8_64x16_4x1_v_bz_splitK_TNN"
NV_GEMM_LMHEAD = "nvjet_tst_256x8_64x4_2x1_v_bz_TNN"
NV_ROTARY_MM = "void cutlass::Kernel2<cutlass_80_simt_sgemm_128x32_8x5_nn_align1>(cutlass_80_simt_sgemm_128x32_8x5_nn_align1::Params)"


def cijk(mt, wg, dt="BBS_BH", extra="GRVWA8_GRVWB8"):
    return ("Cijk_Alik_Bljk_%s_Bias_HA_S_SAV_UserArgs_MT%s_MI16x16x1_SN_LDSB1_AFC1_AFEM1_AFEM1_ASEM1_CLR1_CADS0_DTLA0_DTLB0_"
            "DTVA0_DTVB0_EPS0_FDSI0_GRPM1_%s_GSUAMBSK_GLS0_ISA942_IU1_K1_LDSTI0_LBSPPA1024_LBSPPB512_LBSPPM0_LPA16_LPB16_"
            "LPM0_LRVW8_LWPMn1_MIAV0_MIWT4_2_MO40_NTn1_NTA0_NTB0_NTC0_NTD4_NTM0_NEPBS16_NLCA1_NLCB1_ONLL1_PGR2_PLR1_PKA1_"
            "SIA3_SS1_SPO0_SRVW0_SSO0_SVW4_SK0_SKFTR0_SKXCCM0_TLDS1_ULSGRO0_USL1_UIOFGRO0_USFGROn1_VSn1_VWA4_VWB2_WSGRA0_"
            "WSGRB0_WS64_WG%s" % (dt, mt, extra, wg))


AMD_GEMM_PREFILL_SMALL = cijk("256x128x64", "32_8_1")
AMD_GEMM_PREFILL_LARGE = cijk("256x256x64", "32_8_1")
AMD_GEMM_DECODE_LARGE = cijk("16x32x512", "16_4_4")
AMD_GEMM_LMHEAD = cijk("64x32x256", "16_4_4")
AMD_WVSPLITK = ("void wvSplitK_hf_sml_<__hip_bfloat16, 64, 2, 16, 8, 2, 1>(int, int, __hip_bfloat16 const*, "
                "__hip_bfloat16 const*, __hip_bfloat16*, int, int)")
AMD_ROTARY_MM = ("Cijk_Ailk_Bljk_S_B_Bias_HA_S_SAV_UserArgs_MT16x16x128_MI16x16x1_SN_LDSB1_AFC1_AFEM1_AFEM1_ASEM1_CLR1_CADS0_"
                 "DTVA0_DTVB0_EPS0_FDSI0_GRPM1_GRVWA2_GRVWB2_GSUAMB_GLS0_ISA942_IU1_K1_LBSPPA256_LBSPPB512_LBSPPM0_LPA16_LPB8_"
                 "LPM0_LRVW4_LWPMn1_MIAV0_MIWT1_1_MO40_NTn1_NTA4_NTB0_NTC0_NTD4_NTM0_NEPBS16_NLCA1_NLCB1_ONLL1_PGR2_PLR1_PKA1_"
                 "SIA3_SS1_SPO0_SRVW0_SSO0_SVW1_SK0_SKXCCM0_TLDS1_ULSGRO0_USL1_UIOFGRO0_USFGROn1_VSn1_VWA1_VWB1_WSGRA0_WSGRB0_"
                 "WS64_WG16_4_4")

# Fused kernels and the custom op / launch API that issues them.
FUSED = {
    "nvidia": {
        "RMSNorm": ("void vllm::rms_norm_kernel<c10::BFloat16, 8, 4>(c10::BFloat16*, c10::BFloat16 const*, long, "
                    "c10::BFloat16 const*, float, int, int)", "_C::rms_norm", "rt"),
        "add+RMSNorm": ("void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16*, "
                        "c10::BFloat16 const*, float, int, int)", "_C::fused_add_rms_norm", "rt"),
        "RMSNorm+GEMM": ("triton_red_fused_rmsnorm_gemm_mean_mul_pow_rsqrt_0", None, "triton"),
        "SwiGLU+GEMM": ("triton_tem_fused_swiglu_gemm_mm_mul_silu_1", None, "triton"),
        "RoPE": ("void vllm::rotary_embedding_kernel<c10::BFloat16, true>(long const*, c10::BFloat16*, c10::BFloat16*, "
                 "c10::BFloat16 const*, int, long, long, long, int, int, int)", "_C::rotary_embedding", "rt"),
        "SiLU*mul": ("void vllm::act_and_mul_kernel<c10::BFloat16, &(c10::BFloat16 vllm::silu_kernel<c10::BFloat16>"
                     "(c10::BFloat16 const&)), true>(c10::BFloat16*, c10::BFloat16 const*, int)", "_C::silu_and_mul", "rt"),
    },
    "amd": {
        # plain RMSNorm: aiter runs it through add_rmsnorm_quant_kernel with ADD_RESIDUAL=false (as seen in real traces)
        "RMSNorm": ("_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi256ELi16ELb0ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib",
                    "aiter::rmsnorm2d_fwd", "rt"),
        "add+RMSNorm": ("_ZN5aiter24add_rmsnorm_quant_kernelIDF16bDF16bLi256ELi16ELb1ELb0ELb1ELi1EEEvPT0_PT_PfS4_S4_S4_diiiiiiib",
                        "aiter::rmsnorm2d_fwd_with_add", "rt"),
        "RMSNorm+GEMM": ("triton_red_fused_rmsnorm_gemm_mean_mul_pow_rsqrt_rocm_unquantized_gemm_0", None, "triton"),
        "SwiGLU+GEMM": ("triton_tem_fused_swiglu_gemm_mul_rocm_unquantized_gemm_silu_1", None, "triton"),
        "RoPE": ("void rotary_embedding_kernel<c10::BFloat16, true>(long const*, c10::BFloat16*, c10::BFloat16*, "
                 "c10::BFloat16 const*, int, long, long, long, int, int, int)", "_C::rotary_embedding", "rt"),
        "SiLU*mul": ("_ZN7sgl_hip10activation18act_and_mul_kernelI14__hip_bfloat16TnPFT_RKS3_EXadL_Z4siluIS2_ES3_S5_EEEEvPS3_PS4_i",
                     "sgl_kernel::silu_and_mul", "rt"),
    },
}

NV_ALLREDUCE = "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
AMD_ALLREDUCE = ("void aiter::cross_device_reduce_1stage<__hip_bfloat16, 8>(aiter::RankData*, aiter::RankSignals, "
                 "aiter::Signal*, __hip_bfloat16*, int, int)")


def vendor_kernels(vendor):
    amd = vendor == "amd"
    ew = amd_ew if amd else nv_ew
    v = 8 if amd else 4
    return {
        "to_f32": AMD_COPY_TO_F32 if amd else NV_COPY_TO_F32,
        "pow": vec_ew(POW_F, 2),
        "mean": reduce_name("at::native::MeanOps<float, float, float, float>", "float", "float", "float", amd),
        "add_eps": vec_ew(ADDS_F, 2),
        "rsqrt": vec_ew(RSQRT_F, 2),
        "mul_f32": ew(MUL_F, 4 if amd else 2),
        "to_bf16": vec_ew(BF16COPY, 2),
        "mul_bcast": ew(MUL_BF),
        "add_res": vec_ew(ADD_BF, 3, v),
        "add_bcast": ew(ADD_BF),
        "neg": ew(NEG_BF),
        "cat": CAT2,
        "cat4": CAT4,
        "silu": vec_ew(SILU_BF, 2, v),
        "mul": vec_ew(MUL_BF, 3, v),
        "copy": ew(COPY_BF),
        "cos": vec_ew(COS_F, 2),
        "sin": vec_ew(SIN_F, 2),
        "mul_scalar": vec_ew(AMUL_F, 2),
        "fill": vec_ew(FILL_I, 1),
        "embedding": INDEX_SELECT,
        "arange": ARANGE,
        "softmax": SOFTMAX,
        "argmax": reduce_name("at::native::ArgMaxOps<c10::BFloat16>", "c10::BFloat16", "long", "float", amd),
        "rotary_mm": AMD_ROTARY_MM if amd else NV_ROTARY_MM,
        "attn_prefill": AMD_FMHA_FWD if amd else NV_FLASH_FWD,
        "attn_decode": AMD_FMHA_SPLITKV if amd else NV_FLASH_SPLITKV,
        "attn_combine": AMD_FMHA_COMBINE if amd else NV_FLASH_COMBINE,
        "allreduce": AMD_ALLREDUCE if amd else NV_ALLREDUCE,
    }


VENDORS = {
    "nvidia": {
        "gpu": "NVIDIA H100 80GB HBM3",
        "props": {"totalGlobalMem": 85018279936, "computeMajor": 9, "computeMinor": 0, "maxThreadsPerBlock": 1024,
                  "maxThreadsPerMultiprocessor": 2048, "regsPerBlock": 65536, "warpSize": 32, "sharedMemPerBlock": 49152,
                  "numSms": 132, "regsPerMultiprocessor": 65536, "sharedMemPerBlockOptin": 232448,
                  "sharedMemPerMultiProcessor": 233472},
        "versions": [("cuda_runtime_version", 12040), ("cuda_driver_version", 12090), ("cupti_version", 22)],
        "flops": 620e12, "bw": 2.7e12, "lat_ew": 1.6, "lat_gemm": 2.5,
        "launch": (2.6, 3.2), "lag": (4.0, 4.0), "dispatch": (1.0, 3.0),
        "stream": 7, "extra_streams": [13, 17, 21, 25, 29, 33, 37],
        "rt_launch": ("cudaLaunchKernel", "cuda_runtime", '"cbid": 211'),
        "rt_gemm": ("cudaLaunchKernelExC", "cuda_runtime", '"cbid": 430'),
        "rt_driver": ("cuLaunchKernelEx", "cuda_driver", '"cbid": 652'),
        "rt_triton": ("cuLaunchKernel", "cuda_driver", '"cbid": 307'),
        "rt_names": {"memcpy": "cudaMemcpyAsync", "memset": "cudaMemsetAsync", "sync": "cudaStreamSynchronize",
                     "event": "cudaEventRecord", "wait": "cudaStreamWaitEvent", "capturing": "cudaStreamIsCapturing",
                     "funcattr": "cudaFuncGetAttributes"},
        "block": 128,
    },
    "amd": {
        "gpu": "AMD Instinct MI300X",
        "props": {"totalGlobalMem": 206141652992, "computeMajor": 9, "computeMinor": 4, "maxThreadsPerBlock": 1024,
                  "maxThreadsPerMultiprocessor": 2048, "regsPerBlock": 131072, "warpSize": 64, "sharedMemPerBlock": 65536,
                  "numSms": 304, "maxSharedMemoryPerMultiProcessor": 65536},
        "versions": [("roctracer_version", 4.1), ("hip_runtime_version", 60443483), ("hip_driver_version", 60443483)],
        "flops": 520e12, "bw": 3.6e12, "lat_ew": 2.3, "lat_gemm": 3.5,
        "launch": (4.5, 6.0), "lag": (6.0, 8.0), "dispatch": (1.2, 3.5),
        "stream": 0, "extra_streams": [1, 2, 3, 4, 5, 6, 7],
        "rt_launch": ("hipLaunchKernel", "cuda_runtime", '"cid": 107'),
        "rt_gemm": ("hipExtModuleLaunchKernel", "cuda_runtime", '"cid": 65'),
        "rt_driver": ("hipExtModuleLaunchKernel", "cuda_runtime", '"cid": 65'),
        "rt_triton": ("hipModuleLaunchKernel", "cuda_runtime", '"cid": 169'),
        "rt_names": {"memcpy": "hipMemcpyAsync", "memset": "hipMemsetAsync", "sync": "hipStreamSynchronize",
                     "event": "hipEventRecord", "wait": "hipStreamWaitEvent", "capturing": "hipStreamIsCapturing",
                     "funcattr": "hipFuncGetAttributes"},
        "block": 256,
    },
}

RT_CODES = {  # cbid / cid of non-launch runtime calls
    "cudaMemcpyAsync": '"cbid": 41', "cudaMemsetAsync": '"cbid": 51', "cudaStreamSynchronize": '"cbid": 131',
    "cudaEventRecord": '"cbid": 135', "cudaStreamWaitEvent": '"cbid": 147', "cudaStreamIsCapturing": '"cbid": 317',
    "cudaFuncGetAttributes": '"cbid": 14',
    "hipMemcpyAsync": '"cid": 152', "hipMemsetAsync": '"cid": 173', "hipStreamSynchronize": '"cid": 196',
    "hipEventRecord": '"cid": 52', "hipStreamWaitEvent": '"cid": 200', "hipStreamIsCapturing": '"cid": 360',
    "hipFuncGetAttributes": '"cid": 59',
}

BF, F32, SC, SL, LI, TL = "c10::BFloat16", "float", "Scalar", "ScalarList", "long int", "TensorList"
MOD = "transformers/models/llama/modeling_llama.py"
CALL = "torch/nn/modules/module.py(1762): _call_impl"
WCALL = "torch/nn/modules/module.py(1751): _wrapped_call_impl"
TRACING = "<built-in method _get_tracing_state of PyCapsule object at 0x7f3a1c2b94e0>"


def js(s):
    return json.dumps(s)


def contig(d):
    st, acc = [], 1
    for x in reversed(d):
        st.append(acc)
        acc *= x
    return list(reversed(st))


def A(dims, types, conc=None):
    """Pre-format the static tail of a cpu_op's args (everything after "External id")."""
    if conc is None:
        conc = [""] * len(dims)
    strides = [contig(d) if d and isinstance(d[0], int) else [] for d in dims]
    return ('"Record function id": 0, "Concrete Inputs": %s, "Input type": %s, "Input Strides": %s, "Input Dims": %s}}'
            % (js(conc), js(types), js(strides), js(dims)))


def parse_size(s):
    if s is None:
        return None
    t = s.strip().upper().rstrip("B")
    mult = 1
    for suf, m in (("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30), ("T", 1 << 40)):
        if t.endswith(suf):
            mult, t = m, t[:-1]
            break
    return int(float(t) * mult)


# ----------------------------------------------------------------------------------------------
# Output
# ----------------------------------------------------------------------------------------------

class Sink:
    """Buffered, streaming writer for '  {...},' lines; counts uncompressed bytes."""

    FLUSH = 4 << 20

    def __init__(self, path, gz_level):
        self.path = path
        self.raw = open(path, "wb")
        if path.endswith(".gz"):
            self.f = gzip.GzipFile(filename="", mode="wb", fileobj=self.raw, compresslevel=gz_level, mtime=0)
        else:
            self.f = self.raw
        self.buf = []
        self.pending = 0
        self.bytes = 0
        self.events = 0
        self.first = True

    def write_raw(self, s):
        b = s.encode("ascii")
        self.bytes += len(b)
        self.f.write(b)

    def flush(self):
        if not self.buf:
            return
        s = ",\n".join(self.buf)
        if not self.first:
            s = ",\n" + s
        self.first = False
        self.events += len(self.buf)
        self.buf = []
        self.pending = 0
        self.write_raw(s)

    def close(self, trailer):
        self.flush()
        self.write_raw(trailer)
        if self.f is not self.raw:
            self.f.close()
        self.raw.close()


# ----------------------------------------------------------------------------------------------
# Generator
# ----------------------------------------------------------------------------------------------

class Gen:
    def __init__(self, a):
        self.a = a
        self.vendor = a.vendor
        self.V = V = VENDORS[a.vendor]
        self.K = vendor_kernels(a.vendor)
        self.FK = FUSED[a.vendor]
        self.amd = a.vendor == "amd"
        self.rng = random.Random(a.seed)
        self.rnd = self.rng.random
        fused = list(DEFAULT_FUSED[a.vendor])
        for op in a.fuse_ops:
            if op not in fused:
                fused.append(op)
        fused = [op for op in fused if op not in a.unfuse_ops]
        self.fused = set(fused)
        self.fused_list = [op for op in OPERATIONS if op in self.fused]
        # model
        self.L, self.H = a.layers, a.hidden
        self.hd = a.head_dim
        self.nh = max(1, self.H // self.hd)
        self.kvh = a.kv_heads or max(1, self.nh // 4)
        self.I = a.intermediate or int(round(self.H * 3.5 / 256.0)) * 256
        self.Vocab = a.vocab
        self.B, self.S = a.batch, a.prompt_len
        # devices / ids
        self.cpid = 4000 + int(self.rnd() * 60000)
        self.dev = 0
        self.cs = V["stream"]
        self.xs = V["extra_streams"][: a.streams]
        self.comm = self.xs[0] if len(self.xs) >= 1 else None
        self.copys = self.xs[1] if len(self.xs) >= 2 else None
        self.aux = self.xs[2:]
        self.t0 = 1.5e12 + int(self.rnd() * 4e12) + round(self.rnd(), 3)
        self.t = self.t0
        self.sfree = {s: self.t0 for s in [self.cs] + self.xs}
        self.ext = 0
        self.corr = 100000 + int(self.rnd() * 500000)
        self.pyid = 0
        self.pystack = []
        self.opstack = []
        self.bwus = V["bw"] * 1e-6
        self.flopus = V["flops"] * 1e-6
        self.lat_ew = V["lat_ew"]
        self.lat_gemm = V["lat_gemm"]
        self.launch_lo, self.launch_w = V["launch"][0], V["launch"][1] - V["launch"][0]
        self.lag_lo, self.lag_w = V["lag"]
        self.disp_lo, self.disp_w = V["dispatch"][0], V["dispatch"][1] - V["dispatch"][0]
        self.pyprefix = {}
        self.opprefix = {}
        self.kcache = {}
        self.cap = []      # kernel names launched (for ground-truth capture)
        self.capops = []   # cpu op names opened
        self.truth_ops = {}     # (op, state) -> aggregate
        self.truth_sites = {}   # (site, op) -> [state, count, layer]
        self.nkernels = 0
        self.nlaunch = 0
        self.kernel_names = set()
        self.forwards = 0
        self.n_prefill = 0
        self.n_decode = 0
        self.step_gpu = None
        self.pending_rg = None
        self.carry_add = None

    # ---------------------------------------------------------------- low level emit
    def emit(self, s):
        sk = self.sink
        sk.buf.append(s)
        sk.pending += len(s)
        if sk.pending > Sink.FLUSH:
            sk.flush()

    def cpu(self, lo, w):
        self.t += lo + w * self.rnd()

    def py_open(self, name, module_id=None):
        p = self.pyprefix.get(name)
        if p is None:
            p = ('  {"ph": "X", "cat": "python_function", "name": %s, "pid": %d, "tid": %d, "ts": '
                 % (js(name), self.cpid, self.cpid))
            self.pyprefix[name] = p
        self.pyid += 1
        self.t += 0.2 + 0.9 * self.rnd()
        st = self.pystack
        parent = st[-1][2] if st else -1
        tail = '}}' if module_id is None else ', "Python module id": %d}}' % module_id
        st.append((p, self.t, self.pyid, parent, tail))

    def py_close(self):
        p, t0, pid, parent, tail = self.pystack.pop()
        self.t += 0.1 + 0.6 * self.rnd()
        if parent < 0:
            self.emit(p + '%.3f, "dur": %.3f, "args": {"Python parent id": null, "Python id": %d%s'
                      % (t0, self.t - t0, pid, tail))
        else:
            self.emit(p + '%.3f, "dur": %.3f, "args": {"Python parent id": %d, "Python id": %d%s'
                      % (t0, self.t - t0, parent, pid, tail))

    def py_leaf(self, name):
        self.py_open(name)
        self.py_close()

    def module_open(self, cls, idx, fwd):
        """nn.Module frame -> _call_impl -> <file>(<line>): forward (3 python frames)."""
        self.py_open("nn.Module: %s_%d" % (cls, idx), module_id=self._modid(cls, idx))
        self.py_open(CALL)
        self.py_leaf(TRACING)
        self.py_open(fwd)

    def module_close(self):
        self.py_close()
        self.py_close()
        self.py_close()

    def _modid(self, cls, idx):
        return (sum(map(ord, cls)) * 131 + idx * 7) % 100000 + 1

    def op_open(self, name, argtail):
        p = self.opprefix.get(name)
        if p is None:
            p = '  {"ph": "X", "cat": "cpu_op", "name": %s, "pid": %d, "tid": %d, "ts": ' % (js(name), self.cpid, self.cpid)
            self.opprefix[name] = p
        self.ext += 1
        self.t += self.disp_lo * 0.5 + self.disp_w * 0.5 * self.rnd()
        self.opstack.append((p, argtail, self.t, self.ext))
        self.capops.append(name)

    def op_close(self):
        p, argtail, t0, ext = self.opstack.pop()
        self.t += 0.3 + 0.8 * self.rnd()
        self.emit(p + '%.3f, "dur": %.3f, "args": {"External id": %d, ' % (t0, self.t - t0, ext) + argtail)

    def op_leaf(self, name, argtail):
        self.op_open(name, argtail)
        self.op_close()

    def runtime(self, name, extra_args="", dur=None, code=None):
        """A non-launch runtime call (sync, event record, memset/memcpy issue...)."""
        self.corr += 1
        ext = self.opstack[-1][3] if self.opstack else None
        self.t += 0.2 + 0.4 * self.rnd()
        if dur is None:
            dur = 0.3 + 1.5 * self.rnd()
        code = code or RT_CODES.get(name, '"cbid": 1')
        e = ('"External id": %d, ' % ext) if ext is not None else ""
        self.emit('  {"ph": "X", "cat": "cuda_runtime", "name": "%s", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, '
                  '"args": {%s%s, "correlation": %d%s}}' % (name, self.cpid, self.cpid, self.t, dur, e, code, self.corr, extra_args))
        ts = self.t
        self.t += dur
        return ts, self.corr

    def kspec(self, name, grid, block, kind, regs=32, smem=0):
        key = (name, grid, block, kind)
        k = self.kcache.get(key)
        if k is not None:
            return k
        if len(self.kcache) > 4000:
            self.kcache.clear()
        V = self.V
        api, cat, code = V[{"rt": "rt_launch", "gemm": "rt_gemm", "drv": "rt_driver", "triton": "rt_triton"}[kind]]
        jn = js(name)
        self.kernel_names.add(name)
        gs, bs = "[%d, %d, %d]" % grid, "[%d, %d, %d]" % block
        rt_pre = '  {"ph": "X", "cat": "%s", "name": "%s", "pid": %d, "tid": %d, "ts": ' % (cat, api, self.cpid, self.cpid)
        if self.amd:
            rt_mid = '"kernel": %s, %s, "correlation": ' % (jn, code)
            rt_tail = ', "grid": %s, "block": %s, "shared memory": %d}}' % (gs, bs, smem)
            k_tail = '"kind": "Dispatch Kernel", "grid": %s, "block": %s}}' % (gs, bs)
        else:
            rt_mid = '%s, "correlation": ' % code
            rt_tail = '}}'
            nsm = V["props"]["numSms"]
            blocks = grid[0] * grid[1] * grid[2]
            bps = blocks / float(nsm)
            wps = bps * (block[0] * block[1] * block[2]) / 32.0
            occ = min(100, int(wps / 64.0 * 100)) if regs < 128 else min(100, int(wps / 64.0 * 100) // 4)
            k_tail = ('"queued": 0, "context": 1, "registers per thread": %d, "shared memory": %d, "blocks per SM": %.6f, '
                      '"warps per SM": %.6f, "grid": %s, "block": %s, "est. achieved occupancy %%": %d}}'
                      % (regs, smem, bps, wps, gs, bs, occ))
        k_pre = '  {"ph": "X", "cat": "kernel", "name": %s, "pid": %d, "tid": ' % (jn, self.dev)
        k = (name, rt_pre, rt_mid, rt_tail, k_pre, k_tail)
        self.kcache[key] = k
        return k

    def launch(self, name, dur, grid=(1, 1, 1), block=None, kind="rt", stream=None, regs=32, smem=0, after=0.0):
        """Runtime launch on the CPU thread + ac2g flow + kernel on a GPU stream."""
        if block is None:
            block = (self.V["block"], 1, 1)
        k = self.kspec(name, grid, block, kind, regs, smem)
        name, rt_pre, rt_mid, rt_tail, k_pre, k_tail = k
        if stream is None:
            stream = self.cs
        ext = self.opstack[-1][3] if self.opstack else 0
        self.corr += 1
        c = self.corr
        self.t += 0.3 + 0.7 * self.rnd()
        ts = self.t
        rdur = self.launch_lo + self.launch_w * self.rnd()
        self.emit(rt_pre + '%.3f, "dur": %.3f, "args": {"External id": %d, ' % (ts, rdur, ext) + rt_mid + str(c) + rt_tail)
        self.emit('  {"ph": "s", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g"}'
                  % (c, self.cpid, self.cpid, ts))
        start = ts + self.lag_lo + self.lag_w * self.rnd()
        free = self.sfree[stream] + 0.8 + 1.2 * self.rnd()
        if free > start:
            start = free
        if after > start:
            start = after
        dur = dur * (0.95 + 0.1 * self.rnd())
        end = start + dur
        self.sfree[stream] = end
        self.emit(k_pre + '%d, "ts": %.3f, "dur": %.3f, "args": {"External id": %d, "device": %d, "stream": %d, "correlation": %d, '
                  % (stream, start, dur, ext, self.dev, stream, c) + k_tail)
        self.emit('  {"ph": "f", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g", "bp": "e"}'
                  % (c, self.dev, stream, start))
        self.t = ts + rdur
        self.nkernels += 1
        self.cap.append(name)
        sg = self.step_gpu
        if stream == self.cs:
            if sg[0] is None:
                sg[0] = start
            sg[1] = end
        return end

    def memop(self, kind, nbytes, stream=None, label=None):
        """cudaMemcpyAsync / cudaMemsetAsync + gpu_memcpy / gpu_memset event."""
        if stream is None:
            stream = self.cs
        RN = self.V["rt_names"]
        rname = RN["memcpy"] if kind != "memset" else RN["memset"]
        ext = self.opstack[-1][3] if self.opstack else None
        self.t += 0.3 + 0.7 * self.rnd()
        extra = ""
        if self.amd and kind != "memset":
            extra = ', "bytes": "%d", "kind": "%d"' % (nbytes, {"HtoD": 1, "DtoH": 2, "DtoD": 3}[kind])
        ts, c = self.runtime(rname, extra, dur=self.launch_lo + 1.5 + 2.0 * self.rnd())
        self.emit('  {"ph": "s", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g"}'
                  % (c, self.cpid, self.cpid, ts))
        start = max(ts + self.lag_lo + self.lag_w * self.rnd(), self.sfree[stream] + 0.5 + self.rnd())
        bw = 20e3 if kind in ("HtoD", "DtoH") else 900e3  # bytes per us
        dur = 0.7 + 1.2 * self.rnd() + nbytes / bw
        self.sfree[stream] = start + dur
        if kind == "memset":
            name, cat = "Memset (Device)", "gpu_memset"
        else:
            name = label or {"HtoD": "Memcpy HtoD (Pinned -> Device)", "DtoH": "Memcpy DtoH (Device -> Pinned)",
                             "DtoD": "Memcpy DtoD (Device -> Device)"}[kind]
            cat = "gpu_memcpy"
        e = ('"External id": %d, ' % ext) if ext is not None else ""
        kk = (', "kind": "%s"' % kind) if (self.amd and kind != "memset") else ""
        self.emit('  {"ph": "X", "cat": "%s", "name": "%s", "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, "args": {%s'
                  '"device": %d, "context": 1, "stream": %d, "correlation": %d%s, "bytes": %d, "memory bandwidth (GB/s)": %.6f}}'
                  % (cat, name, self.dev, stream, start, dur, e, self.dev, stream, c, kk, nbytes, nbytes / (dur * 1e3)))
        self.emit('  {"ph": "f", "id": %d, "pid": %d, "tid": %d, "ts": %.3f, "cat": "ac2g", "name": "ac2g", "bp": "e"}'
                  % (c, self.dev, stream, start))
        if stream == self.cs:
            sg = self.step_gpu
            if sg[0] is None:
                sg[0] = start
            sg[1] = start + dur
        return start + dur

    def annotation(self, name, t0, t1, ext):
        self.emit('  {"ph": "X", "cat": "user_annotation", "name": %s, "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, '
                  '"args": {"External id": %d, "Record function id": 0}}' % (js(name), self.cpid, self.cpid, t0, t1 - t0, ext))

    def gpu_annotation(self, name, t0, t1, ext):
        self.emit('  {"ph": "X", "cat": "gpu_user_annotation", "name": %s, "pid": %d, "tid": %d, "ts": %.3f, "dur": %.3f, '
                  '"args": {"External id": %d}}' % (js(name), self.dev, self.cs, t0, t1 - t0, ext))

    # ---------------------------------------------------------------- durations
    def d_ew(self, nbytes):
        return self.lat_ew + nbytes / self.bwus

    def d_gemm(self, M, N, K):
        fl = 2.0 * M * N * K / self.flopus
        eff = 0.55 + 0.3 * min(1.0, M / 4096.0)
        by = 2.0 * (M * K + N * K + M * N) / self.bwus
        return self.lat_gemm + max(fl / eff, by * 1.15)

    def grid_ew(self, numel, vec=4):
        b = self.V["block"]
        g = max(1, min(2 ** 31 - 1, (numel + b * vec - 1) // (b * vec)))
        return (g, 1, 1)

    def ew(self, key, numel, esize_in, esize_out, n_in=1, vec=4):
        """Launch a generic elementwise kernel from the innermost cpu op."""
        nbytes = numel * (esize_in * n_in + esize_out)
        self.launch(self.K[key], self.d_ew(nbytes), self.grid_ew(numel, vec), regs=18)

    # ---------------------------------------------------------------- truth capture
    def record(self, site, layer, op, state, mark, opmark):
        kernels = self.cap[mark:]
        cpu_ops = self.capops[opmark:]
        key = (op, state)
        e = self.truth_ops.get(key)
        if e is None:
            e = {"kernels": {}, "cpu_ops": {}, "occurrences": 0, "launches": 0, "layers": set(), "sites": {}}
            self.truth_ops[key] = e
        for k in kernels:
            e["kernels"][k] = None
        for o in cpu_ops:
            e["cpu_ops"][o] = None
        e["occurrences"] += 1
        e["launches"] += len(kernels)
        if layer is not None:
            e["layers"].add(layer)
        e["sites"][site] = None
        sk = (site, op)
        s = self.truth_sites.get(sk)
        if s is None:
            self.truth_sites[sk] = [state, 1, layer]
        else:
            if s[0] != state:
                raise RuntimeError("inconsistent state for %s at %s" % (op, site))
            s[1] += 1

    # ---------------------------------------------------------------- model pieces
    def shapes(self, prefill, ctx):
        """Per-forward pre-formatted cpu_op argument tails."""
        B, H, I, hd, nh, kvh, Vc = self.B, self.H, self.I, self.hd, self.nh, self.kvh, self.Vocab
        q = self.S if prefill else 1
        T = B * q
        X = [B, q, H]
        A_ = {}
        A_["X"] = X
        A_["to_f32"] = A(
            [X, [], [], [], []], [BF, SC, SC, SC, ""], ["", "6", "False", "False", ""])
        A_["_to_copy_f32"] = A([X, [], [], [], [], [], []], [BF, SC, "", "", "", SC, ""], ["", "6", "", "", "", "False", ""])
        A_["empty_strided"] = A([[], [], [], [], [], []], [SL, SL, SC, SC, "", SC],
                                [str(X), str(contig(X)), "6", "0", "", "False"])
        A_["copy_f32"] = A([X, X, []], [F32, BF, SC], ["", "", "False"])
        A_["pow"] = A([X, []], [F32, SC], ["", "2"])
        A_["result_type"] = A([X, []], [F32, SC], ["", "2"])
        A_["mean"] = A([X, [], [], []], [F32, SL, SC, ""], ["", "[-1]", "True", ""])
        A_["add_eps"] = A([[B, q, 1], [], []], [F32, "double", SC], ["", "1e-05", "1"])
        A_["rsqrt"] = A([[B, q, 1]], [F32])
        A_["mul_f32"] = A([X, [B, q, 1]], [F32, F32])
        A_["to_bf16"] = A([X, [], [], [], []], [F32, SC, SC, SC, ""], ["", "15", "False", "False", ""])
        A_["_to_copy_bf16"] = A([X, [], [], [], [], [], []], [F32, SC, "", "", "", SC, ""], ["", "15", "", "", "", "False", ""])
        A_["copy_bf16"] = A([X, X, []], [BF, F32, SC], ["", "", "False"])
        A_["mul_w"] = A([[H], X], [BF, BF])
        A_["add_res"] = A([X, X, []], [BF, BF, SC], ["", "", "1"])
        A_["rms_norm"] = A([X, X, [H], []], [BF, BF, BF, "double"], ["", "", "", "1e-05"])
        A_["fused_add_rms_norm"] = A([X, X, [H], []], [BF, BF, BF, "double"], ["", "", "", "1e-05"])
        # projections
        for nm, N, K in (("q", nh * hd, H), ("kv", kvh * hd, H), ("o", H, nh * hd), ("gu", I, H), ("down", H, I)):
            A_["linear_" + nm] = A([[B, q, K], [N, K], []], [BF, BF, ""])
            A_["linearb_" + nm] = A([[B, q, K], [N, K], [N]], [BF, BF, BF])
            A_["reshape_in_" + nm] = A([[B, q, K], []], [BF, SL], ["", str([T, K])])
            A_["addmm_" + nm] = A([[N], [T, K], [K, N], [], []], [BF, BF, BF, SC, SC], ["", "", "", "1", "1"])
            A_["view_out_" + nm] = A([[T, N], []], [BF, SL], ["", str([B, q, N])])
            A_["t_" + nm] = A([[N, K]], [BF])
            A_["transpose_" + nm] = A([[N, K], [], []], [BF, SC, SC], ["", "0", "1"])
            A_["as_strided_" + nm] = A([[N, K], [], [], []], [BF, SL, SL, ""], ["", str([K, N]), "[1, %d]" % K, ""])
            A_["matmul_" + nm] = A([[B, q, K], [K, N]], [BF, BF])
            A_["view_in_" + nm] = A([[B, q, K], []], [BF, SL], ["", str([T, K])])
            A_["mm_" + nm] = A([[T, K], [K, N]], [BF, BF])
            A_["unsafe_view_" + nm] = A([[T, N], []], [BF, SL], ["", str([B, q, N])])
            A_["wvsplitk_" + nm] = A([[N, K], [T, K], []], [BF, BF, SC], ["", "", str(self.V["props"]["numSms"])])
        A_["linear_lm"] = A([[B, 1, H], [Vc, H], []], [BF, BF, ""])
        A_["t_lm"] = A([[Vc, H]], [BF])
        A_["matmul_lm"] = A([[B, 1, H], [H, Vc]], [BF, BF])
        A_["mm_lm"] = A([[B, H], [H, Vc]], [BF, BF])
        A_["slice_last"] = A([X, [], [], [], []], [BF, SC, SC, SC, SC], ["", "1", "-1", "9223372036854775807", "1"])
        # attention
        Q4, K4 = [B, nh, q, hd], [B, kvh, q, hd]
        A_["view_q"] = A([[B, q, H], []], [BF, SL], ["", str([B, q, -1, hd])])
        A_["transpose_q"] = A([[B, q, nh, hd], [], []], [BF, SC, SC], ["", "1", "2"])
        A_["unsqueeze"] = A([[B, q, hd], []], [BF, SC], ["", "1"])
        A_["rope_mul_q"] = A([Q4, [B, 1, q, hd]], [BF, BF])
        A_["rope_mul_k"] = A([K4, [B, 1, q, hd]], [BF, BF])
        A_["slice_q"] = A([Q4, [], [], [], []], [BF, SC, SC, SC, SC], ["", "3", "0", str(hd // 2), "1"])
        A_["slice_k"] = A([K4, [], [], [], []], [BF, SC, SC, SC, SC], ["", "3", "0", str(hd // 2), "1"])
        A_["neg_q"] = A([[B, nh, q, hd // 2]], [BF])
        A_["neg_k"] = A([[B, kvh, q, hd // 2]], [BF])
        A_["cat_q"] = A([[[B, nh, q, hd // 2], [B, nh, q, hd // 2]], []], [TL, SC], ["", "-1"])
        A_["cat_k"] = A([[[B, kvh, q, hd // 2], [B, kvh, q, hd // 2]], []], [TL, SC], ["", "-1"])
        A_["rope_add_q"] = A([Q4, Q4, []], [BF, BF, SC], ["", "", "1"])
        A_["rope_add_k"] = A([K4, K4, []], [BF, BF, SC], ["", "", "1"])
        A_["rotary_embedding"] = A([[B, q], [B, q, nh * hd], [B, q, kvh * hd], [], [self.a.max_pos, hd], []],
                                   [LI, BF, BF, SC, BF, SC], ["", "", "", str(hd), "", "True"])
        A_["kv_cat"] = A([[[B, kvh, max(ctx - q, 0), hd], [B, kvh, q, hd]], []], [TL, SC], ["", "-2"])
        KVr = [B, nh, ctx, hd]
        A_["expand"] = A([[B, kvh, 1, ctx, hd], [], []], [BF, SL, SC], ["", str([B, kvh, nh // kvh, ctx, hd]), "False"])
        A_["reshape_kv"] = A([[B, kvh, nh // kvh, ctx, hd], []], [BF, SL], ["", str(KVr)])
        A_["clone_kv"] = A([[B, kvh, nh // kvh, ctx, hd], []], [BF, SC], ["", "0"])
        A_["copy_kv"] = A([KVr, [B, kvh, nh // kvh, ctx, hd], []], [BF, BF, SC], ["", "", "False"])
        A_["sdpa"] = A([Q4, KVr, KVr, [], [], [], [], []], [BF, BF, BF, "", SC, SC, SC, SC],
                       ["", "", "", "", "0.0", "True" if prefill else "False", "", "False"])
        A_["sdpa_flash"] = A([Q4, KVr, KVr, [], [], [], []], [BF, BF, BF, SC, SC, SC, SC],
                             ["", "", "", "0.0", "True" if prefill else "False", "False", ""])
        A_["flash_fwd"] = A([[B, q, nh, hd], [B, ctx, nh, hd], [B, ctx, nh, hd], [], [], [], [], [], []],
                            [BF, BF, BF, "", "", SC, SC, SC, SC],
                            ["", "", "", "", "", str(q), str(ctx), "0.0", "True" if prefill else "False"])
        A_["empty_like_attn"] = A([[B, q, nh, hd], [], [], [], [], []], [BF, "", "", "", "", ""])
        A_["transpose_o"] = A([[B, nh, q, hd], [], []], [BF, SC, SC], ["", "1", "2"])
        A_["contig_o"] = A([[B, q, nh, hd], []], [BF, SC], ["", "0"])
        A_["clone_o"] = A([[B, q, nh, hd], []], [BF, SC], ["", "0"])
        A_["copy_o"] = A([[B, q, nh, hd], [B, q, nh, hd], []], [BF, BF, SC], ["", "", "False"])
        A_["reshape_o"] = A([[B, q, nh, hd], []], [BF, SL], ["", str([B, q, -1])])
        # mlp
        XI = [B, q, I]
        A_["silu"] = A([XI], [BF])
        A_["mul_mlp"] = A([XI, XI], [BF, BF])
        A_["silu_and_mul"] = A([XI, [B, q, 2 * I]], [BF, BF])
        A_["fused_rmsnorm_gemm_q"] = A([X, [H], [nh * hd, H], []], [BF, BF, BF, SC], ["", "", "", "1e-05"])
        A_["fused_rmsnorm_gemm_gu"] = A([X, [H], [I, H], []], [BF, BF, BF, SC], ["", "", "", "1e-05"])
        A_["fused_swiglu_gemm"] = A([X, [I, H], XI, []], [BF, BF, BF, SC], ["", "", "", "4096"])
        # embedding / rotary / sampler
        A_["embedding"] = A([[Vc, H], [B, q], [], [], []], [BF, LI, SC, SC, SC], ["", "", "-1", "False", "False"])
        A_["index_select"] = A([[Vc, H], [], [T]], [BF, SC, LI], ["", "0", ""])
        A_["reshape_ids"] = A([[B, q], []], [LI, SL], ["", "[-1]"])
        A_["arange"] = A([[], [], [], [], [], []], [SC, SC, SC, "", "", SC],
                         [str(ctx - q), str(ctx), "1", "", "", "False"])
        A_["rot_matmul"] = A([[B, hd // 2, 1], [B, 1, q]], [F32, F32])
        A_["rot_bmm"] = A([[B, hd // 2, 1], [B, 1, q]], [F32, F32])
        A_["rot_cat"] = A([[[B, q, hd // 2], [B, q, hd // 2]], []], [TL, SC], ["", "-1"])
        A_["rot_cos"] = A([[B, q, hd]], [F32])
        A_["rot_mul"] = A([[B, q, hd], []], [F32, SC], ["", "1.0"])
        A_["rot_to"] = A([[B, q, hd], [], [], [], []], [F32, SC, SC, SC, ""], ["", "15", "False", "False", ""])
        A_["softmax"] = A([[B, Vc], [], []], [BF, SC, ""], ["", "-1", ""])
        A_["_softmax"] = A([[B, Vc], [], []], [BF, SC, SC], ["", "-1", "False"])
        A_["argmax"] = A([[B, Vc], [], []], [BF, SC, SC], ["", "-1", "False"])
        A_["to_cpu"] = A([[B], [], [], [], []], [LI, SC, SC, SC, ""], ["", "4", "False", "False", ""])
        A_["allreduce"] = A([[[B, q, H]]], [TL])
        A_["none"] = A([], [])
        A_["zeros"] = A([[], [], [], [], []], [SL, SC, "", "", ""], [str([B, nh + 1]), "3", "", "", ""])
        A_["zero_"] = A([[B, nh + 1]], [LI])
        A_["fill_"] = A([[B, nh + 1], []], [LI, SC], ["", "0"])
        return A_

    # ---- linear layers
    def linear(self, A_, nm, N, K, mod_idx, prefill, role):
        """nn.Linear (no bias): HF stack; GEMM kernel chosen per vendor / phase / size."""
        T = self.B * (self.S if prefill else 1)
        self.module_open("Linear", mod_idx, "torch/nn/modules/linear.py(125): forward")
        self.py_open("<built-in function linear>")
        dur = self.d_gemm(T, N, K)
        if self.amd and not prefill and role in ("q", "kv", "o"):
            # skinny decode GEMM through the ROCm wvSplitK path
            self.py_open("vllm/model_executor/layers/utils.py(93): rocm_unquantized_gemm_impl")
            self.op_open("_rocm_C::wvSplitK", A_["wvsplitk_" + nm])
            self.launch(AMD_WVSPLITK, dur * 0.92, (N // 2, 1, 1), (64, 1, 1), regs=64)
            self.op_close()
            self.py_close()
        elif self.a.qkv_bias and role in ("q", "kv"):
            # nn.Linear with bias on a 3-D input: reshape -> t -> addmm -> view
            self.op_open("aten::linear", A_["linearb_" + nm])
            self.op_open("aten::reshape", A_["reshape_in_" + nm])
            self.op_leaf("aten::view", A_["view_in_" + nm])
            self.op_close()
            self.op_open("aten::t", A_["t_" + nm])
            self.op_open("aten::transpose", A_["transpose_" + nm])
            self.op_leaf("aten::as_strided", A_["as_strided_" + nm])
            self.op_close()
            self.op_close()
            self.op_open("aten::addmm", A_["addmm_" + nm])
            self.op_leaf("aten::empty", A_["none"])
            self.gemm_kernel(T, N, K, dur, prefill, role)
            self.op_close()
            self.op_leaf("aten::view", A_["view_out_" + nm])
            self.op_close()
        else:
            self.op_open("aten::linear", A_["linear_" + nm])
            self.op_open("aten::t", A_["t_" + nm])
            self.op_open("aten::transpose", A_["transpose_" + nm])
            self.op_leaf("aten::as_strided", A_["as_strided_" + nm])
            self.op_close()
            self.op_close()
            self.op_open("aten::matmul", A_["matmul_" + nm])
            self.op_leaf("aten::view", A_["view_in_" + nm])
            self.op_open("aten::mm", A_["mm_" + nm])
            self.gemm_kernel(T, N, K, dur, prefill, role)
            self.op_close()
            self.op_leaf("aten::_unsafe_view", A_["unsafe_view_" + nm])
            self.op_close()
            self.op_close()
        self.py_close()
        self.module_close()

    def gemm_kernel(self, M, N, K, dur, prefill, role):
        big = N > 2 * self.H or K > 2 * self.H
        if self.amd:
            if role == "lm":
                name = AMD_GEMM_LMHEAD
            elif prefill:
                name = AMD_GEMM_PREFILL_LARGE if big else AMD_GEMM_PREFILL_SMALL
            else:
                name = AMD_GEMM_DECODE_LARGE
            mt = 256 if prefill else 16
            tiles = max(1, ((M + mt - 1) // mt) * ((N + 127) // 128))
            self.runtime(self.V["rt_names"]["funcattr"], dur=0.4 + 0.6 * self.rnd())
            self.launch(name, dur, (tiles * 256, 1, 1), (256, 1, 1), kind="gemm", smem=0)
        else:
            if role == "lm":
                name, kind = NV_GEMM_LMHEAD, "drv"
            elif prefill:
                name, kind = (NV_GEMM_PREFILL_LARGE if big else NV_GEMM_PREFILL_SMALL), "gemm"
            else:
                name, kind = (NV_GEMM_DECODE_LARGE if big else NV_GEMM_DECODE_SMALL), "drv"
            if kind == "gemm":
                self.runtime("cudaFuncGetAttributes", dur=1.5 + 1.0 * self.rnd())
                self.memop("memset", 4)
            tm = 256 if big else 128
            grid = (min(self.V["props"]["numSms"], max(1, ((M + tm - 1) // tm) * ((N + 127) // 128))), 1, 1)
            self.launch(name, dur, grid, (384, 1, 1), kind=kind, regs=168, smem=231424 if prefill else 99328)

    # ---- fused-kernel helper
    def fused_call(self, op, argtail, dur, grid, frame=None, block=None):
        name, cpu_name, kind = self.FK[op]
        if kind == "triton":
            self.py_open("torch/_inductor/runtime/triton_heuristics.py(1098): run")
            self.op_open(name, argtail)
            self.launch(name, dur, grid, block or (256, 1, 1), kind="triton", regs=128, smem=32768)
            self.op_close()
            self.py_close()
        else:
            self.py_open(frame or "torch/_ops.py(1158): __call__")
            self.op_open(cpu_name, argtail)
            self.launch(name, dur, grid, block, regs=40)
            self.op_close()
            self.py_close()

    # ---- RMSNorm
    def rmsnorm_decomposed(self, A_, numel):
        K = self.K
        self.py_open("<built-in method to of Tensor object at 0x7f3a08cc9190>")
        self.op_open("aten::to", A_["to_f32"])
        self.op_open("aten::_to_copy", A_["_to_copy_f32"])
        self.op_leaf("aten::empty_strided", A_["empty_strided"])
        self.op_open("aten::copy_", A_["copy_f32"])
        self.launch(K["to_f32"], self.d_ew(numel * 6), self.grid_ew(numel), regs=32)
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        self.py_open("<built-in method pow of Tensor object at 0x7f3a08cc9140>")
        self.op_open("aten::pow", A_["pow"])
        self.op_leaf("aten::result_type", A_["result_type"])
        self.launch(K["pow"], self.d_ew(numel * 8), self.grid_ew(numel), regs=17)
        self.op_close()
        self.py_close()
        self.py_open("<built-in method mean of Tensor object at 0x7f3a08cc99b0>")
        self.op_open("aten::mean", A_["mean"])
        rows = numel // self.H
        self.launch(K["mean"], self.d_ew(numel * 4) * 1.1, (rows, 1, 1), (32, 16, 1), regs=32, smem=16)
        self.op_close()
        self.py_close()
        self.op_open("aten::add", A_["add_eps"])
        self.launch(K["add_eps"], self.d_ew(rows * 8), self.grid_ew(rows), regs=20)
        self.op_close()
        self.py_open("<built-in method rsqrt of type object at 0x7f3a7761df60>")
        self.op_open("aten::rsqrt", A_["rsqrt"])
        self.launch(K["rsqrt"], self.d_ew(rows * 8), self.grid_ew(rows), regs=18)
        self.op_close()
        self.py_close()
        self.op_open("aten::mul", A_["mul_f32"])
        self.launch(K["mul_f32"], self.d_ew(numel * 8), self.grid_ew(numel, 2), regs=18)
        self.op_close()
        self.py_open("<built-in method to of Tensor object at 0x7f3a08cc9190>")
        self.op_open("aten::to", A_["to_bf16"])
        self.op_open("aten::_to_copy", A_["_to_copy_bf16"])
        self.op_leaf("aten::empty_strided", A_["empty_strided"])
        self.op_open("aten::copy_", A_["copy_bf16"])
        self.launch(K["to_bf16"], self.d_ew(numel * 6), self.grid_ew(numel), regs=16)
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        self.op_open("aten::mul", A_["mul_w"])
        self.launch(K["mul_bcast"], self.d_ew(numel * 4), self.grid_ew(numel), regs=18)
        self.op_close()

    def residual_add(self, A_, numel):
        self.op_open("aten::add", A_["add_res"])
        self.launch(self.K["add_res"], self.d_ew(numel * 6), self.grid_ew(numel), regs=24)
        self.op_close()

    def add_fused_at(self, has_gemm):
        return "add+RMSNorm" in self.fused and not ("RMSNorm+GEMM" in self.fused and has_gemm)

    def norm_site(self, A_, site, layer, norm_idx, residual, gemm, prefill, add_mark=None):
        """One RMSNorm module call, possibly fused with the preceding residual add and/or the next GEMM.

        gemm: (nm, N, K, linear_idx, role) of the projection that follows, or None.
        add_mark: (kernel mark, op mark) where the separate residual add was emitted earlier (previous layer).
        Returns True if the following GEMM was consumed by a fused RMSNorm+GEMM kernel.
        """
        T = self.B * (self.S if prefill else 1)
        numel = T * self.H
        rg = "RMSNorm+GEMM" in self.fused and gemm is not None
        addf = residual and self.add_fused_at(gemm is not None)
        m0, o0 = len(self.cap), len(self.capops)
        if residual and not addf and add_mark is None:
            self.residual_add(A_, numel)   # HF: hidden_states = residual + hidden_states (same layer)
            am = (m0, o0)
        else:
            am = add_mark
        m1, o1 = len(self.cap), len(self.capops)
        self.module_open("LlamaRMSNorm", norm_idx, MOD + "(72): forward")
        if rg:
            nm, N, K, lin, role = gemm
            dur = self.d_gemm(T, N, K) * 1.08 + self.d_ew(numel * 2) * 0.3
            self.fused_call("RMSNorm+GEMM", A_["fused_rmsnorm_gemm_" + nm], dur, (max(1, T // 64) * max(1, N // 128), 1, 1))
        elif addf:
            self.fused_call("add+RMSNorm", A_["fused_add_rms_norm"], self.d_ew(numel * 8) * 1.05, (T, 1, 1),
                            frame="aiter/ops/rmsnorm.py(64): rmsnorm2d_fwd_with_add" if self.amd else None)
        elif "RMSNorm" in self.fused:
            self.fused_call("RMSNorm", A_["rms_norm"], self.d_ew(numel * 4) * 1.05, (T, 1, 1),
                            frame="aiter/ops/rmsnorm.py(31): rmsnorm2d_fwd" if self.amd else None)
        else:
            self.rmsnorm_decomposed(A_, numel)
        self.module_close()
        m2, o2 = len(self.cap), len(self.capops)
        # ground truth
        if rg:
            self.record(site, layer, "RMSNorm+GEMM", "fused", m1, o1)
            return True
        if residual:
            if addf:
                self.record(site, layer, "add+RMSNorm", "fused", m1, o1)
            else:
                # separate: the add kernel (possibly emitted in the previous layer) + the norm kernels
                sv_cap, sv_ops = self.cap[am[0]:am[0] + 1], self.capops[am[1]:am[1] + 1]
                self._record_with_prefix(site, layer, "add+RMSNorm", "separate", sv_cap, sv_ops, m1, o1)
        if not (residual and addf):
            self.record(site, layer, "RMSNorm", "fused" if "RMSNorm" in self.fused else "separate", m1, o1)
        if gemm is not None:
            self.pending_rg = (site, layer, m1, o1)
        return False

    def _record_with_prefix(self, site, layer, op, state, pre_k, pre_o, mark, opmark):
        # temporarily splice the earlier add kernel in front of the capture window
        saved_k, saved_o = self.cap, self.capops
        self.cap = pre_k + saved_k[mark:]
        self.capops = pre_o + saved_o[opmark:]
        self.record(site, layer, op, state, 0, 0)
        self.cap, self.capops = saved_k, saved_o

    def finish_rg(self):
        """Record 'RMSNorm+GEMM: separate' once the projection after a norm has been emitted."""
        p = self.pending_rg
        if p is not None:
            site, layer, m, o = p
            self.record(site, layer, "RMSNorm+GEMM", "separate", m, o)
            self.pending_rg = None

    # ---- attention
    def rope(self, A_, site, layer, prefill):
        B, nh, kvh, hd = self.B, self.nh, self.kvh, self.hd
        q = self.S if prefill else 1
        m, o = len(self.cap), len(self.capops)
        self.py_open(MOD + "(139): apply_rotary_pos_emb")
        if "RoPE" in self.fused:
            n = B * q * (nh + kvh) * hd
            self.fused_call("RoPE", A_["rotary_embedding"], self.d_ew(n * 4 + B * q * hd * 4), (B * q, 1, 1), block=(256, 1, 1))
            self.py_close()
            self.record(site, layer, "RoPE", "fused", m, o)
            return
        self.py_open("<built-in method unsqueeze of Tensor object at 0x7f3a08cc9bd0>")
        self.op_leaf("aten::unsqueeze", A_["unsqueeze"])
        self.py_close()
        self.py_open("<built-in method unsqueeze of Tensor object at 0x7f3a08cc9bd0>")
        self.op_leaf("aten::unsqueeze", A_["unsqueeze"])
        self.py_close()
        K = self.K
        for x, heads in (("q", nh), ("k", kvh)):
            n = B * heads * q * hd
            self.op_open("aten::mul", A_["rope_mul_" + x])
            self.launch(K["mul_bcast"], self.d_ew(n * 6), self.grid_ew(n))
            self.op_close()
            self.py_open(MOD + "(132): rotate_half")
            self.op_leaf("aten::slice", A_["slice_" + x])
            self.op_leaf("aten::slice", A_["slice_" + x])
            self.op_open("aten::neg", A_["neg_" + x])
            self.launch(K["neg"], self.d_ew(n * 2), self.grid_ew(n // 2))
            self.op_close()
            self.op_open("aten::cat", A_["cat_" + x])
            self.launch(K["cat"], self.d_ew(n * 4) * 1.3, (max(1, n // 8192), 2, 1), (512, 1, 1), regs=25)
            self.op_close()
            self.py_close()
            self.op_open("aten::mul", A_["rope_mul_" + x])
            self.launch(K["mul_bcast"], self.d_ew(n * 6), self.grid_ew(n))
            self.op_close()
            self.op_open("aten::add", A_["rope_add_" + x])
            self.launch(K["add_bcast"], self.d_ew(n * 6), self.grid_ew(n))
            self.op_close()
        self.py_close()
        self.record(site, layer, "RoPE", "separate", m, o)

    def attention(self, A_, i, prefill, ctx, consumed_q):
        B, H, nh, kvh, hd = self.B, self.H, self.nh, self.kvh, self.hd
        q = self.S if prefill else 1
        T = B * q
        K = self.K
        self.module_open("LlamaAttention", i, MOD + "(246): forward")
        lin = 7 * i
        if not consumed_q:
            self.linear(A_, "q", nh * hd, H, lin, prefill, "q")
        self.finish_rg()
        self.py_open("<built-in method view of Tensor object at 0x7f3a08cc98b0>")
        self.op_leaf("aten::view", A_["view_q"])
        self.py_close()
        self.py_open("<built-in method transpose of Tensor object at 0x7f3a08cc99a0>")
        self.op_open("aten::transpose", A_["transpose_q"])
        self.op_leaf("aten::as_strided", A_["transpose_q"])
        self.op_close()
        self.py_close()
        self.linear(A_, "kv", kvh * hd, H, lin + 1, prefill, "kv")
        self.linear(A_, "kv", kvh * hd, H, lin + 2, prefill, "kv")
        self.rope(A_, "layers.%d.self_attn.rotary" % i, i, prefill)
        # KV cache update (DynamicCache): decode concatenates the new token onto the cache
        self.py_open("transformers/cache_utils.py(552): update")
        if not prefill:
            nb = B * kvh * ctx * hd * 2 * 2
            for _ in range(2):
                self.op_open("aten::cat", A_["kv_cat"])
                self.launch(K["cat"], self.d_ew(nb), (max(1, nb // 65536), 2, 1), (512, 1, 1), regs=25)
                self.op_close()
        self.py_close()
        self.py_open("transformers/integrations/sdpa_attention.py(20): sdpa_attention_forward")
        if nh != kvh:
            nb = B * nh * ctx * hd * 2 * 2
            for _ in range(2):
                self.py_open("transformers/integrations/sdpa_attention.py(8): repeat_kv")
                self.op_leaf("aten::expand", A_["expand"])
                self.op_open("aten::reshape", A_["reshape_kv"])
                self.op_open("aten::clone", A_["clone_kv"])
                self.op_open("aten::copy_", A_["copy_kv"])
                self.launch(K["copy"], self.d_ew(nb), self.grid_ew(nb // 4))
                self.op_close()
                self.op_close()
                self.op_close()
                self.py_close()
        self.py_open("<built-in function scaled_dot_product_attention>")
        self.op_open("aten::scaled_dot_product_attention", A_["sdpa"])
        self.op_open("aten::_scaled_dot_product_flash_attention", A_["sdpa_flash"])
        self.op_open("aten::_flash_attention_forward", A_["flash_fwd"])
        self.op_leaf("aten::empty_like", A_["empty_like_attn"])
        self.runtime(self.V["rt_names"]["capturing"], dur=0.3 + 0.5 * self.rnd())
        if prefill:
            fl = 4.0 * B * nh * q * q * hd / 2.0
            dur = 6.0 + fl / (self.flopus * 0.55)
            self.launch(K["attn_prefill"], dur, ((q + 127) // 128, nh, B), (128 if not self.amd else 256, 1, 1),
                        regs=255, smem=49152 if not self.amd else 32768)
        else:
            nb = B * kvh * ctx * hd * 2 * 2
            splits = max(1, min(16, ctx // 256))
            self.launch(K["attn_decode"], 4.0 + nb / (self.bwus * 0.75), (splits, nh, B), (128 if not self.amd else 256, 1, 1),
                        regs=255, smem=24576)
            self.launch(K["attn_combine"], 2.5 + 0.5 * self.rnd(), (max(1, B * nh // 16), 1, 1), (128, 1, 1), regs=64)
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        self.py_open("<built-in method transpose of Tensor object at 0x7f3a08cc99a0>")
        self.op_leaf("aten::transpose", A_["transpose_o"])
        self.py_close()
        self.py_open("<built-in method contiguous of Tensor object at 0x7f3a08cc9500>")
        self.op_open("aten::contiguous", A_["contig_o"])
        self.op_open("aten::clone", A_["clone_o"])
        self.op_open("aten::copy_", A_["copy_o"])
        n = T * nh * hd
        self.launch(K["copy"], self.d_ew(n * 4), self.grid_ew(n))
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        self.py_close()  # sdpa_attention_forward
        self.py_open("<built-in method reshape of Tensor object at 0x7f3a08cc9910>")
        self.op_leaf("aten::reshape", A_["reshape_o"])
        self.py_close()
        self.linear(A_, "o", H, nh * hd, lin + 3, prefill, "o")
        self.module_close()
        self.allreduce(A_, prefill)

    def allreduce(self, A_, prefill):
        if self.comm is None:
            return
        T = self.B * (self.S if prefill else 1)
        nb = T * self.H * 2
        RN = self.V["rt_names"]
        self.py_open("torch/distributed/distributed_c10d.py(2806): all_reduce")
        self.op_open("record_param_comms", A_["allreduce"])
        self.runtime(RN["event"])
        self.runtime(RN["wait"])
        self.op_open("nccl:all_reduce", A_["allreduce"])
        dep = self.sfree[self.cs]
        self.launch(self.K["allreduce"], 8.0 + nb / 140e3, (max(1, min(64, nb // 65536)), 1, 1), (512, 1, 1),
                    kind="rt" if self.amd else "gemm", stream=self.comm, regs=96, after=dep)
        self.op_close()
        self.op_close()
        self.py_close()

    # ---- MLP
    def mlp(self, A_, i, prefill, consumed_gate):
        T = self.B * (self.S if prefill else 1)
        H, I = self.H, self.I
        K = self.K
        n = T * I
        lin = 7 * i
        site = "layers.%d.mlp.act_fn" % i
        self.module_open("LlamaMLP", i, MOD + "(185): forward")
        if not consumed_gate:
            self.linear(A_, "gu", I, H, lin + 4, prefill, "gate")
        self.finish_rg()
        m0, o0 = len(self.cap), len(self.capops)
        if "SwiGLU+GEMM" in self.fused:
            dur = self.d_gemm(T, I, H) * 1.06 + self.d_ew(n * 2) * 0.25
            self.fused_call("SwiGLU+GEMM", A_["fused_swiglu_gemm"], dur, (max(1, T // 128) * max(1, I // 128), 1, 1))
            self.record(site, i, "SwiGLU+GEMM", "fused", m0, o0)
        elif "SiLU*mul" in self.fused:
            self.linear(A_, "gu", I, H, lin + 5, prefill, "up")
            m1, o1 = len(self.cap), len(self.capops)
            self.fused_call("SiLU*mul", A_["silu_and_mul"], self.d_ew(n * 6), (T, 1, 1), block=(1024, 1, 1))
            self.record(site, i, "SiLU*mul", "fused", m1, o1)
            self.record(site, i, "SwiGLU+GEMM", "separate", m0, o0)
        else:
            m1, o1 = len(self.cap), len(self.capops)
            self.module_open("SiLU", i, "torch/nn/modules/activation.py(432): forward")
            self.py_open("torch/nn/functional.py(2380): silu")
            self.py_open("<built-in method silu of type object at 0x7f3a7761df60>")
            self.op_open("aten::silu", A_["silu"])
            self.launch(K["silu"], self.d_ew(n * 4), self.grid_ew(n), regs=24)
            self.op_close()
            self.py_close()
            self.py_close()
            self.module_close()
            m2, o2 = len(self.cap), len(self.capops)
            self.linear(A_, "gu", I, H, lin + 5, prefill, "up")
            m3, o3 = len(self.cap), len(self.capops)
            self.op_open("aten::mul", A_["mul_mlp"])
            self.launch(K["mul"], self.d_ew(n * 6), self.grid_ew(n), regs=24)
            self.op_close()
            # SiLU*mul separate = silu + mul kernels (the up GEMM between them is not part of it)
            sv = (self.cap, self.capops)
            self.cap = sv[0][m1:m2] + sv[0][m3:]
            self.capops = sv[1][o1:o2] + sv[1][o3:]
            self.record(site, i, "SiLU*mul", "separate", 0, 0)
            self.cap, self.capops = sv
            self.record(site, i, "SwiGLU+GEMM", "separate", m0, o0)
        self.linear(A_, "down", H, I, lin + 6, prefill, "down")
        self.module_close()
        self.allreduce(A_, prefill)

    # ---- forward pass
    def decoder_layer(self, A_, i, prefill, ctx):
        T = self.B * (self.S if prefill else 1)
        H = self.H
        self.py_open("nn.Module: LlamaDecoderLayer_%d" % i, module_id=self._modid("LlamaDecoderLayer", i))
        self.py_open(CALL)
        self.py_leaf(TRACING)
        self.py_open(MOD + "(301): forward")
        self.pending_rg = None
        consumed = self.norm_site(A_, "layers.%d.input_layernorm" % i, i, 2 * i, i > 0,
                                  ("q", self.nh * self.hd, H, 7 * i, "q"), prefill, add_mark=self.carry_add)
        self.carry_add = None
        self.attention(A_, i, prefill, ctx, consumed)
        consumed = self.norm_site(A_, "layers.%d.post_attention_layernorm" % i, i, 2 * i + 1, True,
                                  ("gu", self.I, H, 7 * i + 4, "gate"), prefill)
        self.mlp(A_, i, prefill, consumed)
        # residual add closing the layer; with fused add+RMSNorm it moves into the next norm kernel
        last = i == self.L - 1
        if not self.add_fused_at(not last):
            self.carry_add = (len(self.cap), len(self.capops))
            self.residual_add(A_, T * H)
        self.py_close()
        self.py_close()
        self.py_close()

    def forward(self, prefill, step_no, ctx):
        """One model forward (prefill or decode step) wrapped in ProfilerStep / stage annotations."""
        B, H = self.B, self.H
        q = self.S if prefill else 1
        T = B * q
        A_ = self.shapes(prefill, ctx)
        self.cap = []
        self.capops = []
        self.step_gpu = [None, None]
        RN = self.V["rt_names"]
        K = self.K
        self.cpu(4.0, 10.0)
        t_step = self.t
        self.ext += 1
        ext_step = self.ext
        self.cpu(2.0, 4.0)
        t_stage = self.t
        self.ext += 1
        ext_stage = self.ext
        stage = ("forward_prefill(bs=%d,tokens=%d)" % (B, T)) if prefill else ("forward_decode(bs=%d)" % B)
        # input preparation: positions / cache positions, H2D copy of the batch metadata
        self.py_open("transformers/generation/utils.py(3474): prepare_inputs_for_generation")
        self.op_open("aten::arange", A_["arange"])
        self.launch(K["arange"], 1.6 + 0.4 * self.rnd(), (max(1, q // 64), 1, 1), (64, 1, 1), regs=16)
        self.op_close()
        self.op_open("aten::copy_", A_["to_cpu"])
        self.memop("HtoD", 8 * T, stream=self.copys if self.copys is not None else None)
        self.op_close()
        self.op_open("aten::zeros", A_["zeros"])
        self.op_leaf("aten::empty", A_["none"])
        self.op_open("aten::zero_", A_["zero_"])
        self.op_open("aten::fill_", A_["fill_"])
        self.memop("memset", 4 * B * (self.nh + 1))
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        if self.aux:
            for s in self.aux:
                self.op_open("aten::fill_", A_["none"])
                self.launch(K["fill"], 1.5 + 0.5 * self.rnd(), (max(1, T // 256), 1, 1), stream=s)
                self.op_close()
        self.py_open(WCALL)
        self.module_open("LlamaForCausalLM", 0, MOD + "(521): forward")
        self.module_open("LlamaModel", 0, MOD + "(401): forward")
        # embedding
        self.module_open("Embedding", 0, "torch/nn/modules/sparse.py(190): forward")
        self.py_open("torch/nn/functional.py(2551): embedding")
        self.py_open("<built-in method embedding of type object at 0x7f3a7761df60>")
        self.op_open("aten::embedding", A_["embedding"])
        self.op_leaf("aten::reshape", A_["reshape_ids"])
        self.op_open("aten::index_select", A_["index_select"])
        self.launch(K["embedding"], self.d_ew(T * H * 4), (max(1, T * H // 4096), 1, 1), regs=32)
        self.op_close()
        self.op_close()
        self.py_close()
        self.py_close()
        self.module_close()
        # rotary cos/sin
        self.module_open("LlamaRotaryEmbedding", 0, MOD + "(116): forward")
        nr = T * self.hd
        self.op_open("aten::matmul", A_["rot_matmul"])
        self.op_open("aten::bmm", A_["rot_bmm"])
        self.launch(K["rotary_mm"], 3.0 + nr * 4 / self.bwus, (max(1, q // 128), 2, B), (128, 1, 1), kind="gemm", regs=80,
                    smem=25600)
        self.op_close()
        self.op_close()
        self.op_open("aten::cat", A_["rot_cat"])
        self.launch(K["cat4"], self.d_ew(nr * 8), (max(1, nr // 4096), 2, 1), (512, 1, 1), regs=29)
        self.op_close()
        for fn in ("cos", "sin"):
            self.op_open("aten::" + fn, A_["rot_cos"])
            self.launch(K[fn], self.d_ew(nr * 8), self.grid_ew(nr), regs=26)
            self.op_close()
            self.op_open("aten::mul", A_["rot_mul"])
            self.launch(K["mul_scalar"], self.d_ew(nr * 8), self.grid_ew(nr), regs=22)
            self.op_close()
        for _ in range(2):
            self.op_open("aten::to", A_["rot_to"])
            self.launch(K["to_bf16"], self.d_ew(nr * 6), self.grid_ew(nr), regs=16)
            self.op_close()
        self.module_close()
        # decoder layers
        self.carry_add = None
        for i in range(self.L):
            self.decoder_layer(A_, i, prefill, ctx)
        # final norm
        self.pending_rg = None
        self.norm_site(A_, "model.norm", None, 2 * self.L, True, None, prefill, add_mark=self.carry_add)
        self.carry_add = None
        self.module_close()  # LlamaModel
        # lm_head on the last position only
        if prefill:
            self.op_leaf("aten::slice", A_["slice_last"])
        self.module_open("Linear", 7 * self.L, "torch/nn/modules/linear.py(125): forward")
        self.py_open("<built-in function linear>")
        self.op_open("aten::linear", A_["linear_lm"])
        self.op_leaf("aten::t", A_["t_lm"])
        self.op_open("aten::matmul", A_["matmul_lm"])
        self.op_open("aten::mm", A_["mm_lm"])
        self.gemm_kernel(B, self.Vocab, H, self.d_gemm(B, self.Vocab, H), prefill, "lm")
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        self.module_close()
        self.module_close()  # LlamaForCausalLM
        self.py_close()      # _wrapped_call_impl
        # sampler: softmax (for logprobs) + greedy argmax, copy the next tokens to the host and synchronize
        self.py_open("transformers/generation/utils.py(3520): _sample")
        self.op_open("aten::softmax", A_["softmax"])
        self.op_open("aten::_softmax", A_["_softmax"])
        self.launch(K["softmax"], self.d_ew(B * self.Vocab * 4), (B, 1, 1), (1024, 1, 1), regs=40, smem=64)
        self.op_close()
        self.op_close()
        self.op_open("aten::argmax", A_["argmax"])
        self.launch(K["argmax"], self.d_ew(B * self.Vocab * 2) + 2.0, (B, 1, 1), (32, 16, 1), regs=32, smem=528)
        self.op_close()
        self.op_open("aten::to", A_["to_cpu"])
        self.op_open("aten::_to_copy", A_["to_cpu"])
        self.op_open("aten::copy_", A_["to_cpu"])
        end = self.memop("DtoH", 8 * B)
        gpu_end = max([end] + [self.sfree[s] for s in self.sfree])
        self.t += 0.5
        self.runtime(RN["sync"], dur=max(1.0, gpu_end - self.t + 2.0 + self.rnd()))
        self.op_close()
        self.op_close()
        self.op_close()
        self.py_close()
        self.cpu(3.0, 6.0)
        t_end = self.t
        self.annotation(stage, t_stage, t_end - 1.0, ext_stage)
        self.annotation("ProfilerStep#%d" % step_no, t_step, t_end, ext_step)
        g0, g1 = self.step_gpu
        if g0 is not None:
            self.gpu_annotation(stage, g0, g1, ext_stage)
            self.gpu_annotation("ProfilerStep#%d" % step_no, g0, g1, ext_step)
        self.forwards += 1
        if prefill:
            self.n_prefill += 1
        else:
            self.n_decode += 1
        # keep the capture lists short
        self.cap, self.capops = [], []

    def size_so_far(self):
        sk = self.sink
        if self.a.target_compressed and sk.f is not sk.raw:
            return sk.raw.tell() + sk.pending // 12
        return sk.bytes + sk.pending

    # ---------------------------------------------------------------- whole trace
    def header(self):
        V = self.V
        props = {"id": 0, "name": self.a.gpu_name or V["gpu"]}
        props.update(V["props"])
        parts = ['{\n  "schemaVersion": 1,\n  "deviceProperties": [\n    %s\n  ]' % json.dumps(props)]
        for k, v in V["versions"]:
            parts.append('  "%s": %s' % (k, json.dumps(v)))
        for k in ("with_flops", "with_modules", "record_shapes", "with_stack"):
            parts.append('  "%s": 1' % k)
        parts.append('  "profile_memory": 0')
        if self.comm is not None:
            parts.append('  "distributedInfo": {"backend": "nccl", "rank": 0, "world_size": 2, "pg_count": 1, '
                         '"pg_config": [{"pg_name": "0", "pg_desc": "default_pg", "backend_config": "cuda:nccl", '
                         '"pg_size": 2, "ranks": [0, 1]}], "nccl_version": "2.21.5"}')
        parts.append('  "trace_id": "%032X"' % self.rng.getrandbits(128))
        parts.append('  "displayTimeUnit": "ms"')
        parts.append('  "baseTimeNanoseconds": 1751410836000000000')
        meta = {"generator": "FusionScope tools/gen_trace.py", "synthetic": True, "generator_version": VERSION,
                "vendor": self.vendor, "seed": self.a.seed, "model": self.model_info()}
        parts.append('  "metadata": %s' % json.dumps(meta))
        return ",\n".join(parts) + ',\n  "traceEvents": [\n'

    def model_info(self):
        return {"name": self.a.model_name, "architecture": "LlamaForCausalLM", "layers": self.L, "hidden": self.H,
                "heads": self.nh, "kv_heads": self.kvh, "head_dim": self.hd, "intermediate": self.I,
                "vocab": self.Vocab, "batch": self.B, "prompt_len": self.S, "dtype": "bfloat16"}

    def metadata_events(self):
        ts = self.t0 - 50.0
        P, D = self.cpid, self.dev
        ev = []

        def M(name, pid, tid, args):
            ev.append('  {"name": "%s", "ph": "M", "ts": %.3f, "pid": %s, "tid": %s, "args": %s}'
                      % (name, ts, pid, tid, json.dumps(args)))
        M("process_name", P, 0, {"name": "python3"})
        M("process_labels", P, 0, {"labels": "CPU"})
        M("process_sort_index", P, 0, {"sort_index": P})
        M("process_name", D, 0, {"name": "python3"})
        M("process_labels", D, 0, {"labels": "GPU %d" % D})
        M("process_sort_index", D, 0, {"sort_index": 5000000 + D})
        M("thread_name", P, P, {"name": "thread %d (python3)" % P})
        M("thread_sort_index", P, P, {"sort_index": P})
        for s in [self.cs] + self.xs:
            M("thread_name", D, s, {"name": "stream %d " % s})
            M("thread_sort_index", D, s, {"sort_index": s})
        return ev

    def run(self, out_path):
        a = self.a
        self.sink = Sink(out_path, a.gzip_level)
        self.sink.write_raw(self.header())
        for e in self.metadata_events():
            self.emit(e)
        # long-lived python frames of the serving loop (closed at the end)
        for f in ("fusionscope_bench/serve_llm.py(214): <module>", "fusionscope_bench/serve_llm.py(167): main",
                  "torch/utils/_contextlib.py(116): decorate_context", "transformers/generation/utils.py(2465): generate",
                  "transformers/generation/utils.py(3434): _sample"):
            self.py_open(f)
        t_begin = self.t
        target = a.target_size
        step = 0
        start_no = a.step_start
        ctx = self.S
        while True:
            prefill = step == 0
            if not prefill:
                ctx += 1
            self.forward(prefill, start_no + step, ctx)
            step += 1
            if step >= a.steps and (target is None or self.size_so_far() >= target):
                break
            if a.max_steps and step >= a.max_steps:
                break
        while self.pystack:
            self.py_close()
        t_end = self.t + 5.0
        self.emit('  {"ph": "X", "cat": "Trace", "ts": %.3f, "dur": %.3f, "pid": "Spans", "tid": "PyTorch Profiler", '
                  '"name": "PyTorch Profiler (0)", "args": {"Op count": 0}}' % (t_begin - 20.0, t_end - t_begin + 20.0))
        self.emit('  {"name": "Iteration Start: PyTorch Profiler", "ph": "i", "s": "g", "pid": "Traces", '
                  '"tid": "Trace PyTorch Profiler", "ts": %.3f}' % (t_begin - 20.0))
        self.emit('  {"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": %.3f}' % (t_end + 40.0))
        self.sink.close('\n  ],\n  "traceName": "%s"\n}\n' % os.path.basename(out_path))
        self.steps_done = step

    # ---------------------------------------------------------------- ground truth
    def truth(self, out_path, argv):
        defaults = DEFAULT_FUSED[self.vendor]
        ops = []
        for op in OPERATIONS:
            for state in ("fused", "separate"):
                e = self.truth_ops.get((op, state))
                if e is None:
                    continue
                occ = e["occurrences"]
                ops.append({
                    "operation": op,
                    "state": state,
                    "default_state": "fused" if op in defaults else "separate",
                    "injected": (state == "fused") != (op in defaults),
                    "components": COMPONENTS[op],
                    "kernels": list(e["kernels"]),
                    "cpu_ops": list(e["cpu_ops"]),
                    "occurrences": occ,
                    "occurrences_per_forward": occ // max(1, self.forwards),
                    "kernel_launches": e["launches"],
                    "layers": sorted(e["layers"]),
                    "sites": list(e["sites"]),
                })
        injected = [o for o in ops if o["injected"]]
        return {
            "conventions": CONVENTIONS,
            "schema": "fusionscope-gen-truth",
            "version": VERSION,
            "vendor": self.vendor,
            "gpu_name": self.a.gpu_name or self.V["gpu"],
            "trace": os.path.basename(out_path),
            "command": "python3 tools/gen_trace.py " + shlex.join(argv),
            "seed": self.a.seed,
            "model": self.model_info(),
            "forward_passes": {"total": self.forwards, "prefill": self.n_prefill, "decode": self.n_decode},
            "streams": {"compute": self.cs, "communication": self.comm, "copy": self.copys, "aux": self.aux},
            "default_fused": list(defaults),
            "fused": self.fused_list,
            "injected": [{"operation": o["operation"], "state": o["state"], "kernels": o["kernels"],
                          "occurrences": o["occurrences"]} for o in injected],
            "operations": ops,
            "site_states": [{"site": s, "operation": op, "state": v[0], "occurrences": v[1], "layer": v[2]}
                            for (s, op), v in self.truth_sites.items()],
            "counts": {"events": self.sink.events, "bytes_uncompressed": self.sink.bytes,
                       "kernels": self.nkernels, "distinct_kernel_names": len(self.kernel_names),
                       "python_functions": self.pyid, "external_ids": self.ext},
        }


# ----------------------------------------------------------------------------------------------
# Pair truth
# ----------------------------------------------------------------------------------------------

CONVENTIONS = [
    "A site is one module call per forward pass (e.g. layers.3.post_attention_layernorm, layers.3.self_attn.rotary, "
    "layers.3.mlp.act_fn, model.norm); occurrences = sites x forward passes = number of fused kernel launches.",
    "An operation is only recorded at a site where it was decided: when a bigger fusion covers it (SwiGLU+GEMM covers "
    "SiLU*mul, RMSNorm+GEMM covers RMSNorm and add+RMSNorm, add+RMSNorm covers RMSNorm) the smaller one is not recorded "
    "there. Pair differences are (site, operation) pairs recorded on both sides with different states.",
    "add+RMSNorm at layers.N.input_layernorm (N>0): when separate, the residual add is the last kernel of decoder layer "
    "N-1 (Hugging Face places it there); when fused, the single kernel runs inside layer N's input_layernorm.",
    "RMSNorm+GEMM pairs input_layernorm with q_proj and post_attention_layernorm with gate_proj; SwiGLU+GEMM fuses "
    "up_proj with silu(gate)*up (gate_proj stays a separate GEMM).",
    "kernels lists every distinct kernel name used for the operation in that state (GEMM names differ between "
    "prefill and decode); cpu_ops likewise lists the cpu_op names.",
]


def merge_truth(pa, pb, out):
    ta, tb = (json.load(open(p)) for p in (pa, pb))
    if ta["model"]["layers"] != tb["model"]["layers"] or ta["forward_passes"] != tb["forward_passes"]:
        print("warning: the two traces differ in layers or forward passes; occurrences use the minimum", file=sys.stderr)
    sa = {(s["site"], s["operation"]): s for s in ta["site_states"]}
    sb = {(s["site"], s["operation"]): s for s in tb["site_states"]}
    opa = {(o["operation"], o["state"]): o for o in ta["operations"]}
    opb = {(o["operation"], o["state"]): o for o in tb["operations"]}
    groups = {}
    for key, x in sa.items():
        y = sb.get(key)
        if y is None or x["state"] == y["state"]:
            continue
        op = key[1]
        fused_t, sep_t = (ta, tb) if x["state"] == "fused" else (tb, ta)
        g = groups.setdefault((op, fused_t["vendor"]), {"sites": [], "layers": set(), "occ": 0, "fused_t": fused_t,
                                                       "sep_t": sep_t})
        g["sites"].append(key[0])
        if x["layer"] is not None:
            g["layers"].add(x["layer"])
        g["occ"] += min(x["occurrences"], y["occurrences"])
    diffs = []
    for op in OPERATIONS:
        for (gop, fv), g in groups.items():
            if gop != op:
                continue
            ft, st = g["fused_t"], g["sep_t"]
            fo = (opa if ft is ta else opb)[(op, "fused")]
            so = (opa if st is ta else opb)[(op, "separate")]
            fpf = max(1, ft["forward_passes"]["total"])
            inj = []
            if op not in DEFAULT_FUSED[ft["vendor"]]:
                inj.append("%s: --fuse %s" % (ft["vendor"], op))
            if op in DEFAULT_FUSED[st["vendor"]]:
                inj.append("%s: --unfuse %s" % (st["vendor"], op))
            diffs.append({
                "operation": op,
                "fused_on": ft["vendor"],
                "separate_on": st["vendor"],
                "origin": "injected" if inj else "default profile",
                "injected_by": inj,
                "components": COMPONENTS[op],
                "fused": {"vendor": ft["vendor"], "kernels": fo["kernels"], "cpu_ops": fo["cpu_ops"],
                          "kernels_per_occurrence": round(fo["kernel_launches"] / max(1, fo["occurrences"]), 3)},
                "separate": {"vendor": st["vendor"], "kernels": so["kernels"], "cpu_ops": so["cpu_ops"],
                             "kernels_per_occurrence": round(so["kernel_launches"] / max(1, so["occurrences"]), 3)},
                "occurrences": g["occ"],
                "occurrences_per_forward": g["occ"] // fpf,
                "layers": sorted(g["layers"]),
                "sites": g["sites"],
            })
    res = {
        "conventions": CONVENTIONS,
        "schema": "fusionscope-gen-pair-truth",
        "version": VERSION,
        "traces": {ta["vendor"]: ta["trace"], tb["vendor"]: tb["trace"]},
        "gpus": {ta["vendor"]: ta["gpu_name"], tb["vendor"]: tb["gpu_name"]},
        "commands": {ta["vendor"]: ta["command"], tb["vendor"]: tb["command"]},
        "model": ta["model"],
        "forward_passes": ta["forward_passes"],
        "fused": {ta["vendor"]: ta["fused"], tb["vendor"]: tb["fused"]},
        "differences": diffs,
        "counts": {ta["vendor"]: ta["counts"], tb["vendor"]: tb["counts"]},
    }
    with open(out, "w") as f:
        json.dump(res, f, indent=2)
        f.write("\n")
    return res


# ----------------------------------------------------------------------------------------------
# CLI
# ----------------------------------------------------------------------------------------------

def build_parser():
    p = argparse.ArgumentParser(
        description="Generate a synthetic, realistic Kineto (PyTorch profiler) trace of Llama-style LLM serving.",
        epilog="Fusable operations: " + ", ".join(OPERATIONS) + ".  Default fused: nvidia none; amd RMSNorm, add+RMSNorm.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--vendor", choices=["nvidia", "amd"], help="GPU vendor to imitate")
    p.add_argument("--out", help="output trace (.json or .json.gz); with --merge-truth the pair truth JSON")
    p.add_argument("--layers", type=int, default=4, help="decoder layers")
    p.add_argument("--hidden", type=int, default=4096, help="hidden size")
    p.add_argument("--head-dim", type=int, default=128, help="attention head dim (heads = hidden / head-dim)")
    p.add_argument("--kv-heads", type=int, default=0, help="KV heads (0: heads/4, GQA)")
    p.add_argument("--intermediate", type=int, default=0, help="MLP size (0: 3.5*hidden rounded to 256)")
    p.add_argument("--vocab", type=int, default=128256, help="vocabulary size")
    p.add_argument("--batch", type=int, default=8, help="sequences per forward pass")
    p.add_argument("--prompt-len", type=int, default=512, help="prompt tokens per sequence (prefill)")
    p.add_argument("--max-pos", type=int, default=131072, help="rotary cache length")
    p.add_argument("--no-qkv-bias", dest="qkv_bias", action="store_false",
                   help="q/k/v projections without bias (aten::mm instead of aten::addmm)")
    p.add_argument("--steps", type=int, default=4, help="forward passes: first is prefill, the rest decode")
    p.add_argument("--target-size", help="keep adding decode steps until the uncompressed JSON reaches this size "
                                         "(bytes; K/M/G suffixes; applies to the JSON text also for .gz)")
    p.add_argument("--target-compressed", action="store_true",
                   help="for .gz output, measure --target-size on the compressed file instead of the JSON text")
    p.add_argument("--max-steps", type=int, default=0, help="hard cap on forward passes (0: none)")
    p.add_argument("--step-start", type=int, default=1, help="number of the first ProfilerStep#N")
    p.add_argument("--fuse", default="", help="comma list of operations to run fused (added to the vendor default)")
    p.add_argument("--unfuse", default="", help="comma list of operations to run as separate kernels ('all' allowed)")
    p.add_argument("--streams", type=int, default=0, help="extra GPU streams: 1st communication (all-reduce after "
                                                          "o_proj/down_proj, overlapping compute), 2nd H2D copies, "
                                                          "others auxiliary fill kernels")
    p.add_argument("--gpu-name", default="", help="override deviceProperties name")
    p.add_argument("--model-name", default="synthetic-llama-8b-shape", help="label stored in metadata/truth")
    p.add_argument("--seed", type=int, default=1, help="random seed (output is deterministic for a seed)")
    p.add_argument("--truth", help="write the ground-truth JSON of this trace here")
    p.add_argument("--gzip-level", type=int, default=6, help="gzip compression level for .gz output (1 = fastest)")
    p.add_argument("--merge-truth", nargs=2, metavar=("TRUTH_A", "TRUTH_B"),
                   help="instead of generating, combine two per-trace truth files into a pair truth (--out)")
    p.add_argument("--quiet", action="store_true")
    return p


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    p = build_parser()
    a = p.parse_args(argv)
    if a.merge_truth:
        if not a.out:
            p.error("--merge-truth needs --out")
        res = merge_truth(a.merge_truth[0], a.merge_truth[1], a.out)
        if not a.quiet:
            for d in res["differences"]:
                print("%-13s fused on %-6s separate on %-6s x%d" % (d["operation"], d["fused_on"], d["separate_on"],
                                                                   d["occurrences"]), file=sys.stderr)
        return 0
    if not a.vendor or not a.out:
        p.error("--vendor and --out are required")
    if a.layers < 1 or a.steps < 1 or a.hidden < a.head_dim:
        p.error("need --layers >= 1, --steps >= 1, --hidden >= --head-dim")
    a.fuse_ops = parse_ops(a.fuse)
    a.unfuse_ops = parse_ops(a.unfuse)
    both = set(a.fuse_ops) & set(a.unfuse_ops)
    if both:
        p.error("operation(s) both fused and unfused: " + ", ".join(sorted(both)))
    a.target_size = parse_size(a.target_size)
    if a.streams < 0 or a.streams > 8:
        p.error("--streams must be 0..8")
    g = Gen(a)
    if "RMSNorm+GEMM" in g.fused and "add+RMSNorm" in g.fused and not a.quiet:
        print("note: RMSNorm+GEMM takes precedence; residual adds before fused norm+GEMM sites stay separate "
              "(add+RMSNorm only fused at the final norm)", file=sys.stderr)
    t0 = time.time()
    g.run(a.out)
    el = time.time() - t0
    if a.truth:
        with open(a.truth, "w") as f:
            json.dump(g.truth(a.out, argv), f, indent=2)
            f.write("\n")
    if not a.quiet:
        fsz = os.path.getsize(a.out)
        print("%s: %s, %d forward passes (%d prefill + %d decode), %d events, %d kernels, %.1f MB JSON%s in %.2f s "
              "(%.1f MB/s)" % (a.out, a.vendor, g.forwards, g.n_prefill, g.n_decode, g.sink.events, g.nkernels,
                               g.sink.bytes / 1e6, (", %.1f MB on disk" % (fsz / 1e6)) if fsz != g.sink.bytes else "",
                               el, g.sink.bytes / 1e6 / max(el, 1e-9)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
