#include "mainwindow.h"

#include "analysisjob.h"
#include "comparisonjob.h"
#include "datatableview.h"
#include "fusiontreemodel.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "layertablemodel.h"
#include "messagebar.h"
#include "modelroles.h"
#include "opchartview.h"
#include "scopeselector.h"
#include "settings.h"
#include "settingsdialog.h"
#include "sourceopener.h"
#include "tableactions.h"
#include "timelinesync.h"
#include "timelineview.h"
#include "toplevelsortproxy.h"
#include "tracepane.h"
#include "triagejob.h"
#include "triagepage.h"
#include "units.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QStandardItem>
#include <QStandardItemModel>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <set>

using namespace fusion;

// Outside any namespace, as Q_INIT_RESOURCE requires: the icon lives in the static library, whose
// resource initialiser the linker would otherwise drop.
static void initResources()
{
    Q_INIT_RESOURCE(fusionscope);
}

namespace {
QString sideName(Side s)
{
    return s == SideA ? MainWindow::tr("A") : MainWindow::tr("B");
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    initResources();
    setWindowTitle(tr("FusionScope"));
    QIcon icon;
    // PNGs rendered from the SVG: Debian's Qt has no SVG icon engine unless qt6-svg is installed.
    for (const char *name : {"fusionscope-32.png", "fusionscope-64.png", "fusionscope.png"})
        icon.addFile(QStringLiteral(":/icons/") + QLatin1String(name));
    setWindowIcon(icon);
    setAcceptDrops(true);

    for (Side s : {SideA, SideB}) {
        m_job[s] = new AnalysisJob(s, this);
        m_triageJob[s] = new TriageJob(this);
        m_pane[s] = new TracePane(s, this);
    }
    m_compareJob = new ComparisonJob(this);
    m_messageBar = new MessageBar(this);

    createViews();
    createActions();
    for (Side s : {SideA, SideB})
        connectJob(s);

    connect(m_compareJob, &BackgroundJob::finished, this, [this] {
        m_comparison = m_compareJob->result();
        m_comparisonFailed = false;
        m_compareProgress->hide();
        m_messageBar->clearMessage(QStringLiteral("compare"));
        const auto &c = *m_comparison->comparison;
        m_statusLabel->setText(tr("Compared: %n fusion pattern(s), %1 extra-work item(s), %2 aligned layer pairs", nullptr,
                                  int(c.findings.size()))
                                   .arg(c.extraWork.size())
                                   .arg(c.layers.pairs.size()));
        refreshViews();
        notifyIfIdle();
    });
    connect(m_compareJob, &BackgroundJob::failed, this, [this](quint64, const QString &message) {
        m_comparisonFailed = true;
        m_compareProgress->hide();
        m_statusLabel->setText(tr("Comparison failed"));
        m_messageBar->showMessage(MessageBar::Error, tr("The comparison failed: %1").arg(message),
                                  QStringLiteral("compare"));
        notifyIfIdle();
    });
    connect(m_compareJob, &BackgroundJob::cancelled, this, [this] {
        m_compareProgress->hide();
        notifyIfIdle();
    });

    resize(1440, 900);
    const QByteArray geometry = Settings::windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    restoreState(Settings::windowState());
    m_splitter->restoreState(Settings::splitterState());
    refreshViews();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createViews()
{
    auto *panes = new QSplitter(Qt::Horizontal, this);
    panes->addWidget(m_pane[SideA]);
    panes->addWidget(m_pane[SideB]);
    panes->setChildrenCollapsible(false);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_kernelPage = createKernelPage();
    m_tabs->addTab(m_kernelPage, tr("Kernels"));

    m_layerModel = new LayerTableModel(this);
    m_layerProxy = new QSortFilterProxyModel(this);
    m_layerProxy->setSortRole(ModelRoles::Sort);
    m_layerProxy->setSourceModel(m_layerModel);
    m_layerView = new DataTableView(this);
    m_layerView->setModel(m_layerProxy);
    m_layerView->setObjectName(QStringLiteral("layerView"));
    m_layerView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_layerView->setColumnWidth(LayerTableModel::Index, 50);
    m_layerView->horizontalHeader()->setSectionResizeMode(LayerTableModel::LayerA, QHeaderView::Stretch);
    m_layerView->horizontalHeader()->setSectionResizeMode(LayerTableModel::LayerB, QHeaderView::Stretch);
    m_tableActions << new TableActions(m_layerView, QStringLiteral("layers"));
    m_tabs->addTab(m_layerView, tr("Layers"));

    m_fusionModel = new FusionTreeModel(this);
    m_fusionProxy = new TopLevelSortProxy(this);
    m_fusionProxy->setSourceModel(m_fusionModel);
    m_fusionView = new QTreeView(this);
    m_fusionView->setObjectName(QStringLiteral("fusionView"));
    m_fusionView->setModel(m_fusionProxy);
    m_fusionView->setAlternatingRowColors(true);
    m_fusionView->setUniformRowHeights(true);
    m_fusionView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_fusionView->setTextElideMode(Qt::ElideMiddle);
    m_fusionView->header()->setSortIndicator(-1, Qt::DescendingOrder);
    m_fusionView->setSortingEnabled(true);
    m_fusionView->header()->setStretchLastSection(false);
    m_fusionView->header()->setSectionResizeMode(FusionTreeModel::Pattern, QHeaderView::Stretch);
    for (int c = FusionTreeModel::FusedSide; c < FusionTreeModel::ColumnCount; ++c)
        m_fusionView->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    connect(m_fusionView, &QTreeView::activated, this, &MainWindow::activateFusionItem);
    m_tableActions << new TableActions(m_fusionView, QStringLiteral("fusion-patterns"));
    // The evidence is a sentence and kernel names are long: the current item in full, below the tree.
    m_fusionDetails = new QTextBrowser(this);
    m_fusionDetails->setObjectName(QStringLiteral("fusionDetails"));
    m_fusionDetails->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_fusionDetails->setFrameShape(QFrame::StyledPanel);
    connect(m_fusionView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { showFusionDetails(current); });
    m_fusionPage = new QSplitter(Qt::Vertical, this);
    m_fusionPage->addWidget(m_fusionView);
    m_fusionPage->addWidget(m_fusionDetails);
    m_fusionPage->setStretchFactor(0, 4);
    m_fusionPage->setStretchFactor(1, 1);
    m_tabs->addTab(m_fusionPage, tr("Fusion patterns"));

    m_findingsView = new QTextBrowser(this);
    m_findingsView->setObjectName(QStringLiteral("findingsView"));
    m_findingsView->setOpenExternalLinks(true);
    // Kernel names are long unbroken words; without this they run off the right edge.
    m_findingsView->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_tabs->addTab(m_findingsView, tr("Findings"));

    m_chartView = new OpChartView(this);
    m_chartView->setObjectName(QStringLiteral("chartView"));
    m_tabs->addTab(m_chartView, tr("Chart"));

    m_triagePage = new TriagePage(this);
    m_triagePage->setObjectName(QStringLiteral("triagePage"));
    m_tableActions << m_triagePage->tableActions();
    connect(m_triagePage, &TriagePage::kernelActivated, this,
            [this](Side side, uint id) { selectKernel(side, id); });
    connect(m_triagePage, &TriagePage::cancelRequested, this, [this](Side side) {
        m_triageCancelled[side] = true;
        m_triageQueued[side] = false;
        m_triageJob[side]->cancel();
        refreshTriagePage();
        notifyIfIdle();
    });
    connect(m_triagePage, &TriagePage::runRequested, this, [this](Side side) { startTriage(side); });
    m_tabs->addTab(m_triagePage, tr("Triage"));
    // The timeline (issue 7) goes first; TimelineSync keeps it in step with the tables through this
    // window's public API. Before the currentChanged connection: actions do not exist yet.
    m_timelineView = TimelineSync::attach(this);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateActions(); });

