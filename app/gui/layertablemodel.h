#pragma once
// The layer table: aligned layers of A and B with kernel counts, GPU time, difference and ratio; one
// trace alone lists its own layers. Reads the analysis results directly (a few hundred rows at most).
#include "compare/comparison.h"
#include "rowtablemodel.h"
#include "side.h"

#include <memory>

struct LayerTableRow {
    int number = 0;  // 1-based, in alignment order
    int32_t layer[2] = {-1, -1};
    uint32_t kernels[2] = {0, 0};
    fusion::Ns total[2] = {0, 0};
    bool present(Side side) const { return layer[side] >= 0; }
    double ratio() const  // B/A, 0 when a side is missing
    {
        return present(SideA) && present(SideB) && total[0] > 0 ? double(total[1]) / double(total[0]) : 0.0;
    }
};

class LayerTableModel : public RowTableModel<LayerTableRow> {
    Q_OBJECT
public:
    enum Column { Index, LayerA, LayerB, Stage, KernelsA, KernelsB, TotalA, TotalB, Delta, Ratio, ColumnCount };

    explicit LayerTableModel(QObject *parent = nullptr);

    // comparison may be null: then each present trace contributes its own layers.
    void setContent(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                    std::shared_ptr<const fusion::Comparison> comparison);
    void setLabels(const QString &labelA, const QString &labelB);

protected:
    QVariant rowData(const LayerTableRow &row, int column, int role) const override;
    QString headerToolTip(int column) const override;

private:
    using Row = LayerTableRow;
    static Side sideOf(int column);  // the side a column shows
    const fusion::Layer *layer(const Row &r, Side side) const;
    QString layerName(const Row &r, Side side) const;
    ColumnSpec layerColumn(Header header, Side side) const;
    ColumnSpec kernelsColumn(Header header, Side side) const;
    ColumnSpec totalColumn(Header header, Side side) const;

    std::shared_ptr<const fusion::AnalyzedTrace> m_trace[2];
    std::shared_ptr<const fusion::Comparison> m_comparison;
    QString m_label[2];
};
