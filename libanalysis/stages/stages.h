#pragma once
// Prefill vs decode: from annotations (prefill, extend, generation_0 → prefill; decode,
// generation_1 → decode), matched to kernels by External id, else by time window, else from the
// file path; otherwise everything is "all".
#include "trace/traceloader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

// Outside marks a kernel the analyses leave out: it lies outside the scope chosen (see
// steps/steps.h: the tail of a partly captured iteration before the first profiler step). It is
// never a stage a user asks for, and Stage::All does not include it.
enum class Stage : uint8_t { All, Prefill, Decode, Outside };
const char *stageName(Stage s);         // "all", "prefill", "decode", "outside"
bool parseStage(std::string_view s, Stage &out);

struct TraceStages {
    std::vector<Stage> ofKernel;  // per kernel id; All when unknown
    std::string method;           // "annotation (External id)", "annotation (time window)",
                                  // "annotation (External id, time window)", "file path", "none"
    bool hasPrefill = false, hasDecode = false;
    bool includes(size_t kernel, Stage wanted) const
    {
        return ofKernel[kernel] != Stage::Outside && (wanted == Stage::All || ofKernel[kernel] == wanted);
    }
    // Marks the kernels whose mask entry is 0 Outside (an empty mask keeps every kernel).
    void restrictTo(const std::vector<uint8_t> &inScope);
};

TraceStages detectStages(const Trace &trace);

// The stage an annotation's name announces: "prefill", "extend", a whole "generation_0" → prefill;
// "decode", a whole "generation_1" → decode; batch names "…context_N…generation_M…" → prefill when
// only N > 0, decode when only M > 0. Otherwise none (e.g. "ProfilerStep#6", a mixed batch).
std::optional<Stage> stageOfAnnotation(std::string_view name);
// The stage a file path names ("…decode…" → decode), or none when it names neither or both.
std::optional<Stage> stageOfPath(std::string_view path);

} // namespace fusion
