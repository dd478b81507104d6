// MainWindow's links between views: selecting kernels, activating findings and source locations,
// the details of a finding, and traces dropped onto the window.
#include "mainwindow.h"

#include "analysisjob.h"
#include "comparisonjob.h"
#include "datatableview.h"
#include "evidencetext.h"
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

void MainWindow::chooseRank(Side side, int member)
{
    if (m_path[side].isEmpty() || member < 0)
        return;
    m_member[side] = member;
    openTrace(side, m_path[side]);  // the same run: the rank chosen stays
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
                            (finding ? EvidenceText::ofFinding(*finding, labelOf(SideA), labelOf(SideB))
                                     : EvidenceText::ofExtraWork(*extra, labelOf(SideA), labelOf(SideB)))
                                .toHtmlEscaped());
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
