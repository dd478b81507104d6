#include "layertablemodel.h"

using namespace fusion;

LayerTableModel::LayerTableModel(QObject *parent) : RowTableModel(parent)
{
    m_label[0] = tr("A");
    m_label[1] = tr("B");
    const ColumnSpec number{{QT_TRANSLATE_NOOP("LayerTableModel", "#"), "index", nullptr, Qt::AlignRight},
                            [](const Row &r) { return QVariant(r.number); }};
    ColumnSpec stage = text({QT_TRANSLATE_NOOP("LayerTableModel", "Stage"), "stage"}, [this](const Row &r) {
        const Layer *l = layer(r, SideA) ? layer(r, SideA) : layer(r, SideB);
        return l ? Units::stage(l->stage) : QString();
    });
    stage.exported = [this](const Row &r) {
        const Layer *l = layer(r, SideA) ? layer(r, SideA) : layer(r, SideB);
        return QVariant(l ? Units::stage(l->stage, true) : QString());
    };
    ColumnSpec delta = time({QT_TRANSLATE_NOOP("LayerTableModel", "Δ B−A"), "delta_us"},
                            [](const Row &r) { return r.total[1] - r.total[0]; });
    delta.display = [](const Row &r) { return QVariant(Units::signedDuration(r.total[1] - r.total[0])); };
    const ColumnSpec ratio{{QT_TRANSLATE_NOOP("LayerTableModel", "B/A"), "ratio_b_over_a", nullptr, Qt::AlignRight},
                           [](const Row &r) { return QVariant(r.ratio()); },
                           [](const Row &r) { return QVariant(Units::ratio(r.ratio())); },
                           [](const Row &r) { return QVariant(r.ratio() > 0 ? QString::number(r.ratio(), 'f', 4) : QString()); }};
    setColumns({
        number,
        layerColumn({QT_TRANSLATE_NOOP("LayerTableModel", "Layer A"), "layer_a"}, SideA),
        layerColumn({QT_TRANSLATE_NOOP("LayerTableModel", "Layer B"), "layer_b"}, SideB),
        stage,
        kernelsColumn({QT_TRANSLATE_NOOP("LayerTableModel", "Kernels A"), "kernels_a"}, SideA),
        kernelsColumn({QT_TRANSLATE_NOOP("LayerTableModel", "Kernels B"), "kernels_b"}, SideB),
        totalColumn({QT_TRANSLATE_NOOP("LayerTableModel", "Total A"), "total_a_us"}, SideA),
        totalColumn({QT_TRANSLATE_NOOP("LayerTableModel", "Total B"), "total_b_us"}, SideB),
        delta,
        ratio,
    });
}

LayerTableModel::ColumnSpec LayerTableModel::layerColumn(Header header, Side side) const
{
    // Shown and exported by name, sorted by the layer's index in its trace.
    return {header, [side](const Row &r) { return QVariant(r.layer[side]); },
            [this, side](const Row &r) { return QVariant(layerName(r, side)); },
            [this, side](const Row &r) { return QVariant(layerName(r, side)); },
            [this, side](const Row &r) {
                return r.present(side) ? QVariant() : QVariant(tr("No matching layer in %1").arg(m_label[side]));
            }};
}

LayerTableModel::ColumnSpec LayerTableModel::kernelsColumn(Header header, Side side) const
{
    ColumnSpec c = count(header, [side](const Row &r) { return r.kernels[side]; });
    c.display = [side](const Row &r) { return QVariant(r.present(side) ? Units::count(r.kernels[side]) : QString()); };
    return c;
}

LayerTableModel::ColumnSpec LayerTableModel::totalColumn(Header header, Side side) const
{
    ColumnSpec c = time(header, [side](const Row &r) { return r.total[side]; });
    c.display = [side](const Row &r) { return QVariant(r.present(side) ? Units::duration(r.total[side]) : QString()); };
    c.exported = [side](const Row &r) {
        return QVariant(r.present(side) ? Units::csvMicroseconds(r.total[side]) : QString());
    };
    return c;
}

void LayerTableModel::setContent(std::shared_ptr<const AnalyzedTrace> a, std::shared_ptr<const AnalyzedTrace> b,
                                 std::shared_ptr<const Comparison> comparison)
{
    std::vector<Row> rows;
    if (comparison && a && b) {
        for (const LayerPair &p : comparison->layers.pairs) {
            Row r;
            r.layer[0] = p.a;
            r.layer[1] = p.b;
            r.kernels[0] = p.aKernels;
            r.kernels[1] = p.bKernels;
            r.total[0] = p.aTotal;
            r.total[1] = p.bTotal;
            rows.push_back(r);
        }
    } else {
        const AnalyzedTrace *traces[2] = {a.get(), b.get()};
        for (int s = 0; s < 2; ++s) {
            if (!traces[s])
                continue;
            for (const Layer &l : traces[s]->layers.layers) {
                Row r;
                r.layer[s] = int32_t(l.index);
                r.kernels[s] = uint32_t(l.kernels.size());
                r.total[s] = l.total;
                rows.push_back(r);
            }
        }
    }
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i].number = int(i + 1);
    beginResetModel();
    m_trace[0] = std::move(a);
    m_trace[1] = std::move(b);
    m_comparison = std::move(comparison);
    setRows(std::move(rows));
    endResetModel();
}

void LayerTableModel::setLabels(const QString &labelA, const QString &labelB)
{
    m_label[0] = labelA;
    m_label[1] = labelB;
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

Side LayerTableModel::sideOf(int column)
{
    return column == LayerB || column == KernelsB || column == TotalB ? SideB : SideA;
}

const Layer *LayerTableModel::layer(const Row &r, Side side) const
{
    const AnalyzedTrace *t = m_trace[side].get();
    if (!t || r.layer[side] < 0 || size_t(r.layer[side]) >= t->layers.layers.size())
        return nullptr;
    return &t->layers.layers[size_t(r.layer[side])];
}

QString LayerTableModel::layerName(const Row &r, Side side) const
{
    const Layer *l = layer(r, side);
    if (!l)
        return QString();
    // Several forward passes repeat the same layer names; the pass number tells them apart.
    const QString name = QString::fromStdString(l->name);
    return m_trace[side]->layers.passes > 1 ? tr("%1 (pass %2)").arg(name).arg(l->pass + 1) : name;
}

QVariant LayerTableModel::rowData(const Row &r, int column, int role) const
{
    if (role == Qt::BackgroundRole && (column == Delta || column == Ratio))
        return ratioTint(r.ratio());
    if (column != LayerA && column != LayerB)
        return {};
    if (role == ModelRoles::KernelIds) {
        const Layer *l = layer(r, sideOf(column));
        return ModelRoles::kernelIdList(l ? std::span<const uint32_t>(l->kernels) : std::span<const uint32_t>());
    }
    if (role == ModelRoles::KernelSide)
        return int(sideOf(column));
    return {};
}

QString LayerTableModel::headerToolTip(int column) const
{
    switch (column) {
    case LayerA: case KernelsA: case TotalA:
    case LayerB: case KernelsB: case TotalB:
        return m_label[sideOf(column)];
    }
    return {};
}
