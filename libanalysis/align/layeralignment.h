#pragma once
// The layers of two analysed traces paired up (the same block instance, or the same op mix), and
// inside each pair the kernels aligned one to one: what the comparison's tables and the fusion
// findings are derived from.
#include "align/kernelalignment.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

class TaskPool;

struct LayerPair {
    int32_t a = -1, b = -1;              // layer indices, -1 for a one-sided layer
    Ns aTotal = 0, bTotal = 0;
    uint32_t aKernels = 0, bKernels = 0;
    std::vector<KernelPair> kernels;     // aligned kernels inside the layer pair
};

struct LayerAlignment {
    std::vector<LayerPair> pairs;
    std::string method;                  // e.g. "module scope / module scope"
};

// Pairs the layers of one stage (Stage::All: every layer) and aligns the kernels of each pair.
// progress gets 0.1..0.7 and returns false to cancel (throws Cancelled). Half of the layer pairs
// are aligned on the pool's helper, or on a thread of their own without a pool.
LayerAlignment alignLayers(const AnalyzedTrace &a, const AnalyzedTrace &b, Stage stage,
                           const std::function<bool(double)> &progress, TaskPool *pool = nullptr);

} // namespace fusion
