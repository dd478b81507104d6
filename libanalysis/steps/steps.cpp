#include "steps/steps.h"

#include "util/intervalforest.h"
#include "util/timespans.h"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <tuple>

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

    void addKernel(const GpuOpTable &k, uint32_t i, bool communication)
    {
        Device &d = devices[k.device[i]];
        d.all.push_back({k.start[i], k.end(i)});
        (communication ? d.comm : d.compute).push_back(d.all.back());
        ++kernels;
        kernelTime += k.dur[i];
    }
    void addMemOp(const GpuOpTable &m, uint32_t i)
    {
        Device &d = devices[m.device[i]];
        d.all.push_back({m.start[i], m.end(i)});
        (m.kind[i] == GpuKind::Memcpy ? d.memcpy : d.compute).push_back(d.all.back());
    }

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

// When the first launch of each correlation id started. The ids count up from small numbers in the
// traces seen, so a table indexed by id does what a hash map did at a fraction of its cost (351 k
// launches of a 1 GB trace: 0.14 s to fill the map and about as long to free it); sparse ids fall
// back to a sorted array.
class LaunchTimes {
public:
    explicit LaunchTimes(const LaunchTable &l)
    {
        size_t n = 0;
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (int64_t c : l.correlation)
            if (c != kNone) {
                ++n;
                lo = std::min(lo, c);
                hi = std::max(hi, c);
            }
        if (n == 0)
            return;
        if (uint64_t(hi) - uint64_t(lo) < 4 * uint64_t(n)) {
            m_lo = lo;
            m_dense.assign(size_t(uint64_t(hi) - uint64_t(lo)) + 1, kAbsent);
            for (size_t i = 0; i < l.size(); ++i)
                if (const int64_t c = l.correlation[i]; c != kNone && m_dense[offset(c)] == kAbsent)
                    m_dense[offset(c)] = l.start[i];
            return;
        }
        m_sparse.reserve(n);
        for (size_t i = 0; i < l.size(); ++i)
            if (l.correlation[i] != kNone)
                m_sparse.emplace_back(l.correlation[i], l.start[i]);
        // Stable, so that of several launches with one id the first in the trace is found. A trace
        // lists a thread's launches in time, so their ids usually come in order already: checked
        // first, since a merge sort takes its twenty passes (and a buffer) over sorted input too.
        const auto byId = [](const auto &a, const auto &b) { return a.first < b.first; };
        if (!std::is_sorted(m_sparse.begin(), m_sparse.end(), byId))
            std::stable_sort(m_sparse.begin(), m_sparse.end(), byId);
    }

    std::optional<Ns> find(int64_t correlation) const
    {
        if (correlation == kNone)
            return std::nullopt;
        if (!m_dense.empty()) {
            const size_t k = offset(correlation);  // wraps to huge below m_lo
            if (k >= m_dense.size() || m_dense[k] == kAbsent)
                return std::nullopt;
            return m_dense[k];
        }
        const auto it = std::lower_bound(m_sparse.begin(), m_sparse.end(), correlation,
                                         [](const auto &e, int64_t c) { return e.first < c; });
        if (it == m_sparse.end() || it->first != correlation)
            return std::nullopt;
        return it->second;
    }

private:
    static constexpr Ns kAbsent = INT64_MIN;  // no launch starts there
    size_t offset(int64_t c) const { return size_t(uint64_t(c) - uint64_t(m_lo)); }

    int64_t m_lo = 0;
    std::vector<Ns> m_dense;
    std::vector<std::pair<int64_t, Ns>> m_sparse;
};

