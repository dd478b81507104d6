#pragma once
// The single-trace triage of the side the user picks: the kernel table grouped by canonical name,
// the known fusion families, and the overlap opportunities, each a sortable, exportable table.
// While a side's triage runs, its progress and a Cancel button; once cancelled, a button to run it.
// It follows Results: the tables are refilled only when the triage of the side shown changed.
#include "side.h"

#include <QWidget>
#include <memory>

namespace fusion {
struct AnalyzedTrace;
}
struct TriageResult;
class DataTableView;
class FamilyTableModel;
class OverlapTableModel;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class Results;
class TableActions;
class TriageTableModel;

class TriagePage : public QWidget {
    Q_OBJECT
public:
    explicit TriagePage(const Results *results, QWidget *parent = nullptr);

    void setProgress(Side side, double fraction);  // 0..1 of the running triage
    Side side() const;
    void setSide(Side side);

    TriageTableModel *kernelModel() const { return m_kernelModel; }
    FamilyTableModel *familyModel() const { return m_familyModel; }
    OverlapTableModel *overlapModel() const { return m_overlapModel; }
    QList<TableActions *> tableActions() const { return m_actions; }
    DataTableView *kernelView() const { return m_views[0]; }
    TableActions *currentTableActions() const;
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *runButton() const { return m_run; }
    QProgressBar *progressBar() const { return m_progress; }
    QString note() const;

signals:
    void kernelActivated(Side side, uint id);
    void cancelRequested(Side side);
    void runRequested(Side side);

private:
    void refresh();  // from Results: the side labels, the side shown, then update()
    void update();

    const Results *m_results;
    bool m_pending[2] = {false, false};
    std::shared_ptr<const fusion::AnalyzedTrace> m_traceOf[2];  // whose triage m_fraction follows
    double m_fraction[2] = {0, 0};
    // What the tables show: they are refilled only when it changes, so the rows the user selected
    // stay when the other side's triage arrives.
    std::shared_ptr<const TriageResult> m_shown;
    Side m_shownSide = SideA;
    bool m_filled = false;
    bool m_sideChosen = false;  // by the user; until then the page follows the loaded traces
    QComboBox *m_side;
    QLabel *m_note;
    QProgressBar *m_progress;
    QPushButton *m_cancel, *m_run;
    QTabWidget *m_tabs;
    TriageTableModel *m_kernelModel;
    FamilyTableModel *m_familyModel;
    OverlapTableModel *m_overlapModel;
    DataTableView *m_views[3];
    QList<TableActions *> m_actions;
};
