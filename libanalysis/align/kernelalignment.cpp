#include "align/kernelalignment.h"
#include "classify/opcomponents.h"
#include "classify/opnames.h"

#include <cctype>

namespace fusion {

namespace {

// GEMMs, attention, communication and fused ops anchor a layer's alignment; the many small
// elementwise / memory / reduce kernels must not pair across them (the reward for 3 anchors
// outweighs any run of small pairs found on the far side of them).
int alignmentWeight(const std::string &op)
{
    static const char *light[] = {"Elementwise", "Memory", "Reduce", "Indexing", "Other", "Copy"};
    for (const char *l : light)
        if (op.find(l) != std::string::npos)
            return 2;
    return 12;
}

// A gated-activation kernel (silu_and_mul) and a plain activation kernel (silu) compute the same
// activation; pairing them leaves the separate mul as the one-sided difference, which is the fusion.
enum Activation : uint8_t { None, Gated, Plain };

Activation activationOf(const KernelClass &c)
{
    if (c.op == "SwiGLU")
        return Gated;
    if (c.op == "Activation" || (c.op == "Elementwise" && (c.detail == "silu" || c.detail == "gelu")))
        return Plain;
    return None;
}

// The ATen functor a PyTorch-native kernel computes, the same text in CUDA and HIP builds whatever
// the vector width or launcher: "CUDAFunctor_add<c10::BFloat16>", "rsqrt_kernel_cuda",
// "pow_tensor_scalar_kernel_impl<float, float>". Empty for other kernels.
std::string functorOf(std::string_view name)
{
    size_t at = name.find("Functor");
    for (const char *mark : {"_kernel_cuda", "_kernel_impl<"})
        if (at == std::string_view::npos)
            at = name.find(mark);
    if (at == std::string_view::npos)
        return {};
    auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    size_t begin = at, end = at;
    while (begin > 0 && identifier(name[begin - 1]))
        --begin;
    while (end < name.size() && identifier(name[end]))
        ++end;
    if (end < name.size() && name[end] == '<') {  // with its template arguments
        int depth = 0;
        do {
            depth += name[end] == '<' ? 1 : name[end] == '>' ? -1 : 0;
            ++end;
        } while (end < name.size() && depth > 0);
    }
    return std::string(name.substr(begin, end - begin));
}

// Bit 0: a GEMM; bit 1: attention.
uint8_t heavyKind(const std::string &op)
{
    return uint8_t((isMatrixOp(op) ? 1 : 0) | (isAttentionOp(op) ? 2 : 0));
}

// GEMMs before the layer's attention project Q/K/V; the first after it is O; the last is FFN down;
// those between are FFN up / gate.
std::vector<std::string> gemmRoles(const AnalyzedTrace &t, const Layer &l)
{
    std::vector<std::string> roles(l.kernels.size());
    int attention = -1;
    std::vector<size_t> gemms;
    for (size_t i = 0; i < l.kernels.size(); ++i) {
        const std::string &op = t.classes.opOf(l.kernels[i]);
        if (attention < 0 && isAttentionOp(op))
            attention = int(i);
        if (isMatrixOp(op))
            gemms.push_back(i);
    }
    if (attention < 0)
        return roles;
    std::vector<size_t> after;
    for (size_t g : gemms)
        (int(g) < attention ? roles[g] = "QKV" : (after.push_back(g), roles[g]));
    for (size_t k = 0; k < after.size(); ++k)
        roles[after[k]] = k == 0 ? "O" : k + 1 == after.size() ? "FFN down" : "FFN up";
    return roles;
}

} // namespace

KernelAligner::KernelAligner(const AnalyzedTrace &a, const AnalyzedTrace &b) : m_a(a), m_b(b)
{
    m_stringIds.emplace(std::string(), 0);
    m_functorIds.emplace(std::string(), 0);
    for (auto [t, side] : {std::pair{&a, &m_sideA}, std::pair{&b, &m_sideB}}) {
        side->ofString.assign(t->trace->store.strings.size(), UINT32_MAX);
        side->functorOfName.assign(t->trace->store.strings.size(), UINT32_MAX);
        for (const KernelClass &c : t->classes.classes) {
            const Activation act = activationOf(c);
            auto [it, fresh] = m_opIds.try_emplace(c.op + char('0' + act), uint32_t(m_opIds.size()));
            if (fresh) {
                m_opWeight.push_back(alignmentWeight(c.op));
                m_activation.push_back(act);
                m_heavy.push_back(heavyKind(c.op));
                uint8_t parts = 0;
                if (c.isFused() || !c.fusedWith.empty())
                    for (const std::string &part : componentsOf(c.op, c.fusedWith))
                        parts |= heavyKind(part);
                m_heavyParts.push_back(parts);
            }
            side->ofClass.push_back(it->second);
        }
    }
}

uint32_t KernelAligner::stringToken(const AnalyzedTrace &t, SideTokens &side, StrId s)
{
    uint32_t &tok = side.ofString[s];
    if (tok == UINT32_MAX)
        tok = m_stringIds.try_emplace(std::string(t.trace->store.str(s)), uint32_t(m_stringIds.size())).first->second;
    return tok;
}

uint32_t KernelAligner::functorToken(const AnalyzedTrace &t, SideTokens &side, StrId name)
{
    uint32_t &tok = side.functorOfName[name];
    if (tok == UINT32_MAX)
        tok = m_functorIds.try_emplace(functorOf(t.trace->store.str(name)), uint32_t(m_functorIds.size())).first->second;
    return tok;
}

std::vector<KernelAligner::Token> KernelAligner::tokensOf(const AnalyzedTrace &t, SideTokens &side, const Layer &l)
{
    const EventStore &s = t.trace->store;
    std::vector<Token> out;
    out.reserve(l.kernels.size());
    for (uint32_t id : l.kernels) {
        const int32_t cpu = t.attribution.cpuOp[id];
        out.push_back({side.ofClass[t.classes.classOfKernel[id]], stringToken(t, side, s.kernels.name[id]),
                       cpu < 0 ? 0 : stringToken(t, side, s.cpuOps.name[size_t(cpu)]),
                       functorToken(t, side, s.kernels.name[id])});
    }
    return out;
}

// 0 means "must not pair": such kernels become two one-sided steps.
int KernelAligner::score(const Token &x, const Token &y) const
{
    const bool sameCpuOp = x.cpuOp != 0 && x.cpuOp == y.cpuOp;
    if (x.op == y.op)
        return m_opWeight[x.op] + (x.name == y.name ? 2 : 0) + (sameCpuOp ? 1 : 0)
             + (x.functor != 0 && x.functor == y.functor ? 1 : 0);
    const bool activation = (m_activation[x.op] == Gated && m_activation[y.op] == Plain)
                         || (m_activation[x.op] == Plain && m_activation[y.op] == Gated);
    if (activation)
        return 6 + (sameCpuOp ? 1 : 0);
    if ((m_heavyParts[x.op] & m_heavy[y.op]) || (m_heavyParts[y.op] & m_heavy[x.op]))
        return 8 + (sameCpuOp ? 1 : 0);
    return sameCpuOp ? 1 : 0;
}

// Among a run of alike kernels (three identical Q/K/V GEMMs against two) any one may be the
// unpaired one: the alignment's tie-break picks one end. A kernel changed next to the run (a fused
// kernel) tells which: the one-sided kernel is moved to the end of the run that touches it.
void KernelAligner::slideGaps(std::vector<AlignStep> &steps, const std::vector<Token> &sx, const std::vector<Token> &sy)
{
    auto paired = [&](size_t i) { return steps[i].a >= 0 && steps[i].b >= 0; };
    auto changed = [&](size_t i) { return paired(i) && sx[size_t(steps[i].a)].name != sy[size_t(steps[i].b)].name; };
    const size_t n = steps.size();
    for (size_t g = 0; g < n; ++g) {
        if (paired(g))
            continue;
        const bool gapOnB = steps[g].a >= 0;  // the one-sided kernel is on side A
        int32_t AlignStep::*own = gapOnB ? &AlignStep::a : &AlignStep::b;
        int32_t AlignStep::*other = gapOnB ? &AlignStep::b : &AlignStep::a;
        const std::vector<Token> &so = gapOnB ? sx : sy, &st = gapOnB ? sy : sx;
        // Paired like the run's first step, with a kernel alike the one-sided kernel.
        auto alike = [&](size_t i, size_t ref) {
            return paired(i) && so[size_t(steps[i].*own)] == so[size_t(steps[g].*own)]
                && st[size_t(steps[i].*other)] == st[size_t(steps[ref].*other)];
        };
        for (int dir : {+1, -1}) {
            const size_t first = size_t(int(g) + dir);
            if (first >= n || !alike(first, first))
                continue;
            size_t end = first;
            while (size_t(int(end) + dir) < n && alike(size_t(int(end) + dir), first))
                end = size_t(int(end) + dir);
            const size_t next = size_t(int(end) + dir);
            if (next >= n || !changed(next))
                continue;
            // Each kernel of the run takes its neighbour's partner; the run's far end goes unpaired.
            for (size_t i = g; i != end; i = size_t(int(i) + dir))
                steps[i].*other = steps[size_t(int(i) + dir)].*other;
            steps[end].*other = -1;
            break;
        }
    }
}

const std::vector<AlignStep> &KernelAligner::steps(const Layer &la, const Layer &lb)
{
    auto key = std::make_pair(tokensOf(m_a, m_sideA, la), tokensOf(m_b, m_sideB, lb));
    auto it = m_alignments.find(key);
    if (it == m_alignments.end()) {
        const std::vector<Token> &sx = key.first, &sy = key.second;
        auto steps = alignWeighted(sx.size(), sy.size(), [&](size_t i, size_t j) { return score(sx[i], sy[j]); });
        slideGaps(steps, sx, sy);
        it = m_alignments.emplace(std::move(key), std::move(steps)).first;
    }
    return it->second;
}

std::vector<KernelPair> KernelAligner::pairs(const Layer &la, const Layer &lb, const std::vector<AlignStep> &steps) const
{
    const auto rolesA = gemmRoles(m_a, la), rolesB = gemmRoles(m_b, lb);
    const EventStore &sa = m_a.trace->store, &sb = m_b.trace->store;
    std::vector<KernelPair> out;
    out.reserve(steps.size());
    for (const AlignStep &s : steps) {
        KernelPair p;
        if (s.a >= 0) {
            const uint32_t id = la.kernels[size_t(s.a)];
            p.aKernels.push_back(id);
            p.aName = sa.str(sa.kernels.name[id]);
            p.aTotal = sa.kernels.dur[id];
            p.op = m_a.classes.opOf(id);
            p.detail = rolesA[size_t(s.a)];
        }
        if (s.b >= 0) {
            const uint32_t id = lb.kernels[size_t(s.b)];
            p.bKernels.push_back(id);
            p.bName = sb.str(sb.kernels.name[id]);
            p.bTotal = sb.kernels.dur[id];
            if (p.op.empty())
                p.op = m_b.classes.opOf(id);
            if (p.detail.empty())
                p.detail = rolesB[size_t(s.b)];
        }
        p.sameKernel = !p.isGap() && p.aName == p.bName;
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace fusion
