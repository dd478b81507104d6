#include "fusion/fusedparts.h"
#include "classify/opcomponents.h"
#include "classify/opnames.h"

#include <algorithm>

namespace fusion {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool has(const std::string &s, const char *needle) { return s.find(needle) != std::string::npos; }

// Parts that eager PyTorch computes with small elementwise / reduce / copy kernels.
bool madeOfPieces(const std::string &part)
{
    const std::string p = lower(part);
    for (const char *w : {"norm", "rope", "rotary", "swiglu", "silu", "gelu", "act", "softmax", "quant", "elementwise",
                          "triton", "fused", "attention"})
        if (has(p, w))
            return true;
    return false;
}

bool composite(const KernelClass &c, std::string_view name)
{
    if (c.isFused() || !c.fusedWith.empty() || has(lower(c.op), "fused") || has(lower(name), "fused"))
        return true;
    for (const char *op : {"RMSNorm", "LayerNorm", "RoPE", "SwiGLU", "Softmax"})
        if (c.op == op)
            return true;
    return isAttentionOp(c.op);
}

} // namespace

FusionSide::FusionSide(const AnalyzedTrace &t, const CpuOpWindow &cpu, TraceSide tag) : t(t), cpu(cpu), tag(tag)
{
    constexpr uint8_t kUnknown = 0xff;
    const GpuOpTable &k = t.trace->store.kernels;
    compositeName.assign(t.trace->store.strings.size(), kUnknown);
    for (uint32_t id = 0; id < k.size(); ++id)
        if (uint8_t &known = compositeName[k.name[id]]; known == kUnknown)
            known = composite(t.classes.ofKernel(id), name(id));
}

bool covers(const FusionSide &y, uint32_t f, const FusionSide &x, uint32_t u, bool pieces)
{
    const KernelClass &fc = y.t.classes.ofKernel(f), &uc = x.t.classes.ofKernel(u);
    const std::vector<std::string> parts =
        fc.isFused() || !fc.fusedWith.empty() ? componentsOf(fc.op, fc.fusedWith) : std::vector<std::string>{fc.op};
    for (const std::string &part : parts)
        if (opMatchesComponent(uc.op, part))
            return true;
    if (pieces && isLightOp(uc.op) && std::any_of(parts.begin(), parts.end(), madeOfPieces))
        return true;
    // Inductor and hand-written fused kernels spell their parts in their names.
    const std::string words = lower(y.name(f)) + " " + lower(fc.detail);
    std::string op(x.cpu.name(x.cpu.opOf(u)));
    if (const size_t colon = op.rfind(':'); colon != std::string::npos)
        op = op.substr(colon + 1);
    while (!op.empty() && op.back() == '_')
        op.pop_back();
    for (const std::string &w : {lower(op), lower(uc.detail), lower(uc.op)})
        if (w.size() >= 3 && w != "other" && w != "elementwise" && words.find(w) != std::string::npos)
            return true;
    return false;
}

} // namespace fusion
