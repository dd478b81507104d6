#include "triagejob.h"

#include "analyzed/analyzedtrace.h"
#include "trace/traceerror.h"

TriageJob::TriageJob(QObject *parent) : BackgroundJob(parent) {}

std::shared_ptr<TriageResult> TriageJob::run(std::shared_ptr<const fusion::AnalyzedTrace> analyzed,
                                             const std::function<bool(double)> &progress)
{
    const auto step = [&](double f) {
        if (progress && !progress(f))
            throw fusion::Cancelled();
    };
    step(0);
    auto result = std::make_shared<TriageResult>();
    result->analyzed = analyzed;
    const fusion::AnalyzedTrace &t = *analyzed;
    fusion::KernelTableOptions options;
    options.minShare = 0;
    result->kernels = fusion::buildKernelTable(*t.trace, t.classes, t.attribution, t.stages, options);
    step(0.25);
    result->findings = fusion::findTriageFindings(*t.trace, t.attribution, t.classes, t.stages, {}, [&](double f) {
        return !progress || progress(0.25 + 0.75 * f);
    });
    return result;
}

quint64 TriageJob::start(std::shared_ptr<const fusion::AnalyzedTrace> analyzed)
{
    // Each step reports, and a cancelled triage stops at the next: closing the window or loading
    // another trace must not wait for it.
    return launch([analyzed](JobControl &control) -> std::shared_ptr<void> {
        return run(analyzed, [&control](double f) { return control.report(f); });
    });
}
