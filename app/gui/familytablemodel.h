#pragma once
// Known fusion families found in one trace (resources/fusion_patterns.yaml): per stage, whether the
// fused kernel already runs (direct) or its pieces run apart (split), how many instances of each
// (a family with both is mixed), how sure, and how much time.
#include "rowtablemodel.h"
#include "side.h"
#include "triagejob.h"

struct FamilyTableRow {
    fusion::Stage stage;
    const fusion::FamilyMatch *match;
};

class FamilyTableModel : public RowTableModel<FamilyTableRow> {
    Q_OBJECT
public:
    enum Column {
        Stage, Family, Status, DirectInstances, SplitInstances, Confidence, Related, Share, Evidence, Locations,
        Rationale, ColumnCount
    };

    explicit FamilyTableModel(QObject *parent = nullptr);
    void setContent(std::shared_ptr<const TriageResult> result, Side side);

protected:
    QVariant rowData(const FamilyTableRow &row, int column, int role) const override;

private:
    using Row = FamilyTableRow;
    // A list of names: ", " apart on screen, "; " in CSV, one a line in the tooltip.
    static ColumnSpec listColumn(Header header, std::vector<std::string> fusion::FamilyMatch::*field);

    std::shared_ptr<const TriageResult> m_result;  // owns what the rows point at
    Side m_side = SideA;
};
