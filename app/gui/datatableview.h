#pragma once
// The table view every tabular view uses: whole-row selection, sortable headers that start in the
// model's own order, names elided in the middle, compact rows.
#include <QTableView>

class DataTableView : public QTableView {
    Q_OBJECT
public:
    explicit DataTableView(QWidget *parent = nullptr);
};
