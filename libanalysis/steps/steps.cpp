#include "steps/steps.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace fusion {

std::optional<int64_t> profilerStepNumber(std::string_view name)
{
    constexpr std::string_view prefix = "ProfilerStep#";
    if (name.substr(0, prefix.size()) != prefix || name.size() == prefix.size() || name.size() > prefix.size() + 18)
        return std::nullopt;
    int64_t n = 0;
    for (char c : name.substr(prefix.size())) {
        if (c < '0' || c > '9')
            return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

namespace {

using TimeSpan = std::pair<Ns, Ns>;  // [start, end)

Ns unionLength(std::vector<TimeSpan> &spans)
{
    std::sort(spans.begin(), spans.end());
    Ns total = 0, curStart = 0, curEnd = 0;
    bool open = false;
    for (const auto &[s, e] : spans) {
        if (open && s <= curEnd) {
            curEnd = std::max(curEnd, e);
            continue;
        }
        if (open)
            total += curEnd - curStart;
        curStart = s;
        curEnd = e;
        open = true;
    }
    return open ? total + curEnd - curStart : 0;
}

// Length of the union of `what` that the union of `cover` leaves uncovered.
Ns exposedLength(std::vector<TimeSpan> what, std::vector<TimeSpan> cover)
{
    std::vector<TimeSpan> both = what;
    both.insert(both.end(), cover.begin(), cover.end());
    return unionLength(both) - unionLength(cover);
}

// The GPU operations of one step (or of none), gathered per device before they are measured.
struct Gather {
    struct Device {
        std::vector<TimeSpan> all, compute, comm, memcpy;
    };
    std::map<int32_t, Device> devices;
    uint32_t kernels = 0;
    Ns kernelTime = 0;

    GpuTime measure()
    {
        GpuTime t;
        t.kernels = kernels;
        t.kernelTime = kernelTime;
        for (auto &[device, d] : devices) {
            if (d.all.empty())
                continue;
            Ns first = d.all.front().first, last = d.all.front().second;
            for (const TimeSpan &s : d.all) {
                first = std::min(first, s.first);
                last = std::max(last, s.second);
            }
            t.span += last - first;
            std::vector<TimeSpan> computeOrComm = d.compute;
            computeOrComm.insert(computeOrComm.end(), d.comm.begin(), d.comm.end());
            t.exposedComm += exposedLength(d.comm, d.compute);
            t.exposedMemcpy += exposedLength(d.memcpy, computeOrComm);
            t.busy += unionLength(d.all);
            t.comm += unionLength(d.comm);
            t.memcpy += unionLength(d.memcpy);
        }
        t.idle = t.span - t.busy;
        return t;
    }
};

} // namespace

TraceSteps detectSteps(const Trace &trace, const TraceClassification &classes)
{
    const EventStore &s = trace.store;
    const AnnotationTable &a = s.annotations;
    TraceSteps out;
    out.ofKernel.assign(s.kernels.size(), -1);

    // One step per number: its GPU window when the GPU side recorded one, else the CPU window.
    struct Windows {
        std::optional<uint32_t> gpu, cpu;
    };
    std::map<int64_t, Windows> byNumber;
    for (uint32_t i = 0; i < a.size(); ++i)
        if (const auto n = profilerStepNumber(s.str(a.name[i]))) {
            auto &w = byNumber[*n];
            auto &slot = a.onGpu[i] ? w.gpu : w.cpu;
            if (!slot || a.dur[i] > a.dur[*slot])
                slot = i;
        }
    bool anyGpu = false, anyCpu = false;
    for (const auto &[number, w] : byNumber) {
        const uint32_t row = w.gpu ? *w.gpu : *w.cpu;
        (w.gpu ? anyGpu : anyCpu) = true;
        Step st{std::string(s.str(a.name[row])), number, a.start[row], a.dur[row], bool(w.gpu), 0, 0, {}};
        if (w.cpu) {
            st.cpuStart = a.start[*w.cpu];
            st.cpuDur = a.dur[*w.cpu];
        }
        out.steps.push_back(std::move(st));
    }
    std::sort(out.steps.begin(), out.steps.end(), [](const Step &x, const Step &y) {
        return x.start != y.start ? x.start < y.start : x.number < y.number;
    });
    out.method = anyGpu && anyCpu ? "ProfilerStep (GPU and CPU annotations)"
                 : anyGpu         ? "ProfilerStep (GPU annotation)"
                 : anyCpu         ? "ProfilerStep (CPU annotation)"
                                  : "none";

    // Steps do not overlap, so a walk back from the last step starting before t finds its step.
    auto stepAt = [&](Ns t, bool gpuWindow, bool cpuOnly) -> int32_t {
        for (size_t i = out.steps.size(); i-- > 0;) {
            const Step &st = out.steps[i];
            const Ns from = gpuWindow ? (st.onGpu ? st.start : -1) : st.cpuStart;
            const Ns len = gpuWindow ? (st.onGpu ? st.dur : 0) : st.cpuDur;
            if (len <= 0 || (cpuOnly && st.onGpu))
                continue;
            if (t >= from && t < from + len)
                return int32_t(i);
        }
        return -1;
    };
    const bool anyCpuWindow = std::any_of(out.steps.begin(), out.steps.end(), [](const Step &st) { return st.cpuDur > 0; });
    std::unordered_map<int64_t, Ns> launchAt;
    for (uint32_t i = 0; i < s.launches.size() && anyCpuWindow; ++i)
        if (s.launches.correlation[i] != kNone)
            launchAt.try_emplace(s.launches.correlation[i], s.launches.start[i]);
    auto stepOf = [&](Ns start, int64_t correlation) -> int32_t {
        if (out.steps.empty())
            return -1;
        if (const int32_t g = anyGpu ? stepAt(start, true, false) : -1; g >= 0)
            return g;
        if (const auto it = launchAt.find(correlation); it != launchAt.end())
            return stepAt(it->second, false, false);
        return stepAt(start, false, true);
    };

    std::vector<Gather> perStep(out.steps.size());
    Gather outside;
    const GpuOpTable &k = s.kernels;
    for (uint32_t i = 0; i < k.size(); ++i) {
        const int32_t st = stepOf(k.start[i], k.correlation[i]);
        out.ofKernel[i] = st;
        Gather &g = st >= 0 ? perStep[size_t(st)] : outside;
        auto &d = g.devices[k.device[i]];
        const TimeSpan span{k.start[i], k.end(i)};
        d.all.push_back(span);
        (classes.ofKernel(i).category == "communication" ? d.comm : d.compute).push_back(span);
        ++g.kernels;
        g.kernelTime += k.dur[i];
    }
    const GpuOpTable &m = s.memOps;
    for (uint32_t i = 0; i < m.size(); ++i) {
        const int32_t st = stepOf(m.start[i], m.correlation[i]);
        auto &d = (st >= 0 ? perStep[size_t(st)] : outside).devices[m.device[i]];
        const TimeSpan span{m.start[i], m.end(i)};
        d.all.push_back(span);
        (m.kind[i] == GpuKind::Memcpy ? d.memcpy : d.compute).push_back(span);
    }
    for (size_t i = 0; i < out.steps.size(); ++i)
        out.steps[i].time = perStep[i].measure();
    out.outside = outside.measure();
    return out;
}

bool parseScope(std::string_view s, Scope::Kind &out)
{
    if (s == "steps")
        out = Scope::Kind::Steps;
    else if (s == "all")
        out = Scope::Kind::All;
    else
        return false;
    return true;
}

std::vector<uint8_t> scopeMask(const TraceSteps &steps, const Scope &scope)
{
    if (scope.kind == Scope::Kind::All || steps.steps.empty())
        return {};
    std::vector<uint8_t> mask(steps.ofKernel.size(), 0);
    for (size_t i = 0; i < mask.size(); ++i) {
        const int32_t st = steps.ofKernel[i];
        mask[i] = st >= 0 && (!scope.step || steps.steps[size_t(st)].number == *scope.step);
    }
    return mask;
}

const char *scopeName(const TraceSteps &steps, const Scope &scope)
{
    if (scope.kind == Scope::Kind::All || steps.steps.empty())
        return "all";
    return scope.step ? "step" : "steps";
}

std::string describeScope(const TraceSteps &steps, const Scope &scope)
{
    if (scope.kind == Scope::Kind::All)
        return "all";
    if (steps.steps.empty())
        return "all (no steps)";
    if (scope.step)
        return "step " + std::to_string(*scope.step);
    return "steps (" + std::to_string(steps.steps.size()) + ")";
}

StepStats stepStats(const TraceSteps &steps, const std::optional<int64_t> &only)
{
    std::vector<Ns> spans;
    for (const Step &st : steps.steps)
        if (!only || st.number == *only)
            spans.push_back(st.time.span);
    StepStats out;
    out.count = spans.size();
    if (spans.empty())
        return out;
    std::sort(spans.begin(), spans.end());
    Ns sum = 0;
    for (Ns v : spans)
        sum += v;
    out.mean = sum / Ns(spans.size());
    out.min = spans.front();
    out.max = spans.back();
    out.median = spans.size() % 2 ? spans[spans.size() / 2] : (spans[spans.size() / 2 - 1] + spans[spans.size() / 2]) / 2;
    return out;
}

} // namespace fusion
