#include "kerneltablemodel.h"

#include <QSet>

using namespace fusion;

KernelTableModel::KernelTableModel(QObject *parent) : RowTableModel(parent)
{
    m_label[0] = tr("A");
    m_label[1] = tr("B");
    // Names and operations sort case-insensitively by what the cell shows.
    const Value op = [this](const Row &v) { return QVariant(QString::fromStdString(m_all[v.index].op)); };
    const ColumnSpec operation{{QT_TRANSLATE_NOOP("KernelTableModel", "Operation"), "operation"},
                               [op](const Row &v) { return QVariant(op(v).toString().toLower()); }, op, op};
    auto average = [](const Row &v, Side s) { return v.calls[s] ? v.total[s] / Ns(v.calls[s]) : Ns(0); };
    ColumnSpec delta = time({QT_TRANSLATE_NOOP("KernelTableModel", "Δ B−A"), "delta_us"},
                            [](const Row &v) { return v.perStep[1] - v.perStep[0]; });
    delta.display = [](const Row &v) { return QVariant(Units::signedDuration(v.perStep[1] - v.perStep[0])); };
    delta.toolTip = [this](const Row &v) { return comparisonTip(v); };
    const ColumnSpec ratio{
        {QT_TRANSLATE_NOOP("KernelTableModel", "B/A"), "ratio_b_over_a", nullptr, Qt::AlignRight},
        // One-sided rows sort after every real ratio, in either direction's extreme.
        [](const Row &v) { return QVariant(v.ratio() > 0 ? v.ratio() : (v.calls[1] > 0 ? 1e9 : -1.0)); },
        [](const Row &v) { return QVariant(Units::ratio(v.ratio())); },
        [](const Row &v) { return QVariant(v.ratio() > 0 ? QString::number(v.ratio(), 'f', 4) : QString()); },
        [this](const Row &v) { return comparisonTip(v); }};
    setColumns({
        operation,
        nameColumn({QT_TRANSLATE_NOOP("KernelTableModel", "Kernel A"), "kernel_a"}, SideA),
        nameColumn({QT_TRANSLATE_NOOP("KernelTableModel", "Kernel B"), "kernel_b"}, SideB),
        callsColumn({QT_TRANSLATE_NOOP("KernelTableModel", "Calls A"), "calls_a"}, SideA),
        callsColumn({QT_TRANSLATE_NOOP("KernelTableModel", "Calls B"), "calls_b"}, SideB),
        sideTime({QT_TRANSLATE_NOOP("KernelTableModel", "Total A"), "total_a_us"}, SideA,
                 [](const Row &v, Side s) { return v.total[s]; }),
        sideTime({QT_TRANSLATE_NOOP("KernelTableModel", "Total B"), "total_b_us"}, SideB,
                 [](const Row &v, Side s) { return v.total[s]; }),
        sideTime({QT_TRANSLATE_NOOP("KernelTableModel", "Avg A"), "avg_a_us"}, SideA, average),
        sideTime({QT_TRANSLATE_NOOP("KernelTableModel", "Avg B"), "avg_b_us"}, SideB, average),
        delta,
        ratio,
    });
}

KernelTableModel::ColumnSpec KernelTableModel::nameColumn(Header header, Side side) const
{
    // Shown as the demangled or raw name (as chosen), exported as the trace's own name.
    return {header, [this, side](const Row &v) { return QVariant(name(m_all[v.index], side).toLower()); },
            [this, side](const Row &v) { return QVariant(name(m_all[v.index], side)); },
            [this, side](const Row &v) { return QVariant(QString::fromStdString(m_all[v.index].name[side])); },
            [this, side](const Row &v) {
                const KernelRow &r = m_all[v.index];
                if (r.name[side].empty())
                    return QVariant(tr("No matching kernel in %1").arg(m_label[side]));
                QString tip = QString::fromStdString(r.demangled[side]);
                if (r.demangled[side] != r.name[side])
                    tip += QStringLiteral("\n\n") + QString::fromStdString(r.name[side]);
                return QVariant(tip);
            }};
}

KernelTableModel::ColumnSpec KernelTableModel::callsColumn(Header header, Side side) const
{
    ColumnSpec c = count(header, [side](const Row &v) { return v.calls[side]; });
    c.display = [side](const Row &v) { return QVariant(v.calls[side] ? Units::count(v.calls[side]) : QString()); };
    return c;
}

KernelTableModel::ColumnSpec KernelTableModel::sideTime(Header header, Side side, Ns (*get)(const Row &, Side)) const
{
    ColumnSpec c = time(header, [side, get](const Row &v) { return get(v, side); });
    c.display = [side, get](const Row &v) { return QVariant(v.calls[side] ? Units::duration(get(v, side)) : QString()); };
    c.exported = [side, get](const Row &v) {
        return QVariant(v.calls[side] ? Units::csvMicroseconds(get(v, side)) : QString());
    };
    return c;
}

