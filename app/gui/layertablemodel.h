#pragma once
// The layer table: aligned layers of A and B with kernel counts, GPU time, difference and ratio; one
// trace alone lists its own layers. Reads the analysis results directly (a few hundred rows at most).
#include "compare/comparison.h"
#include "side.h"

#include <QAbstractTableModel>
#include <memory>

class LayerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Index, LayerA, LayerB, Stage, KernelsA, KernelsB, TotalA, TotalB, Delta, Ratio, ColumnCount };

    explicit LayerTableModel(QObject *parent = nullptr);

    // comparison may be null: then each present trace contributes its own layers.
    void setContent(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                    std::shared_ptr<const fusion::Comparison> comparison);
    void setLabels(const QString &labelA, const QString &labelB);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int32_t layer[2] = {-1, -1};
        uint32_t kernels[2] = {0, 0};
        fusion::Ns total[2] = {0, 0};
    };
    const fusion::Layer *layer(const Row &r, Side side) const;

    std::shared_ptr<const fusion::AnalyzedTrace> m_trace[2];
    std::shared_ptr<const fusion::Comparison> m_comparison;
    std::vector<Row> m_rows;
    QString m_label[2];
};
