#include "report/gapreport.h"
#include "report/summaryreport.h"
#include "util/text.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

namespace fusion {

namespace {

std::string label(const Comparison &c, TraceSide side) { return side == TraceSide::A ? c.labelA : c.labelB; }

void breakdownJson(JsonWriter &w, const GapBreakdown &g)
{
    w.field("a_us", toUs(g.aTotal), 3);
    w.field("b_us", toUs(g.bTotal), 3);
    w.field("gap_us", toUs(g.bTotal - g.aTotal), 3);
    w.key("parts").beginArray();
    for (const GapPart &p : g.parts) {
        w.beginObject();
        w.field("name", p.name);
        w.field("kind", gapKindName(p.kind));
        w.field("us", toUs(p.gap()), 3);
        w.field("a_us", toUs(p.a), 3);
        w.field("b_us", toUs(p.b), 3);
        writeIdArray(w.key("a_kernels"), p.aKernels);
        writeIdArray(w.key("b_kernels"), p.bKernels);
        w.endObject();
    }
    w.endArray();
}

// The parts as aligned text lines, then their sum against the measured difference.
void breakdownText(std::ostream &out, const GapBreakdown &g, const char *indent)
{
    Ns sum = 0;
    for (const GapPart &p : g.parts) {
        out << indent << std::left << std::setw(64) << p.name.substr(0, 63) << std::right << std::setw(14) << signedUsText(p.gap())
            << " us   (A " << usText(p.a) << ", B " << usText(p.b) << ")\n";
        sum += p.gap();
    }
    out << indent << std::left << std::setw(64) << "sum of the parts" << std::right << std::setw(14) << signedUsText(sum)
        << " us   (measured B − A " << signedUsText(g.bTotal - g.aTotal) << " us)\n";
}

void breakdownMarkdown(std::ostream &out, const GapBreakdown &g)
{
    out << "| part | kind | B − A µs | A µs | B µs | A kernels | B kernels |\n|---|---|---:|---:|---:|---:|---:|\n";
    Ns sum = 0;
    for (const GapPart &p : g.parts) {
        out << "| " << p.name << " | " << gapKindName(p.kind) << " | " << signedUsText(p.gap()) << " | " << usText(p.a) << " | "
            << usText(p.b) << " | " << p.aKernels.size() << " | " << p.bKernels.size() << " |\n";
        sum += p.gap();
    }
    out << "| **sum of the parts** | | **" << signedUsText(sum) << "** | " << usText(g.aTotal) << " | " << usText(g.bTotal)
        << " | | |\n\n";
}

void breakdownCsv(std::ostream &o, const std::string &measure, const GapBreakdown &g)
{
    for (const GapPart &p : g.parts) {
        std::string a, b;
        for (uint32_t id : p.aKernels)
            a += (a.empty() ? "" : " ") + std::to_string(id);
        for (uint32_t id : p.bKernels)
            b += (b.empty() ? "" : " ") + std::to_string(id);
        o << csvField(measure) << ',' << csvField(p.name) << ',' << gapKindName(p.kind) << ',' << usText(p.gap()) << ','
          << usText(p.a) << ',' << usText(p.b) << ',' << usText(g.aTotal) << ',' << usText(g.bTotal) << ',' << a << ','
          << b << '\n';
    }
}

} // namespace

std::string whatIfTitle(const Comparison &c, const WhatIf &w)
{
    const TraceSide other = otherSide(w.side);
    const bool fused = w.scenario.find("fused") != std::string::npos;
    return "if " + label(c, w.side) + (fused ? " fused like " + label(c, other) : "'s kernels ran at " + label(c, other) + "'s speed");
}

void writeGapJson(JsonWriter &w, const Comparison &c)
{
    const GapDecomposition &g = c.gap;
    w.key("gap").beginObject();
    w.field("measure", "gpu_busy");
    breakdownJson(w, g.busy);
    w.key("wall");
    if (g.hasWall) {
        w.beginObject();
        w.field("measure", "wall");
        breakdownJson(w, g.wall);
        w.endObject();
    } else {
        w.null();
    }
    w.key("layer_classes").beginArray();
    for (const GapLayerClass &l : g.layerClasses) {
        w.beginObject();
        w.field("class", l.name);
        w.field("layers", uint64_t(l.layers));
        w.field("measure", "layer_windows");
        breakdownJson(w, l.gap);
        w.endObject();
    }
    w.endArray();
    w.key("notes").beginArray();
    for (const std::string &n : g.notes)
        w.value(n);
    w.endArray();
    w.endObject();

    w.key("what_if").beginArray();
    for (const WhatIf &x : g.whatIf) {
        w.beginObject();
        w.field("scenario", x.scenario);
        w.field("side", sideName(x.side));
        w.field("label", label(c, x.side));
        w.field("title", whatIfTitle(c, x));
        w.field("base_us", toUs(x.base), 3);
        w.field("projected_us", toUs(x.projected), 3);
        w.field("saving_us", toUs(x.saving()), 3);
        w.field("saving_pct", x.savingPercent(), 2);
        w.field("assumption", x.assumption);
        w.key("items").beginArray();
        for (const WhatIfItem &i : x.items)
            w.beginObject().field("name", i.name).field("saving_us", toUs(i.saving), 3).field("speed_ratio", i.speedRatio, 4).endObject();
        w.endArray();
        w.endObject();
    }
    w.endArray();
}

void writeGapText(std::ostream &out, const Comparison &c)
{
    const GapDecomposition &g = c.gap;
    out << "\nWhere the gap comes from — GPU busy time, B − A: A " << usText(g.busy.aTotal) << " us, B " << usText(g.busy.bTotal)
        << " us\n";
    breakdownText(out, g.busy, "  ");
    if (g.hasWall) {
        out << "\nWall time of the profiled window, B − A: A " << usText(g.wall.aTotal) << " us, B " << usText(g.wall.bTotal)
            << " us\n";
        breakdownText(out, g.wall, "  ");
    }
    for (const GapLayerClass &l : g.layerClasses) {
        out << "\nLayer class " << l.name << " (" << l.layers << " aligned layer pairs; their windows: A "
            << usText(l.gap.aTotal) << " us, B " << usText(l.gap.bTotal) << " us)\n";
        breakdownText(out, l.gap, "  ");
    }
    for (const std::string &n : g.notes)
        out << "  note: " << n << '\n';
    out << "\nWhat if (GPU busy time):\n";
    for (const WhatIf &w : g.whatIf)
        out << "  " << whatIfTitle(c, w) << ": " << usText(w.base) << " -> " << usText(w.projected) << " us, saving "
            << signedUsText(w.saving()) << " us (" << decimalText(w.savingPercent(), 2) << " %)\n      assuming " << w.assumption << '\n';
}

void writeGapMarkdown(std::ostream &out, const Comparison &c)
{
    const GapDecomposition &g = c.gap;
    out << "## Where the gap comes from\n\nGPU busy time: " << c.labelA << " " << usText(g.busy.aTotal) << " µs, " << c.labelB
        << " " << usText(g.busy.bTotal) << " µs (B − A " << signedUsText(g.busy.bTotal - g.busy.aTotal)
        << " µs). Each part is B − A; the residual is what the named parts do not explain.\n\n";
    breakdownMarkdown(out, g.busy);
    if (g.hasWall) {
        out << "### Wall time of the profiled window\n\n" << c.labelA << " " << usText(g.wall.aTotal) << " µs, " << c.labelB
            << " " << usText(g.wall.bTotal) << " µs.\n\n";
        breakdownMarkdown(out, g.wall);
    }
    for (const GapLayerClass &l : g.layerClasses) {
        out << "### Layer class " << l.name << " (" << l.layers << " aligned layer pairs, their windows)\n\n";
        breakdownMarkdown(out, l.gap);
    }
    for (const std::string &n : g.notes)
        out << "- " << n << '\n';
    out << "## What if\n\n| scenario | now µs | projected µs | saving µs | saving % |\n|---|---:|---:|---:|---:|\n";
    for (const WhatIf &w : g.whatIf)
        out << "| " << whatIfTitle(c, w) << " | " << usText(w.base) << " | " << usText(w.projected) << " | "
            << signedUsText(w.saving()) << " | " << decimalText(w.savingPercent(), 2) << " |\n";
    out << '\n';
    for (const WhatIf &w : g.whatIf)
        out << "- *" << whatIfTitle(c, w) << "*: assuming " << w.assumption << ".\n";
    out << '\n';
}

std::string gapCsv(const Comparison &c)
{
    std::ostringstream o;
    o << "measure,name,kind,us,a_us,b_us,a_total_us,b_total_us,a_kernel_ids,b_kernel_ids\n";
    breakdownCsv(o, "gpu_busy", c.gap.busy);
    if (c.gap.hasWall)
        breakdownCsv(o, "wall", c.gap.wall);
    for (const GapLayerClass &l : c.gap.layerClasses)
        breakdownCsv(o, "layers:" + l.name, l.gap);
    return o.str();
}

std::string whatIfCsv(const Comparison &c)
{
    std::ostringstream o;
    o << "scenario,side,title,base_us,projected_us,saving_us,saving_pct,item,item_saving_us,item_speed_ratio\n";
    for (const WhatIf &w : c.gap.whatIf) {
        const std::string head = w.scenario + ',' + sideName(w.side) + ',' + csvField(whatIfTitle(c, w)) + ',' + usText(w.base) + ','
                                 + usText(w.projected) + ',' + usText(w.saving()) + ',' + decimalText(w.savingPercent(), 2);
        if (w.items.empty())
            o << head << ",,,\n";
        for (const WhatIfItem &i : w.items) {
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.4f", i.speedRatio);
            o << head << ',' << csvField(i.name) << ',' << usText(i.saving) << ',' << ratio << '\n';
        }
    }
    return o.str();
}

} // namespace fusion