    for (TableActions *a : std::as_const(m_tableActions)) {
        connect(a, &TableActions::exportFailed, this, [this](const QString &message) {
            m_messageBar->showMessage(MessageBar::Error, message, QStringLiteral("export"));
        });
        connect(a, &TableActions::exported, this, [this](const QString &path) {
            m_messageBar->clearMessage(QStringLiteral("export"));
            statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
        });
    }

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->addWidget(panes);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(6);
    layout->addWidget(m_messageBar);
    layout->addWidget(m_splitter, 1);
    setCentralWidget(central);

    m_statusLabel = new QLabel(this);
    m_compareProgress = new QProgressBar(this);
    m_compareProgress->setRange(0, 1000);
    connect(m_compareJob, &BackgroundJob::progressChanged, m_compareProgress,
            [this](double f) { m_compareProgress->setValue(int(f * 1000)); });
    m_compareProgress->setMaximumWidth(160);
    m_compareProgress->setMaximumHeight(16);
    m_compareProgress->hide();
    statusBar()->addWidget(m_statusLabel, 1);
    statusBar()->addPermanentWidget(m_compareProgress);
}

QWidget *MainWindow::createKernelPage()
{
    auto *page = new QWidget(this);
    m_kernelModel = new KernelTableModel(this);
    m_kernelProxy = new KernelFilterProxy(this);
    m_kernelProxy->setSourceModel(m_kernelModel);

    m_filterEdit = new QLineEdit(page);
    m_filterEdit->setObjectName(QStringLiteral("kernelFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter by kernel name or operation…"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, m_kernelProxy, &KernelFilterProxy::setText);

    m_opCombo = new QComboBox(page);
    m_opCombo->setObjectName(QStringLiteral("operationFilter"));
    m_opCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_opCombo->setMinimumContentsLength(16);
    connect(m_opCombo, &QComboBox::currentIndexChanged, this,
            [this] { m_kernelProxy->setOperation(m_opCombo->currentData().toString()); });

    m_demangleCheck = new QCheckBox(tr("&Demangle names"), page);
    m_demangleCheck->setChecked(Settings::demangle());
    m_kernelModel->setDemangle(m_demangleCheck->isChecked());
    connect(m_demangleCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_kernelModel->setDemangle(on);
        m_demangleAction->setChecked(on);
        if (!m_screenshotMode)
            Settings::setDemangle(on);
    });

    m_rowCountLabel = new QLabel(page);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_filterEdit, 2);
    filters->addWidget(new QLabel(tr("Operation:"), page));
    filters->addWidget(m_opCombo);
    filters->addWidget(m_demangleCheck);
    filters->addStretch(1);
    filters->addWidget(m_rowCountLabel);

    m_kernelView = new DataTableView(page);
    m_kernelView->setObjectName(QStringLiteral("kernelView"));
    m_kernelView->setModel(m_kernelProxy);
    m_kernelView->setColumnWidth(KernelTableModel::Op, 150);
    // The names take whatever width the numbers leave; the numbers must never scroll out of sight.
    m_kernelView->horizontalHeader()->setSectionResizeMode(KernelTableModel::NameA, QHeaderView::Stretch);
    m_kernelView->horizontalHeader()->setSectionResizeMode(KernelTableModel::NameB, QHeaderView::Stretch);
    for (int c = KernelTableModel::CallsA; c < KernelTableModel::ColumnCount; ++c)
        m_kernelView->setColumnWidth(c, c <= KernelTableModel::CallsB ? 70 : 85);
    m_tableActions.prepend(new TableActions(m_kernelView, QStringLiteral("kernels")));

    auto updateCount = [this] {
        m_rowCountLabel->setText(tr("%1 of %2 rows").arg(m_kernelProxy->rowCount()).arg(m_kernelModel->rowCount()));
        updateTabTitles();
    };
    connect(m_kernelProxy, &QAbstractItemModel::rowsInserted, this, updateCount);
    connect(m_kernelProxy, &QAbstractItemModel::rowsRemoved, this, updateCount);
    connect(m_kernelProxy, &QAbstractItemModel::modelReset, this, updateCount);
    connect(m_kernelProxy, &QAbstractItemModel::layoutChanged, this, updateCount);

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 6, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_kernelView, 1);
    return page;
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    for (Side s : {SideA, SideB}) {
        m_openAction[s] = file->addAction(style()->standardIcon(QStyle::SP_DialogOpenButton),
                                          s == SideA ? tr("Open Trace &A…") : tr("Open Trace &B…"));
        m_openAction[s]->setShortcut(s == SideA ? QKeySequence(QKeySequence::Open) : QKeySequence(tr("Ctrl+Shift+O")));
        m_openAction[s]->setIconText(s == SideA ? tr("Open A") : tr("Open B"));
        connect(m_openAction[s], &QAction::triggered, this, [this, s] { askOpen(s); });
    }
    for (Side s : {SideA, SideB}) {
        m_recentMenu[s] = file->addMenu(s == SideA ? tr("Open &Recent as A") : tr("Open R&ecent as B"));
        connect(m_recentMenu[s], &QMenu::aboutToShow, this, [this, s] { rebuildRecentMenu(m_recentMenu[s], s); });
        rebuildRecentMenu(m_recentMenu[s], s);
    }
    file->addSeparator();
    m_swapAction = file->addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("&Swap A and B"));
    m_swapAction->setIconText(tr("Swap"));
    m_swapAction->setToolTip(tr("Exchange trace A and trace B"));
    connect(m_swapAction, &QAction::triggered, this, &MainWindow::swapTraces);
    file->addSeparator();
    m_exportAction = file->addAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("&Export Table to CSV…"));
    m_exportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
    m_exportAction->setIconText(tr("Export CSV"));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::exportCurrentTable);
    file->addSeparator();
    m_quitAction = file->addAction(tr("&Quit"));
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_demangleAction = view->addAction(tr("&Demangle Kernel Names"));
    m_demangleAction->setCheckable(true);
    m_demangleAction->setChecked(m_demangleCheck->isChecked());
    connect(m_demangleAction, &QAction::toggled, m_demangleCheck, &QCheckBox::setChecked);
    view->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction *a = view->addAction(m_tabs->tabText(i));
        a->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
    }

    QMenu *settings = menuBar()->addMenu(tr("&Settings"));
    m_settingsAction = settings->addAction(tr("&Configure FusionScope…"));
    m_settingsAction->setShortcut(QKeySequence::Preferences);
    m_settingsAction->setMenuRole(QAction::PreferencesRole);
    connect(m_settingsAction, &QAction::triggered, this, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted && dialog.save())
            reloadAll();  // a new registry changes every classification
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About FusionScope"), this, [this] {
        QMessageBox::about(this, tr("About FusionScope"),
                           tr("<h3>FusionScope %1</h3><p>Compares two PyTorch-profiler traces — say, one from an "
                              "NVIDIA GPU and one from an AMD GPU — aligns their layers and kernels, and finds the "
                              "kernel fusions one side does and the other does not.</p>")
                               .arg(QStringLiteral(FUSIONSCOPE_VERSION_STRING)));
    });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

    QToolBar *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("mainToolBar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->setMovable(false);
    toolbar->addAction(m_openAction[SideA]);
    toolbar->addAction(m_openAction[SideB]);
    toolbar->addAction(m_swapAction);
    toolbar->addSeparator();
    auto *stageLabel = new QLabel(tr("Stage:"), toolbar);
    stageLabel->setContentsMargins(6, 0, 4, 0);
    toolbar->addWidget(stageLabel);
    m_stageCombo = new QComboBox(toolbar);
    m_stageCombo->setObjectName(QStringLiteral("stageFilter"));
    m_stageCombo->addItem(tr("All stages"), int(Stage::All));
    m_stageCombo->addItem(tr("Prefill"), int(Stage::Prefill));
    m_stageCombo->addItem(tr("Decode"), int(Stage::Decode));
    m_stageCombo->setToolTip(tr("Compare and list only the kernels of one stage"));
    connect(m_stageCombo, &QComboBox::currentIndexChanged, this,
            [this] { setStage(Stage(m_stageCombo->currentData().toInt())); });
    toolbar->addWidget(m_stageCombo);
    auto *scopeLabel = new QLabel(tr("Scope:"), toolbar);
    scopeLabel->setContentsMargins(10, 0, 4, 0);
    toolbar->addWidget(scopeLabel);
    m_scopeSelector = new ScopeSelector(toolbar);
    scopeLabel->setBuddy(m_scopeSelector);
    // Another scope changes every analysis: both traces are analysed again.
    connect(m_scopeSelector, &ScopeSelector::scopeChosen, this, [this] { reloadAll(); });
    toolbar->addWidget(m_scopeSelector);
    toolbar->addSeparator();
    toolbar->addAction(m_exportAction);
}

