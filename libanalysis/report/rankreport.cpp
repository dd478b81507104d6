#include "report/rankreport.h"
#include "report/summaryreport.h"
#include "util/text.h"

#include <cstdio>
#include <filesystem>
#include <iomanip>

namespace fusion {

namespace {

// What the figures cover, in words.
std::string scopeWords(const RankTable &t)
{
    if (t.scope.kind == Scope::Kind::All)
        return "whole file";
    if (t.scope.step)
        return "profiler step " + std::to_string(*t.scope.step);
    return "each rank's profiler steps, summed (its whole file when it has none)";
}

std::string rankCell(int rank) { return rank >= 0 ? std::to_string(rank) : "-"; }
std::string rankCell(const RankRow &r) { return rankCell(r.member.rank); }

std::string gapPercent(const RankPairRow &r)
{
    if (!r.compared || r.aBusy <= 0)
        return "";
    if (r.gap() == 0)
        return "0.0%";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", 100.0 * double(r.gap()) / double(r.aBusy));
    return buf;
}

std::string partText(const RankPairRow &r)
{
    return r.hasPart ? r.partName + " (" + signedUsText(r.partGap) + " us)" : r.compared ? "none" : r.note;
}

std::string scopeName(const Scope &scope)
{
    return scope.kind == Scope::Kind::All ? "all" : scope.step ? "step" : "steps";
}

std::string pairsHeading(const RankPairTable &t, const Scope &scope)
{
    return "Rank by rank: A = " + t.labelA + " (" + std::to_string(t.membersA.size()) + " traces), B = " + t.labelB + " ("
           + std::to_string(t.membersB.size()) + " traces); GPU busy time of each rank's scope (" + scopeName(scope)
           + "), gap = B - A, its largest part from the gap decomposition";
}

std::string slowestLine(const RankTable &t)
{
    if (t.slowest < 0)
        return "No rank has kernels in the scope.";
    const RankRow &s = t.rows[size_t(t.slowest)];
    return "Slowest: " + rankName(s.member) + " (" + memberFileName(s.member) + "), " + usText(s.time.kernelTime)
           + " us kernel time; median " + usText(t.medianKernelTime) + " us; skew (max / median kernel time) "
           + decimalText(t.skew, 3);
}

} // namespace

std::string memberFileName(const TraceMember &m)
{
    return m.member.empty() ? std::filesystem::path(m.path).filename().string() : m.member;
}

std::string rankName(const TraceMember &m)
{
    return m.rank >= 0 ? "rank " + std::to_string(m.rank) : memberFileName(m);
}

void writeRankTableJson(JsonWriter &w, const RankTable &t)
{
    w.key("rank_table").beginObject();
    w.field("scope", scopeName(t.scope));
    w.field("ranks", uint64_t(t.rows.size()));
    w.key("rows").beginArray();
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const RankRow &r = t.rows[i];
        w.beginObject();
        w.field("rank", int64_t(r.member.rank));
        w.field("name", r.member.display);
        w.field("file", memberFileName(r.member));
        w.field("rank_source", rankSourceName(r.member.rankSource));
        w.field("analysed", r.analysed);
        w.field("kernels", uint64_t(r.time.kernels));
        w.field("kernel_us", toUs(r.time.kernelTime), 3);
        w.field("span_us", toUs(r.time.span), 3);
        w.field("busy_us", toUs(r.time.busy), 3);
        w.field("idle_us", toUs(r.time.idle), 3);
        w.field("comm_us", toUs(r.time.comm), 3);
        w.field("exposed_comm_us", toUs(r.time.exposedComm), 3);
        w.field("slowest", int(i) == t.slowest);
        if (!r.note.empty())
            w.field("note", r.note);
        w.endObject();
    }
    w.endArray();
    if (t.slowest >= 0) {
        const RankRow &s = t.rows[size_t(t.slowest)];
        w.field("slowest_rank", int64_t(s.member.rank));
        w.field("slowest_name", s.member.display);
        w.field("max_kernel_us", toUs(s.time.kernelTime), 3);
    } else {
        w.key("slowest_rank").null();
        w.key("slowest_name").null();
        w.field("max_kernel_us", 0.0, 3);
    }
    w.field("median_kernel_us", toUs(t.medianKernelTime), 3);
    w.field("skew", t.skew, 4);
    w.endObject();
}

