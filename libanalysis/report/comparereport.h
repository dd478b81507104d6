#pragma once
// Writers for a two-trace comparison: JSON (the README's contract), text, markdown findings report, and
// CSV tables.
#include "compare/comparison.h"
#include "util/jsonwriter.h"

#include <map>
#include <ostream>
#include <string>

namespace fusion {

void writeCompareJson(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);
void writeCompareText(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                      size_t limit = 20);
// The aligned layer pairs (both sides present), the largest |B − A| first.
std::vector<const LayerPair *> layersByGap(const Comparison &c);
void writeCompareMarkdown(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);
// One CSV text per table: "ops", "layers", "kernel_pairs", "same_kernels", "fusion_patterns", "extra_work",
// "gap", "what_if".
std::map<std::string, std::string> compareCsvTables(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);

} // namespace fusion
