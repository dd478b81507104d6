#include "kerneltablemodel.h"

#include "modelroles.h"
#include "units.h"

#include <QBrush>
#include <QColor>
#include <QSet>
#include <cmath>

using namespace fusion;

KernelTableModel::KernelTableModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_label[0] = tr("A");
    m_label[1] = tr("B");
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
    if (!m_visible.empty())
        emit dataChanged(index(0, NameA), index(rowCount() - 1, NameB));
}

void KernelTableModel::rebuild()
{
    m_visible.clear();
    for (int s = 0; s < 2; ++s)
        m_rowOfKernel[s].assign(m_trace[s] ? m_trace[s]->trace->store.kernels.size() : 0, -1);
    for (size_t i = 0; i < m_all.size(); ++i) {
        const KernelRow &r = m_all[i];
        Visible v;
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
        const int32_t row = int32_t(m_visible.size());
        for (int s = 0; s < 2; ++s)
            for (uint32_t id : r.ids[s])
                if (id < m_rowOfKernel[s].size())
                    m_rowOfKernel[s][id] = row;
        m_visible.push_back(v);
    }
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

int KernelTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_visible.size());
}

int KernelTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
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

QVariant KernelTableModel::value(const Visible &v, int column, int role) const
{
    const KernelRow &r = m_all[v.index];
    const bool both = v.calls[0] > 0 && v.calls[1] > 0;
    auto avg = [&](int s) -> Ns { return v.calls[s] ? v.total[s] / Ns(v.calls[s]) : 0; };
    const double ratio = both && v.perStep[0] > 0 ? double(v.perStep[1]) / double(v.perStep[0]) : 0.0;
    const bool display = role == Qt::DisplayRole;
    const bool exporting = role == ModelRoles::Export;
    auto time = [&](Ns ns, bool present) -> QVariant {
        if (display)
            return present ? Units::duration(ns) : QString();
        if (exporting)
            return present ? Units::csvMicroseconds(ns) : QString();
        return qint64(ns);
    };
    switch (column) {
    case Op:
        return QString::fromStdString(r.op);
    case NameA:
    case NameB: {
        const Side s = column == NameA ? SideA : SideB;
        if (exporting)
            return QString::fromStdString(r.name[s]);
        return name(r, s);
    }
    case CallsA:
    case CallsB: {
        const int s = column == CallsA ? 0 : 1;
        if (display)
            return v.calls[s] ? Units::count(v.calls[s]) : QString();
        return qulonglong(v.calls[s]);
    }
    case TotalA:
        return time(v.total[0], v.calls[0] > 0);
    case TotalB:
        return time(v.total[1], v.calls[1] > 0);
    case AvgA:
        return time(avg(0), v.calls[0] > 0);
    case AvgB:
        return time(avg(1), v.calls[1] > 0);
    case Delta:
        if (display)
            return Units::signedDuration(v.perStep[1] - v.perStep[0]);
        if (exporting)
            return Units::csvMicroseconds(v.perStep[1] - v.perStep[0]);
        return qint64(v.perStep[1] - v.perStep[0]);
    case Ratio:
        if (display)
            return Units::ratio(ratio);
        if (exporting)
            return ratio > 0 ? QString::number(ratio, 'f', 4) : QString();
        // One-sided rows sort after every real ratio, in either direction's extreme.
        return ratio > 0 ? ratio : (v.calls[1] > 0 ? 1e9 : -1.0);
    }
    return {};
}

