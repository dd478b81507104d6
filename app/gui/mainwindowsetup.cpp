// MainWindow's construction: the views and tabs, the kernel page, the actions, menus and toolbar.
#include "mainwindow.h"

#include "analysisjob.h"
#include "chartpage.h"
#include "comparisonjob.h"
#include "datatableview.h"
#include "fusiontreemodel.h"
#include "gapchartview.h"
#include "kernelfilterproxy.h"
#include "kernelselection.h"
#include "kerneltablemodel.h"
#include "layertablemodel.h"
#include "messagebar.h"
#include "modelroles.h"
#include "opchartview.h"
#include "perfettoexporter.h"
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
#include "whatiftext.h"

#include "export/perfettoexport.h"

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
    auto *fusionSplitter = new QSplitter(Qt::Vertical, this);
    fusionSplitter->addWidget(m_fusionView);
    fusionSplitter->addWidget(m_fusionDetails);
    fusionSplitter->setStretchFactor(0, 4);
    fusionSplitter->setStretchFactor(1, 1);
    // Above the patterns, what they add up to: each side's time if it fused like the other.
    m_fusionWhatIf = new QLabel(this);
    m_fusionWhatIf->setObjectName(QStringLiteral("fusionWhatIf"));
    m_fusionWhatIf->setTextFormat(Qt::RichText);
    m_fusionWhatIf->setWordWrap(true);
    m_fusionWhatIf->setToolTip(WhatIfText::assumptions());
    m_fusionWhatIf->hide();
    m_fusionPage = new QWidget(this);
    auto *fusionLayout = new QVBoxLayout(m_fusionPage);
    fusionLayout->setContentsMargins(0, 4, 0, 0);
    fusionLayout->addWidget(m_fusionWhatIf);
    fusionLayout->addWidget(fusionSplitter, 1);
    m_tabs->addTab(m_fusionPage, tr("Fusion patterns"));

    m_findingsView = new QTextBrowser(this);
    m_findingsView->setObjectName(QStringLiteral("findingsView"));
    m_findingsView->setOpenExternalLinks(true);
    // Kernel names are long unbroken words; without this they run off the right edge.
    m_findingsView->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_tabs->addTab(m_findingsView, tr("Findings"));

    m_chartView = new OpChartView(this);
    m_chartView->setObjectName(QStringLiteral("chartView"));
    m_chartPage = new ChartPage(m_chartView, this);
    m_chartPage->setObjectName(QStringLiteral("chartPage"));
    m_tabs->addTab(m_chartPage, tr("Chart"));
    connect(m_chartPage->gapView(), &GapChartView::kernelsActivated, this,
            [this](const std::vector<uint32_t> &a, const std::vector<uint32_t> &b) {
                if (!selectKernelRows(*this, a, b))
                    statusBar()->showMessage(tr("No kernel of this part is in the kernel table"), 5000);
            });

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
    // The timeline goes first; TimelineSync keeps it in step with the tables through this
    // window's public API. Before the currentChanged connection: actions do not exist yet.
    m_timelineView = TimelineSync::attach(this);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateActions(); });

    for (TableActions *a : std::as_const(m_tableActions)) {
        connect(a, &TableActions::exportFailed, this, [this](const QString &message) {
            m_messageBar->showMessage(MessageBar::Error, message, QStringLiteral("export"));
        });
        connect(a, &TableActions::nothingToExport, this, [this](const QString &message) {
            m_messageBar->showMessage(MessageBar::Information, message, QStringLiteral("export"));
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

    // What File → Export for Perfetto writes: the comparison when both traces are in, else the one
    // trace there is with its triage (or none while a comparison is still being made).
    m_perfetto = new PerfettoExporter(this, [this] {
        PerfettoExporter::Source s;
        const bool both = m_result[SideA] && m_result[SideB];
        if (both && m_comparison) {
            s.a = m_result[SideA]->analyzed;
            s.b = m_result[SideB]->analyzed;
            s.comparison = m_comparison->comparison;
        } else if (!both && !m_compareJob->isRunning()) {
            const Side side = m_result[SideA] ? SideA : SideB;
            if (m_result[side]) {
                s.a = m_result[side]->analyzed;
                if (m_triage[side] && m_triage[side]->analyzed == s.a)
                    s.triage = m_triage[side];
            }
        }
        const Side first = s.b || m_result[SideA] ? SideA : SideB;
        if (s.a)
            s.nameA = QString::fromStdString(perfettoProcessName(s.b ? 'a' : 0, *s.a, m_userLabel[first].toStdString()));
        if (s.b)
            s.nameB = QString::fromStdString(perfettoProcessName('b', *s.b, m_userLabel[SideB].toStdString()));
        return s;
    });
    statusBar()->addPermanentWidget(m_perfetto->progressWidget());
    connect(m_perfetto, &PerfettoExporter::exported, this, [this](const QString &path, const QString &summary) {
        m_messageBar->clearMessage(QStringLiteral("perfetto"));
        statusBar()->showMessage(tr("Exported %1 (%2)").arg(QDir::toNativeSeparators(path), summary), 8000);
    });
    connect(m_perfetto, &PerfettoExporter::exportFailed, this, [this](const QString &message) {
        m_messageBar->showMessage(MessageBar::Error, message, QStringLiteral("perfetto"));
    });
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
    // The names take whatever width the numbers leave; the numbers must never scroll out of sight, and
    // take no more than their header or a typical value needs, so the names stay readable at 1024 px.
    const QFontMetrics fm(m_kernelView->font());
    m_kernelView->setColumnWidth(KernelTableModel::Op, fm.horizontalAdvance(QStringLiteral("Elementwise")) + 24);
    m_kernelView->horizontalHeader()->setSectionResizeMode(KernelTableModel::NameA, QHeaderView::Stretch);
    m_kernelView->horizontalHeader()->setSectionResizeMode(KernelTableModel::NameB, QHeaderView::Stretch);
    for (int c = KernelTableModel::CallsA; c < KernelTableModel::ColumnCount; ++c) {
        const QString header = m_kernelModel->headerData(c, Qt::Horizontal).toString();
        const QString typical = c <= KernelTableModel::CallsB ? QStringLiteral("88,888") : QStringLiteral("−888 µs");
        m_kernelView->setColumnWidth(c, std::max(fm.horizontalAdvance(header), fm.horizontalAdvance(typical)) + 18);
    }
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
    file->addAction(m_perfetto->action());
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
