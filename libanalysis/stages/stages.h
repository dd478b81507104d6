#pragma once
// Prefill vs decode (SPEC §3): from annotations (prefill, extend, generation_0 → prefill; decode,
// generation_1 → decode), matched to kernels by External id, else by time window, else from the
// file path; otherwise everything is "all".
#include "trace/traceloader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

enum class Stage : uint8_t { All, Prefill, Decode };
const char *stageName(Stage s);         // "all", "prefill", "decode"
bool parseStage(std::string_view s, Stage &out);

struct TraceStages {
    std::vector<Stage> ofKernel;  // per kernel id; All when unknown
    std::string method;           // "annotation (External id)", "annotation (time window)",
                                  // "annotation (External id, time window)", "file path", "none"
    bool hasPrefill = false, hasDecode = false;
    bool includes(size_t kernel, Stage wanted) const { return wanted == Stage::All || ofKernel[kernel] == wanted; }
};

TraceStages detectStages(const Trace &trace);

// The stage an annotation's name announces: "prefill", "extend", a whole "generation_0" → prefill;
// "decode", a whole "generation_1" → decode; batch names "…context_N…generation_M…" → prefill when
// only N > 0, decode when only M > 0. Otherwise none (e.g. "ProfilerStep#6", a mixed batch).
std::optional<Stage> stageOfAnnotation(std::string_view name);
// The stage a file path names ("…decode…" → decode), or none when it names neither or both.
std::optional<Stage> stageOfPath(std::string_view path);

} // namespace fusion