QVariant KernelTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Visible &v = m_visible[size_t(index.row())];
    const KernelRow &r = m_all[v.index];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
    case ModelRoles::Export:
        return value(v, column, role);
    case ModelRoles::Sort: {
        if (column == NameA || column == NameB || column == Op)
            return value(v, column, Qt::DisplayRole).toString().toLower();
        return value(v, column, ModelRoles::Sort);
    }
    case Qt::ToolTipRole:
        if (column == NameA || column == NameB) {
            const Side s = column == NameA ? SideA : SideB;
            if (r.name[s].empty())
                return tr("No matching kernel in %1").arg(m_label[s]);
            QString tip = QString::fromStdString(r.demangled[s]);
            if (r.demangled[s] != r.name[s])
                tip += QStringLiteral("\n\n") + QString::fromStdString(r.name[s]);
            return tip;
        }
        if (column == Ratio || column == Delta) {
            if (v.calls[0] == 0)
                return tr("Only in %1").arg(m_label[1]);
            if (v.calls[1] == 0)
                return tr("Only in %1").arg(m_label[0]);
            const double ratio = v.perStep[0] > 0 ? double(v.perStep[1]) / double(v.perStep[0]) : 0.0;
            if (ratio > 1)
                return tr("%1 is slower: %2 the GPU time of %3").arg(m_label[1], Units::ratio(ratio), m_label[0]);
            return tr("%1 is faster: %2 the GPU time of %3").arg(m_label[1], Units::ratio(ratio), m_label[0]);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column >= CallsA)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if ((column == Delta || column == Ratio) && v.calls[0] > 0 && v.calls[1] > 0 && v.perStep[0] > 0
            && v.perStep[1] > 0) {
            // Tint saturates at 2× either way (as Tracy does): green where B is faster, red where slower.
            const double l = std::log2(double(v.perStep[1]) / double(v.perStep[0]));
            const double strength = std::min(1.0, std::abs(l));
            if (strength < 0.07)  // within 5 %: no colour, it is noise
                return {};
            QColor c = l > 0 ? QColor(220, 50, 40) : QColor(30, 150, 60);
            c.setAlphaF(0.12 + 0.33 * strength);
            return QBrush(c);
        }
        return {};
    case ModelRoles::KernelIds: {
        const Side s = column == NameB || column == CallsB || column == TotalB || column == AvgB ? SideB : SideA;
        // The kernels the row counts: those of the current stage (as many as its Calls column).
        const AnalyzedTrace *t = m_trace[s].get();
        const bool staged = t && !t->stages.ofKernel.empty();
        QList<uint> ids;
        ids.reserve(qsizetype(staged ? v.calls[s] : r.ids[s].size()));
        for (uint32_t id : r.ids[s])
            if (!staged || t->stages.includes(id, m_stage))
                ids.append(id);
        return QVariant::fromValue(ids);
    }
    case ModelRoles::KernelSide:
        return int(column == NameB || column == CallsB || column == TotalB || column == AvgB ? SideB : SideA);
    }
    return {};
}

QVariant KernelTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Op: return tr("Operation");
        case NameA: return tr("Kernel A");
        case NameB: return tr("Kernel B");
        case CallsA: return tr("Calls A");
        case CallsB: return tr("Calls B");
        case TotalA: return tr("Total A");
        case TotalB: return tr("Total B");
        case AvgA: return tr("Avg A");
        case AvgB: return tr("Avg B");
        case Delta: return tr("Δ B−A");
        case Ratio: return tr("B/A");
        }
    }
    if (role == ModelRoles::Export) {
        // Stable, untranslated CSV headers with units: scripts read these files.
        static const char *const names[] = {"operation", "kernel_a", "kernel_b", "calls_a", "calls_b",
                                            "total_a_us", "total_b_us", "avg_a_us", "avg_b_us",
                                            "delta_us", "ratio_b_over_a"};
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameA: case CallsA: case TotalA: case AvgA: return m_label[0];
        case NameB: case CallsB: case TotalB: case AvgB: return m_label[1];
        case Delta:
            return QString(tr("GPU time of %1 minus %2").arg(m_label[1], m_label[0]) + perStepNote());
        case Ratio:
            return QString(tr("GPU time of %1 divided by %2; red: B slower, green: B faster").arg(m_label[1], m_label[0])
                           + perStepNote());
        }
    }
    return {};
}
