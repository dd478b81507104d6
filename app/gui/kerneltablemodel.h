#pragma once
// The kernel comparison table: one row per kernel name (or aligned pair of names), A and B side by
// side with calls, total and average time, the difference and the ratio B/A. The stage filter is
// applied here, not in the proxy, because it changes the numbers in a row rather than hiding it;
// a row's KernelIds are likewise the kernels of the current stage, one per call it counts.
#include "kernelrows.h"
#include "rowtablemodel.h"

#include <memory>

struct KernelTableRow {  // one shown row: a KernelRow's numbers under the current stage
    size_t index = 0;    // into the model's KernelRows
    uint64_t calls[2] = {0, 0};
    fusion::Ns total[2] = {0, 0};
    fusion::Ns perStep[2] = {0, 0};  // total over the profiler steps it covers: Δ and B/A use these
    bool both() const { return calls[0] > 0 && calls[1] > 0; }
    double ratio() const { return both() && perStep[0] > 0 ? double(perStep[1]) / double(perStep[0]) : 0.0; }
};

class KernelTableModel : public RowTableModel<KernelTableRow> {
    Q_OBJECT
public:
    enum Column { Op, NameA, NameB, CallsA, CallsB, TotalA, TotalB, AvgA, AvgB, Delta, Ratio, ColumnCount };

    explicit KernelTableModel(QObject *parent = nullptr);

    // Either trace may be null. Rows come from KernelRows (built on a worker thread).
    void setContent(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                    std::vector<KernelRow> rows);
    void setLabels(const QString &labelA, const QString &labelB);
    void setStage(fusion::Stage stage);
    fusion::Stage stage() const { return m_stage; }
    void setDemangle(bool on);
    bool demangle() const { return m_demangle; }

    // The row holding kernel `id` of `side`, -1 when none (or hidden by the stage filter).
    int rowOfKernel(Side side, uint32_t id) const;
    const KernelRow &rowAt(int row) const { return m_all[item(row).index]; }
    // The kernels of `side` that row `row` counts: those of the current stage, one per call.
    std::vector<uint32_t> kernelIds(int row, Side side) const;
    static Side sideOf(int column);  // the side a column shows
    QStringList operations() const;  // distinct ops of the rows, sorted

protected:
    QVariant rowData(const KernelTableRow &row, int column, int role) const override;
    QString headerToolTip(int column) const override;

private:
    using Row = KernelTableRow;
    std::vector<uint32_t> idsOf(const Row &row, Side side) const;
    void rebuild();
    QString name(const KernelRow &r, Side side) const;
    QString perStepNote() const;  // for the Δ and B/A headers when the sides hold different step counts
    QVariant comparisonTip(const Row &v) const;
    ColumnSpec nameColumn(Header header, Side side) const;
    ColumnSpec callsColumn(Header header, Side side) const;
    // A time of one side, blank where that side has no call.
    ColumnSpec sideTime(Header header, Side side, fusion::Ns (*get)(const Row &, Side)) const;

    std::shared_ptr<const fusion::AnalyzedTrace> m_trace[2];
    std::vector<KernelRow> m_all;
    std::vector<int32_t> m_rowOfKernel[2];  // per kernel id → visible row
    QString m_label[2];
    uint32_t m_steps[2] = {1, 1};  // profiler steps each side's totals cover
    fusion::Stage m_stage = fusion::Stage::All;
    bool m_demangle = true;
};
