// MainWindow's links between pages: selecting kernels, activating findings and source locations,
// and traces dropped onto the window.
#include "mainwindow.h"

#include "fusionpage.h"
#include "fusiontreemodel.h"
#include "kernelpage.h"
#include "messagebar.h"
#include "modelroles.h"
#include "settings.h"
#include "sourceopener.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace fusion;

bool MainWindow::selectKernel(Side side, uint32_t id)
{
    QModelIndex index = m_kernelPage->reveal(side, id);
    if (!index.isValid() && m_stage != Stage::All) {
        // The kernel belongs to another stage: show every stage rather than select nothing.
        setStage(Stage::All);
        index = m_kernelPage->reveal(side, id);
    }
    if (!index.isValid())
        return false;
    m_tabs->setCurrentWidget(m_kernelPage);
    m_kernelPage->select(index);
    return true;
}

int MainWindow::selectKernels(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b)
{
    const QItemSelection selection = m_kernelPage->reveal(a, b);
    if (selection.isEmpty())
        return 0;
    m_tabs->setCurrentWidget(m_kernelPage);
    m_kernelPage->select(selection);
    int rows = 0;
    for (const QItemSelectionRange &range : selection)
        rows += range.height();
    return rows;
}

void MainWindow::activateFusionItem(const QModelIndex &index)
{
    const QModelIndex source = index.model() == m_fusionPage->proxy() ? m_fusionPage->proxy()->mapToSource(index) : index;
    if (!source.isValid())
        return;
    const int kind = source.data(ModelRoles::NodeKind).toInt();
    if (kind == FusionTreeModel::Location) {
        openLocation(source);
        return;
    }
    if (kind != FusionTreeModel::FusedKernel && kind != FusionTreeModel::UnfusedComponent)
        return;
    const std::span<const uint32_t> ids = m_fusionPage->model()->kernelIds(source);
    const Side side = m_fusionPage->model()->kernelSide(source);
    if (ids.empty() || !selectKernel(side, ids.front()))
        statusBar()->showMessage(tr("No kernel of %1 matches this item").arg(labelOf(side)), 5000);
}

void MainWindow::openLocation(const QModelIndex &sourceIndex)
{
    const SourceLocation location = m_fusionPage->model()->locationAt(sourceIndex);
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
        openPair(files[0], files[1]);
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