void MainWindow::connectJob(Side side)
{
    AnalysisJob *job = m_job[side];
    TracePane *pane = m_pane[side];
    connect(pane, &TracePane::openRequested, this, [this, side] { askOpen(side); });
    connect(pane, &TracePane::fileDropped, this, [this, side](const QString &path) { openTrace(side, path); });
    connect(pane, &TracePane::cancelRequested, this, [this, side] { cancelLoading(side); });
    connect(job, &BackgroundJob::progressChanged, pane, &TracePane::setProgress);
    connect(job, &BackgroundJob::finished, this, [this, side, job] {
        m_result[side] = job->result();
        m_pane[side]->showTrace(m_path[side], *m_result[side]->analyzed);
        updateStepChoices();
        updateStageChoices();
        m_messageBar->clearMessage(QStringLiteral("trace") + sideName(side));
        refreshViews();
        startComparison();
        startTriage(side);
        updateActions();
        notifyIfIdle();
    });
    TriageJob *triage = m_triageJob[side];
    // The triage only feeds its own tab: the tables, pattern tree and timeline keep the user's place.
    connect(triage, &BackgroundJob::finished, this, [this, side, triage] {
        m_triage[side] = triage->result();
        refreshTriagePage();
        emit resultsChanged();
        notifyIfIdle();
    });
    connect(triage, &BackgroundJob::failed, this, [this, side](quint64, const QString &message) {
        // The triage is an extra: the trace and its comparison stay; the reason goes to the bar.
        m_messageBar->showMessage(MessageBar::Warning,
                                  tr("The triage of trace %1 could not be completed: %2").arg(sideName(side), message),
                                  QStringLiteral("triage") + sideName(side));
        refreshTriagePage();
        notifyIfIdle();
    });
    connect(triage, &BackgroundJob::progressChanged, this,
            [this, side](double f) { m_triagePage->setProgress(side, f); });
    connect(triage, &BackgroundJob::cancelled, this, [this] {
        refreshTriagePage();
        notifyIfIdle();
    });
    connect(job, &BackgroundJob::failed, this, [this, side](quint64, const QString &message) {
        m_pane[side]->showError(m_path[side], message);
        m_messageBar->showMessage(MessageBar::Error, tr("Trace %1 could not be loaded: %2").arg(sideName(side), message),
                                  QStringLiteral("trace") + sideName(side));
        updateActions();
        notifyIfIdle();
    });
    connect(job, &BackgroundJob::cancelled, this, [this, side] {
        m_path[side].clear();
        m_pane[side]->showEmpty(tr("Loading was cancelled. Drop a trace file here, or click Open…"));
        updateActions();
        notifyIfIdle();
    });
}

