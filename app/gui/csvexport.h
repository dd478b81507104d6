#pragma once
// Tables to CSV (RFC 4180) and selected rows to TSV for the clipboard. Cells use ModelRoles::Export
// when a model provides it (plain numbers in µs, raw kernel names), else the displayed text; trees
// are flattened depth-first with a leading "depth" column.
#include <QList>
#include <QModelIndexList>
#include <QString>
#include <QStringList>

class QAbstractItemModel;

class CsvExport {
public:
    static QString toCsv(const QAbstractItemModel *model);
    // Writes toCsv() as UTF-8; on failure returns false and sets *error to one line.
    static bool write(const QAbstractItemModel *model, const QString &path, QString *error = nullptr);
    // Parses CSV text into rows of fields (quoted fields may hold commas, quotes and newlines).
    static QList<QStringList> parse(const QString &text);
    // Header line plus the given rows (any column index of each row), tab-separated, as displayed.
    static QString toTsv(const QAbstractItemModel *model, const QModelIndexList &rows);

    static QString field(const QString &text);  // one CSV field, quoted when it has to be
};
