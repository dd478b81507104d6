#include "tableactions.h"

#include "csvexport.h"
#include "settings.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>

TableActions::TableActions(QAbstractItemView *view, const QString &baseName)
    : QObject(view), m_view(view), m_baseName(baseName), m_copy(new QAction(this)), m_export(new QAction(this))
{
    m_copy->setText(tr("&Copy Selected Rows"));
    m_copy->setShortcut(QKeySequence::Copy);
    // Only while the view has focus: Ctrl+C in the filter line edit must still copy its text.
    m_copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_copy->setIcon(QIcon::fromTheme(QStringLiteral("edit-copy")));
    connect(m_copy, &QAction::triggered, this, &TableActions::copySelection);
    m_export->setText(tr("&Export to CSV…"));
    m_export->setIcon(QIcon::fromTheme(QStringLiteral("document-save-as")));
    connect(m_export, &QAction::triggered, this, [this] { exportCsv(); });
    view->addAction(m_copy);
    view->addAction(m_export);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void TableActions::copySelection()
{
    if (!m_view->model() || !m_view->selectionModel())
        return;
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    QApplication::clipboard()->setText(CsvExport::toTsv(m_view->model(), rows));
}

QString TableActions::exportCsv()
{
    // An empty file would look like a successful export of nothing; say so before asking for a name.
    if (!m_view->model() || m_view->model()->rowCount() == 0) {
        emit nothingToExport(tr("Nothing to export: the table has no rows."));
        return QString();
    }
    const QString suggested = QDir(Settings::lastDirectory()).filePath(m_baseName + QStringLiteral(".csv"));
    const QString path = QFileDialog::getSaveFileName(m_view->window(), tr("Export to CSV"), suggested,
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return QString();
    Settings::setLastDirectory(QFileInfo(path).absolutePath());
    return exportCsvTo(path) ? path : QString();
}

bool TableActions::exportCsvTo(const QString &path)
{
    QString error;
    if (!m_view->model() || !CsvExport::write(m_view->model(), path, &error)) {
        emit exportFailed(tr("Could not write %1: %2").arg(path, error));
        return false;
    }
    emit exported(path);
    return true;
}
