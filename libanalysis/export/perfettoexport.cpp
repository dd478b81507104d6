#include "export/perfettoexport.h"

#include "export/perfettotrace.h"
#include "util/jsonwriter.h"

#include <algorithm>
#include <map>

namespace fusion {

namespace {

constexpr int64_t kFindingSort = 20, kExtraSort = 30;
// A slice with slices beneath it starts 1 ns before the first of them: viewers sort events by
// time, and two slices that start together could be taken in either order, the longer then
// looking like a child that outlives its parent.
constexpr Ns kLead = 1;

char other(char side) { return side == 'a' ? 'b' : 'a'; }

// The first GPU operation's start; false when the trace has none.
bool firstGpuStart(const Trace &t, Ns &out)
{
    const GpuOpTable &k = t.store.kernels, &m = t.store.memOps;
    if (k.size() == 0 && m.size() == 0)
        return false;
    out = k.size() == 0 ? m.start[0] : m.size() == 0 ? k.start[0] : std::min(k.start[0], m.start[0]);
    return true;
}

// A part of a finding (an occurrence, a run of adjacent kernels): the slice beneath the finding's.
struct Part {
    Ns start = 0, end = 0;
    std::vector<uint32_t> ids;          // its kernels
    std::vector<uint32_t> counterpart;  // the other side's kernels replacing them (fusions)
    std::vector<uint32_t> pairs;        // layer pairs it lies in
};

Part partOf(const Trace &t, std::vector<uint32_t> ids, std::vector<uint32_t> counterpart, std::vector<uint32_t> pairs)
{
    const KernelSpan s = spanOf(t, ids);
    return {s.start, s.end, std::move(ids), std::move(counterpart), std::move(pairs)};
}

// In start order, overlapping parts joined: the slices of one row must not overlap.
std::vector<Part> merged(std::vector<Part> parts)
{
    std::erase_if(parts, [](const Part &p) { return p.ids.empty(); });
    std::sort(parts.begin(), parts.end(), [](const Part &x, const Part &y) { return x.start < y.start; });
    std::vector<Part> out;
    for (Part &p : parts) {
        if (!out.empty() && p.start < out.back().end) {
            Part &q = out.back();
            q.end = std::max(q.end, p.end);
            q.ids.insert(q.ids.end(), p.ids.begin(), p.ids.end());
            q.counterpart.insert(q.counterpart.end(), p.counterpart.begin(), p.counterpart.end());
            q.pairs.insert(q.pairs.end(), p.pairs.begin(), p.pairs.end());
            continue;
        }
        out.push_back(std::move(p));
    }
    return out;
}

// The finding's slice over all its parts on the group's first free row, each part's slice beneath
// it on the same row; returns the parts' places.
std::vector<SliceSpot> writeNested(ProcessTracks &tracks, ProcessTracks::Group &group, const std::string &name,
                                   const char *cat, const EventArgs &args, const std::vector<Part> &parts,
                                   const char *partCat, const std::function<void(const Part &, EventArgs &)> &partArgs)
{
    std::vector<SliceSpot> spots;
    if (parts.empty())
        return spots;
    Ns end = parts.front().end;
    for (const Part &p : parts)
        end = std::max(end, p.end);
    const Ns start = parts.front().start - kLead;
    const SliceSpot whole = tracks.place(group, start, end - start);
    const std::string quoted = JsonWriter::escape(name);
    tracks.writer().slice(whole, quoted, cat, args.json());
    for (const Part &p : parts) {
        const SliceSpot spot{whole.pid, whole.tid, p.start + tracks.shift(), p.end - p.start};
        EventArgs a;
        partArgs(p, a);
        tracks.writer().slice(spot, quoted, partCat, a.json());
        spots.push_back(spot);
    }
    return spots;
}

std::vector<uint32_t> sortedUnique(std::vector<uint32_t> v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

std::string layerNames(const AnalyzedTrace &t, const Comparison &c, char side, const std::vector<uint32_t> &pairs)
{
    std::string s;
    for (uint32_t p : sortedUnique(pairs)) {
        const int32_t layer = side == 'a' ? c.layers.pairs[p].a : c.layers.pairs[p].b;
        if (layer >= 0)
            s += (s.empty() ? "" : ", ") + t.layers.layers[size_t(layer)].name;
    }
    return s;
}

// The progress of writing both traces' operations, `before` of `total` done when this one starts.
std::function<bool(double)> progressPart(const PerfettoExportOptions &o, size_t before, size_t count, size_t total)
{
    if (!o.progress)
        return {};
    return [&o, before, count, total](double f) {
        return o.progress(total ? (double(before) + f * double(count)) / double(total) : 1.0);
    };
}

size_t gpuOps(const Trace &t) { return t.store.kernels.size() + t.store.memOps.size(); }

} // namespace

std::string perfettoProcessName(char side, const AnalyzedTrace &t, const std::string &label)
{
    const std::string name = !label.empty() ? label : !t.trace->info.gpuName.empty() ? t.trace->info.gpuName : t.trace->label;
    if (side == 0)
        return name;
    return std::string(1, char(side - 'a' + 'A')) + " \u00b7 " + name;
}

PerfettoExportStats writePerfettoComparison(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b,
                                            const Comparison &c, const PerfettoExportOptions &options)
{
    PerfettoExportStats stats;
    // One time base: B moves so that the first aligned layer starts when A's does; without
    // aligned layers, so that the first kernels start together.
    std::string alignedAt = "first kernel";
    Ns startA = 0, startB = 0;
    const auto first = std::find_if(c.layers.pairs.begin(), c.layers.pairs.end(), [](const LayerPair &p) { return p.a >= 0 && p.b >= 0; });
    if (first != c.layers.pairs.end()) {
        const Layer &la = a.layers.layers[size_t(first->a)], &lb = b.layers.layers[size_t(first->b)];
        stats.shiftB = la.start - lb.start;
        alignedAt = "first aligned layer: " + la.name + " / " + lb.name;
    } else if (a.trace->store.kernels.size() && b.trace->store.kernels.size()) {
        stats.shiftB = a.trace->store.kernels.start[0] - b.trace->store.kernels.start[0];
    }
    const bool hasA = firstGpuStart(*a.trace, startA), hasB = firstGpuStart(*b.trace, startB);
    const Ns origin = (hasA && hasB ? std::min(startA, startB + stats.shiftB) : hasA ? startA : hasB ? startB + stats.shiftB : 0)
                      - kLead;  // room for a finding's lead before the first kernel

    EventArgs meta;
    meta.add("generator", "FusionScope " FUSIONSCOPE_VERSION).add("a_path", a.trace->path).add("b_path", b.trace->path);
    meta.add("label_a", c.labelA).add("label_b", c.labelB).add("aligned_at", alignedAt);
    // What an exported time of 0 is in each file's own clock: file µs = exported µs + origin.
    meta.addUs("a_origin_us", origin).addUs("b_origin_us", origin - stats.shiftB);
    ChromeTraceWriter w(out, origin, meta.json());
    w.processName(1, options.nameA.empty() ? perfettoProcessName('a', a) : options.nameA, 1);
    w.processName(2, options.nameB.empty() ? perfettoProcessName('b', b) : options.nameB, 2);
    ProcessTracks ta(w, 1, 0), tb(w, 2, stats.shiftB);
    auto tracksOf = [&](char side) -> ProcessTracks & { return side == 'a' ? ta : tb; };
    auto traceOf = [&](char side) -> const AnalyzedTrace & { return side == 'a' ? a : b; };
    auto labelOf = [&](char side) -> const std::string & { return side == 'a' ? c.labelA : c.labelB; };

    // Layers, each with its counterpart and the pair's figures.
    std::map<std::pair<char, int32_t>, uint32_t> pairOfLayer;
    for (uint32_t i = 0; i < c.layers.pairs.size(); ++i) {
        pairOfLayer[{'a', c.layers.pairs[i].a}] = i;
        pairOfLayer[{'b', c.layers.pairs[i].b}] = i;
    }
    std::map<std::pair<uint32_t, char>, std::string> leftOut;
    for (const LeftOutLayer &l : c.leftOutLayers)
        leftOut[{l.pair, char(l.side)}] = l.reason;
    std::vector<SliceSpot> layerSpots[2];
    for (char side : {'a', 'b'}) {
        layerSpots[side - 'a'] = writeLayers(tracksOf(side), traceOf(side), [&](uint32_t layer, EventArgs &args) {
            const auto it = pairOfLayer.find({side, int32_t(layer)});
            if (it == pairOfLayer.end())
                return;
            const LayerPair &p = c.layers.pairs[it->second];
            const int32_t counterpart = side == 'a' ? p.b : p.a;
            args.add("pair", int64_t(it->second));
            args.add("counterpart", counterpart >= 0 ? traceOf(other(side)).layers.layers[size_t(counterpart)].name : "");
            args.addUs("a_us", p.aTotal).addUs("b_us", p.bTotal).addUs("gap_us", p.bTotal - p.aTotal);
            if (p.aTotal > 0 && p.bTotal > 0)
                args.add("ratio", double(p.bTotal) / double(p.aTotal), 4);
            if (const auto lo = leftOut.find({it->second, side}); lo != leftOut.end())
                args.add("left_out", lo->second);
        });
    }

    // Fusion findings, on the side that does not fuse; the arrows wait for the kernels' places.
    struct PendingArrows {
        SliceSpot from;
        char side;                        // the counterpart kernels' side
        std::vector<uint32_t> kernels;
    };
    std::vector<PendingArrows> arrows;
    for (size_t i = 0; i < c.findings.size(); ++i) {
        const FusionFinding &f = c.findings[i];
        const char unfused = other(char(f.fusedSide));
        const Trace &x = *traceOf(unfused).trace;
        std::vector<Part> parts;
        for (const DifferenceOccurrence &o : f.occurrences)
            parts.push_back(partOf(x, o.unfused, o.fused, {o.pair}));
        parts = merged(std::move(parts));
        EventArgs args;
        args.add("finding", int64_t(i)).add("operation", f.operation).add("fused_side", std::string(1, char(f.fusedSide)));
        args.add("fused_label", labelOf(char(f.fusedSide))).add("confidence", confidenceName(f.confidence)).addList("methods", fusionMethodNames(f.methods));
        args.add("count", int64_t(f.count)).add("evidence", f.evidence);
        args.addUs("time_at_stake_us", f.timeAtStake).addUs("unfused_us", f.unfusedTotal).addUs("fused_us", f.fusedTotal);
        args.add("source", f.locations.empty() ? std::string() : f.locations.front()).addList("locations", f.locations);
        args.addList("fused_kernels", f.fusedKernels).addList("unfused_components", f.unfusedComponents);
        args.addIds("a_kernels", f.aKernels).addIds("b_kernels", f.bKernels);
        const std::string name = f.operation + " \u00b7 fused by " + labelOf(char(f.fusedSide));
        const std::vector<SliceSpot> spots = writeNested(
            tracksOf(unfused), tracksOf(unfused).group("fusion findings", kFindingSort), name, "fusion_finding", args, parts,
            "fusion_occurrence", [&](const Part &p, EventArgs &pa) {
                pa.add("finding", int64_t(i)).add("layers", layerNames(traceOf(unfused), c, unfused, p.pairs));
                pa.addUs("start_us", p.start).addIds(unfused == 'a' ? "a_kernels" : "b_kernels", p.ids);
                pa.addIds(unfused == 'a' ? "b_kernels" : "a_kernels", p.counterpart);
            });
        stats.findingSlices += spots.empty() ? 0 : 1;
        stats.occurrenceSlices += spots.size();
        for (size_t k = 0; k < spots.size(); ++k)
            arrows.push_back({spots[k], char(f.fusedSide), parts[k].counterpart});
    }
    for (size_t i = 0; i < c.extraWork.size(); ++i) {
        const ExtraWork &e = c.extraWork[i];
        std::vector<Part> parts;
        for (const DifferenceOccurrence &o : e.occurrences)
            parts.push_back(partOf(*traceOf(char(e.side)).trace, o.unfused, {}, {o.pair}));
        EventArgs args;
        args.add("extra_work", int64_t(i)).add("operation", e.operation).add("cpu_op", e.cpuOp);
        args.add("reason", e.explained ? "no_counterpart_op" : "unexplained").add("confidence", confidenceName(e.confidence));
        args.add("count", int64_t(e.count)).addUs("time_us", e.total).add("evidence", e.evidence);
        args.add("source", e.locations.empty() ? std::string() : e.locations.front()).addList("locations", e.locations);
        args.addIds(char(e.side) == 'a' ? "a_kernels" : "b_kernels", char(e.side) == 'a' ? e.aKernels : e.bKernels);
        const std::string name = (e.cpuOp.empty() ? e.operation : e.cpuOp) + " \u00b7 extra work";
        const std::vector<SliceSpot> spots = writeNested(
            tracksOf(char(e.side)), tracksOf(char(e.side)).group("extra work", kExtraSort), name, "extra_work", args,
            merged(std::move(parts)), "extra_work_occurrence", [&](const Part &p, EventArgs &pa) {
                pa.add("extra_work", int64_t(i)).add("layers", layerNames(traceOf(char(e.side)), c, char(e.side), p.pairs));
                pa.addUs("start_us", p.start).addIds(char(e.side) == 'a' ? "a_kernels" : "b_kernels", p.ids);
            });
        stats.extraWorkSlices += spots.empty() ? 0 : 1;
    }

    // The GPU operations: the bulk of the file, streamed.
    const size_t total = gpuOps(*a.trace) + gpuOps(*b.trace);
    const std::vector<SliceSpot> kernelsA = writeGpuOps(ta, a, progressPart(options, 0, gpuOps(*a.trace), total));
    const std::vector<SliceSpot> kernelsB = writeGpuOps(tb, b, progressPart(options, gpuOps(*a.trace), gpuOps(*b.trace), total));

    for (const LayerPair &p : c.layers.pairs)
        if (p.a >= 0 && p.b >= 0) {
            w.link(layerSpots[0][size_t(p.a)], layerSpots[1][size_t(p.b)], "fusionscope.layer", "aligned layer");
            ++stats.layerFlows;
        }
    for (const PendingArrows &pa : arrows)
        for (uint32_t k : sortedUnique(pa.kernels)) {
            w.link(pa.from, (pa.side == 'a' ? kernelsA : kernelsB)[k], "fusionscope.fusion", "fused kernel");
            ++stats.findingFlows;
        }
    w.finish();
    stats.events = w.events();
    stats.slices = w.slices();
    stats.flows = w.flows();
    return stats;
}

PerfettoExportStats writePerfettoTrace(std::ostream &out, const AnalyzedTrace &t, const TriageFindings &findings,
                                       const PerfettoExportOptions &options)
{
    PerfettoExportStats stats;
    Ns origin = 0;
    firstGpuStart(*t.trace, origin);
    origin -= kLead;
    EventArgs meta;
    meta.add("generator", "FusionScope " FUSIONSCOPE_VERSION).add("path", t.trace->path).add("label", t.trace->label);
    meta.addUs("origin_us", origin);
    ChromeTraceWriter w(out, origin, meta.json());
    w.processName(1, options.nameA.empty() ? perfettoProcessName(0, t) : options.nameA, 1);
    ProcessTracks tracks(w, 1, 0);
    writeLayers(tracks, t);

    const Trace &trace = *t.trace;
    for (const StageFamilies &sf : findings.families)
        for (size_t i = 0; i < sf.families.size(); ++i) {
            const FamilyMatch &m = sf.families[i];
            // Runs of adjacent kernels: an instance's pieces run one after another.
            std::vector<Part> parts;
            for (size_t k = 0; k < m.kernelIds.size();) {
                size_t e = k + 1;
                while (e < m.kernelIds.size() && m.kernelIds[e] == m.kernelIds[e - 1] + 1)
                    ++e;
                parts.push_back(partOf(trace, {m.kernelIds.begin() + long(k), m.kernelIds.begin() + long(e)}, {}, {}));
                k = e;
            }
            EventArgs args;
            args.add("stage", stageName(sf.stage)).add("family", int64_t(i)).add("pattern", m.pattern);
            args.add("status", m.direct ? "direct" : "split").add("status_label", m.status).add("origin", m.origin);
            args.add("confidence", m.confidence()).addUs("related_us", m.related).add("share", m.share / 100.0, 5);
            args.add("direct_instances", int64_t(m.directInstances)).add("split_instances", int64_t(m.splitInstances));
            args.addList("evidence_kernels", m.evidence).addList("locations", m.locations);
            args.add("source", m.locations.empty() ? std::string() : m.locations.front());
            args.addList("candidate_path", m.candidatePath).add("rationale", m.rationale).addIds("kernel_ids", m.kernelIds);
            const std::vector<SliceSpot> spots = writeNested(
                tracks, tracks.group("fusion families", kFindingSort), m.pattern + " (" + m.status + ")", "fusion_family",
                args, merged(std::move(parts)), "fusion_family_run", [&](const Part &p, EventArgs &pa) {
                    pa.add("family", int64_t(i)).addUs("start_us", p.start).addIds("kernel_ids", p.ids);
                });
            stats.familySlices += spots.empty() ? 0 : 1;
        }
    for (size_t i = 0; i < findings.modules.candidates.size(); ++i) {
        const ModuleCandidate &m = findings.modules.candidates[i];
        std::vector<uint32_t> ids;
        for (const ModuleKernel &k : m.kernels)
            ids.push_back(k.kernel);
        const KernelSpan span = spanOf(trace, ids);
        if (span.empty)
            continue;
        EventArgs args;
        args.add("candidate", int64_t(i)).add("operation", m.operation).add("module", m.moduleName).add("label", m.label);
        args.add("impact_low", m.impactLow, 2).add("impact_mid", m.impactMid, 2).add("impact_high", m.impactHigh, 2);
        args.add("bound", boundName(m.bound)).add("fusion_type", m.fusionType()).add("confidence", confidenceName(m.confidence));
        args.add("estimation", estimationName(m.estimation)).add("time_ms", m.timeMs, 4).add("instance_count", int64_t(m.instanceCount));
        args.addUs("start_us", span.start).addIds("kernel_ids", ids);
        const SliceSpot spot = tracks.place(tracks.group("module candidates", kExtraSort), span.start, span.end - span.start);
        w.slice(spot, JsonWriter::escape(m.label + " \u00b7 " + m.operation), "module_candidate", args.json());
        ++stats.moduleSlices;
    }
    writeGpuOps(tracks, t, options.progress);
    w.finish();
    stats.events = w.events();
    stats.slices = w.slices();
    stats.flows = w.flows();
    return stats;
}

} // namespace fusion
