// MainWindow's construction: the pages in their tabs, the status bar, the actions, menus and toolbar.
#include "mainwindow.h"

#include "analysisjob.h"
#include "chartpage.h"
#include "comparisonjob.h"
#include "findingspage.h"
#include "fusionpage.h"
#include "gapchartview.h"
#include "kernelpage.h"
#include "layerpage.h"
#include "messagebar.h"
#include "perfettoexporter.h"
#include "results.h"
#include "scopeselector.h"
#include "settings.h"
#include "settingsdialog.h"
#include "tableactions.h"
#include "timelinesync.h"
#include "timelineview.h"
#include "timelinewidget.h"
#include "tracepane.h"
#include "triagejob.h"
#include "triagepage.h"

#include "export/perfettoexport.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

using namespace fusion;

void MainWindow::createViews()
{
    auto *panes = new QSplitter(Qt::Horizontal, this);
    panes->addWidget(m_pane[SideA]);
    panes->addWidget(m_pane[SideB]);
    panes->setChildrenCollapsible(false);

    m_tabs = new QTabWidget(this);
    m_tabs->setDocumentMode(true);
    m_kernelPage = new KernelPage(m_results, this);
    m_tabs->addTab(m_kernelPage, tr("Kernels"));
    connect(m_kernelPage, &KernelPage::countsChanged, this, &MainWindow::updateTabTitles);
    m_layerPage = new LayerPage(m_results, this);
    m_tabs->addTab(m_layerPage, tr("Layers"));
    connect(m_layerPage, &LayerPage::countsChanged, this, &MainWindow::updateTabTitles);
    m_fusionPage = new FusionPage(m_results, this);
    m_tabs->addTab(m_fusionPage, tr("Fusion patterns"));
    connect(m_fusionPage, &FusionPage::itemActivated, this, &MainWindow::activateFusionItem);
    m_findingsPage = new FindingsPage(m_results, this);
    m_tabs->addTab(m_findingsPage, tr("Findings"));
    m_chartPage = new ChartPage(m_results, this);
    m_chartPage->setObjectName(QStringLiteral("chartPage"));
    m_tabs->addTab(m_chartPage, tr("Chart"));
    connect(m_chartPage->gapView(), &GapChartView::kernelsActivated, this,
            [this](const std::vector<uint32_t> &a, const std::vector<uint32_t> &b) {
                if (!selectKernels(a, b))
                    statusBar()->showMessage(tr("No kernel of this part is in the kernel table"), 5000);
            });

    m_triagePage = new TriagePage(m_results, this);
    m_triagePage->setObjectName(QStringLiteral("triagePage"));
    connect(m_triagePage, &TriagePage::kernelActivated, this,
            [this](Side side, uint id) { selectKernel(side, id); });
    connect(m_triagePage, &TriagePage::cancelRequested, this, [this](Side side) {
        m_triageCancelled[side] = true;
        m_triageQueued[side] = false;
        m_triageJob[side]->cancel();
        publishTriage(side);
        notifyIfIdle();
    });
    connect(m_triagePage, &TriagePage::runRequested, this, [this](Side side) { startTriage(side); });
    m_tabs->addTab(m_triagePage, tr("Triage"));

    // The timeline goes first, kept in step with the pages by TimelineSync.
    m_timelineView = new TimelineView(this);
    addView(m_timelineView, tr("Timeline"), 0);
    new TimelineSync({m_results, m_tabs, m_kernelPage, m_layerPage, m_fusionPage,
                      [this](Side side, uint32_t id) { return selectKernel(side, id); }},
                     m_timelineView);
    m_timelineView->timeline()->setStage(m_stage);
    connect(this, &MainWindow::stageChanged, m_timelineView->timeline(), &TimelineWidget::setStage);
    // After the pages exist: the actions the handler updates do not exist yet either.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] { updateActions(); });

    m_tableActions = {m_kernelPage->tableActions(), m_layerPage->tableActions(), m_fusionPage->tableActions()};
    m_tableActions << m_triagePage->tableActions();
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
    connectExports();
}

// What File → Export for Perfetto writes: the comparison when both traces are in, else the one
// trace there is with its triage (or none while a comparison is still being made).
void MainWindow::connectExports()
{
    m_perfetto = new PerfettoExporter(this, [this] {
        PerfettoExporter::Source s;
        const Results &r = *m_results;
        if (r.hasBoth() && r.comparison()) {
            s.a = r.trace(SideA);
            s.b = r.trace(SideB);
            s.comparison = r.comparison();
        } else if (!r.hasBoth() && !m_compareJob->isRunning()) {
            const Side side = r.hasTrace(SideA) ? SideA : SideB;
            if (r.hasTrace(side)) {
                s.a = r.trace(side);
                if (r.triage(side) && r.triage(side)->analyzed == s.a)
                    s.triage = r.triage(side);
            }
        }
        const Side first = s.b || r.hasTrace(SideA) ? SideA : SideB;
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
    QCheckBox *demangle = m_kernelPage->demangleCheck();
    m_demangleAction->setChecked(demangle->isChecked());
    connect(m_demangleAction, &QAction::toggled, demangle, &QCheckBox::setChecked);
    connect(demangle, &QCheckBox::toggled, this, [this](bool on) {
        m_demangleAction->setChecked(on);
        if (!m_screenshotMode)
            Settings::setDemangle(on);
    });
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
