#include "comparisonjob.h"

#include "findingsreport.h"
#include "trace/traceerror.h"
#include "util/freememory.h"

ComparisonJob::ComparisonJob(QObject *parent) : BackgroundJob(parent) {}

quint64 ComparisonJob::start(std::shared_ptr<const fusion::AnalyzedTrace> a,
                             std::shared_ptr<const fusion::AnalyzedTrace> b, const fusion::CompareOptions &options)
{
    return launch([a, b, options](JobControl &control) -> std::shared_ptr<void> {
        // What the pair's load freed served the comparison; handed back once it ends, however it
        // ends (a pair's analyses keep it for this, see AnalysisJob).
        const fusion::ReturnFreeMemoryAtEnd handBack;
        auto result = std::make_shared<ComparisonResult>();
        if (!control.report(0.05))
            throw fusion::Cancelled();
        // A stale or cancelled comparison stops between layer pairs instead of running to the end.
        fusion::CompareOptions o = options;
        o.progress = [&control](double f) { return control.report(0.05 + 0.6 * f); };
        auto comparison = std::make_shared<fusion::Comparison>(fusion::compareTraces(*a, *b, o));
        if (!control.report(0.7))
            throw fusion::Cancelled();
        result->rows = KernelRows::ofComparison(*a, *b, *comparison);
        if (!control.report(0.85))
            throw fusion::Cancelled();
        result->markdown = FindingsReport::markdown(*a, *b, *comparison);
        result->comparison = std::move(comparison);
        return result;
    });
}