void writeRankTableText(std::ostream &out, const RankTable &t)
{
    out << "\nRanks (" << t.rows.size() << " traces of one run; " << scopeWords(t)
        << "; comm = communication kernels such as NCCL/RCCL):\n";
    out << "  " << std::right << std::setw(5) << "rank" << "  " << std::left << std::setw(21) << "rank from" << std::right
        << std::setw(9) << "kernels" << std::setw(13) << "kernel_us" << std::setw(13) << "busy_us" << std::setw(13)
        << "idle_us" << std::setw(13) << "comm_us" << std::setw(13) << "exp_comm_us" << "  file\n";
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const RankRow &r = t.rows[i];
        out << "  " << std::setw(5) << rankCell(r) << "  " << std::left << std::setw(21)
            << rankSourceLabel(r.member.rankSource) << std::right << std::setw(9) << r.time.kernels << std::setw(13)
            << usText(r.time.kernelTime) << std::setw(13) << usText(r.time.busy) << std::setw(13) << usText(r.time.idle)
            << std::setw(13) << usText(r.time.comm) << std::setw(13) << usText(r.time.exposedComm) << "  "
            << memberFileName(r.member) << (int(i) == t.slowest ? "  <- slowest" : "")
            << (r.analysed ? "  (analysed)" : "") << (r.note.empty() ? "" : "  (" + r.note + ")") << '\n';
    }
    out << "  " << slowestLine(t) << '\n';
}

void writeRankTableMarkdown(std::ostream &out, const RankTable &t)
{
    out << "\n## Ranks\n\n" << t.rows.size() << " traces of one run; " << scopeWords(t)
        << "; comm = communication kernels such as NCCL/RCCL.\n\n";
    out << "| rank | rank from | file | kernels | kernel µs | busy µs | idle µs | comm µs | exposed comm µs | |\n"
        << "|---:|---|---|---:|---:|---:|---:|---:|---:|---|\n";
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const RankRow &r = t.rows[i];
        std::string mark = int(i) == t.slowest ? "**slowest**" : "";
        if (r.analysed)
            mark += mark.empty() ? "analysed" : ", analysed";
        if (!r.note.empty())
            mark += (mark.empty() ? "" : ", ") + r.note;
        out << "| " << rankCell(r) << " | " << rankSourceLabel(r.member.rankSource) << " | `" << memberFileName(r.member)
            << "` | " << r.time.kernels << " | " << usText(r.time.kernelTime) << " | " << usText(r.time.busy) << " | "
            << usText(r.time.idle) << " | " << usText(r.time.comm) << " | " << usText(r.time.exposedComm) << " | " << mark << " |\n";
    }
    out << '\n' << slowestLine(t) << '\n';
}

std::string rankTableCsv(const RankTable &t)
{
    std::string out = "rank,file,rank_source,analysed,kernels,kernel_us,span_us,busy_us,idle_us,comm_us,exposed_comm_us,slowest,note\n";
    for (size_t i = 0; i < t.rows.size(); ++i) {
        const RankRow &r = t.rows[i];
        out += std::to_string(r.member.rank) + ',' + csvField(r.member.display) + ',' + rankSourceName(r.member.rankSource)
               + ',' + (r.analysed ? "true" : "false") + ',' + std::to_string(r.time.kernels) + ',' + usText(r.time.kernelTime)
               + ',' + usText(r.time.span) + ',' + usText(r.time.busy) + ',' + usText(r.time.idle) + ',' + usText(r.time.comm) + ','
               + usText(r.time.exposedComm) + ',' + (int(i) == t.slowest ? "true" : "false") + ',' + csvField(r.note) + '\n';
    }
    return out;
}

