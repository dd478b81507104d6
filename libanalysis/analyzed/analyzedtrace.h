#pragma once
// One trace with every per-trace analysis done: what the comparison, triage, CLI and GUI consume.
#include "attribution/attribution.h"
#include "classify/traceclassification.h"
#include "layers/layers.h"
#include "stages/stages.h"
#include "steps/steps.h"
#include "summary/tracesummary.h"
#include "util/taskpool.h"

#include <functional>
#include <memory>

namespace fusion {

struct AnalyzedTrace {
    std::shared_ptr<const Trace> trace;
    TraceSummary summary;
    TraceClassification classes;
    TraceAttribution attribution;
    TraceSteps steps;
    Scope scope;
    TraceStages stages;  // kernels outside the scope are Stage::Outside
    LayerModel layers;
    std::string architecture;  // transformer, SSM, hybrid, CNN, unknown
};

struct AnalyzeOptions {
    std::shared_ptr<const KernelRegistry> registry;  // null: built-in
    Scope scope;                                      // default: whole profiler steps, when there are any
    std::function<bool(double)> progress;             // 0..1; false cancels (throws Cancelled)
    // Independent analyses on a second thread. Off when the caller analyses another trace beside
    // this one (loading it with one parse thread and no pool turns it off too): the cores are taken then.
    bool parallel = true;
    // For one trace of a pair loaded side by side (SideBySide sets it): the independent analyses
    // are posted here instead, for the other side to take once it is done, or else run in turn.
    TaskPool *pool = nullptr;
    // loadAndAnalyze hands the parse's freed buffers back to the system once the analysis is done.
    // A caller with more work right after may pass false, and hand back later (util/freememory.h)
    // or never (a process about to end): the other side's analysis and the comparison then reuse
    // that memory instead of faulting fresh pages in.
    bool returnFreeMemory = true;
};

// Two traces loaded and analysed side by side, a core each. Each side loads through side(), which
// gives its analyses the pair's task pool; a side done first then takes the other's remaining
// analyses, and returns when both are done (or one failed or was cancelled), or when `stop` says so
// (checked at least every 50 ms: a GUI job that was cancelled). Both sides must call side().
class SideBySide {
public:
    // Returns load(options with the pool set): load is the side's loadAndAnalyze call.
    template <class Load>
    auto side(AnalyzeOptions options, Load &&load, const std::function<bool()> &stop = {})
    {
        struct Done {  // however the load ends
            SideBySide &pair;
            ~Done() { pair.m_pool.notify([this] { --pair.m_busy; }); }
        };
        options.pool = &m_pool;
        auto result = [&] {
            Done done{*this};
            return load(options);
        }();
        m_pool.helpUntil([&] { return m_busy == 0 || (stop && stop()); });
        return result;
    }

private:
    TaskPool m_pool;
    int m_busy = 2;  // sides still loading or analysing, under the pool's lock
};

std::shared_ptr<AnalyzedTrace> analyzeTrace(std::shared_ptr<const Trace> trace, const AnalyzeOptions &options = {});
// Load + analyse in one go (the progress covers both).
std::shared_ptr<AnalyzedTrace> loadAndAnalyze(const std::string &path, const LoadOptions &load,
                                              const AnalyzeOptions &analyze = {});
// The same for members[index] of an already listed path (trace/traceloader.h: loadTraceMember).
std::shared_ptr<AnalyzedTrace> loadAndAnalyzeMember(const std::string &path, const std::vector<TraceMember> &members,
                                                    size_t index, const LoadOptions &load,
                                                    const AnalyzeOptions &analyze = {},
                                                    const std::vector<std::string> &listingWarnings = {});

// Empty when the scope asks for no single step, or for one the trace has; else the problem, naming
// the file and the steps it does have: "t.json has no profiler step 9 (its steps: 6, 7)".
std::string missingStepMessage(const AnalyzedTrace &t, const Scope &scope);

} // namespace fusion
