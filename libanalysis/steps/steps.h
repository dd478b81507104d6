#pragma once
// Profiler steps: the iterations a PyTorch profiler records as `ProfilerStep#N` windows (a CPU
// user_annotation and, on the GPU, a gpu_user_annotation of the same name). A file usually also holds
// the tail of an earlier, partly captured iteration; comparing whole steps keeps that edge out.
#include "classify/traceclassification.h"
#include "trace/traceloader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fusion {

// GPU time of a set of GPU operations, as unions of intervals per device summed over devices (the
// definitions of TraceLens's GPU timeline): busy is the union of every kernel, memcpy and memset;
// span runs from the first start to the last end; idle = span − busy. Communication kernels
// (NCCL/RCCL) and memcpys are also measured alone and "exposed": the part of their union that no
// computation (every other kernel and memset) overlaps; exposed memcpy also excludes communication.
struct GpuTime {
    uint32_t kernels = 0;
    Ns kernelTime = 0;  // sum of kernel durations
    Ns span = 0, busy = 0, idle = 0;
    Ns comm = 0, exposedComm = 0, memcpy = 0, exposedMemcpy = 0;
};

struct Step {
    std::string name;      // "ProfilerStep#6", or "<annotation> #k" for a repeated annotation
    int64_t number = 0;    // 6 (the #N), else its position among the steps (from 0)
    Ns start = 0, dur = 0; // the GPU annotation's window when there is one, else the CPU one
    bool onGpu = false;    // the window is the GPU annotation's
    Ns cpuStart = 0, cpuDur = 0;  // the CPU annotation's window (dur 0: none)
    GpuTime time;          // of the GPU operations in the step
};

struct TraceSteps {
    std::vector<Step> steps;          // by start
    std::vector<int32_t> ofKernel;    // per kernel id: index into steps, -1 outside every step
    std::vector<int32_t> ofMemOp;     // the same per memcpy / memset (index into store.memOps)
    GpuTime outside;                  // the kernels and GPU operations in no step
    std::string method;               // "ProfilerStep (GPU annotation)", "ProfilerStep (CPU annotation)",
                                      // "ProfilerStep (GPU and CPU annotations)", "repeated annotation
                                      // '<name>'" or "none"
};

// A kernel (or memcpy) belongs to the step whose GPU window holds its start; else to the step whose
// CPU window holds its launch (the runtime call that enqueued it: a GPU window may close before the
// last kernels its step launched have run). A kernel with no launch in the trace (the tail of an
// iteration the profiler caught only on the GPU) falls back on its start only for steps recorded on
// the CPU alone.
TraceSteps detectSteps(const Trace &trace, const TraceClassification &classes);

// The step number in "ProfilerStep#6", or none for any other name.
std::optional<int64_t> profilerStepNumber(std::string_view name);

// Which kernels the analyses look at: whole steps (the default when a trace has steps), one step, or
// every kernel of the file.
struct Scope {
    enum class Kind : uint8_t { Steps, All } kind = Kind::Steps;
    std::optional<int64_t> step;  // with Steps: only this step number
};
bool parseScope(std::string_view s, Scope::Kind &out);  // "steps" | "all"

// Per kernel id: 1 when the kernel is in scope. Empty when every kernel is (scope all, or a trace
// without steps): "steps" then means the whole file, and `describe` says so.
std::vector<uint8_t> scopeMask(const TraceSteps &steps, const Scope &scope);
// "steps (1 of 1)", "step 6", "all (no steps)", "all": what a report prints and JSON's "scope" holds
// is the first word; the rest is for people.
std::string describeScope(const TraceSteps &steps, const Scope &scope);
const char *scopeName(const TraceSteps &steps, const Scope &scope);  // "steps", "step", "all"

// How many steps a scope's figures cover (1 for the whole file, one step, or a trace without steps):
// two traces holding different numbers of steps are compared per step.
uint32_t stepsInScope(const TraceSteps &steps, const Scope &scope);

// The GPU time of a scope: the steps it keeps, each measured as the steps are and summed; or, for
// scope all and a trace without steps, every GPU operation of the file measured as one set (so the
// gaps between steps count as idle). The figures a run's ranks are compared by.
GpuTime scopeGpuTime(const Trace &trace, const TraceClassification &classes, const TraceSteps &steps,
                     const Scope &scope);

// Step times (span) of a trace: mean, min, median, max over its steps, in ns; all 0 without steps.
struct StepStats {
    size_t count = 0;
    Ns mean = 0, min = 0, median = 0, max = 0;
};
StepStats stepStats(const TraceSteps &steps, const std::optional<int64_t> &only = std::nullopt);

} // namespace fusion
