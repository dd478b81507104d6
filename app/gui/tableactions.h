#pragma once
// What every table and tree offers: Ctrl+C copies the selected rows as TSV, and a context menu copies
// or exports the whole view to CSV (what is shown: filtered and sorted).
#include <QObject>

class QAbstractItemView;
class QAction;

class TableActions : public QObject {
    Q_OBJECT
public:
    // baseName: the suggested file name without extension, e.g. "kernels".
    TableActions(QAbstractItemView *view, const QString &baseName);

    QAbstractItemView *view() const { return m_view; }
    QAction *copyAction() const { return m_copy; }
    QAction *exportAction() const { return m_export; }
    void copySelection();
    // Asks for a file name, then writes the CSV. Returns the path written, empty when not.
    QString exportCsv();
    bool exportCsvTo(const QString &path);

signals:
    void exported(const QString &path);
    void exportFailed(const QString &message);
    void nothingToExport(const QString &message);  // the table is empty; no file was asked for

private:
    QAbstractItemView *m_view;
    QString m_baseName;
    QAction *m_copy, *m_export;
};
