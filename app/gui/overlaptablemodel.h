#pragma once
// Overlap opportunities of one trace: kernel families whose time is exposed (nothing runs beside
// them on another stream) or mostly hidden, with priority, dependency risk and a recommendation.
#include "triagejob.h"

#include <QAbstractTableModel>

class OverlapTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Stage, Priority, Kernel, Bucket, Verdict, Recommendation, Calls, Total, Exclusive, Hidden,
                  ExclusiveRatio, Dependency, Scope, ColumnCount };

    explicit OverlapTableModel(QObject *parent = nullptr);
    void setContent(std::shared_ptr<const TriageResult> result);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        fusion::Stage stage;
        const fusion::OverlapRow *row;
    };
    std::shared_ptr<const TriageResult> m_result;
    std::vector<Row> m_rows;
};
