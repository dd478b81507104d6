#pragma once
// What a kernel is: the operation it performs and where that knowledge came from.
#include "classify/opnames.h"

#include <string>

namespace fusion {

struct KernelClass {
    std::string op = "Other";   // e.g. "Dense GEMM", "Attention prefill", "RMSNorm+GEMM", "Other"
    std::string category;       // coarse family for triage: gemm, attention, norm, communication, …
    std::string vendor;         // nvidia | amd | both
    std::string library;        // cuBLAS, hipBLASLt, aiter, CUTLASS, Triton, …
    std::string hardware;       // GPU generation when the name tells (sm90, gfx942, …)
    std::string phase;          // prefill | decode | "" — attention kernels that only run in one phase
    std::string fusedWith;      // for fused kernels: what they fuse, e.g. "RMSNorm,Dense GEMM"
    // What a generic kernel computes, for fusion-family matching: the PyTorch functor of an
    // elementwise/reduce kernel ("pow", "rsqrt", "mul", "mean", "cat", "copy"...), the gate of a
    // SwiGLU ("silu"), a dtype ("fp8"), or the ops an Inductor Triton kernel fuses.
    std::string detail;
    std::string notes;
    int rule = -1;              // index of the registry entry that matched, -1: none
    std::string pattern;        // that entry's pattern
    std::string source;         // "file:line" of that entry
    bool isFused() const { return op.find('+') != std::string::npos; }
    bool isOther() const { return op == kOtherOp; }
};

} // namespace fusion
