#pragma once
// What an op of the kernel registry is, read from its name. The registry's ops are open-ended
// names (resources/kernel_registry.yaml; a user's registry adds its own): these tests are the one
// place that reads meaning into them, so the alignment, the layer finder and the fusion detector
// agree on what counts as a matrix multiply, attention or a light kernel.
#include <string_view>

namespace fusion {

constexpr std::string_view kOtherOp = "Other";  // a kernel no registry rule matched

bool isMatrixOp(std::string_view op);     // names a GEMM: Dense GEMM, MoE GEMM, RMSNorm+GEMM, …
bool isAttentionOp(std::string_view op);  // Attention, Attention prefill / decode / backward, Attention+Quantize
bool isNormOp(std::string_view op);       // RMSNorm, LayerNorm, BatchNorm, add+RMSNorm, …
// Elementwise, reduce, memory, copy, indexing or unclassified: the small kernels a model launches
// through aten, which fusions absorb.
bool isLightOp(std::string_view op);
inline bool isOtherOp(std::string_view op) { return op == kOtherOp; }

} // namespace fusion
