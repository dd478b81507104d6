#pragma once
// The kernels of two aligned layers, aligned one to one (weighted Needleman–Wunsch): what the
// comparison tables show and what fusion findings are derived from.
#include "util/sequencealign.h"
#include "analyzed/analyzedtrace.h"

#include <map>
#include <tuple>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

struct KernelPair {
    std::string op;                      // operation (both sides agree, or the side present)
    std::string detail;                  // QKV / O / FFN up / FFN down / … when it can be told
    std::vector<uint32_t> aKernels, bKernels;  // kernel ids (empty on a gap side)
    // Representative raw names ("" on a gap side): views of the traces' interned strings, which a
    // Comparison keeps alive (a long one pairs hundreds of thousands of kernels, whose names,
    // copied, came to 150 MB on two 1 GB traces).
    std::string_view aName, bName;
    Ns aTotal = 0, bTotal = 0;
    bool sameKernel = false;             // identical kernel names on both sides
    bool isGap() const { return aKernels.empty() || bKernels.empty(); }
    double ratio() const { return aTotal > 0 && bTotal > 0 ? double(bTotal) / double(aTotal) : 0.0; }  // B / A
};

// Aligns the kernels of layer pairs. What a pair is worth, most telling first: the same kernel
// name, then the same operation launched by a CPU op of the same name and computing the same ATen
// functor (CUDAFunctor_add<BFloat16> is the residual add on either vendor; CUDAFunctorOnSelf_add<float>
// the norm's epsilon), then the same operation
// (GEMMs, attention and fused ops anchor; elementwise and memory kernels weigh little), then a fused
// kernel against the GEMM or attention kernel it contains (a SwiGLU+GEMM kernel takes the place of
// the up-projection GEMM, so the separate activation stays one-sided), then only the same launching
// CPU op (a fused kernel keeps the CPU op of the first kernel it replaces).
// Kernels are reduced to tokens of what the score reads, and a trace repeats a few layer shapes
// many times: each pair of token sequences is aligned once.
class KernelAligner {
public:
    KernelAligner(const AnalyzedTrace &a, const AnalyzedTrace &b);
    std::vector<KernelPair> align(const Layer &x, const Layer &y) { return pairs(x, y, steps(x, y)); }

    // The two halves of align: the steps pairing the layers' kernels (memoised: the reference stays
    // valid while the aligner lives), and the kernel pairs they make. The pairs allocate a little
    // for every kernel, the steps hardly at all: where two threads align, the steps run on both
    // and the pairs on one, so that the threads do not queue for malloc's lock.
    const std::vector<AlignStep> &steps(const Layer &x, const Layer &y);
    std::vector<KernelPair> pairs(const Layer &x, const Layer &y, const std::vector<AlignStep> &steps) const;

private:
    struct Token {
        // Ids shared by both traces; cpuOp and functor 0: unknown.
        uint32_t op = 0, name = 0, cpuOp = 0, functor = 0;
        bool operator<(const Token &o) const
        {
            return std::tie(op, name, cpuOp, functor) < std::tie(o.op, o.name, o.cpuOp, o.functor);
        }
        bool operator==(const Token &) const = default;
    };
    // Per trace: token ids of its classes and of its interned strings (kernel and CPU op names),
    // filled on first use so that the strings are looked up once, not once per kernel.
    struct SideTokens {
        std::vector<uint32_t> ofClass, ofString, functorOfName;
    };
    std::vector<Token> tokensOf(const AnalyzedTrace &t, SideTokens &side, const Layer &l);
    uint32_t stringToken(const AnalyzedTrace &t, SideTokens &side, StrId s);
    uint32_t functorToken(const AnalyzedTrace &t, SideTokens &side, StrId name);
    int score(const Token &x, const Token &y) const;
    static void slideGaps(std::vector<AlignStep> &steps, const std::vector<Token> &sx, const std::vector<Token> &sy);

    const AnalyzedTrace &m_a, &m_b;
    SideTokens m_sideA, m_sideB;
    std::map<std::string, uint32_t> m_opIds, m_stringIds;  // string id 0: no known CPU op
    std::map<std::string, uint32_t> m_functorIds;          // functor id 0: none
    std::vector<int> m_opWeight;       // per op id
    std::vector<uint8_t> m_activation; // per op id: none, gated, plain
    std::vector<uint8_t> m_heavy;      // per op id: bit 0 a GEMM, bit 1 attention
    std::vector<uint8_t> m_heavyParts; // per op id: the heavy kinds a fused op contains
    std::map<std::pair<std::vector<Token>, std::vector<Token>>, std::vector<AlignStep>> m_alignments;
};

} // namespace fusion
