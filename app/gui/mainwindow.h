#pragma once
// The main window: trace A left, trace B right, the views in tabs below. It owns the background jobs
// (one analysis per side, one comparison) and swaps finished results into the models; it never waits
// for a job, so the window stays responsive whatever the traces' size.
#include "side.h"
#include "stages/stages.h"

#include <QMainWindow>
#include <memory>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
}
struct ComparisonResult;
struct TraceResult;
struct TriageResult;
class AnalysisJob;
class ChartPage;
class ComparisonJob;
class EmptyState;
class FusionTreeModel;
class KernelFilterProxy;
class KernelTableModel;
class LayerTableModel;
class MessageBar;
class OpChartView;
class PerfettoExporter;
class QAbstractItemView;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QTreeView;
class TableActions;
class TimelineView;
class TracePane;
class TriagePage;
class TriageJob;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void setLabel(Side side, const QString &label);  // applies to the next load of that side
    void setStage(fusion::Stage stage);
    fusion::Stage stage() const { return m_stage; }
    // For --screenshot and tests: nothing is read from or written to the settings' window layout and
    // recent files.
    void setScreenshotMode(bool on);
    bool showView(const QString &name);  // timeline, kernels, layers, fusion, findings, chart, gap, triage
    // The timeline plugs in here: a view inserted as a tab, first by default.
    int addView(QWidget *view, const QString &title, int position = 0);

    bool isBusy() const;
    bool hasFailures() const;  // a trace or the comparison could not be produced
    std::shared_ptr<const fusion::AnalyzedTrace> trace(Side side) const;
    std::shared_ptr<const fusion::Comparison> comparison() const;

    TracePane *pane(Side side) const { return m_pane[side]; }
    MessageBar *messageBar() const { return m_messageBar; }
    QTabWidget *tabs() const { return m_tabs; }
    KernelTableModel *kernelModel() const { return m_kernelModel; }
    KernelFilterProxy *kernelProxy() const { return m_kernelProxy; }
    QTableView *kernelView() const { return m_kernelView; }
    QLineEdit *kernelFilter() const { return m_filterEdit; }
    QComboBox *operationFilter() const { return m_opCombo; }
    LayerTableModel *layerModel() const { return m_layerModel; }
    QTableView *layerView() const { return m_layerView; }
    FusionTreeModel *fusionModel() const { return m_fusionModel; }
    QSortFilterProxyModel *fusionProxy() const { return m_fusionProxy; }
    QTreeView *fusionView() const { return m_fusionView; }
    QTextBrowser *findingsView() const { return m_findingsView; }
    OpChartView *chartView() const { return m_chartView; }
    ChartPage *chartPage() const { return m_chartPage; }
    TriagePage *triagePage() const { return m_triagePage; }
    TimelineView *timelineView() const { return m_timelineView; }
    TriageJob *triageJob(Side side) const { return m_triageJob[side]; }
    PerfettoExporter *perfettoExporter() const { return m_perfetto; }
    TableActions *tableActions(QWidget *page) const;

public slots:
    void openTrace(Side side, const QString &path);
    // Loads rank `member` (an index into the loaded run's traces) of the run on `side`, in the
    // background as any load, and compares again once it is there.
    void chooseRank(Side side, int member);
    void cancelLoading(Side side);
    void swapTraces();
    // Selects the kernel table row holding kernel `id` of `side` (clearing filters that hide it).
    bool selectKernel(Side side, uint32_t id);
    // A fusion-tree item (of the view's proxy or the model itself): kernels → kernel table,
    // source locations → editor or stack.
    void activateFusionItem(const QModelIndex &index);
    void exportCurrentTable();

signals:
    void idle();  // no job runs any more: what the views show is final (used by --screenshot)
    // trace(), comparison() or the views changed (a trace loaded, a comparison or triage arrived);
    // views beside the tabs (the timeline) refresh on this rather than wait for idle().
    void resultsChanged();
    // The stage selector changed (the kernel table has already been narrowed; the comparison of
    // that stage is under way). The timeline follows it.
    void stageChanged(fusion::Stage stage);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void createActions();
    void createViews();
    QWidget *createKernelPage();
    void connectJob(Side side);
    void askOpen(Side side);
    void startComparison();
    void startTriage(Side side);
    void startQueuedTriages();
    void refreshTriagePage();
    bool triagePending(Side side) const;  // queued or running
    void refreshViews();
    void refreshOperationFilter();
    void updateActions();
    void updateTabTitles();
    void notifyIfIdle();
    void openLocation(const QModelIndex &sourceIndex);
    void showFusionDetails(const QModelIndex &proxyIndex);
    void reloadAll();
    void updateStepChoices();   // the scope selector offers the steps of the loaded traces
    void updateStageChoices();  // stages neither trace has are disabled in the stage choice
    void rebuildRecentMenu(QMenu *menu, Side side);
    QString labelOf(Side side) const;
    void installStates();
    void fitHeaders(bool restore);
    void updateEmptyStates();
    QString emptyReason(const QAbstractItemView *view) const;
    QString missingStage() const;
    void warnIfMismatched();

    AnalysisJob *m_job[2];
    TriageJob *m_triageJob[2];
    bool m_triageQueued[2] = {false, false};
    bool m_triageCancelled[2] = {false, false};  // by the user, from the triage tab
    ComparisonJob *m_compareJob;
    PerfettoExporter *m_perfetto = nullptr;
    QString m_path[2], m_userLabel[2];
    int m_member[2] = {-1, -1};  // the rank chosen in the pane (index into the run's traces); -1: the lowest
    std::shared_ptr<const TraceResult> m_result[2];
    std::shared_ptr<const TriageResult> m_triage[2];
    std::shared_ptr<const ComparisonResult> m_comparison;
    bool m_comparisonFailed = false;
    fusion::Stage m_stage = fusion::Stage::All;
    bool m_screenshotMode = false;
    QList<EmptyState *> m_emptyStates;
    bool m_compactHeaders = false;

    TracePane *m_pane[2];
    MessageBar *m_messageBar;
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
    QWidget *m_kernelPage;
    KernelTableModel *m_kernelModel;
    KernelFilterProxy *m_kernelProxy;
    QTableView *m_kernelView;
    QLineEdit *m_filterEdit;
    QComboBox *m_opCombo;
    QCheckBox *m_demangleCheck;
    QLabel *m_rowCountLabel;
    LayerTableModel *m_layerModel;
    QSortFilterProxyModel *m_layerProxy;
    QTableView *m_layerView;
    FusionTreeModel *m_fusionModel;
    QSortFilterProxyModel *m_fusionProxy;
    QTreeView *m_fusionView;
    QWidget *m_fusionPage;
    QLabel *m_fusionWhatIf;
    QTextBrowser *m_fusionDetails;
    QTextBrowser *m_findingsView;
    OpChartView *m_chartView;
    ChartPage *m_chartPage;
    TriagePage *m_triagePage;
    TimelineView *m_timelineView;
    QComboBox *m_stageCombo;
    class ScopeSelector *m_scopeSelector = nullptr;
    QLabel *m_statusLabel;
    QProgressBar *m_compareProgress;
    QList<TableActions *> m_tableActions;

    QAction *m_openAction[2], *m_swapAction, *m_exportAction, *m_demangleAction, *m_quitAction, *m_settingsAction;
    QMenu *m_recentMenu[2];
};
