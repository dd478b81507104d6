#include "analyzed/analyzedtrace.h"
#include "classify/opnames.h"
#include "attribution/inferredattribution.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"
#include "util/freememory.h"

#include <algorithm>
#include <optional>

namespace fusion {

namespace {

bool contains(const std::string &s, const char *needle) { return s.find(needle) != std::string::npos; }

// Architecture from the time-weighted op mix and module names. Every kernel of one name has the same
// class, so the tests run once per distinct name (the summary's rows), not once per kernel.
std::string detectArchitecture(const Trace &trace, const TraceSummary &summary, const TraceClassification &classes,
                               const LayerModel &layers)
{
    Ns attention = 0, ssm = 0, conv = 0, total = 0;
    for (const KernelNameRow &row : summary.byName) {
        const KernelClass &c = classes.classes[classes.classOfName[row.name]];
        total += row.total;
        if (isAttentionOp(c.op) || contains(c.op, "Linear attention"))
            attention += row.total;
        if (c.op == "SSM" || contains(c.category, "ssm") || contains(c.op, "Mamba"))
            ssm += row.total;
        std::string name(trace.store.str(row.name));
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
        if (contains(c.op, "Conv") || contains(name, "conv2d") || contains(name, "implicit_gemm") || contains(name, "cudnn")
            || contains(name, "miopen") || contains(name, "winograd"))
            conv += row.total;
    }
    if (total == 0)
        return "unknown";
    const bool hasAttention = attention > 0, hasSsm = ssm > 0;
    if (hasAttention && hasSsm)
        return "hybrid";
    if (hasSsm)
        return "SSM";
    if (hasAttention || contains(layers.blockName, "Decoder") || contains(layers.blockName, "Encoder"))
        return "transformer";
    if (double(conv) / double(total) > 0.1)
        return "CNN";
    return "unknown";
}

} // namespace

std::shared_ptr<AnalyzedTrace> analyzeTrace(std::shared_ptr<const Trace> trace, const AnalyzeOptions &options)
{
    auto step = [&](double f) {
        if (options.progress && !options.progress(f))
            throw Cancelled();
    };
    auto out = std::make_shared<AnalyzedTrace>();
    out->trace = trace;
    // Independent steps run beside the caller's thread: on the pair's pool, where the other side
    // takes them once it is done; else on a helper thread of this analysis; else in turn. Should a
    // step throw Cancelled, the tasks already started finish first (the attribution may be one of
    // them: most of the analysis time), and those not started are dropped.
    TaskPool own;
    std::optional<PoolHelper> helper;
    TaskPool *pool = options.parallel ? options.pool : nullptr;
    if (options.parallel && !pool) {
        pool = &own;
        helper.emplace(own);
    }
    // The attribution takes longest and needs none of the other analyses: posted first, so that a
    // helper starts it at once (it posts its own independent parts in turn). Inferred kernels must
    // not create layers of their own (their scope is borrowed): the inference is planned from the
    // linked kernels as soon as the attribution knows them, beside the rest of the analyses (its
    // alignment would otherwise be the last step to finish), and applied after the layers. The task
    // keeps a copy of the kinds, a byte per kernel. `inference` is declared before `attribution`,
    // whose end waits for a running attribution that may still set it.
    std::optional<Later<InferencePlan>> inference;
    auto attribution = TaskPool::later(pool, [&] {
        return attributeKernels(*trace, pool, [&](const std::vector<AttributionKind> &kinds) {
            inference.emplace(
                TaskPool::later(pool, [&trace, kinds] { return planInference(*trace, kinds); }));
        });
    });
    out->summary = summarize(*trace);
    step(0.1);
    const auto registry = options.registry ? options.registry : KernelRegistry::builtin();
    out->classes = classifyTrace(*trace, *registry);
    step(0.3);
    // The steps need the classification; this thread helps with the attribution's parts meanwhile.
    auto steps = TaskPool::later(pool, [&] { return detectSteps(*trace, out->classes); });
    out->scope = options.scope;
    out->stages = detectStages(*trace);
    out->attribution = attribution.get();
    out->steps = steps.get();
    out->stages.restrictTo(scopeMask(out->steps, out->scope));
    step(0.6);
    out->layers = detectLayers(*trace, out->classes, out->attribution, out->stages);
    step(0.8);
    applyInference(inference->get(), *trace, out->attribution);
    out->architecture = detectArchitecture(*trace, out->summary, out->classes, out->layers);
    step(1.0);
    return out;
}

namespace {
// Loading takes 80 % of the progress, the analyses the rest.
std::shared_ptr<AnalyzedTrace> loadThenAnalyze(const std::function<std::shared_ptr<const Trace>(const LoadOptions &)> &load,
                                               const LoadOptions &options, const AnalyzeOptions &analyze)
{
    // The analysis reuses the parse's freed buffers: they are handed back after it, also when the
    // load or the analysis throws (a long-lived GUI would otherwise keep them).
    const ReturnFreeMemoryAtEnd handBack(analyze.returnFreeMemory);
    LoadOptions lo = options;
    lo.returnFreeMemory = false;
    if (!lo.pool)  // a side of a pair: the other side, once done, may take part of this one's parse
        lo.pool = analyze.pool;
    const auto progress = options.progress ? options.progress : analyze.progress;
    lo.progress = [&](double f) { return !progress || progress(f * 0.8); };
    std::shared_ptr<const Trace> trace = load(lo);
    // The other side's parse first, if it is still going and waits for help: both traces are then
    // read sooner, and the two analyses run side by side on both cores. Only its parse: were this
    // side to take the other's analysis tasks too (its attribution, say), its own analysis, the one
    // that ends last, would start that much later; the other side runs them itself meanwhile.
    if (lo.pool)
        lo.pool->helpNow(&kParseHelp);
    AnalyzeOptions ao = analyze;
    ao.progress = [&](double f) { return !progress || progress(0.8 + f * 0.2); };
    // One parse thread and no pair's pool: another trace loads beside, on the other core.
    ao.parallel = analyze.parallel && (analyze.pool || options.parseThreads != 1);
    return analyzeTrace(trace, ao);
}
} // namespace

std::shared_ptr<AnalyzedTrace> loadAndAnalyze(const std::string &path, const LoadOptions &load,
                                              const AnalyzeOptions &analyze)
{
    return loadThenAnalyze([&](const LoadOptions &lo) { return loadTrace(path, lo); }, load, analyze);
}

std::shared_ptr<AnalyzedTrace> loadAndAnalyzeMember(const std::string &path, const std::vector<TraceMember> &members,
                                                    size_t index, const LoadOptions &load, const AnalyzeOptions &analyze,
                                                    const std::vector<std::string> &listingWarnings)
{
    return loadThenAnalyze([&](const LoadOptions &lo) { return loadTraceMember(path, members, index, lo, listingWarnings); },
                           load, analyze);
}

std::string missingStepMessage(const AnalyzedTrace &t, const Scope &scope)
{
    if (!scope.step)
        return {};
    std::string have;
    for (const Step &st : t.steps.steps) {
        if (st.number == *scope.step)
            return {};
        have += (have.empty() ? "" : ", ") + std::to_string(st.number);
    }
    return t.trace->path + " has no profiler step " + std::to_string(*scope.step)
           + (have.empty() ? " (it has no steps)" : " (its steps: " + have + ")");
}

} // namespace fusion