void writeRankPairsJson(JsonWriter &w, const RankPairTable &t, const Scope &scope, Stage stage)
{
    w.beginObject();
    w.field("label_a", t.labelA);
    w.field("label_b", t.labelB);
    w.field("scope", scopeName(scope));
    w.field("stage", stageName(stage));
    w.field("measure", "gpu_busy");
    w.field("a_ranks", uint64_t(t.membersA.size()));
    w.field("b_ranks", uint64_t(t.membersB.size()));
    w.key("rank_pairs").beginArray();
    for (const RankPairRow &r : t.rows) {
        w.beginObject();
        w.field("rank", int64_t(r.pair.rank));
        w.field("a_name", r.aName);
        w.field("b_name", r.bName);
        w.field("compared", r.compared);
        w.field("a_us", toUs(r.aBusy), 3);
        w.field("b_us", toUs(r.bBusy), 3);
        w.field("gap_us", toUs(r.gap()), 3);
        w.field("gap_pct", r.aBusy > 0 ? 100.0 * double(r.gap()) / double(r.aBusy) : 0.0, 2);
        w.field("a_kernel_us", toUs(r.aKernel), 3);
        w.field("b_kernel_us", toUs(r.bKernel), 3);
        w.key("biggest_part");
        if (r.hasPart)
            w.beginObject()
                .field("name", r.partName)
                .field("kind", gapKindName(r.partKind))
                .field("us", toUs(r.partGap), 3)
                .endObject();
        else
            w.null();
        if (!r.note.empty())
            w.field("note", r.note);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

void writeRankPairsText(std::ostream &out, const RankPairTable &t, const Scope &scope)
{
    out << pairsHeading(t, scope) << ":\n";
    out << "  " << std::setw(5) << "rank" << std::setw(14) << "A_us" << std::setw(14) << "B_us" << std::setw(14)
        << "gap_us" << std::setw(9) << "gap" << "  largest part of the gap\n";
    for (const RankPairRow &r : t.rows)
        out << "  " << std::setw(5) << rankCell(r.pair.rank) << std::setw(14) << (r.compared ? usText(r.aBusy) : "-")
            << std::setw(14) << (r.compared ? usText(r.bBusy) : "-") << std::setw(14) << (r.compared ? signedUsText(r.gap()) : "-")
            << std::setw(9) << gapPercent(r) << "  " << partText(r) << '\n';
}

void writeRankPairsMarkdown(std::ostream &out, const RankPairTable &t, const Scope &scope)
{
    out << "# FusionScope comparison, rank by rank\n\n" << pairsHeading(t, scope) << ".\n\n";
    out << "| rank | A µs | B µs | gap µs | gap | largest part of the gap |\n|---:|---:|---:|---:|---:|---|\n";
    for (const RankPairRow &r : t.rows)
        out << "| " << rankCell(r.pair.rank) << " | " << (r.compared ? usText(r.aBusy) : "-") << " | "
            << (r.compared ? usText(r.bBusy) : "-") << " | " << (r.compared ? signedUsText(r.gap()) : "-") << " | "
            << gapPercent(r) << " | " << partText(r) << " |\n";
}

std::string rankPairsCsv(const RankPairTable &t)
{
    std::string out = "rank,a_name,b_name,compared,a_us,b_us,gap_us,a_kernel_us,b_kernel_us,biggest_part,biggest_part_kind,"
                      "biggest_part_us,note\n";
    for (const RankPairRow &r : t.rows)
        out += std::to_string(r.pair.rank) + ',' + csvField(r.aName) + ',' + csvField(r.bName) + ','
               + (r.compared ? "true" : "false") + ',' + usText(r.aBusy) + ',' + usText(r.bBusy) + ',' + usText(r.gap()) + ','
               + usText(r.aKernel) + ',' + usText(r.bKernel) + ',' + csvField(r.hasPart ? r.partName : "") + ','
               + (r.hasPart ? gapKindName(r.partKind) : "") + ',' + (r.hasPart ? usText(r.partGap) : "") + ','
               + csvField(r.note) + '\n';
    return out;
}

} // namespace fusion
