#include "triagetablemodel.h"

#include "classify/kernelregistry.h"
#include "analyzed/analyzedtrace.h"

using namespace fusion;

TriageTableModel::TriageTableModel(QObject *parent) : RowTableModel(parent)
{
    ColumnSpec kernel = text({QT_TRANSLATE_NOOP("TriageTableModel", "Kernel"), "kernel"},
                             [](const Row &r) { return QString::fromStdString(r.row->name); });
    kernel.display = [](const Row &r) { return QVariant(r.display); };
    kernel.toolTip = [this](const Row &r) {
        QStringList raw;
        for (StrId id : r.row->rawNames)
            raw << QString::fromStdString(std::string(m_result->analyzed->trace->store.str(id)));
        return QVariant(QString::fromStdString(r.row->name) + QStringLiteral("\n\n") + raw.join(QLatin1Char('\n')));
    };
    ColumnSpec topSite = text({QT_TRANSLATE_NOOP("TriageTableModel", "Top source location"), "top_location"},
                              [this](const Row &r) { return r.row->sites.empty() ? QString() : location(r.row->sites.front()); });
    topSite.display = [this](const Row &r) {
        if (r.row->sites.empty())
            return QVariant(QString());
        const KernelSite &top = r.row->sites.front();
        if (top.share >= 0.995)
            return QVariant(location(top));
        return QVariant(tr("%1 (%2 of the time)").arg(location(top), Units::percent(top.share)));
    };
    topSite.toolTip = [this](const Row &r) -> QVariant {
        if (r.row->sites.empty())
            return {};
        QStringList lines;
        for (const KernelSite &site : r.row->sites)
            lines << tr("%1 — %2").arg(Units::percent(site.share), location(site));
        return lines.join(QLatin1Char('\n'));
    };
    setColumns({
        stage({QT_TRANSLATE_NOOP("TriageTableModel", "Stage"), "stage"}, [](const Row &r) { return r.stage; }),
        kernel,
        text({QT_TRANSLATE_NOOP("TriageTableModel", "Operation"), "operation"},
             [](const Row &r) { return QString::fromStdString(r.row->op); }),
        text({QT_TRANSLATE_NOOP("TriageTableModel", "Category"), "category"},
             [](const Row &r) { return QString::fromStdString(r.row->category); }),
        count({QT_TRANSLATE_NOOP("TriageTableModel", "Calls"), "calls"}, [](const Row &r) { return r.row->count; }),
        time({QT_TRANSLATE_NOOP("TriageTableModel", "Total"), "total_us"}, [](const Row &r) { return r.row->total; }),
        time({QT_TRANSLATE_NOOP("TriageTableModel", "Avg"), "avg_us"}, [](const Row &r) { return Ns(r.row->avgNs()); }),
        time({QT_TRANSLATE_NOOP("TriageTableModel", "Min"), "min_us"}, [](const Row &r) { return r.row->min; }),
        time({QT_TRANSLATE_NOOP("TriageTableModel", "Max"), "max_us"}, [](const Row &r) { return r.row->max; }),
        percent({QT_TRANSLATE_NOOP("TriageTableModel", "Share"), "share_percent",
                 QT_TRANSLATE_NOOP("TriageTableModel", "Share of the stage's kernel time")},
                [](const Row &r) { return r.row->share; }),
        topSite,
        count({QT_TRANSLATE_NOOP("TriageTableModel", "Sites"), "sites"}, [](const Row &r) { return r.row->sites.size(); }),
    });
}

void TriageTableModel::setContent(std::shared_ptr<const TriageResult> result, Side side)
{
    std::vector<Row> rows;
    if (result) {
        // On screen the short name with the registry's detail, as in the kernel table (a middle-
        // elided template name is unreadable); exported and sorted by the full canonical name.
        std::vector<std::pair<std::string, std::string>> kernels;
        const TraceClassification &classes = result->analyzed->classes;
        for (const StageKernelTable &stage : result->kernels.stages)
            for (const KernelTableRow &row : stage.rows) {
                rows.push_back({stage.stage, &row, {}});
                const bool known = !row.kernelIds.empty() && row.kernelIds.front() < classes.classOfKernel.size();
                kernels.emplace_back(row.name, known ? classes.ofKernel(row.kernelIds.front()).detail : std::string());
            }
        const std::vector<std::string> names = distinctShortNames(kernels);
        for (size_t i = 0; i < names.size(); ++i)
            rows[i].display = QString::fromStdString(names[i]);
    }
    beginResetModel();
    m_result = std::move(result);
    m_side = side;
    setRows(std::move(rows));
    endResetModel();
}

QString TriageTableModel::location(const KernelSite &site) const
{
    return QString::fromStdString(m_result->analyzed->attribution.locations[site.location].display);
}

QVariant TriageTableModel::rowData(const Row &row, int, int role) const
{
    if (role == ModelRoles::KernelIds)
        return ModelRoles::kernelIdList(row.row->kernelIds);
    if (role == ModelRoles::KernelSide)
        return int(m_side);
    return {};
}
