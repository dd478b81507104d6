#include "commands.h"

#include "classify/traceclassification.h"
#include "report/summaryreport.h"
#include "summary/tracesummary.h"
#include "trace/traceloader.h"

#include <sstream>

namespace fusion::cli {

int summaryCommand(const CliArgs &args)
{
    if (args.positional.size() != 1)
        throw UsageError{"summary takes exactly one TRACE"};
    if (args.format == "md")
        throw UsageError{"summary writes text, json or csv, not md"};
    LoadOptions lo;
    lo.rank = args.rank;
    lo.device = args.device;
    lo.maxBytes = args.maxBytes;
    lo.label = args.labelA;
    const auto trace = loadTrace(args.positional[0], lo);
    keepUntilExit(trace);
    const TraceSummary summary = summarize(*trace);
    SummaryReportOptions o;
    o.registry = KernelRegistry::load({args.registry});
    // The steps need to know which kernels communicate (their exposed communication time).
    const TraceClassification classes = classifyTrace(*trace, *o.registry);
    const TraceSteps steps = detectSteps(*trace, classes);
    o.steps = &steps;
    // The summary describes whole files: so does its table of the run's ranks.
    const std::optional<RankTable> ranks = rankTableOf(args, *trace, classes, steps, Scope{Scope::Kind::All, {}}, o.registry);
    o.ranks = ranks ? &*ranks : nullptr;
    if (args.format == "csv") {
        std::ostringstream table;
        writeSummaryCsv(table, *trace, summary);
        writeCsvOutput(args, "kernels", table.str(), o.ranks);
        return ExitOk;
    }
    withOutput(args, [&](std::ostream &out) {
        if (args.format == "json") {
            JsonWriter w(out);
            writeSummaryJson(w, *trace, summary, o);
        } else {
            o.limit = args.limit ? args.limit : 30;
            writeSummaryText(out, *trace, summary, o);
        }
    });
    return ExitOk;
}

} // namespace fusion::cli
