#include "report/triagereport.h"
#include "util/text.h"
#include "report/rankreport.h"
#include "report/stepsreport.h"

#include "report/summaryreport.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace fusion {

namespace {

std::string us(Ns ns) { return decimalText(toUs(ns), 3); }
std::string percent(double share) { return decimalText(100.0 * share, 1) + "%"; }

std::string ellipsize(std::string_view s, size_t n)
{
    if (s.size() <= n)
        return std::string(s);
    return std::string(s.substr(0, n - 3)) + "...";
}

std::string padLeft(const std::string &s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }
std::string padRight(const std::string &s, size_t w) { return s.size() >= w ? s : s + std::string(w - s.size(), ' '); }

size_t shownSites(const KernelTableRow &r, const TriageReportOptions &o)
{
    return o.maxSites ? std::min(o.maxSites, r.sites.size()) : r.sites.size();
}

std::string siteText(const KernelTableRow &r, const KernelSite &s, const TraceAttribution &attr)
{
    std::vector<std::string> notes;
    if (r.sites.size() > 1) {
        // A site share never reads 0 % or 100 % while another site exists.
        const double pct = 100.0 * s.share;
        notes.push_back("site share " + (pct < 0.5 ? std::string("<1") : pct > 99.5 ? std::string(">99") : decimalText(pct, 0)) + "%");
    }
    if (s.inferred)
        notes.push_back(s.inferredShare >= 0.995 ? std::string("inferred")
                                                 : decimalText(std::max(1.0, 100.0 * s.inferredShare), 0) + "% inferred");
    std::string text = attr.locations[s.location].display;
    for (size_t i = 0; i < notes.size(); ++i)
        text += (i ? ", " : " (") + notes[i] + (i + 1 == notes.size() ? ")" : "");
    return text;
}

std::string stageHeading(const StageKernelTable &st)
{
    return std::string("Stage ") + stageName(st.stage) + ": " + std::to_string(st.kernelCount) + " kernels, "
           + us(st.total) + " us GPU time";
}

std::string hiddenNote(const StageKernelTable &st)
{
    return std::to_string(st.hiddenRows) + " more rows (" + us(st.hiddenTotal) + " us, "
           + percent(st.total ? double(st.hiddenTotal) / double(st.total) : 0.0)
           + ") below --min-share or past --limit";
}

std::string attributionLine(const KernelTable &t, const TraceAttribution &attr)
{
    return percent(t.linkedShare) + " linked, " + percent(t.inferredShare) + " inferred, "
           + percent(t.unresolvedShare) + " unresolved (shares of kernel time)"
           + (attr.source == AttributionSource::AnnotationRanges ? "; no Python stacks: located by annotation ranges" : "");
}

// A markdown table cell: pipes escaped, line breaks as <br>.
std::string mdCell(std::string_view s)
{
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += "<br>";
        else
            out += c;
    }
    return out;
}

} // namespace