void MainWindow::setLabel(Side side, const QString &label)
{
    m_userLabel[side] = label;
}

void MainWindow::setStage(Stage stage)
{
    if (m_stageCombo->currentData().toInt() != int(stage))
        m_stageCombo->setCurrentIndex(m_stageCombo->findData(int(stage)));  // comes back here
    if (stage == m_stage)
        return;
    m_stage = stage;
    m_kernelModel->setStage(stage);
    emit stageChanged(stage);
    startComparison();
}

void MainWindow::setScreenshotMode(bool on)
{
    m_screenshotMode = on;
}

bool MainWindow::showView(const QString &name)
{
    static const char *const names[] = {"timeline", "kernels", "layers", "fusion", "findings", "chart", "triage"};
    QWidget *pages[] = {m_timelineView, m_kernelPage, m_layerView, m_fusionPage, m_findingsView, m_chartView, m_triagePage};
    for (int i = 0; i < 7; ++i) {
        if (name == QLatin1String(names[i])) {
            m_tabs->setCurrentWidget(pages[i]);
            return true;
        }
    }
    return false;
}

int MainWindow::addView(QWidget *view, const QString &title, int position)
{
    return m_tabs->insertTab(position, view, title);
}

bool MainWindow::isBusy() const
{
    return m_job[SideA]->isRunning() || m_job[SideB]->isRunning() || m_compareJob->isRunning()
           || triagePending(SideA) || triagePending(SideB);
}

bool MainWindow::triagePending(Side side) const
{
    return m_triageQueued[side] || m_triageJob[side]->isRunning();
}

bool MainWindow::hasFailures() const
{
    return m_pane[SideA]->state() == TracePane::State::Failed || m_pane[SideB]->state() == TracePane::State::Failed
           || m_comparisonFailed;
}

