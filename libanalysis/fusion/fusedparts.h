#pragma once
// What a fused kernel can stand in for. A composite kernel — a registry fused op (RMSNorm+GEMM),
// an Inductor or hand-written fused kernel, or one kernel for what eager PyTorch runs as a ladder
// (RMSNorm, LayerNorm, RoPE, SwiGLU, softmax, attention) — covers the kernels of its named parts,
// and the small elementwise, reduce and copy kernels such ladders are made of.
#include "fusion/cpuopwindow.h"
#include "util/traceside.h"

namespace fusion {

// One side of a comparison as the fusion rules read it.
struct FusionSide {
    FusionSide(const AnalyzedTrace &t, const CpuOpWindow &cpu, TraceSide tag);
    const AnalyzedTrace &t;
    const CpuOpWindow &cpu;
    TraceSide tag;
    // Per kernel name (by StrId): whether its kernels are composite. Decided once per distinct name
    // when the side is made: the test lower-cases names hundreds of bytes long, and the rules ask it
    // of most kernels of every layer pair (two fifths of the fusion detection, asked per kernel).
    std::vector<uint8_t> compositeName;
    std::string_view name(uint32_t id) const { return t.trace->store.str(t.trace->store.kernels.name[id]); }
};

inline bool isComposite(const FusionSide &s, uint32_t kernel)
{
    return s.compositeName[s.t.trace->store.kernels.name[kernel]] != 0;
}

// Whether the composite kernel `f` (side y) covers kernel `u` (side x): `u`'s op is one of its
// parts, or its name spells `u`'s op (triton_red_fused_mean_pow_0 covers aten::mean), or — when
// `pieces` is set — `u` is a small kernel of the kind its parts are made of.
bool covers(const FusionSide &y, uint32_t f, const FusionSide &x, uint32_t u, bool pieces);

} // namespace fusion
