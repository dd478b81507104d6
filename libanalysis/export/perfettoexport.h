#pragma once
// FusionScope's results as one Chrome-trace JSON that Perfetto UI and chrome://tracing open.
//
// Two traces: two processes ("A · H100", "B · MI300X") on one time base — B shifted so that the
// first aligned layer starts at the same time on both — each with its GPU operations on "stream N"
// threads, its layers on "layers" (an arrow joins each aligned pair), its fusion findings on
// "fusion findings" (on the side that does not fuse: one slice over the finding's kernels, and
// beneath it one per occurrence with an arrow to the kernel(s) the other side runs instead) and its
// extra work on "extra work". Evidence, time at stake, source locations and kernel ids are in the
// slices' args.
// One trace: one process with its GPU operations, layers, fusion families (a slice each, and one
// per run of adjacent kernels beneath) and module candidates.
//
// The file is written as a stream (see export/chrometrace.h); nothing but per-kernel places
// (for the arrows) is held.
#include "compare/comparison.h"
#include "report/triagefindings.h"

#include <functional>
#include <ostream>
#include <string>

namespace fusion {

struct PerfettoExportOptions {
    std::string nameA, nameB;              // process names; empty: perfettoProcessName()
    std::function<bool(double)> progress;  // 0..1; returning false cancels (throws Cancelled)
};

struct PerfettoExportStats {
    uint64_t events = 0, slices = 0, flows = 0;
    uint64_t findingSlices = 0, occurrenceSlices = 0, extraWorkSlices = 0;  // comparison
    uint64_t familySlices = 0, moduleSlices = 0;                           // one trace
    uint64_t layerFlows = 0, findingFlows = 0;
    Ns shiftB = 0;  // added to B's times to put them on A's time base
};

// "A · NVIDIA H100 80GB HBM3": the side, then `label` when given, else the GPU's name, else the
// trace's label. side 0: one trace, no side.
std::string perfettoProcessName(char side, const AnalyzedTrace &t, const std::string &label = {});

PerfettoExportStats writePerfettoComparison(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b,
                                            const Comparison &c, const PerfettoExportOptions &options = {});
PerfettoExportStats writePerfettoTrace(std::ostream &out, const AnalyzedTrace &t, const TriageFindings &findings,
                                       const PerfettoExportOptions &options = {});

} // namespace fusion
