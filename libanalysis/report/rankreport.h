#pragma once
// The ranks of a distributed run in reports (ranks/ranktable.h): the JSON field "rank_table", a
// text and a markdown table, and a CSV table.
#include "ranks/rankpairs.h"
#include "ranks/ranktable.h"
#include "util/jsonwriter.h"

#include <ostream>
#include <string>

namespace fusion {

// "rank_table": {"scope", "ranks", "rows": [{"rank", "name", "file", "rank_source", "analysed", "kernels",
// "kernel_us", "span_us", "busy_us", "idle_us", "comm_us", "exposed_comm_us", "slowest", "note"?}],
// "slowest_rank", "slowest_name", "median_kernel_us", "max_kernel_us", "skew"}
void writeRankTableJson(JsonWriter &w, const RankTable &table);
void writeRankTableText(std::ostream &out, const RankTable &table);
void writeRankTableMarkdown(std::ostream &out, const RankTable &table);
std::string rankTableCsv(const RankTable &table);

// compare --ranks all: {"label_a", "label_b", "scope", "stage", "measure": "gpu_busy", "a_ranks", "b_ranks",
// "rank_pairs": [{"rank", "a_name", "b_name", "compared", "a_us", "b_us", "gap_us", "gap_pct", "a_kernel_us",
// "b_kernel_us", "biggest_part": {"name", "kind", "us"} | null, "note"?}]} as one document.
void writeRankPairsJson(JsonWriter &w, const RankPairTable &table, const Scope &scope, Stage stage);
void writeRankPairsText(std::ostream &out, const RankPairTable &table, const Scope &scope);
void writeRankPairsMarkdown(std::ostream &out, const RankPairTable &table, const Scope &scope);
std::string rankPairsCsv(const RankPairTable &table);

// What to call a member in a table: its archive entry or its file name.
std::string memberFileName(const TraceMember &m);
// "rank 3", or the file name for a trace of unknown rank.
std::string rankName(const TraceMember &m);

} // namespace fusion