void KernelTableModel::setContent(std::shared_ptr<const AnalyzedTrace> a, std::shared_ptr<const AnalyzedTrace> b,
                                  std::vector<KernelRow> rows)
{
    beginResetModel();
    m_trace[0] = std::move(a);
    m_trace[1] = std::move(b);
    m_all = std::move(rows);
    for (int s = 0; s < 2; ++s)
        m_steps[s] = m_trace[s] ? fusion::stepsInScope(m_trace[s]->steps, m_trace[s]->scope) : 1;
    rebuild();
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void KernelTableModel::setLabels(const QString &labelA, const QString &labelB)
{
    m_label[0] = labelA;
    m_label[1] = labelB;
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void KernelTableModel::setStage(Stage stage)
{
    if (stage == m_stage)
        return;
    beginResetModel();
    m_stage = stage;
    rebuild();
    endResetModel();
}

void KernelTableModel::setDemangle(bool on)
{
    if (on == m_demangle)
        return;
    m_demangle = on;
    if (rowCount() > 0)
        emit dataChanged(index(0, NameA), index(rowCount() - 1, NameB));
}

void KernelTableModel::rebuild()
{
    std::vector<Row> visible;
    for (int s = 0; s < 2; ++s)
        m_rowOfKernel[s].assign(m_trace[s] ? m_trace[s]->trace->store.kernels.size() : 0, -1);
    for (size_t i = 0; i < m_all.size(); ++i) {
        const KernelRow &r = m_all[i];
        Row v;
        v.index = i;
        for (int s = 0; s < 2; ++s) {
            const AnalyzedTrace *t = m_trace[s].get();
            // includes() also leaves out the kernels outside the analysis scope (Stage::Outside).
            const bool staged = t && !t->stages.ofKernel.empty();
            if (!staged) {
                v.calls[s] = r.ids[s].size();
                v.total[s] = r.total[s];
                continue;
            }
            for (uint32_t id : r.ids[s]) {
                if (t->stages.includes(id, m_stage)) {
                    ++v.calls[s];
                    v.total[s] += t->trace->store.kernels.dur[id];
                }
            }
        }
        if (v.calls[0] == 0 && v.calls[1] == 0)
            continue;
        for (int s = 0; s < 2; ++s)
            v.perStep[s] = v.total[s] / fusion::Ns(m_steps[s]);
        const int32_t row = int32_t(visible.size());
        for (int s = 0; s < 2; ++s)
            for (uint32_t id : r.ids[s])
                if (id < m_rowOfKernel[s].size())
                    m_rowOfKernel[s][id] = row;
        visible.push_back(v);
    }
    setRows(std::move(visible));
}

int KernelTableModel::rowOfKernel(Side side, uint32_t id) const
{
    return id < m_rowOfKernel[side].size() ? m_rowOfKernel[side][id] : -1;
}

QStringList KernelTableModel::operations() const
{
    QSet<QString> ops;
    for (const KernelRow &r : m_all)
        if (!r.op.empty())
            ops.insert(QString::fromStdString(r.op));
    QStringList list(ops.begin(), ops.end());
    list.sort(Qt::CaseInsensitive);
    return list;
}

QString KernelTableModel::name(const KernelRow &r, Side side) const
{
    // Demangled view: the short name (the full one is in the tooltip); raw view: exactly the trace's name.
    return QString::fromStdString(m_demangle ? (r.display[side].empty() ? r.demangled[side] : r.display[side])
                                             : r.name[side]);
}

QString KernelTableModel::perStepNote() const
{
    if (m_steps[0] == m_steps[1])
        return {};
    return QLatin1Char('\n') + tr("Per profiler step: %1 holds %2 steps, %3 holds %4").arg(m_label[0]).arg(m_steps[0]).arg(m_label[1]).arg(m_steps[1]);
}

QVariant KernelTableModel::comparisonTip(const Row &v) const
{
    if (v.calls[0] == 0)
        return tr("Only in %1").arg(m_label[1]);
    if (v.calls[1] == 0)
        return tr("Only in %1").arg(m_label[0]);
    const double ratio = v.ratio();
    if (ratio > 1)
        return tr("%1 is slower: %2 the GPU time of %3").arg(m_label[1], Units::ratio(ratio), m_label[0]);
    return tr("%1 is faster: %2 the GPU time of %3").arg(m_label[1], Units::ratio(ratio), m_label[0]);
}

Side KernelTableModel::sideOf(int column)
{
    return column == NameB || column == CallsB || column == TotalB || column == AvgB ? SideB : SideA;
}

std::vector<uint32_t> KernelTableModel::kernelIds(int row, Side side) const
{
    return row >= 0 && row < rowCount() ? idsOf(item(row), side) : std::vector<uint32_t>();
}

std::vector<uint32_t> KernelTableModel::idsOf(const Row &v, Side side) const
{
    // The kernels the row counts: those of the current stage (as many as its Calls column).
    const AnalyzedTrace *t = m_trace[side].get();
    const std::vector<uint32_t> &all = m_all[v.index].ids[side];
    if (!t || t->stages.ofKernel.empty())
        return all;
    std::vector<uint32_t> ids;
    ids.reserve(v.calls[side]);
    for (uint32_t id : all)
        if (t->stages.includes(id, m_stage))
            ids.push_back(id);
    return ids;
}

QVariant KernelTableModel::rowData(const Row &v, int column, int role) const
{
    switch (role) {
    case Qt::BackgroundRole:
        if ((column == Delta || column == Ratio) && v.perStep[1] > 0)
            return ratioTint(v.ratio());
        return {};
    case ModelRoles::KernelIds:
        return ModelRoles::kernelIdList(idsOf(v, sideOf(column)));
    case ModelRoles::KernelSide:
        return int(sideOf(column));
    }
    return {};
}

QString KernelTableModel::headerToolTip(int column) const
{
    switch (column) {
    case NameA: case CallsA: case TotalA: case AvgA:
    case NameB: case CallsB: case TotalB: case AvgB:
        return m_label[sideOf(column)];
    case Delta:
        return QString(tr("GPU time of %1 minus %2").arg(m_label[1], m_label[0]) + perStepNote());
    case Ratio:
        return QString(tr("GPU time of %1 divided by %2; red: B slower, green: B faster").arg(m_label[1], m_label[0])
                       + perStepNote());
    }
    return {};
}