std::shared_ptr<const AnalyzedTrace> MainWindow::trace(Side side) const
{
    return m_result[side] ? m_result[side]->analyzed : nullptr;
}

std::shared_ptr<const Comparison> MainWindow::comparison() const
{
    return m_comparison ? m_comparison->comparison : nullptr;
}

TableActions *MainWindow::tableActions(QWidget *page) const
{
    if (page == m_triagePage)
        return m_triagePage->currentTableActions();
    if (page == m_fusionPage)
        page = m_fusionView;
    for (TableActions *a : m_tableActions)
        if (a->view() == page || (page == m_kernelPage && a->view() == m_kernelView))
            return a;
    return nullptr;
}

void MainWindow::askOpen(Side side)
{
    const QString dir = m_path[side].isEmpty() ? Settings::lastDirectory() : QFileInfo(m_path[side]).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, side == SideA ? tr("Open Trace A") : tr("Open Trace B"), dir,
        tr("PyTorch profiler traces (*.json *.json.gz *.json.zst *.json.xz *.json.bz2 *.gz *.zst *.xz *.bz2 *.zip *.tar "
           "*.tar.gz *.tgz *.tar.xz *.tar.bz2);;"
           "All files (*)"));
    if (path.isEmpty())
        return;
    if (!m_screenshotMode)
        Settings::setLastDirectory(QFileInfo(path).absolutePath());
    openTrace(side, path);
}

void MainWindow::openTrace(Side side, const QString &path)
{
    if (path.isEmpty())
        return;
    m_path[side] = path;
    if (!m_screenshotMode)
        Settings::addRecentFile(path);
    m_result[side].reset();
    m_triage[side].reset();
    m_triageQueued[side] = false;
    m_triageCancelled[side] = false;
    m_triageJob[side]->cancel();
    m_messageBar->clearMessage(QStringLiteral("triage") + sideName(side));
    m_pane[side]->showLoading(path);
    AnalysisJob::Request request;
    request.path = path;
    request.label = m_userLabel[side];
    request.registryFile = Settings::registryFile();
    request.scope = m_scopeSelector->scope();
    m_job[side]->start(request);  // first: a queued triage of the other side now waits for it
    // Whatever was compared no longer holds; a stale comparison result is dropped by its job.
    m_compareJob->cancel();
    m_comparison.reset();
    m_comparisonFailed = false;
    m_messageBar->clearMessage(QStringLiteral("compare"));
    m_statusLabel->setText(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    refreshViews();
    updateActions();
}

void MainWindow::cancelLoading(Side side)
{
    m_job[side]->cancel();
}

void MainWindow::updateStageChoices()
{
    // A stage neither loaded trace has cannot be chosen; "All stages" always can.
    bool has[3] = {true, false, false};
    for (Side s : {SideA, SideB})
        if (m_result[s]) {
            has[int(Stage::Prefill)] |= m_result[s]->analyzed->stages.hasPrefill;
            has[int(Stage::Decode)] |= m_result[s]->analyzed->stages.hasDecode;
        }
    auto *model = qobject_cast<QStandardItemModel *>(m_stageCombo->model());
    for (Stage st : {Stage::Prefill, Stage::Decode}) {
        QStandardItem *item = model ? model->item(m_stageCombo->findData(int(st))) : nullptr;
        if (!item)
            continue;
        const bool any = m_result[SideA] || m_result[SideB];
        item->setEnabled(!any || has[int(st)]);
        item->setToolTip(item->isEnabled() ? QString() : tr("Neither trace has a %1 stage").arg(Units::stage(st)));
    }
}

void MainWindow::updateStepChoices()
{
    std::set<int64_t> numbers;
    for (Side s : {SideA, SideB})
        if (m_result[s])
            for (const fusion::Step &st : m_result[s]->analyzed->steps.steps)
                numbers.insert(st.number);
    m_scopeSelector->setSteps({numbers.begin(), numbers.end()});
}

void MainWindow::reloadAll()
{
    for (Side s : {SideA, SideB})
        if (!m_path[s].isEmpty())
            openTrace(s, m_path[s]);
}

void MainWindow::swapTraces()
{
    if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning())
        return;
    std::swap(m_path[SideA], m_path[SideB]);
    std::swap(m_userLabel[SideA], m_userLabel[SideB]);
    std::swap(m_result[SideA], m_result[SideB]);
    std::swap(m_triage[SideA], m_triage[SideB]);
    for (Side s : {SideA, SideB}) {
        m_triageQueued[s] = false;
        m_triageCancelled[s] = false;
        m_triageJob[s]->cancel();  // computing for the other side; started again below
    }
    for (Side s : {SideA, SideB}) {
        if (m_result[s]) {
            // The rows were built for the other side; a copy with the halves exchanged.
            auto swapped = std::make_shared<TraceResult>(*m_result[s]);
            KernelRows::swapSides(swapped->rows);
            m_result[s] = swapped;
            m_pane[s]->showTrace(m_path[s], *m_result[s]->analyzed);
        } else {
            m_pane[s]->showEmpty();
        }
    }
    m_compareJob->cancel();
    m_comparison.reset();
    refreshViews();
    startComparison();
    for (Side s : {SideA, SideB})
        if (m_result[s] && !m_triage[s])
            startTriage(s);
    updateActions();
}