void writeTriageJson(JsonWriter &w, const Trace &trace, const TraceAttribution &attr, const KernelTable &t,
                     const TriageReportOptions &o)
{
    const EventStore &s = trace.store;
    w.beginObject();
    w.key("trace");
    writeTraceObject(w, trace);
    w.field("stage_method", t.stageMethod);
    if (o.steps) {
        writeScopeJson(w, *o.steps, o.scope);
        writeStepsJson(w, *o.steps);
    }
    if (o.ranks)
        writeRankTableJson(w, *o.ranks);
    w.key("stages").beginArray();
    for (const StageKernelTable &st : t.stages) {
        w.beginObject();
        w.field("stage", stageName(st.stage));
        w.field("kernels", st.kernelCount);
        w.field("total_us", toUs(st.total), 3);
        w.field("hidden_rows", uint64_t(st.hiddenRows));
        w.field("hidden_total_us", toUs(st.hiddenTotal), 3);
        w.key("kernel_table").beginArray();
        for (const KernelTableRow &r : st.rows) {
            w.beginObject();
            w.field("name", r.name);
            w.key("raw_names").beginArray();
            for (StrId n : r.rawNames)
                w.value(s.str(n));
            w.endArray();
            w.field("op", r.op);
            w.field("category", r.category);
            w.field("count", r.count);
            w.field("total_us", toUs(r.total), 3);
            w.field("share", r.share, 4);
            w.field("avg_us", r.avgNs() / 1000.0, 3);
            w.field("min_us", toUs(r.min), 3);
            w.field("max_us", toUs(r.max), 3);
            w.field("site_count", uint64_t(r.sites.size()));
            w.key("locations").beginArray();
            for (size_t i = 0; i < shownSites(r, o); ++i) {
                const KernelSite &site = r.sites[i];
                const SourceLocation &loc = attr.locations[site.location];
                w.beginObject();
                w.field("location", loc.display);
                w.field("share", site.share, 4);
                w.key("stack").beginArray();
                for (const std::string &f : loc.stack)
                    w.value(f);
                w.endArray();
                w.field("cpu_op", s.str(site.cpuOp));
                w.field("inferred", site.inferred);
                w.field("inferred_share", site.inferredShare, 4);
                w.endObject();
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        if (o.extraStageJson)
            o.extraStageJson(w, st.stage);
        w.endObject();
    }
    w.endArray();
    w.key("attribution").beginObject();
    w.field("linked_share", t.linkedShare, 4);
    w.field("inferred_share", t.inferredShare, 4);
    w.field("unresolved_share", t.unresolvedShare, 4);
    w.field("source", attributionSourceName(attr.source));
    w.endObject();
    w.endObject();
}

void writeTriageText(std::ostream &out, const Trace &trace, const TraceAttribution &attr, const KernelTable &t,
                     const TriageReportOptions &o)
{
    const EventStore &s = trace.store;
    Ns total = 0;
    for (Ns d : s.kernels.dur)
        total += d;
    out << "Trace:       " << trace.path << (trace.source.member.empty() ? "" : " : " + trace.source.member) << '\n'
        << "Platform:    " << platformLabel(trace.info.platform) << " (" << trace.info.platformReason << ")\n"
        << "GPU:         " << (trace.info.gpuName.empty() ? "not named in the trace" : trace.info.gpuName) << '\n'
        << "Framework:   " << trace.info.framework << '\n'
        << "Kernels:     " << s.kernels.size() << ", " << us(total) << " us GPU time\n"
        << "Attribution: " << attributionLine(t, attr) << '\n'
        << "Stages:      " << t.stageMethod << '\n';
    if (o.steps) {
        out << scopeLine(*o.steps, o.scope) << '\n';
        writeStepsText(out, *o.steps);
    }
    if (o.ranks)
        writeRankTableText(out, *o.ranks);
    for (const StageKernelTable &st : t.stages) {
        out << '\n' << stageHeading(st) << '\n';
        if (st.kernelCount == 0) {
            out << "  (no kernels in this stage)\n";
            continue;
        }
        out << "  " << padLeft("total_us", 12) << padLeft("share", 7) << padLeft("count", 8) << padLeft("avg_us", 11)
            << padLeft("min_us", 11) << padLeft("max_us", 11) << "  " << padRight("op [category]", 28) << "kernel\n";
        for (const KernelTableRow &r : st.rows) {
            const std::string op = r.op + (r.category.empty() ? "" : " [" + r.category + "]");
            out << "  " << padLeft(us(r.total), 12) << padLeft(percent(r.share), 7) << padLeft(std::to_string(r.count), 8)
                << padLeft(decimalText(r.avgNs() / 1000.0, 3), 11) << padLeft(us(r.min), 11) << padLeft(us(r.max), 11) << "  "
                << padRight(op, 28) << ellipsize(r.name, 100) << '\n';
            for (size_t i = 0; i < shownSites(r, o); ++i) {
                const KernelSite &site = r.sites[i];
                out << std::string(16, ' ') << "at " << siteText(r, site, attr);
                if (site.cpuOp != StringPool::empty)
                    out << "  [" << s.str(site.cpuOp) << ']';
                out << '\n';
            }
            if (r.sites.size() > shownSites(r, o))
                out << std::string(16, ' ') << "... " << (r.sites.size() - shownSites(r, o)) << " more sites\n";
        }
        if (st.hiddenRows)
            out << "  ... " << hiddenNote(st) << '\n';
    }
}

void writeTriageMarkdown(std::ostream &out, const Trace &trace, const TraceAttribution &attr, const KernelTable &t,
                         const TriageReportOptions &o)
{
    const EventStore &s = trace.store;
    out << "# Kernel triage: " << mdCell(trace.displayLabel()) << "\n\n"
        << "| | |\n|---|---|\n"
        << "| Trace | " << mdCell(trace.path) << " |\n"
        << "| Platform | " << platformLabel(trace.info.platform) << " |\n"
        << "| GPU | " << mdCell(trace.info.gpuName.empty() ? "not named in the trace" : trace.info.gpuName) << " |\n"
        << "| Framework | " << mdCell(trace.info.framework) << " |\n"
        << "| Kernels | " << s.kernels.size() << " |\n"
        << "| Source attribution | " << attributionLine(t, attr) << " |\n"
        << "| Stages | " << mdCell(t.stageMethod) << " |\n";
    if (o.steps)
        out << "| Scope | " << mdCell(scopeLine(*o.steps, o.scope).substr(7)) << " |\n";
    if (o.ranks)
        writeRankTableMarkdown(out, *o.ranks);
    for (const StageKernelTable &st : t.stages) {
        out << "\n## " << stageHeading(st) << "\n\n";
        if (st.kernelCount == 0) {
            out << "_No kernels in this stage._\n";
            continue;
        }
        out << "| Kernel | Op | Category | GPU time (us) | Share | Launches | Avg (us) | Min (us) | Max (us) "
               "| Python location | CPU op |\n"
            << "|---|---|---|---:|---:|---:|---:|---:|---:|---|---|\n";
        for (const KernelTableRow &r : st.rows) {
            std::string locations, cpuOps;
            for (size_t i = 0; i < shownSites(r, o); ++i) {
                const KernelSite &site = r.sites[i];
                locations += (i ? "<br>" : "") + mdCell(siteText(r, site, attr));
                cpuOps += (i ? "<br>" : "") + (site.cpuOp == StringPool::empty ? std::string("-") : mdCell(s.str(site.cpuOp)));
            }
            out << "| `" << mdCell(ellipsize(r.name, 160)) << "` | " << mdCell(r.op) << " | " << mdCell(r.category)
                << " | " << us(r.total) << " | " << percent(r.share) << " | " << r.count << " | "
                << decimalText(r.avgNs() / 1000.0, 3) << " | " << us(r.min) << " | " << us(r.max) << " | " << locations
                << " | " << cpuOps << " |\n";
        }
        if (st.hiddenRows)
            out << "\n_" << hiddenNote(st) << "._\n";
    }
}

void writeTriageCsv(std::ostream &out, const Trace &trace, const TraceAttribution &attr, const KernelTable &t,
                    const TriageReportOptions &o)
{
    const EventStore &s = trace.store;
    size_t columns = o.maxSites;
    if (!columns)
        for (const StageKernelTable &st : t.stages)
            for (const KernelTableRow &r : st.rows)
                columns = std::max(columns, r.sites.size());
    out << "stage,name,op,category,count,total_us,share,avg_us,min_us,max_us";
    for (size_t i = 1; i <= columns; ++i)
        out << ",location_" << i << ",site_share_" << i << ",cpu_op_" << i << ",inferred_share_" << i;
    out << ",raw_names\n";
    for (const StageKernelTable &st : t.stages)
        for (const KernelTableRow &r : st.rows) {
            out << stageName(st.stage) << ',' << csvField(r.name) << ',' << csvField(r.op) << ','
                << csvField(r.category) << ',' << r.count << ',' << us(r.total) << ',' << decimalText(r.share, 4) << ','
                << decimalText(r.avgNs() / 1000.0, 3) << ',' << us(r.min) << ',' << us(r.max);
            for (size_t i = 0; i < columns; ++i) {
                if (i < r.sites.size()) {
                    const KernelSite &site = r.sites[i];
                    out << ',' << csvField(attr.locations[site.location].display) << ',' << decimalText(site.share, 4) << ','
                        << csvField(s.str(site.cpuOp)) << ',' << decimalText(site.inferredShare, 4);
                } else {
                    out << ",,,,";
                }
            }
            std::string raw;
            for (size_t i = 0; i < r.rawNames.size(); ++i)
                raw += (i ? " ; " : "") + std::string(s.str(r.rawNames[i]));
            out << ',' << csvField(raw) << '\n';
        }
}

} // namespace fusion
