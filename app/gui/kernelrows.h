#pragma once
// The kernel table's rows as plain values, built off the GUI thread: one row per kernel name when a
// trace stands alone, one row per aligned pair of names (A ↔ B, summed over all aligned layers) once
// the two traces are compared. Each row keeps its kernel ids, so any finding can point at its row.
#include "compare/comparison.h"
#include "side.h"

#include <string>
#include <vector>

struct KernelRow {
    std::string op;                       // operation; empty when the trace is not classified
    std::string name[2];                  // raw names per side, empty on a side without kernels
    std::string demangled[2];             // the same, demangled (tooltips, filtering)
    std::string display[2];               // short form for the cell: "vectorized_elementwise_kernel [pow]"
    std::vector<uint32_t> ids[2];         // kernel ids per side, ascending
    fusion::Ns total[2] = {0, 0};         // over all stages
};

namespace KernelRows {

// One row per distinct kernel name of one trace, placed on `side`.
std::vector<KernelRow> ofTrace(const fusion::AnalyzedTrace &trace, Side side);
// Aligned kernel pairs of every layer pair merged by (op, name A, name B); kernels the alignment did
// not pair (outside layers, gaps) join the row their names were paired in, else a row pairing the same
// raw name on both sides, else a one-sided row: every kernel id is in exactly one row.
std::vector<KernelRow> ofComparison(const fusion::AnalyzedTrace &a, const fusion::AnalyzedTrace &b,
                                    const fusion::Comparison &comparison);
// Exchanges the A and B halves of every row (File → Swap without re-reading the traces).
void swapSides(std::vector<KernelRow> &rows);

} // namespace KernelRows