void MainWindow::startTriage(Side side)
{
    m_triageCancelled[side] = false;
    m_triageQueued[side] = m_result[side] != nullptr;
    startQueuedTriages();
    refreshTriagePage();  // "computing" rather than "not loaded" while it waits
}

void MainWindow::refreshTriagePage()
{
    for (Side s : {SideA, SideB})
        m_triagePage->setCancelled(s, m_triageCancelled[s]);
    m_triagePage->setResults(m_triage[SideA], m_triage[SideB], triagePending(SideA), triagePending(SideB),
                             labelOf(SideA), labelOf(SideB));
}

// The triage is a tab of its own: it waits while a trace loads or the comparison runs, so that what
// the user is waiting for has both cores.
void MainWindow::startQueuedTriages()
{
    if (m_job[SideA]->isRunning() || m_job[SideB]->isRunning() || m_compareJob->isRunning())
        return;
    for (Side s : {SideA, SideB}) {
        if (m_triageQueued[s] && m_result[s])
            m_triageJob[s]->start(m_result[s]->analyzed);
        m_triageQueued[s] = false;
    }
}

void MainWindow::startComparison()
{
    if (!m_result[SideA] || !m_result[SideB])
        return;
    CompareOptions options;
    options.stage = m_stage;
    m_compareJob->start(m_result[SideA]->analyzed, m_result[SideB]->analyzed, options);
    m_compareProgress->setValue(0);
    m_compareProgress->show();
    m_statusLabel->setText(tr("Aligning layers and looking for fusions…"));
}

QString MainWindow::labelOf(Side side) const
{
    if (m_comparison)
        return QString::fromStdString(side == SideA ? m_comparison->comparison->labelA
                                                    : m_comparison->comparison->labelB);
    if (m_result[side])
        return QString::fromStdString(m_result[side]->analyzed->trace->displayLabel());
    return sideName(side);
}

void MainWindow::refreshViews()
{
    const auto a = trace(SideA), b = trace(SideB);
    const QString labelA = labelOf(SideA), labelB = labelOf(SideB);
    m_kernelModel->setLabels(labelA, labelB);
    m_layerModel->setLabels(labelA, labelB);
    if (m_comparison) {
        const auto c = m_comparison->comparison;
        m_kernelModel->setContent(a, b, m_comparison->rows);
        m_layerModel->setContent(a, b, c);
        m_fusionModel->setContent(a, b, c);
        m_findingsView->setMarkdown(m_comparison->markdown);
        m_chartView->setContent(labelA, labelB, c->ops);
    } else {
        std::vector<KernelRow> rows;
        for (Side s : {SideA, SideB})
            if (m_result[s])
                rows.insert(rows.end(), m_result[s]->rows.begin(), m_result[s]->rows.end());
        m_kernelModel->setContent(a, b, std::move(rows));
        m_layerModel->setContent(a, b, nullptr);
        m_fusionModel->setContent(a, b, nullptr);
        const bool comparing = m_compareJob->isRunning();
        const QString note = comparing ? tr("Comparing the traces…")
                                       : tr("Load trace A and trace B to compare them: the findings appear here.");
        m_findingsView->setMarkdown(QStringLiteral("*") + note + QStringLiteral("*"));
        if (a || b)
            m_chartView->setContent(labelA, labelB, OpChartView::opsOfTraces(a.get(), b.get()));
        else
            m_chartView->clear(tr("No trace loaded"));
    }
    // Sentences (evidence) and group titles read across the whole row rather than elided in column 0.
    for (int r = 0; r < m_fusionProxy->rowCount(); ++r) {
        const QModelIndex finding = m_fusionProxy->index(r, 0);
        for (int c = 0; c < m_fusionProxy->rowCount(finding); ++c) {
            const int kind = m_fusionProxy->index(c, 0, finding).data(ModelRoles::NodeKind).toInt();
            if (kind == FusionTreeModel::Evidence || kind == FusionTreeModel::Group)
                m_fusionView->setFirstColumnSpanned(c, finding, true);
        }
    }
    // The largest difference opened up, so the tab shows what a pattern consists of at first sight.
    if (m_fusionModel->rowCount() > 0) {
        m_fusionView->expandRecursively(m_fusionProxy->index(0, 0));
        m_fusionView->setCurrentIndex(m_fusionProxy->index(0, 0));
    } else {
        showFusionDetails(QModelIndex());
    }
    refreshTriagePage();
    // A side without a trace has nothing to show, and nothing to compare against.
    const bool sideShown[2] = {a || !b, b || !a};
    for (int c = 0; c < KernelTableModel::ColumnCount; ++c) {
        bool hidden = false;
        if (c == KernelTableModel::NameA || c == KernelTableModel::CallsA || c == KernelTableModel::TotalA
            || c == KernelTableModel::AvgA)
            hidden = !sideShown[SideA];
        else if (c == KernelTableModel::NameB || c == KernelTableModel::CallsB || c == KernelTableModel::TotalB
                 || c == KernelTableModel::AvgB)
            hidden = !sideShown[SideB];
        else if (c == KernelTableModel::Delta || c == KernelTableModel::Ratio)
            hidden = !(a && b);
        m_kernelView->setColumnHidden(c, hidden);
    }
    for (int c = 0; c < LayerTableModel::ColumnCount; ++c) {
        bool hidden = false;
        if (c == LayerTableModel::LayerA || c == LayerTableModel::KernelsA || c == LayerTableModel::TotalA)
            hidden = !sideShown[SideA];
        else if (c == LayerTableModel::LayerB || c == LayerTableModel::KernelsB || c == LayerTableModel::TotalB)
            hidden = !sideShown[SideB];
        else if (c == LayerTableModel::Delta || c == LayerTableModel::Ratio)
            hidden = !(a && b);
        m_layerView->setColumnHidden(c, hidden);
    }
    if (a && b)
        setWindowTitle(tr("%1 vs %2 — FusionScope").arg(labelA, labelB));
    else if (a || b)
        setWindowTitle(tr("%1 — FusionScope").arg(a ? labelA : labelB));
    else
        setWindowTitle(tr("FusionScope"));
    refreshOperationFilter();
    updateTabTitles();
    emit resultsChanged();
}

