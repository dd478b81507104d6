#pragma once
// The main window: trace A left, trace B right, the pages in tabs below. It assembles the pages, menus
// and background jobs (one analysis and one triage per side, one comparison): a job's result goes into
// Results, whose typed signals each page follows on its own. It never waits for a job, so the window
// stays responsive whatever the traces' size.
#include "side.h"
#include "stages/stages.h"

#include <QMainWindow>
#include <memory>
#include <vector>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
class SideBySide;
}
class AnalysisJob;
class ChartPage;
class ComparisonJob;
class EmptyState;
class FindingsPage;
class FusionPage;
class KernelPage;
class LayerPage;
class MessageBar;
class PerfettoExporter;
class QAbstractItemView;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QTabWidget;
class Results;
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

    const Results *results() const { return m_results; }
    TracePane *pane(Side side) const { return m_pane[side]; }
    MessageBar *messageBar() const { return m_messageBar; }
    QTabWidget *tabs() const { return m_tabs; }
    KernelPage *kernelPage() const { return m_kernelPage; }
    LayerPage *layerPage() const { return m_layerPage; }
    FusionPage *fusionPage() const { return m_fusionPage; }
    FindingsPage *findingsPage() const { return m_findingsPage; }
    ChartPage *chartPage() const { return m_chartPage; }
    TriagePage *triagePage() const { return m_triagePage; }
    TimelineView *timelineView() const { return m_timelineView; }
    TriageJob *triageJob(Side side) const { return m_triageJob[side]; }
    PerfettoExporter *perfettoExporter() const { return m_perfetto; }
    TableActions *tableActions(QWidget *page) const;  // what File → Export writes for that tab, if anything

public slots:
    void openTrace(Side side, const QString &path);
    // Both sides at once: read side by side, a core each, as a comparison's traces are.
    void openPair(const QString &a, const QString &b);
    // Loads rank `member` (an index into the loaded run's traces) of the run on `side`, in the
    // background as any load, and compares again once it is there.
    void chooseRank(Side side, int member);
    void cancelLoading(Side side);
    void swapTraces();
    // Selects the kernel table row holding kernel `id` of `side` (clearing filters that hide it, and
    // showing every stage when it runs in another) on the Kernels tab.
    bool selectKernel(Side side, uint32_t id);
    // Selects every kernel table row holding one of the kernels; the number of rows (0: none).
    int selectKernels(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b);
    // A fusion-tree item (of the view's proxy or the model itself): kernels → kernel table,
    // source locations → editor or stack.
    void activateFusionItem(const QModelIndex &index);
    void exportCurrentTable();

signals:
    void idle();  // no job runs any more: what the views show is final (used by --screenshot)
    // Something in results() changed (a trace loaded, a comparison or triage arrived), after the
    // pages followed it.
    void resultsChanged();
    // The stage selector changed (the kernel table has already been narrowed; the comparison of
    // that stage is under way). The timeline follows it.
    void stageChanged(fusion::Stage stage);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

private:
    // openTrace, with the pair it is opened with, if any.
    void startLoad(Side side, const QString &path, std::shared_ptr<fusion::SideBySide> pair);
    void createActions();
    void createViews();
    void connectJob(Side side);
    void connectExports();
    void askOpen(Side side);
    void startComparison();
    void returnFreeMemoryUnlessCompared();
    void swapResults();  // swapTraces' part inside one Results::Update
    void startTriage(Side side);
    void startQueuedTriages();
    void startQueuedTriagesAfterPaint();
    bool triagePending(Side side) const;  // queued or running
    void publishTriage(Side side);        // the side's triage state (and result) into Results
    void updateWindowTitle();
    void updateActions();
    void updateTabTitles();
    void notifyIfIdle();
    void openLocation(const QModelIndex &sourceIndex);
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

    Results *m_results;
    AnalysisJob *m_job[2];
    TriageJob *m_triageJob[2];
    bool m_triageQueued[2] = {false, false};
    bool m_triageStartPosted = false;
    bool m_triageCancelled[2] = {false, false};  // by the user, from the triage tab
    bool m_triageFailed[2] = {false, false};
    ComparisonJob *m_compareJob;
    PerfettoExporter *m_perfetto = nullptr;
    QString m_path[2], m_userLabel[2];
    int m_member[2] = {-1, -1};  // the rank chosen in the pane (index into the run's traces); -1: the lowest
    fusion::Stage m_stage = fusion::Stage::All;
    bool m_screenshotMode = false;
    QList<EmptyState *> m_emptyStates;
    bool m_compactHeaders = false;

    TracePane *m_pane[2];
    MessageBar *m_messageBar;
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
    KernelPage *m_kernelPage;
    LayerPage *m_layerPage;
    FusionPage *m_fusionPage;
    FindingsPage *m_findingsPage;
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
