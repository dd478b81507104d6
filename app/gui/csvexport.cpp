#include "csvexport.h"

#include "modelroles.h"

#include <QAbstractItemModel>
#include <QFile>
#include <QSaveFile>
#include <algorithm>

namespace {

QString cell(const QModelIndex &index)
{
    const QVariant exported = index.data(ModelRoles::Export);
    return exported.isValid() ? exported.toString() : index.data(Qt::DisplayRole).toString();
}

QString header(const QAbstractItemModel *model, int column)
{
    const QVariant exported = model->headerData(column, Qt::Horizontal, ModelRoles::Export);
    return exported.isValid() ? exported.toString() : model->headerData(column, Qt::Horizontal).toString();
}

bool isTree(const QAbstractItemModel *model)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->hasChildren(model->index(r, 0)))
            return true;
    return false;
}

void appendRows(const QAbstractItemModel *model, const QModelIndex &parent, int depth, bool tree, QString &out)
{
    const int columns = model->columnCount(parent);
    for (int r = 0; r < model->rowCount(parent); ++r) {
        QStringList fields;
        if (tree)
            fields << QString::number(depth);
        for (int c = 0; c < columns; ++c)
            fields << CsvExport::field(cell(model->index(r, c, parent)));
        out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
        const QModelIndex child = model->index(r, 0, parent);
        if (tree && model->hasChildren(child))
            appendRows(model, child, depth + 1, tree, out);
    }
}

} // namespace

QString CsvExport::field(const QString &text)
{
    static const QString special = QStringLiteral(",\"\r\n");
    const bool quote = std::any_of(text.begin(), text.end(), [](QChar c) { return special.contains(c); })
                       || text.startsWith(QLatin1Char(' ')) || text.endsWith(QLatin1Char(' '));
    if (!quote)
        return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

QString CsvExport::toCsv(const QAbstractItemModel *model)
{
    QString out;
    const bool tree = isTree(model);
    QStringList headers;
    if (tree)
        headers << QStringLiteral("depth");
    for (int c = 0; c < model->columnCount(); ++c)
        headers << field(header(model, c));
    out += headers.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    appendRows(model, QModelIndex(), 0, tree, out);
    return out;
}

bool CsvExport::write(const QAbstractItemModel *model, const QString &path, QString *error)
{
    // QSaveFile: a failed export never leaves a half-written file where a good one was.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(toCsv(model).toUtf8());
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

QList<QStringList> CsvExport::parse(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString current;
    bool quoted = false, fieldStarted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                    current += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                current += c;
            }
            continue;
        }
        if (c == QLatin1Char('"') && current.isEmpty()) {
            quoted = true;
            fieldStarted = true;
        } else if (c == QLatin1Char(',')) {
            row << current;
            current.clear();
            fieldStarted = true;
        } else if (c == QLatin1Char('\r')) {
            continue;
        } else if (c == QLatin1Char('\n')) {
            row << current;
            rows << row;
            row.clear();
            current.clear();
            fieldStarted = false;
        } else {
            current += c;
            fieldStarted = true;
        }
    }
    if (fieldStarted || !current.isEmpty() || !row.isEmpty()) {
        row << current;
        rows << row;
    }
    return rows;
}

QString CsvExport::toTsv(const QAbstractItemModel *model, const QModelIndexList &rows)
{
    auto clean = [](QString s) {
        s.replace(QLatin1Char('\t'), QLatin1Char(' '));
        s.replace(QLatin1Char('\n'), QLatin1Char(' '));
        return s;
    };
    const int columns = model->columnCount();
    QStringList header;
    for (int c = 0; c < columns; ++c)
        header << clean(model->headerData(c, Qt::Horizontal).toString());
    QString out = header.join(QLatin1Char('\t')) + QLatin1Char('\n');
    QModelIndexList sorted = rows;
    // Selection order is click order; the clipboard should follow the table.
    std::sort(sorted.begin(), sorted.end(), [](const QModelIndex &x, const QModelIndex &y) {
        if (x.parent() != y.parent())
            return x.parent().row() < y.parent().row();
        return x.row() < y.row();
    });
    for (const QModelIndex &r : sorted) {
        QStringList fields;
        for (int c = 0; c < columns; ++c)
            fields << clean(model->index(r.row(), c, r.parent()).data(Qt::DisplayRole).toString());
        out += fields.join(QLatin1Char('\t')) + QLatin1Char('\n');
    }
    return out;
}