// Without ProfilerStep annotations, an iteration is often still marked: a training loop's
// "## forward ##" range, a server's "execute_model" call. The name the most top-level CPU annotations
// (not inside another one on their thread) share, at least twice, marks the steps: each runs from one
// occurrence's start to the next one's, the last to the end of the last top-level range after it.
std::vector<Step> repeatedAnnotationSteps(const EventStore &s, std::string &name)
{
    const AnnotationTable &a = s.annotations;
    std::vector<uint32_t> rows;
    for (uint32_t i = 0; i < a.size(); ++i)
        if (!a.onGpu[i])
            rows.push_back(i);
    std::sort(rows.begin(), rows.end(), [&](uint32_t x, uint32_t y) {
        return std::make_tuple(a.pid[x], a.tid[x], a.start[x], -a.dur[x]) < std::make_tuple(a.pid[y], a.tid[y], a.start[y], -a.dur[y]);
    });
    std::vector<uint32_t> top;
    Ns openUntil = 0;
    for (size_t k = 0; k < rows.size(); ++k) {
        const uint32_t i = rows[k];
        const bool newThread = k == 0 || a.pid[i] != a.pid[rows[k - 1]] || a.tid[i] != a.tid[rows[k - 1]];
        if (newThread || a.start[i] >= openUntil) {
            top.push_back(i);
            openUntil = a.start[i] + a.dur[i];
        }
    }
    std::map<StrId, std::pair<size_t, Ns>> byName;  // count, first start
    for (uint32_t i : top) {
        auto [it, fresh] = byName.try_emplace(a.name[i], 0, a.start[i]);
        ++it->second.first;
        it->second.second = std::min(it->second.second, a.start[i]);
    }
    const std::pair<const StrId, std::pair<size_t, Ns>> *best = nullptr;
    for (const auto &entry : byName)
        if (entry.second.first >= 2
            && (!best || entry.second.first > best->second.first
                || (entry.second.first == best->second.first && entry.second.second < best->second.second)))
            best = &entry;
    if (!best)
        return {};
    name = std::string(s.str(best->first));
    std::vector<Ns> starts;
    Ns lastEnd = 0;
    for (uint32_t i : top)
        if (a.name[i] == best->first)
            starts.push_back(a.start[i]);
    std::sort(starts.begin(), starts.end());
    for (uint32_t i : top)
        if (a.start[i] >= starts.back())
            lastEnd = std::max(lastEnd, a.start[i] + a.dur[i]);
    std::vector<Step> out;
    for (size_t k = 0; k < starts.size(); ++k) {
        const Ns end = k + 1 < starts.size() ? starts[k + 1] : lastEnd;
        Step st{name + " #" + std::to_string(k), int64_t(k), starts[k], end - starts[k], false, starts[k], end - starts[k], {}};
        out.push_back(std::move(st));
    }
    return out;
}

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
    if (out.steps.empty()) {
        std::string name;
        out.steps = repeatedAnnotationSteps(s, name);
        if (!out.steps.empty())
            out.method = "repeated annotation '" + name + "'";
    }

    // The windows of each kind in interval forests: a kernel's lookup is a binary search, not a walk
    // over every step (traces of long runs hold thousands of steps and millions of kernels).
    IntervalForest gpuWindows, cpuWindows, cpuOnlyWindows;
    {
        std::vector<IntervalForest::Interval> gpu, cpu, cpuOnly;
        for (uint32_t i = 0; i < out.steps.size(); ++i) {
            const Step &st = out.steps[i];
            if (st.onGpu && st.dur > 0)
                gpu.push_back({{0, 0}, st.start, st.start + st.dur - 1, i});  // inclusive ends: [start, end)
            if (st.cpuDur > 0) {
                cpu.push_back({{0, 0}, st.cpuStart, st.cpuStart + st.cpuDur - 1, i});
                if (!st.onGpu)
                    cpuOnly.push_back(cpu.back());
            }
        }
        gpuWindows.build(std::move(gpu));
        cpuWindows.build(std::move(cpu));
        cpuOnlyWindows.build(std::move(cpuOnly));
    }
    auto stepAt = [](const IntervalForest &windows, Ns t) -> int32_t {
        if (!windows.size())
            return -1;
        const int32_t n = windows.innermost({0, 0}, t);
        return n == IntervalForest::npos ? -1 : int32_t(windows.node(n).id);
    };
    const bool anyCpuWindow = std::any_of(out.steps.begin(), out.steps.end(), [](const Step &st) { return st.cpuDur > 0; });
    const LaunchTimes launchAt(anyCpuWindow ? s.launches : LaunchTable{});
    auto stepOf = [&](Ns start, int64_t correlation) -> int32_t {
        if (out.steps.empty())
            return -1;
        if (const int32_t g = stepAt(gpuWindows, start); g >= 0)
            return g;
        if (const std::optional<Ns> launched = launchAt.find(correlation))
            return stepAt(cpuWindows, *launched);
        return stepAt(cpuOnlyWindows, start);
    };

    std::vector<Gather> perStep(out.steps.size());
    Gather outside;
    const GpuOpTable &k = s.kernels;
    for (uint32_t i = 0; i < k.size(); ++i) {
        const int32_t st = stepOf(k.start[i], k.correlation[i]);
        out.ofKernel[i] = st;
        (st >= 0 ? perStep[size_t(st)] : outside).addKernel(k, i, classes.ofKernel(i).category == "communication");
    }
    const GpuOpTable &m = s.memOps;
    out.ofMemOp.assign(m.size(), -1);
    for (uint32_t i = 0; i < m.size(); ++i) {
        const int32_t st = stepOf(m.start[i], m.correlation[i]);
        out.ofMemOp[i] = st;
        (st >= 0 ? perStep[size_t(st)] : outside).addMemOp(m, i);
    }
    for (size_t i = 0; i < out.steps.size(); ++i)
        out.steps[i].time = perStep[i].measure();
    out.outside = outside.measure();
    return out;
}

GpuTime scopeGpuTime(const Trace &trace, const TraceClassification &classes, const TraceSteps &steps, const Scope &scope)
{
    GpuTime sum;
    if (scope.kind == Scope::Kind::Steps && !steps.steps.empty()) {
        for (const Step &st : steps.steps) {
            if (scope.step && st.number != *scope.step)
                continue;
            const GpuTime &t = st.time;
            sum.kernels += t.kernels;
            sum.kernelTime += t.kernelTime;
            sum.span += t.span;
            sum.busy += t.busy;
            sum.idle += t.idle;
            sum.comm += t.comm;
            sum.exposedComm += t.exposedComm;
            sum.memcpy += t.memcpy;
            sum.exposedMemcpy += t.exposedMemcpy;
        }
        return sum;
    }
    Gather all;
    const GpuOpTable &k = trace.store.kernels, &m = trace.store.memOps;
    for (uint32_t i = 0; i < k.size(); ++i)
        all.addKernel(k, i, classes.ofKernel(i).category == "communication");
    for (uint32_t i = 0; i < m.size(); ++i)
        all.addMemOp(m, i);
    return all.measure();
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

uint32_t stepsInScope(const TraceSteps &steps, const Scope &scope)
{
    if (scope.kind == Scope::Kind::All || scope.step || steps.steps.empty())
        return 1;
    return uint32_t(steps.steps.size());
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
