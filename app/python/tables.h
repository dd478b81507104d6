#pragma once
// The library's results as tables for Python, built from its structures directly (no JSON text in
// between). Columns carry the names of the CLI's JSON fields (README, "JSON output") where the JSON
// has the figure; times are microseconds, unrounded.
#include "table.h"

#include "compare/comparison.h"
#include "report/triagefindings.h"
#include "triage/kerneltable.h"

namespace fusion::python {

// One trace.
Table kernelsTable(const AnalyzedTrace &t);      // one row per kernel, by kernel id
Table kernelNameTable(const AnalyzedTrace &t);   // summary "kernel_table": kernels grouped by exact name
Table stepsTable(const AnalyzedTrace &t);        // summary "steps"
Table layersTable(const AnalyzedTrace &t);       // the detected layers

// Two traces compared (compare --format json).
Table layerPairsTable(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);  // "layers.alignment"
Table kernelPairsTable(const Comparison &c);     // each alignment row's "kernels", with its "pair"
Table opTable(const Comparison &c);              // "op_table"
Table fusionPatternsTable(const Comparison &c);  // "fusion_patterns"
Table extraWorkTable(const Comparison &c);       // "extra_work"
Table sameKernelsTable(const Comparison &c);     // "same_kernels"
Table leftOutLayersTable(const Comparison &c);   // "left_out_layers"
Table gapPartsTable(const GapBreakdown &g);      // "gap.parts"

// One trace triaged (triage --format json), one table over all stages with a "stage" column.
struct Triage {
    KernelTable kernels;
    TriageFindings findings;
};
Table triageKernelTable(const AnalyzedTrace &t, const KernelTable &table);  // "stages[].kernel_table"
Table fusionFamiliesTable(const TriageFindings &f);    // "stages[].fusion_families"
Table overlapTable(const TriageFindings &f);           // "stages[].overlap.rows"
Table moduleCandidatesTable(const TriageFindings &f);  // "module_candidates.candidates"

} // namespace fusion::python
