#pragma once
// Known fusion families found in one trace (resources/fusion_patterns.yaml): per stage, whether the
// fused kernel already runs (direct) or its pieces run apart (split), how many instances of each
// (a family with both is mixed), how sure, and how much time.
#include "side.h"
#include "triagejob.h"

#include <QAbstractTableModel>

class FamilyTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Stage, Family, Status, DirectInstances, SplitInstances, Confidence, Related, Share, Evidence, Locations,
        Rationale, ColumnCount
    };

    explicit FamilyTableModel(QObject *parent = nullptr);
    void setContent(std::shared_ptr<const TriageResult> result, Side side);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        fusion::Stage stage;
        const fusion::FamilyMatch *match;
    };
    std::shared_ptr<const TriageResult> m_result;
    Side m_side = SideA;
    std::vector<Row> m_rows;
};
