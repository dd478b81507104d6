#include "layertablemodel.h"

#include "modelroles.h"
#include "units.h"

#include <QBrush>
#include <QColor>
#include <cmath>

using namespace fusion;

LayerTableModel::LayerTableModel(QObject *parent) : QAbstractTableModel(parent)
{
    m_label[0] = tr("A");
    m_label[1] = tr("B");
}

void LayerTableModel::setContent(std::shared_ptr<const AnalyzedTrace> a, std::shared_ptr<const AnalyzedTrace> b,
                                 std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    m_trace[0] = std::move(a);
    m_trace[1] = std::move(b);
    m_comparison = std::move(comparison);
    m_rows.clear();
    if (m_comparison && m_trace[0] && m_trace[1]) {
        for (const LayerPair &p : m_comparison->layers.pairs) {
            Row r;
            r.layer[0] = p.a;
            r.layer[1] = p.b;
            r.kernels[0] = p.aKernels;
            r.kernels[1] = p.bKernels;
            r.total[0] = p.aTotal;
            r.total[1] = p.bTotal;
            m_rows.push_back(r);
        }
    } else {
        for (int s = 0; s < 2; ++s) {
            if (!m_trace[s])
                continue;
            for (const Layer &l : m_trace[s]->layers.layers) {
                Row r;
                r.layer[s] = int32_t(l.index);
                r.kernels[s] = uint32_t(l.kernels.size());
                r.total[s] = l.total;
                m_rows.push_back(r);
            }
        }
    }
    endResetModel();
}

void LayerTableModel::setLabels(const QString &labelA, const QString &labelB)
{
    m_label[0] = labelA;
    m_label[1] = labelB;
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

const Layer *LayerTableModel::layer(const Row &r, Side side) const
{
    const AnalyzedTrace *t = m_trace[side].get();
    if (!t || r.layer[side] < 0 || size_t(r.layer[side]) >= t->layers.layers.size())
        return nullptr;
    return &t->layers.layers[size_t(r.layer[side])];
}

int LayerTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int LayerTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LayerTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows[size_t(index.row())];
    const int column = index.column();
    const bool present[2] = {r.layer[0] >= 0, r.layer[1] >= 0};
    const double ratio = present[0] && present[1] && r.total[0] > 0 ? double(r.total[1]) / double(r.total[0]) : 0.0;
    auto layerName = [&](Side s) {
        const Layer *l = layer(r, s);
        if (!l)
            return QString();
        // Several forward passes repeat the same layer names; the pass number tells them apart.
        const QString name = QString::fromStdString(l->name);
        const AnalyzedTrace *t = m_trace[s].get();
        return t->layers.passes > 1 ? tr("%1 (pass %2)").arg(name).arg(l->pass + 1) : name;
    };
    auto time = [&](Ns ns, bool has) -> QVariant {
        if (role == Qt::DisplayRole)
            return has ? Units::duration(ns) : QString();
        if (role == ModelRoles::Export)
            return has ? Units::csvMicroseconds(ns) : QString();
        return qint64(ns);
    };
    if (role == Qt::DisplayRole || role == ModelRoles::Export || role == ModelRoles::Sort) {
        switch (column) {
        case Index:
            return index.row() + 1;
        case LayerA:
        case LayerB: {
            const QString name = layerName(column == LayerA ? SideA : SideB);
            return role == ModelRoles::Sort ? QVariant(r.layer[column == LayerA ? 0 : 1]) : QVariant(name);
        }
        case Stage: {
            const Layer *l = layer(r, SideA) ? layer(r, SideA) : layer(r, SideB);
            return l ? Units::stage(l->stage, role == ModelRoles::Export) : QString();
        }
        case KernelsA:
        case KernelsB: {
            const int s = column == KernelsA ? 0 : 1;
            if (role == Qt::DisplayRole)
                return present[s] ? Units::count(r.kernels[s]) : QString();
            return r.kernels[s];
        }
        case TotalA:
            return time(r.total[0], present[0]);
        case TotalB:
            return time(r.total[1], present[1]);
        case Delta:
            if (role == Qt::DisplayRole)
                return Units::signedDuration(r.total[1] - r.total[0]);
            if (role == ModelRoles::Export)
                return Units::csvMicroseconds(r.total[1] - r.total[0]);
            return qint64(r.total[1] - r.total[0]);
        case Ratio:
            if (role == Qt::DisplayRole)
                return Units::ratio(ratio);
            if (role == ModelRoles::Export)
                return ratio > 0 ? QString::number(ratio, 'f', 4) : QString();
            return ratio;
        }
        return {};
    }
    if (role == Qt::TextAlignmentRole)
        return int((column == LayerA || column == LayerB || column == Stage ? Qt::AlignLeft : Qt::AlignRight)
                   | Qt::AlignVCenter);
    if (role == Qt::BackgroundRole && (column == Delta || column == Ratio) && ratio > 0) {
        const double l = std::log2(ratio);
        const double strength = std::min(1.0, std::abs(l));
        if (strength < 0.07)
            return {};
        QColor c = l > 0 ? QColor(220, 50, 40) : QColor(30, 150, 60);
        c.setAlphaF(0.12 + 0.33 * strength);
        return QBrush(c);
    }
    if (role == Qt::ToolTipRole && (column == LayerA || column == LayerB)) {
        const Side s = column == LayerA ? SideA : SideB;
        if (!layer(r, s))
            return tr("No matching layer in %1").arg(m_label[s]);
    }
    if (role == ModelRoles::KernelIds && (column == LayerA || column == LayerB)) {
        const Layer *l = layer(r, column == LayerA ? SideA : SideB);
        QList<uint> ids;
        if (l)
            for (uint32_t id : l->kernels)
                ids.append(id);
        return QVariant::fromValue(ids);
    }
    if (role == ModelRoles::KernelSide && (column == LayerA || column == LayerB))
        return int(column == LayerA ? SideA : SideB);
    return {};
}

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Index: return tr("#");
        case LayerA: return tr("Layer A");
        case LayerB: return tr("Layer B");
        case Stage: return tr("Stage");
        case KernelsA: return tr("Kernels A");
        case KernelsB: return tr("Kernels B");
        case TotalA: return tr("Total A");
        case TotalB: return tr("Total B");
        case Delta: return tr("Δ B−A");
        case Ratio: return tr("B/A");
        }
    }
    if (role == ModelRoles::Export) {
        static const char *const names[] = {"index", "layer_a", "layer_b", "stage", "kernels_a", "kernels_b",
                                            "total_a_us", "total_b_us", "delta_us", "ratio_b_over_a"};
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case LayerA: case KernelsA: case TotalA: return m_label[0];
        case LayerB: case KernelsB: case TotalB: return m_label[1];
        }
    }
    return {};
}
