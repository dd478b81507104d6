#include "stages/stages.h"

#include "util/intervalforest.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <unordered_map>

namespace fusion {

const char *stageName(Stage s)
{
    switch (s) {
    case Stage::Prefill: return "prefill";
    case Stage::Decode: return "decode";
    case Stage::Outside: return "outside";
    case Stage::All: break;
    }
    return "all";
}

bool parseStage(std::string_view s, Stage &out)
{
    if (s == "all") out = Stage::All;
    else if (s == "prefill") out = Stage::Prefill;
    else if (s == "decode") out = Stage::Decode;
    else return false;
    return true;
}

namespace {

// A kernel more than this far from every stage window is left unstaged (20 ms: a server's gap between batches).
constexpr Ns kNearestWindow = 20'000'000;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The number right after `word` (as a whole token: "generation_1" does not match "generation_12").
std::optional<long> numberAfter(std::string_view s, std::string_view word)
{
    for (size_t at = s.find(word); at != std::string_view::npos; at = s.find(word, at + 1)) {
        size_t p = at + word.size();
        long n = 0;
        size_t digits = 0;
        while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p])) && digits < 9) {
            n = n * 10 + (s[p++] - '0');
            ++digits;
        }
        if (digits && (p == s.size() || !std::isdigit(static_cast<unsigned char>(s[p]))))
            return n;
    }
    return std::nullopt;
}

} // namespace

std::optional<Stage> stageOfAnnotation(std::string_view name)
{
    const std::string s = lower(name);
    const auto context = numberAfter(s, "context_");
    const auto generation = numberAfter(s, "generation_");
    if (context && generation) {
        // Batch-composition annotations ("execute_32_context_0(…)_generation_32(…)"): requests in
        // context (prefill) and generation (decode) phase. A mixed batch names no single stage.
        if (*context > 0 && *generation == 0)
            return Stage::Prefill;
        if (*context == 0 && *generation > 0)
            return Stage::Decode;
        return std::nullopt;
    }
    if ((generation && *generation == 1) || s.find("decode") != std::string::npos)
        return Stage::Decode;
    if ((generation && *generation == 0) || s.find("prefill") != std::string::npos
        || s.find("extend") != std::string::npos)
        return Stage::Prefill;
    return std::nullopt;
}

std::optional<Stage> stageOfPath(std::string_view path)
{
    const std::string s = lower(path);
    const bool prefill = s.find("prefill") != std::string::npos || s.find("extend") != std::string::npos;
    const bool decode = s.find("decode") != std::string::npos;
    if (prefill == decode)
        return std::nullopt;  // neither, or both (e.g. "prefill_vs_decode"): the path does not tell
    return prefill ? Stage::Prefill : Stage::Decode;
}

