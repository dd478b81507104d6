#include "triagejob.h"

#include "compare/analyzedtrace.h"

TriageJob::TriageJob(QObject *parent) : BackgroundJob(parent) {}

std::shared_ptr<TriageResult> TriageJob::run(std::shared_ptr<const fusion::AnalyzedTrace> analyzed)
{
    auto result = std::make_shared<TriageResult>();
    result->analyzed = analyzed;
    const fusion::AnalyzedTrace &t = *analyzed;
    fusion::KernelTableOptions options;
    options.minShare = 0;
    result->kernels = fusion::buildKernelTable(*t.trace, t.classes, t.attribution, t.stages, options);
    result->findings = fusion::findTriageFindings(*t.trace, t.attribution, t.classes, t.stages);
    return result;
}

quint64 TriageJob::start(std::shared_ptr<const fusion::AnalyzedTrace> analyzed)
{
    return launch([analyzed](JobControl &control) -> std::shared_ptr<void> {
        control.report(0.1);
        auto result = run(analyzed);
        control.report(1.0);
        return result;
    });
}
