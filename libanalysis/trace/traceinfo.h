#pragma once
// What a trace is: platform, GPU, framework — detected from the trace itself.
#include "trace/eventstore.h"

#include <string>
#include <vector>

namespace fusion {

enum class Platform { Unknown, Nvidia, Amd };
const char *platformName(Platform p);  // "nvidia", "amd", "unknown"
const char *platformLabel(Platform p); // "NVIDIA", "AMD", "unknown"

struct TraceInfo {
    Platform platform = Platform::Unknown;
    std::string platformReason;  // which rule decided, e.g. "top-level roctracer_version"
    std::string gpuName;         // from deviceProperties only; empty when the trace does not say
    std::string framework;       // sglang, vllm, TensorRT-LLM, TokenSpeed, Hugging Face, unknown
    std::vector<int32_t> devices;  // devices with GPU ops, ascending
    int32_t device = -1;           // the one analysed
};

TraceInfo detectTraceInfo(const EventStore &store);

} // namespace fusion
