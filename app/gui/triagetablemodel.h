#pragma once
// The single-trace triage kernel table of one side: kernels grouped by canonical name per stage,
// with operation, category, time statistics, share of the stage and the top launching source site.
#include "side.h"
#include "triagejob.h"

#include <QAbstractTableModel>

class TriageTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Stage, Kernel, Op, Category, Calls, Total, Avg, Min, Max, Share, TopSite, Sites, ColumnCount };

    explicit TriageTableModel(QObject *parent = nullptr);
    void setContent(std::shared_ptr<const TriageResult> result, Side side);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        fusion::Stage stage;
        const fusion::KernelTableRow *row;
        QString display;  // a short name no other kernel of the table shares
    };
    std::shared_ptr<const TriageResult> m_result;
    Side m_side = SideA;
    std::vector<Row> m_rows;
};
