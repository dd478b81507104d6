#pragma once
// The single-trace triage kernel table of one side: kernels grouped by canonical name per stage,
// with operation, category, time statistics, share of the stage and the top launching source site.
#include "rowtablemodel.h"
#include "side.h"
#include "triagejob.h"

struct TriageTableRow {
    fusion::Stage stage;
    const fusion::KernelTableRow *row;
    QString display;  // a short name no other kernel of the table shares
};

class TriageTableModel : public RowTableModel<TriageTableRow> {
    Q_OBJECT
public:
    enum Column { Stage, Kernel, Op, Category, Calls, Total, Avg, Min, Max, Share, TopSite, Sites, ColumnCount };

    explicit TriageTableModel(QObject *parent = nullptr);
    void setContent(std::shared_ptr<const TriageResult> result, Side side);

protected:
    QVariant rowData(const TriageTableRow &row, int column, int role) const override;

private:
    using Row = TriageTableRow;
    QString location(const fusion::KernelSite &site) const;

    std::shared_ptr<const TriageResult> m_result;  // owns what the rows point at
    Side m_side = SideA;
};