void MainWindow::refreshOperationFilter()
{
    const QString current = m_opCombo->currentData().toString();
    QSignalBlocker block(m_opCombo);
    m_opCombo->clear();
    m_opCombo->addItem(tr("All operations"), QString());
    for (const QString &op : m_kernelModel->operations())
        m_opCombo->addItem(op, op);
    const int i = m_opCombo->findData(current);
    m_opCombo->setCurrentIndex(std::max(0, i));
    m_kernelProxy->setOperation(m_opCombo->currentData().toString());
}

void MainWindow::updateTabTitles()
{
    const int kernels = m_tabs->indexOf(m_kernelPage), layers = m_tabs->indexOf(m_layerView),
              fusion = m_tabs->indexOf(m_fusionPage);
    m_tabs->setTabText(kernels, tr("Kernels (%1)").arg(m_kernelModel->rowCount()));
    m_tabs->setTabText(layers, tr("Layers (%1)").arg(m_layerModel->rowCount()));
    m_tabs->setTabText(fusion, tr("Fusion patterns (%1)").arg(m_fusionModel->rowCount()));
}

void MainWindow::updateActions()
{
    const bool loading = m_job[SideA]->isRunning() || m_job[SideB]->isRunning();
    m_swapAction->setEnabled(!loading && (m_result[SideA] || m_result[SideB]));
    m_exportAction->setEnabled(tableActions(m_tabs->currentWidget()) != nullptr);
}

void MainWindow::notifyIfIdle()
{
    startQueuedTriages();  // every job's end comes here: a waiting triage may start now
    if (isBusy())
        return;
    if (!m_comparison && !(m_result[SideA] && m_result[SideB])) {
        QString status;
        for (Side s : {SideA, SideB})
            if (m_pane[s]->state() == TracePane::State::Failed)
                status = tr("Trace %1 could not be loaded; open another file to compare.").arg(sideName(s));
        if (status.isEmpty() && (m_result[SideA] || m_result[SideB]))
            status = tr("Load a second trace to compare.");
        m_statusLabel->setText(status);
    }
    emit idle();
}

void MainWindow::exportCurrentTable()
{
    if (TableActions *a = tableActions(m_tabs->currentWidget()))
        a->exportCsv();
}

bool MainWindow::selectKernel(Side side, uint32_t id)
{
    int row = m_kernelModel->rowOfKernel(side, id);
    if (row < 0 && m_stage != Stage::All) {
        // The kernel belongs to another stage: show every stage rather than select nothing.
        setStage(Stage::All);
        row = m_kernelModel->rowOfKernel(side, id);
    }
    if (row < 0)
        return false;
    const int column = side == SideA ? KernelTableModel::NameA : KernelTableModel::NameB;
    QModelIndex proxyIndex = m_kernelProxy->mapFromSource(m_kernelModel->index(row, column));
    if (!proxyIndex.isValid()) {  // hidden by the text or operation filter
        m_filterEdit->clear();
        m_opCombo->setCurrentIndex(0);
        proxyIndex = m_kernelProxy->mapFromSource(m_kernelModel->index(row, column));
    }
    if (!proxyIndex.isValid())
        return false;
    m_tabs->setCurrentWidget(m_kernelPage);
    m_kernelView->selectionModel()->setCurrentIndex(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_kernelView->scrollTo(proxyIndex, QAbstractItemView::PositionAtCenter);
    m_kernelView->setFocus();
    return true;
}

void MainWindow::activateFusionItem(const QModelIndex &index)
{
    const QModelIndex source = index.model() == m_fusionProxy ? m_fusionProxy->mapToSource(index) : index;
    if (!source.isValid())
        return;
    const int kind = source.data(ModelRoles::NodeKind).toInt();
    if (kind == FusionTreeModel::Location) {
        openLocation(source);
        return;
    }
    if (kind != FusionTreeModel::FusedKernel && kind != FusionTreeModel::UnfusedComponent)
        return;
    const QList<uint> ids = source.data(ModelRoles::KernelIds).value<QList<uint>>();
    const Side side = Side(source.data(ModelRoles::KernelSide).toInt());
    if (ids.isEmpty() || !selectKernel(side, ids.first()))
        statusBar()->showMessage(tr("No kernel of %1 matches this item").arg(labelOf(side)), 5000);
}

void MainWindow::openLocation(const QModelIndex &sourceIndex)
{
    const SourceLocation location = m_fusionModel->locationAt(sourceIndex);
    QStringList folders = Settings::sourceFolders();
    for (Side s : {SideA, SideB})
        if (!m_path[s].isEmpty())
            folders << QFileInfo(m_path[s]).absolutePath();
    folders << QDir::currentPath();
    const QString file = QString::fromStdString(location.file);
    const QString local = SourceOpener::resolve(file, folders);
    if (!local.isEmpty()) {
        QString error;
        if (SourceOpener::open(Settings::editorCommand(), local, location.line, &error)) {
            statusBar()->showMessage(tr("Opened %1:%2").arg(local).arg(location.line), 5000);
            return;
        }
        m_messageBar->showMessage(MessageBar::Warning,
                                  tr("Could not open the editor: %1 Check the editor command in the settings.").arg(error),
                                  QStringLiteral("editor"));
    }
    // Not on this computer (or no editor): show what the trace knows, the Python stack.
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("stackDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Source location"));
    auto *layout = new QVBoxLayout(dialog);
    auto *text = new QLabel(local.isEmpty()
                                ? tr("<b>%1</b><br>This file is not on this computer. Add the folder that holds "
                                     "it under Settings → Source folders to open it in your editor.")
                                      .arg(QString::fromStdString(location.display).toHtmlEscaped())
                                : QStringLiteral("<b>%1</b>").arg(QString::fromStdString(location.display).toHtmlEscaped()),
                            dialog);
    text->setWordWrap(true);
    layout->addWidget(text);
    layout->addWidget(new QLabel(tr("Python stack (innermost last):"), dialog));
    auto *stack = new QPlainTextEdit(dialog);
    stack->setReadOnly(true);
    stack->setLineWrapMode(QPlainTextEdit::NoWrap);
    stack->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    QStringList lines;
    for (const std::string &frame : location.stack)
        lines << QString::fromStdString(frame);
    stack->setPlainText(lines.isEmpty() ? tr("(the trace recorded no stack for this location)")
                                        : lines.join(QLatin1Char('\n')));
    layout->addWidget(stack);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(720, 360);
    dialog->open();
}

