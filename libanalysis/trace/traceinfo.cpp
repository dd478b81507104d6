#include "trace/traceinfo.h"

#include <algorithm>
#include <map>
#include <set>

namespace fusion {

const char *platformName(Platform p)
{
    switch (p) {
    case Platform::Nvidia: return "nvidia";
    case Platform::Amd: return "amd";
    case Platform::Unknown: break;
    }
    return "unknown";
}

const char *platformLabel(Platform p)
{
    switch (p) {
    case Platform::Nvidia: return "NVIDIA";
    case Platform::Amd: return "AMD";
    case Platform::Unknown: break;
    }
    return "unknown";
}

namespace {

void detectPlatform(const EventStore &s, TraceInfo &info)
{
    // The profiler itself runs on one vendor's GPUs only.
    if (s.format == TraceFormat::Rocprofv3 || s.format == TraceFormat::NsightSqlite) {
        info.platform = s.format == TraceFormat::Rocprofv3 ? Platform::Amd : Platform::Nvidia;
        info.platformReason = traceFormatLabel(s.format);
        return;
    }
    auto has = [&](const char *k) { return s.topLevel.count(k) > 0; };
    // AMD first: ROCm traces also carry CUDA-named keys and cats (Kineto reuses them).
    if (has("roctracer_version") || has("hip_runtime_version")) {
        info.platform = Platform::Amd;
        info.platformReason = has("roctracer_version") ? "top-level roctracer_version" : "top-level hip_runtime_version";
        return;
    }
    for (const DeviceProperties &d : s.devices)
        if (d.warpSize == 64) {
            info.platform = Platform::Amd;
            info.platformReason = "deviceProperties warpSize 64";
            return;
        }
    bool hip = false, cuda = false;
    std::set<StrId> seen;
    for (StrId n : s.launches.name) {
        if (!seen.insert(n).second)
            continue;
        const std::string_view name = s.str(n);
        if (name.starts_with("hip"))
            hip = true;
        else if (name.starts_with("cu"))
            cuda = true;
    }
    if (hip) {
        info.platform = Platform::Amd;
        info.platformReason = "hip* launch calls";
    } else if (has("cuda_runtime_version") || has("cupti_version")) {
        info.platform = Platform::Nvidia;
        info.platformReason = has("cuda_runtime_version") ? "top-level cuda_runtime_version" : "top-level cupti_version";
    } else if (cuda) {
        info.platform = Platform::Nvidia;
        info.platformReason = "cuda* launch calls";
    } else {
        info.platformReason = "no platform marker in the trace";
    }
}

void detectFramework(const EventStore &s, TraceInfo &info)
{
    // Most specific first: serving frameworks load Hugging Face modules too.
    struct Rule { const char *needle; const char *framework; };
    static const Rule rules[] = {
        {"sglang", "sglang"}, {"vllm", "vllm"}, {"tensorrt_llm", "TensorRT-LLM"},
        {"tokenspeed", "TokenSpeed"}, {"transformers/", "Hugging Face"},
    };
    std::set<StrId> names(s.pyFrames.name.begin(), s.pyFrames.name.end());
    std::vector<std::string_view> texts;
    for (StrId n : names)
        texts.push_back(s.str(n));
    for (const auto &[key, name] : s.threadNames)
        texts.push_back(name);
    for (const auto &[key, name] : s.processNames)
        texts.push_back(name);
    for (const Rule &r : rules)
        for (std::string_view t : texts) {
            std::string lower(t);
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            if (lower.find(r.needle) != std::string::npos) {
                info.framework = r.framework;
                return;
            }
        }
    info.framework = "unknown";
}

} // namespace

TraceInfo detectTraceInfo(const EventStore &s)
{
    TraceInfo info;
    detectPlatform(s, info);
    detectFramework(s, info);
    std::set<int32_t> devs(s.kernels.device.begin(), s.kernels.device.end());
    info.devices.assign(devs.begin(), devs.end());
    if (info.devices.size() == 1)
        info.device = info.devices.front();
    // Name the GPU only from what the trace says: the analysed device's entry, else the first named one.
    for (const DeviceProperties &d : s.devices)
        if (!d.name.empty() && (d.id == info.device || info.gpuName.empty()))
            info.gpuName = d.name;
    return info;
}

} // namespace fusion
