#pragma once
// A table whose rows are values of one type, described by a list of columns. Each column says once
// how a row reads on screen, what it sorts by, what it writes to CSV and what its tooltip explains;
// the model answers data() and headerData() from that list. So every table sorts by raw values
// (not by formatted text), exports plain numbers in the C locale under a stable header, and a new
// table is its column list rather than another copy of the same role switch.
//
// A model derives from RowTableModel<Row>, declares Q_OBJECT (its class name is the translation
// context of the column titles, marked with QT_TRANSLATE_NOOP), fills its columns in the order of
// its Column enum (ColumnSpec is what a column is) and hands its rows to setRows() in a reset.
#include "modelroles.h"
#include "units.h"

#include <QAbstractTableModel>
#include <functional>
#include <vector>

class RowTableModelBase : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    struct Header {
        const char *title = nullptr;          // untranslated; translated in the model's context
        const char *exportName = nullptr;     // the CSV header: lower case, with the unit (total_us)
        const char *toolTip = nullptr;        // untranslated; none when null
        Qt::Alignment alignment = Qt::AlignLeft;
    };
    virtual size_t rows() const = 0;
    virtual int columns() const = 0;
    virtual const Header &header(int column) const = 0;
    virtual QVariant cell(size_t row, int column, int role) const = 0;
    // A column's title and header tooltip; a model whose titles change (the traces' labels)
    // overrides these.
    virtual QString title(int column) const;
    virtual QString headerToolTip(int column) const;
    QString translated(const char *text) const;
    // The background of a Δ or B/A cell: green where B takes less time than A, red where more,
    // saturating at 2× either way (as Tracy tints its comparisons); none within 5 %, that is noise.
    static QVariant ratioTint(double bOverA);
};

template <typename Row>
class RowTableModel : public RowTableModelBase {
public:
    using RowTableModelBase::RowTableModelBase;
    using Value = std::function<QVariant(const Row &)>;

    struct ColumnSpec {
        Header header;
        Value value;          // the raw value: sorts, and is exported unless `exported` is set
        Value display = {};   // on screen; the raw value when unset
        Value exported = {};  // to CSV
        Value toolTip = {};
    };

    const Row &item(int row) const { return m_rows[size_t(row)]; }

    // The usual kinds of column. Times are integer nanoseconds: shown with a unit, sorted as
    // integers, exported as plain microseconds.
    static ColumnSpec text(Header header, std::function<QString(const Row &)> get)
    {
        return {header, [get](const Row &r) { return QVariant(get(r)); }};
    }
    static ColumnSpec time(Header header, std::function<int64_t(const Row &)> get)
    {
        header.alignment = Qt::AlignRight;
        return {header, [get](const Row &r) { return QVariant(qint64(get(r))); },
                [get](const Row &r) { return QVariant(Units::duration(get(r))); },
                [get](const Row &r) { return QVariant(Units::csvMicroseconds(get(r))); }};
    }
    static ColumnSpec count(Header header, std::function<uint64_t(const Row &)> get)
    {
        header.alignment = Qt::AlignRight;
        return {header, [get](const Row &r) { return QVariant(qulonglong(get(r))); },
                [get](const Row &r) { return QVariant(Units::count(get(r))); }};
    }
    // A fraction (0.25) shown as "25.0 %", sorted by the fraction and exported as a percentage
    // (or, with exportScale 1, as the fraction) with `decimals` places.
    static ColumnSpec percent(Header header, std::function<double(const Row &)> fraction, int decimals = 2,
                          double exportScale = 100)
    {
        header.alignment = Qt::AlignRight;
        return {header, [fraction](const Row &r) { return QVariant(fraction(r)); },
                [fraction](const Row &r) { return QVariant(Units::percent(fraction(r))); },
                [fraction, decimals, exportScale](const Row &r) {
                    return QVariant(QString::number(fraction(r) * exportScale, 'f', decimals));
                }};
    }
    // Shown and sorted by the translated stage name, exported as the untranslated one.
    static ColumnSpec stage(Header header, std::function<fusion::Stage(const Row &)> get)
    {
        return {header, [get](const Row &r) { return QVariant(Units::stage(get(r))); }, {},
                [get](const Row &r) { return QVariant(Units::stage(get(r), true)); }};
    }

protected:
    void setColumns(std::vector<ColumnSpec> columns) { m_columns = std::move(columns); }
    // Between beginResetModel() and endResetModel(), with whatever the rows point into, so that no
    // view reads new rows through old data or old rows through new.
    void setRows(std::vector<Row> rows) { m_rows = std::move(rows); }
    // Roles a column does not answer (kernel ids behind a row, colours); none by default.
    virtual QVariant rowData(const Row &, int /*column*/, int /*role*/) const { return {}; }

    size_t rows() const override { return m_rows.size(); }
    int columns() const override { return int(m_columns.size()); }
    const Header &header(int column) const override { return m_columns[size_t(column)].header; }
    QVariant cell(size_t row, int column, int role) const override
    {
        const Row &r = m_rows[row];
        const ColumnSpec &c = m_columns[size_t(column)];
        switch (role) {
        case Qt::DisplayRole: return c.display ? c.display(r) : c.value(r);
        case ModelRoles::Sort: return c.value(r);
        case ModelRoles::Export: return c.exported ? c.exported(r) : c.value(r);
        case Qt::ToolTipRole:
            if (c.toolTip)
                return c.toolTip(r);
            break;
        }
        return rowData(r, column, role);
    }

private:
    std::vector<ColumnSpec> m_columns;
    std::vector<Row> m_rows;
};