void MainWindow::rebuildRecentMenu(QMenu *menu, Side side)
{
    menu->clear();
    const QStringList files = m_screenshotMode ? QStringList() : Settings::recentFiles();
    for (const QString &path : files) {
        QAction *a = menu->addAction(QFileInfo(path).fileName());
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, side, path] { openTrace(side, path); });
    }
    if (files.isEmpty()) {
        menu->addAction(tr("No recent files"))->setEnabled(false);
        return;
    }
    menu->addSeparator();
    menu->addAction(tr("&Clear Recent Files"), this, [] { Settings::clearRecentFiles(); });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_triageQueued[SideA] = m_triageQueued[SideB] = false;  // before a cancelled job could start them
    for (Side s : {SideA, SideB}) {
        m_job[s]->cancel();
        m_triageJob[s]->cancel();
    }
    m_compareJob->cancel();
    if (!m_screenshotMode)
        Settings::setWindowLayout(saveGeometry(), saveState(), m_splitter->saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList files;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            files << url.toLocalFile();
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    if (files.size() >= 2) {  // two files at once: A and B in the order given
        openTrace(SideA, files[0]);
        openTrace(SideB, files[1]);
        return;
    }
    // One file dropped outside the panes goes where there is room.
    openTrace(m_path[SideA].isEmpty() ? SideA : SideB, files[0]);
}

void MainWindow::showFusionDetails(const QModelIndex &index)
{
    const QModelIndex source = m_fusionProxy->mapToSource(index);
    const FusionFinding *finding = m_fusionModel->findingAt(source);
    const ExtraWork *extra = m_fusionModel->extraWorkAt(source);
    if (!finding && !extra) {
        m_fusionDetails->setPlainText(m_comparison ? tr("The traces show no fusion differences.")
                                                   : tr("Fusion patterns appear once trace A and trace B are compared."));
        return;
    }
    const int kind = source.data(ModelRoles::NodeKind).toInt();
    const std::string &title = finding ? finding->operation : (extra->cpuOp.empty() ? extra->operation : extra->cpuOp);
    QString html = QStringLiteral("<p><b>%1</b> — %2</p>")
                       .arg((finding ? QString::fromStdString(title) : tr("Extra work: %1").arg(QString::fromStdString(title)))
                                .toHtmlEscaped(),
                            QString::fromStdString(finding ? finding->evidence : extra->evidence).toHtmlEscaped());
    if (kind != FusionTreeModel::Finding && kind != FusionTreeModel::ExtraWorkItem && kind != FusionTreeModel::Evidence) {
        const QString item = m_fusionModel->index(source.row(), 0, source.parent()).data().toString();
        html += QStringLiteral("<p><tt>%1</tt></p>").arg(item.toHtmlEscaped());
        if (kind == FusionTreeModel::Location) {
            const SourceLocation location = m_fusionModel->locationAt(source);
            QStringList stack;
            for (const std::string &frame : location.stack)
                stack << QString::fromStdString(frame).toHtmlEscaped();
            if (!stack.isEmpty())
                html += QStringLiteral("<pre>%1</pre>").arg(stack.join(QLatin1Char('\n')));
        }
    }
    m_fusionDetails->setHtml(html);
}
