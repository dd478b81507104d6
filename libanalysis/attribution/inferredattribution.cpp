#include "attribution/inferredattribution.h"
#include "util/tokenalign.h"

#include <algorithm>

namespace fusion {

InferencePlan planInference(const Trace &trace, const std::vector<AttributionKind> &kinds)
{
    InferencePlan plan;
    const GpuOpTable &k = trace.store.kernels;
    std::vector<uint32_t> unresolved, linked;
    for (uint32_t id = 0; id < k.size(); ++id) {
        if (kinds[id] == AttributionKind::Unresolved)
            unresolved.push_back(id);
        else if (kinds[id] == AttributionKind::ExternalId || kinds[id] == AttributionKind::Correlation)
            linked.push_back(id);
    }
    if (unresolved.empty() || linked.size() < 8)
        return plan;
    // Kernel names of one trace are interned, so equal ids mean the very same kernel: the names' ids
    // are the tokens aligned.
    std::vector<StrId> unresolvedName(unresolved.size()), linkedName(linked.size());
    for (size_t i = 0; i < unresolved.size(); ++i)
        unresolvedName[i] = k.name[unresolved[i]];
    for (size_t j = 0; j < linked.size(); ++j)
        linkedName[j] = k.name[linked[j]];
    const auto steps = alignTokens(unresolvedName, linkedName);
    plan.aligned = true;
    std::vector<int32_t> match(unresolved.size(), -1);
    for (const AlignStep &s : steps)
        if (s.a >= 0 && s.b >= 0)
            match[size_t(s.a)] = s.b;
    // Accept a match only inside a stretch that matches as a whole (≥70 % of its ±16 neighbours),
    // so that a lone elementwise kernel is not given a location by coincidence.
    constexpr int kWindow = 16;
    std::vector<int> prefix(unresolved.size() + 1, 0);
    for (size_t i = 0; i < unresolved.size(); ++i)
        prefix[i + 1] = prefix[i] + (match[i] >= 0);
    for (size_t i = 0; i < unresolved.size(); ++i) {
        if (match[i] < 0)
            continue;
        const size_t lo = i >= kWindow ? i - kWindow : 0;
        const size_t hi = std::min(unresolved.size(), i + kWindow + 1);
        if (double(prefix[hi] - prefix[lo]) < 0.7 * double(hi - lo))
            continue;
        plan.matches.emplace_back(unresolved[i], linked[size_t(match[i])]);
    }
    return plan;
}

size_t applyInference(const InferencePlan &plan, const Trace &trace, TraceAttribution &attr)
{
    if (!plan.aligned)
        return 0;
    for (const auto &[to, from] : plan.matches) {
        attr.kind[to] = AttributionKind::Inferred;
        attr.location[to] = attr.location[from];
        attr.scope[to] = attr.scope[from];
        attr.cpuOp[to] = attr.cpuOp[from];  // the same op type launched the matched kernel
    }
    attr.recomputeShares(trace.store.kernels);
    return plan.matches.size();
}

size_t inferAttributions(const Trace &trace, TraceAttribution &attr)
{
    return applyInference(planInference(trace, attr.kind), trace, attr);
}

} // namespace fusion
