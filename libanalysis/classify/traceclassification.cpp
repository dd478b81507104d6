#include "classify/traceclassification.h"

#include <unordered_map>

namespace fusion {

namespace {
// Two names fall into one class when every field agrees (captures can make details differ).
std::string classKey(const KernelClass &c)
{
    std::string k;
    for (const std::string *f : {&c.op, &c.category, &c.vendor, &c.library, &c.hardware, &c.phase, &c.fusedWith,
                                 &c.detail, &c.notes, &c.pattern, &c.source}) {
        k += *f;
        k += '\x1f';
    }
    return k + std::to_string(c.rule);
}
} // namespace

TraceClassification classifyTrace(const Trace &trace, const KernelRegistry &registry)
{
    const EventStore &st = trace.store;
    const GpuOpTable &k = st.kernels;
    TraceClassification out;
    out.classOfName.assign(st.strings.size(), TraceClassification::kNoClass);
    out.classOfKernel.resize(k.size());

    // One registry lookup per distinct name: the kernel table repeats a few hundred names.
    std::unordered_map<std::string, uint32_t> classIndex;
    Ns total = 0, classified = 0;
    for (size_t i = 0; i < k.size(); ++i) {
        uint32_t &idx = out.classOfName[k.name[i]];
        if (idx == TraceClassification::kNoClass) {
            KernelClass c = registry.classify(st.str(k.name[i]), trace.info.platform);
            auto [it, added] = classIndex.emplace(classKey(c), uint32_t(out.classes.size()));
            if (added)
                out.classes.push_back(std::move(c));
            idx = it->second;
        }
        out.classOfKernel[i] = idx;
        total += k.dur[i];
        if (!out.classes[idx].isOther())
            classified += k.dur[i];
    }
    out.classifiedShare = total > 0 ? double(classified) / double(total) : 0.0;
    return out;
}

} // namespace fusion
