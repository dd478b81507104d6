// A triage's tables: the kernel table and the findings beside it (fusion families, overlap
// opportunities, module candidates), each stage's rows in one table with a "stage" column.
#include "tables.h"

#include "util/jsonwriter.h"

namespace fusion::python {

namespace {

// The rows of every stage, "stage" first; a table without rows still gets its columns.
template<typename StageT, typename RowT, typename Rows, typename Fill>
Table perStage(const std::vector<StageT> &stages, Rows rowsOf, Fill fill)
{
    Table t;
    for (const StageT &st : stages)
        for (const RowT &item : rowsOf(st)) {
            Table::Row r = t.row();
            fill(r("stage", stageName(st.stage)), item);
        }
    if (!t.rows) {
        Table::Row r = t.schema();
        fill(r("stage", ""), RowT{});
    }
    return t;
}

} // namespace

Table triageKernelTable(const AnalyzedTrace &t, const KernelTable &table)
{
    const EventStore &st = t.trace->store;
    const TraceAttribution &attr = t.attribution;
    return perStage<StageKernelTable, KernelTableRow>(
        table.stages, [](const StageKernelTable &s) -> const auto & { return s.rows; },
        [&](Table::Row &r, const KernelTableRow &k) {
            std::vector<std::string> raw, locations;
            for (StrId n : k.rawNames)
                raw.emplace_back(st.str(n));
            for (const KernelSite &site : k.sites)
                locations.push_back(attr.locations[site.location].display);
            r("name", k.name)("raw_names", raw)("op", k.op)("category", k.category)("count", k.count);
            r("total_us", toUs(k.total))("share", k.share)("avg_us", k.avgNs() / 1000.0)("min_us", toUs(k.min));
            r("max_us", toUs(k.max))("site_count", uint64_t(k.sites.size()));
            // The site with most time, and every site's location (most time first).
            r("location", locations.empty() ? std::string() : locations.front())("locations", locations);
            r("kernel_ids", k.kernelIds);
        });
}

Table fusionFamiliesTable(const TriageFindings &f)
{
    return perStage<StageFamilies, FamilyMatch>(
        f.families, [](const StageFamilies &s) -> const auto & { return s.families; },
        [](Table::Row &r, const FamilyMatch &m) {
            r("pattern", m.pattern)("status", m.direct ? "direct" : "split")("status_label", m.status);
            r("origin", m.origin)("confidence", m.confidence())("related_us", toUs(m.related));
            r("share", m.share / 100.0)("direct_instances", uint64_t(m.directInstances));
            r("split_instances", uint64_t(m.splitInstances))("direct_us", toUs(m.directNs))("split_us", toUs(m.splitNs));
            r("evidence_kernels", m.evidence)("locations", m.locations)("candidate_path", m.candidatePath);
            r("rationale", m.rationale)("kernel_ids", m.kernelIds);
        });
}

Table overlapTable(const TriageFindings &f)
{
    return perStage<StageOverlap, OverlapRow>(
        f.overlap, [](const StageOverlap &s) -> const auto & { return s.rows; },
        [](Table::Row &r, const OverlapRow &o) {
            r("priority", "P" + std::to_string(o.priority))("verdict", o.verdict)("kernel", o.kernel);
            r("bucket", overlapBucketName(o.bucket))("scope", o.scope)("launch_op", o.launchOp)("count", o.count);
            r("total_us", toUs(o.total))("share", o.share / 100.0)("exclusive_us", toUs(o.exclusive));
            r("hidden_us", toUs(o.hidden))("hidden_by_compute_us", toUs(o.hiddenByCompute));
            r("exclusive_ratio", o.exclusiveRatio)("hidden_ratio", o.hiddenRatio)("dependency", o.dependency);
            r("dependency_signal", o.dependencySignal)("recommendation", o.recommendation);
            r("suggestion", o.suggestion)("top_overlapper", o.topOverlapper);
        });
}

Table moduleCandidatesTable(const TriageFindings &f)
{
    return Table::of(f.modules.candidates, [](Table::Row &r, const ModuleCandidate &m) {
        std::vector<std::string> names;
        std::vector<uint32_t> ids;
        for (const ModuleKernel &k : m.kernels) {
            names.push_back(k.name);
            ids.push_back(k.kernel);
        }
        r("operation", m.operation)("module", m.moduleName)("label", m.label)("impact_low", m.impactLow);
        r("impact_mid", m.impactMid)("impact_high", m.impactHigh)("bound", boundName(m.bound))("fusion_type", m.fusionType());
        r("confidence", confidenceName(m.confidence))("estimation", estimationName(m.estimation))("time_ms", m.timeMs);
        r("instance_count", m.instanceCount)("kernel_count", uint64_t(m.kernels.size()));
        r("modeled_kernel_count", uint64_t(m.modeledKernelCount))("warning", m.warning);
        r("kernels", names)("kernel_ids", ids);
    });
}

} // namespace fusion::python
