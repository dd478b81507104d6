#pragma once
// Writers for a two-trace comparison: JSON (the README's contract), text, markdown findings report, and
// CSV tables.
#include "compare/comparison.h"
#include "util/jsonwriter.h"

#include <functional>
#include <map>
#include <ostream>
#include <string>

namespace fusion {

// `extra` writes further fields into the object (before "warnings"): what the command knows beyond the
// comparison, such as which ranks it compared.
void writeCompareJson(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                      const std::function<void(JsonWriter &)> &extra = {});
// compareTraces, then writeCompareJson, in less time: the document up to its layer alignment, most of
// it, is written while the comparison works out its findings, modules and gap. The same text.
// It sets options.whileComparing for itself.
Comparison compareWritingJson(JsonWriter &w, const AnalyzedTrace &a, const AnalyzedTrace &b, const CompareOptions &options,
                              const std::function<void(JsonWriter &)> &extra = {});
void writeCompareText(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c,
                      size_t limit = 20);
// The aligned layer pairs (both sides present), the largest |B − A| first.
std::vector<const LayerPair *> layersByGap(const Comparison &c);
void writeCompareMarkdown(std::ostream &out, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);
// One CSV text per table: "ops", "layers", "kernel_pairs", "same_kernels", "fusion_patterns", "extra_work",
// "gap", "what_if".
std::map<std::string, std::string> compareCsvTables(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c);

} // namespace fusion
