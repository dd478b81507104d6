#include "commands.h"

#include "compare/comparison.h"
#include "export/outputfile.h"
#include "export/perfettoexport.h"
#include "report/triagefindings.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <tuple>

namespace fusion::cli {

int exportCommand(const CliArgs &args)
{
    if (args.positional.empty() || args.positional.size() > 2)
        throw UsageError{"export takes one trace or two: A [B]"};
    if (args.out.empty() || args.out == "-")
        throw UsageError{"export needs --out FILE.json (or FILE.json.gz, written compressed)"};
    const auto started = std::chrono::steady_clock::now();
    const AnalyzeOptions ao = analyzeOptionsOf(args);
    std::shared_ptr<AnalyzedTrace> a, b;
    if (args.positional.size() == 2) {
        std::tie(a, b) = loadPair(args, ao);
    } else {
        a = loadForCommand(args, ao, args.positional[0], args.labelA);
        checkStepExists(*a, ao.scope);
    }
    PerfettoExportOptions eo;
    PerfettoExportStats stats;
    // Opened once the input is known to be good: a bad trace leaves no file behind.
    OutputFile file(args.out);
    if (b) {
        CompareOptions co;
        if (!parseStage(args.stage, co.stage))
            throw UsageError{"unknown stage " + args.stage};
        const Comparison c = compareTraces(*a, *b, co);
        eo.nameA = perfettoProcessName('a', *a, args.labelA);
        eo.nameB = perfettoProcessName('b', *b, args.labelB);
        stats = writePerfettoComparison(file.stream(), *a, *b, c, eo);
    } else {
        const TriageFindings findings = findTriageFindings(*a->trace, a->attribution, a->classes, a->stages, {args.model, args.tp});
        eo.nameA = perfettoProcessName(0, *a, args.labelA);
        stats = writePerfettoTrace(file.stream(), *a, findings, eo);
    }
    file.commit();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    char line[512];
    std::snprintf(line, sizeof line,
                  "wrote %s: %llu events (%llu slices, %llu flows), %.1f MB%s in %.2f s\n", args.out.c_str(),
                  static_cast<unsigned long long>(stats.events), static_cast<unsigned long long>(stats.slices),
                  static_cast<unsigned long long>(stats.flows), double(file.fileBytes()) / 1e6,
                  file.compressed() ? (" (" + std::to_string(file.uncompressedBytes() / 1000000) + " MB uncompressed)").c_str() : "",
                  seconds);
    std::cout << line;
    return ExitOk;
}

} // namespace fusion::cli
