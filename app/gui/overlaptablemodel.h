#pragma once
// Overlap opportunities of one trace: kernel families whose time is exposed (nothing runs beside
// them on another stream) or mostly hidden, with priority, dependency risk and a recommendation.
#include "rowtablemodel.h"
#include "triagejob.h"

struct OverlapTableRow {
    fusion::Stage stage;
    const fusion::OverlapRow *row;
};

class OverlapTableModel : public RowTableModel<OverlapTableRow> {
    Q_OBJECT
public:
    enum Column { Stage, Priority, Kernel, Bucket, Verdict, Recommendation, Calls, Total, Exclusive, Hidden,
                  ExclusiveRatio, Dependency, Scope, ColumnCount };

    explicit OverlapTableModel(QObject *parent = nullptr);
    void setContent(std::shared_ptr<const TriageResult> result);

private:
    using Row = OverlapTableRow;
    static ColumnSpec overlapText(Header header, std::string fusion::OverlapRow::*field);

    std::shared_ptr<const TriageResult> m_result;  // owns what the rows point at
};