TraceStages detectStages(const Trace &trace)
{
    const EventStore &s = trace.store;
    const GpuOpTable &k = s.kernels;
    const AnnotationTable &a = s.annotations;
    TraceStages out;
    out.ofKernel.assign(k.size(), Stage::All);

    struct ById {
        Stage stage;
        bool onGpu;
        Ns dur;
    };
    std::unordered_map<int64_t, ById> byExternalId;
    std::vector<Stage> stageOfRow(a.size(), Stage::All);
    std::vector<IntervalForest::Interval> gpuWindows, cpuWindows;
    for (uint32_t i = 0; i < a.size(); ++i) {
        const auto stage = stageOfAnnotation(s.str(a.name[i]));
        if (!stage)
            continue;
        stageOfRow[i] = *stage;
        (a.onGpu[i] ? gpuWindows : cpuWindows).push_back({{0, 0}, a.start[i], a.start[i] + a.dur[i], i});
        if (a.externalId[i] != kNone) {
            // Seed 002: when several annotations share an id, the GPU one wins, then the longer.
            auto [it, fresh] = byExternalId.try_emplace(a.externalId[i], ById{*stage, bool(a.onGpu[i]), a.dur[i]});
            if (!fresh && (a.onGpu[i] != it->second.onGpu ? bool(a.onGpu[i]) : a.dur[i] > it->second.dur))
                it->second = {*stage, bool(a.onGpu[i]), a.dur[i]};
        }
    }

    if (gpuWindows.empty() && cpuWindows.empty()) {
        const std::string where = trace.path + (trace.source.member.empty() ? "" : "/" + trace.source.member);
        if (const auto stage = stageOfPath(where); stage && k.size()) {
            std::fill(out.ofKernel.begin(), out.ofKernel.end(), *stage);
            out.method = "file path";
            out.hasPrefill = *stage == Stage::Prefill;
            out.hasDecode = *stage == Stage::Decode;
        } else {
            out.method = "none";
        }
        return out;
    }

    IntervalForest gpu, cpu;
    gpu.build(std::move(gpuWindows));
    cpu.build(std::move(cpuWindows));
    // CPU windows are compared with the CPU side of a kernel (its launch), GPU windows with the
    // kernel itself: the GPU may run a step well after the CPU annotation that enqueued it closed.
    std::unordered_map<int64_t, uint32_t> launchOfCorrelation;
    if (cpu.size())
        for (uint32_t i = 0; i < s.launches.size(); ++i)
            if (s.launches.correlation[i] != kNone)
                launchOfCorrelation.try_emplace(s.launches.correlation[i], i);

    size_t byId = 0, byWindow = 0;
    for (size_t i = 0; i < k.size(); ++i) {
        int64_t externalId = k.externalId[i];
        Ns cpuTime = k.start[i];
        if (auto it = launchOfCorrelation.find(k.correlation[i]); it != launchOfCorrelation.end()) {
            cpuTime = s.launches.start[it->second];
            if (externalId == kNone)
                externalId = s.launches.externalId[it->second];
        }
        if (externalId != kNone)
            if (auto it = byExternalId.find(externalId); it != byExternalId.end()) {
                out.ofKernel[i] = it->second.stage;
                ++byId;
                continue;
            }
        const Ns gpuTime = k.start[i] + 1;  // just inside, like the frames: a window ending at the start does not count
        int32_t w = gpu.innermost({0, 0}, gpuTime);
        const IntervalForest *from = &gpu;
        if (w == IntervalForest::npos) {
            w = cpu.innermost({0, 0}, cpuTime);
            from = &cpu;
        }
        if (w == IntervalForest::npos) {
            int64_t gapGpu = 0, gapCpu = 0;
            const int32_t ng = gpu.nearest({0, 0}, gpuTime, gapGpu);
            const int32_t nc = cpu.nearest({0, 0}, cpuTime, gapCpu);
            if (ng != IntervalForest::npos && (nc == IntervalForest::npos || gapGpu <= gapCpu) && gapGpu <= kNearestWindow) {
                w = ng;
                from = &gpu;
            } else if (nc != IntervalForest::npos && gapCpu <= kNearestWindow) {
                w = nc;
                from = &cpu;
            }
        }
        if (w == IntervalForest::npos)
            continue;
        out.ofKernel[i] = stageOfRow[from->node(w).id];
        ++byWindow;
    }
    out.method = byId && byWindow ? "annotation (External id, time window)"
                 : byId           ? "annotation (External id)"
                 : byWindow       ? "annotation (time window)"
                                  : "none";
    for (Stage st : out.ofKernel) {
        out.hasPrefill = out.hasPrefill || st == Stage::Prefill;
        out.hasDecode = out.hasDecode || st == Stage::Decode;
    }
    return out;
}

void TraceStages::restrictTo(const std::vector<uint8_t> &inScope)
{
    if (inScope.empty())
        return;
    hasPrefill = hasDecode = false;
    for (size_t i = 0; i < ofKernel.size(); ++i) {
        if (i < inScope.size() && !inScope[i])
            ofKernel[i] = Stage::Outside;
        hasPrefill = hasPrefill || ofKernel[i] == Stage::Prefill;
        hasDecode = hasDecode || ofKernel[i] == Stage::Decode;
    }
}

} // namespace fusion
