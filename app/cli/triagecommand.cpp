#include "commands.h"

#include "analyzed/analyzedtrace.h"
#include "report/triagefindings.h"
#include "report/triagereport.h"
#include "triage/kerneltable.h"

#include <sstream>

namespace fusion::cli {

int triageCommand(const CliArgs &args)
{
    if (args.positional.size() != 1)
        throw UsageError{"triage takes exactly one TRACE"};
    KernelTableOptions to;
    if (!parseStage(args.stage, to.stage))
        throw UsageError{"unknown stage '" + args.stage + "' (prefill, decode, all)"};
    if (args.minShare > 1.0)
        throw UsageError{"--min-share is a fraction of the stage's GPU time, between 0 and 1 (0.01 = 1 %)"};
    if (args.minShare >= 0)
        to.minShare = args.minShare;
    to.limit = args.limit;
    const AnalyzeOptions ao = analyzeOptionsOf(args);
    LoadOptions lo;
    lo.rank = args.rank;
    lo.device = args.device;
    lo.maxBytes = args.maxBytes;
    lo.label = args.labelA;
    // The full analysis, so that kernels attributed by layer alignment (inferred) are included.
    const auto analyzed = loadAndAnalyze(args.positional[0], lo, ao);
    keepUntilExit(analyzed);
    checkStepExists(*analyzed, ao.scope);
    const Trace &trace = *analyzed->trace;
    const KernelTable table = buildKernelTable(trace, analyzed->classes, analyzed->attribution, analyzed->stages, to);
    // Fusion families and overlap opportunities, for the stages the table shows.
    TriageFindings findings = findTriageFindings(trace, analyzed->attribution, analyzed->classes, analyzed->stages, {args.model, args.tp});
    if (to.stage != Stage::All) {
        std::erase_if(findings.families, [&](const StageFamilies &s) { return s.stage != to.stage; });
        std::erase_if(findings.overlap, [&](const StageOverlap &s) { return s.stage != to.stage; });
    }
    TriageReportOptions ro;
    ro.extraStageJson = [&](JsonWriter &w, Stage stage) { writeStageFindingsJson(w, findings, stage); };
    ro.steps = &analyzed->steps;
    ro.scope = ao.scope;
    // The run's ranks over the same scope as the analysis.
    const std::optional<RankTable> ranks = rankTableOf(args, trace, analyzed->classes, analyzed->steps, ao.scope, ao.registry);
    ro.ranks = ranks ? &*ranks : nullptr;
    if (args.format == "csv") {
        std::ostringstream csv;
        writeTriageCsv(csv, trace, analyzed->attribution, table);
        writeCsvOutput(args, "kernels", csv.str(), ro.ranks);
        return ExitOk;
    }
    withOutput(args, [&](std::ostream &out) {
        if (args.format == "json") {
            JsonWriter w(out);
            writeTriageJson(w, trace, analyzed->attribution, table, ro);
        } else if (args.format == "md") {
            writeTriageMarkdown(out, trace, analyzed->attribution, table, ro);
            writeFindingsMarkdown(out, trace, findings);
        } else {
            writeTriageText(out, trace, analyzed->attribution, table, ro);
            writeFindingsText(out, findings);
        }
    });
    return ExitOk;
}

} // namespace fusion::cli
