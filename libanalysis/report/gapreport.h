#pragma once
// Writers for the gap decomposition and the what-if projections of a comparison
// (compare/gapdecomposition.h): the JSON fields "gap" and "what_if", a text and a markdown section,
// and the CSV tables "gap" and "what_if".
#include "compare/comparison.h"
#include "util/jsonwriter.h"

#include <ostream>
#include <string>

namespace fusion {

void writeGapJson(JsonWriter &w, const Comparison &c);  // the "gap" and "what_if" fields
void writeGapText(std::ostream &out, const Comparison &c);
void writeGapMarkdown(std::ostream &out, const Comparison &c);
std::string gapCsv(const Comparison &c);     // every breakdown's parts, one row each
std::string whatIfCsv(const Comparison &c);  // every projection's items, one row each

// "if H100 fused like MI300X": what a scenario projects, in words.
std::string whatIfTitle(const Comparison &c, const WhatIf &w);

} // namespace fusion
