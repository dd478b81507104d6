#include "fusion/windowedges.h"

#include <algorithm>
#include <map>

namespace fusion {

std::string layerClass(const std::string &name)
{
    size_t end = name.size();
    while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9')
        --end;
    if (end == name.size() || end == 0)
        return name;
    if (name[end - 1] == '_' || name[end - 1] == ' ')
        --end;
    return name.substr(0, end);
}

namespace {

using ClassKey = std::pair<Stage, std::string>;

struct ClassStats {
    std::vector<uint32_t> counts;
    uint32_t median = 0;
    bool uniform = false;  // most layers hold exactly the median number of kernels
};

void finish(std::map<ClassKey, ClassStats> &classes)
{
    for (auto &[key, s] : classes) {
        std::vector<uint32_t> v = s.counts;
        std::nth_element(v.begin(), v.begin() + long(v.size() / 2), v.end());
        s.median = v[v.size() / 2];
        const auto atMedian = std::count(s.counts.begin(), s.counts.end(), s.median);
        s.uniform = s.counts.size() >= 3 && 4 * size_t(atMedian) >= 3 * s.counts.size();
    }
}

std::string describe(const char *which, uint32_t n, uint32_t median)
{
    return std::string(which) + " holds " + std::to_string(n) + " kernels where the layers of its class hold "
           + std::to_string(median);
}

} // namespace

std::vector<LeftOutLayer> windowEdges(const AnalyzedTrace &a, const AnalyzedTrace &b, const LayerAlignment &layers)
{
    std::map<ClassKey, ClassStats> classA, classB;
    std::map<ClassKey, std::vector<int64_t>> diffs;  // per class: kernel-count difference A − B per pair
    int32_t firstA = INT32_MAX, lastA = -1, firstB = INT32_MAX, lastB = -1;
    auto keyOf = [](const Layer &l) { return ClassKey{l.stage, layerClass(l.name)}; };
    for (const LayerPair &p : layers.pairs) {
        if (p.a < 0 || p.b < 0)
            continue;
        const Layer &la = a.layers.layers[size_t(p.a)], &lb = b.layers.layers[size_t(p.b)];
        classA[keyOf(la)].counts.push_back(p.aKernels);
        classB[keyOf(lb)].counts.push_back(p.bKernels);
        diffs[keyOf(la)].push_back(int64_t(p.aKernels) - int64_t(p.bKernels));
        firstA = std::min(firstA, p.a), lastA = std::max(lastA, p.a);
        firstB = std::min(firstB, p.b), lastB = std::max(lastB, p.b);
    }
    finish(classA);
    finish(classB);
    std::vector<LeftOutLayer> out;
    for (uint32_t i = 0; i < layers.pairs.size(); ++i) {
        const LayerPair &p = layers.pairs[i];
        if (p.a < 0 || p.b < 0)
            continue;
        const Layer &la = a.layers.layers[size_t(p.a)], &lb = b.layers.layers[size_t(p.b)];
        const ClassStats &sa = classA[keyOf(la)], &sb = classB[keyOf(lb)];
        std::vector<int64_t> d = diffs[keyOf(la)];
        std::nth_element(d.begin(), d.begin() + long(d.size() / 2), d.end());
        const int64_t usual = d[d.size() / 2];
        // Layers whose kernel counts differ as the class's layers usually do hold no cut.
        if (int64_t(p.aKernels) - int64_t(p.bKernels) == usual)
            continue;
        // A layer at either end of a trace with fewer kernels than its siblings was cut.
        auto edge = [&](TraceSide side, int32_t index, int32_t first, int32_t last, uint32_t n, const ClassStats &s) {
            if ((index != first && index != last) || n >= s.median)
                return false;
            out.push_back({i, side, describe(index == first ? "the first layer" : "the last layer", n, s.median)});
            return true;
        };
        if (edge(TraceSide::A, p.a, firstA, lastA, p.aKernels, sa) || edge(TraceSide::B, p.b, firstB, lastB, p.bKernels, sb))
            continue;
        // Elsewhere, only a class whose layers are alike tells an odd layer from a real difference.
        if (!sa.uniform || !sb.uniform)
            continue;
        if (p.aKernels != sa.median)
            out.push_back({i, TraceSide::A, describe("the layer", p.aKernels, sa.median)});
        else if (p.bKernels != sb.median)
            out.push_back({i, TraceSide::B, describe("the layer", p.bKernels, sb.median)});
    }
    return out;
}

} // namespace fusion
