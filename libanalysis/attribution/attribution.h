#pragma once
// Source attribution: kernel → (External id) → cpu_op → the Python frames active at that op
// on the same thread → the most specific model/framework frame; fallback kernel → (correlation) →
// launch → frames active at the launch. Kernels without links may later be attributed by inference
// through aligned layers (see layers/), marked Inferred.
#include "trace/traceloader.h"
#include "util/taskpool.h"

#include <functional>
#include <string>
#include <vector>

namespace fusion {

enum class AttributionKind : uint8_t { Unresolved, ExternalId, Correlation, Inferred };
const char *attributionKindName(AttributionKind k);  // "unresolved", "external_id", "correlation", "inferred"

// What a kernel's location is read from: the Python frames (python_function events) active at its
// op or launch; without any, the CPU annotation ranges around them (record_function, NVTX, roctx:
// the innermost range's name is the location, "nn.Module: X" ranges give module scopes); else nothing.
enum class AttributionSource : uint8_t { PythonStacks, AnnotationRanges, None };
const char *attributionSourceName(AttributionSource s);  // "python stacks", "annotation ranges", "none"
AttributionSource attributionSourceOf(const EventStore &store);

struct SourceLocation {
    std::string file;       // as the frame names it, e.g. "transformers/models/qwen2/modeling_qwen2.py"
    int line = 0;
    std::string function;
    std::string display;    // "file:line function" (file without a site-packages prefix), or "unresolved"
    // Model, framework and torch frames (no dispatch plumbing or built-ins) enclosing the op,
    // innermost last, up to 8; each as "file:line function".
    std::vector<std::string> stack;
};

// Location choice: the innermost model/framework frame active at the kernel's cpu_op (or launch);
// torch code (torch/nn/functional.py, CUDA-graph replay wrappers) only when no such frame is
// active; never torch dispatch plumbing, built-ins or interpreter frames (see pythonframe.h).
// A kernel counts as linked (ExternalId or Correlation) only when that yields a location.
struct TraceAttribution {
    // Per kernel id:
    std::vector<AttributionKind> kind;
    std::vector<int32_t> cpuOp;      // row in store.cpuOps, -1 when none
    std::vector<int32_t> launch;     // row in store.launches, -1 when none
    std::vector<uint32_t> location;  // index into locations; 0 = unresolved
    std::vector<uint32_t> scope;     // index into scopes; 0 = no module scope
    // Tables shared by many kernels:
    std::vector<SourceLocation> locations;         // [0] is "unresolved"
    // nn.Module chains outermost first, as instance names without the "nn.Module: " prefix
    // (e.g. {"Qwen2Model_0", "Qwen2DecoderLayer_3", "Qwen2MLP_3"}); [0] is empty.
    std::vector<std::vector<std::string>> scopes;
    // Shares of kernel GPU time.
    double linkedShare = 0, inferredShare = 0, unresolvedShare = 0;
    AttributionSource source = AttributionSource::None;

    const SourceLocation &locationOf(size_t kernel) const { return locations[location[kernel]]; }
    const std::vector<std::string> &scopeOf(size_t kernel) const { return scopes[scope[kernel]]; }
    void recomputeShares(const GpuOpTable &kernels);
};

// With a pool, its independent indexes are built by tasks posted there (util/taskpool.h).
// `kindsKnown`, if given, is called with every kernel's kind as soon as it is final, before the
// locations are interned: work that needs only the kinds (planning the inference) can start then.
TraceAttribution attributeKernels(const Trace &trace, TaskPool *pool = nullptr,
                                  const std::function<void(const std::vector<AttributionKind> &)> &kindsKnown = {});

} // namespace fusion
