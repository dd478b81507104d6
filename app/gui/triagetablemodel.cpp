#include "triagetablemodel.h"

#include "classify/kernelregistry.h"
#include "analyzed/analyzedtrace.h"

#include "modelroles.h"
#include "units.h"

using namespace fusion;

TriageTableModel::TriageTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void TriageTableModel::setContent(std::shared_ptr<const TriageResult> result, Side side)
{
    beginResetModel();
    m_result = std::move(result);
    m_side = side;
    m_rows.clear();
    if (m_result) {
        // On screen the short name with the registry's detail, as in the kernel table (a middle-
        // elided template name is unreadable); exported and sorted by the full canonical name.
        std::vector<std::pair<std::string, std::string>> kernels;
        const TraceClassification &classes = m_result->analyzed->classes;
        for (const StageKernelTable &stage : m_result->kernels.stages)
            for (const KernelTableRow &row : stage.rows) {
                m_rows.push_back({stage.stage, &row, {}});
                const bool known = !row.kernelIds.empty() && row.kernelIds.front() < classes.classOfKernel.size();
                kernels.emplace_back(row.name, known ? classes.ofKernel(row.kernelIds.front()).detail : std::string());
            }
        const std::vector<std::string> names = distinctShortNames(kernels);
        for (size_t i = 0; i < names.size(); ++i)
            m_rows[i].display = QString::fromStdString(names[i]);
    }
    endResetModel();
}

int TriageTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TriageTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TriageTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const KernelTableRow &r = *row.row;
    const TraceAttribution &attribution = m_result->analyzed->attribution;
    const int column = index.column();
    auto time = [&](Ns ns) -> QVariant {
        if (role == Qt::DisplayRole)
            return Units::duration(ns);
        if (role == ModelRoles::Export)
            return Units::csvMicroseconds(ns);
        return qint64(ns);
    };
    auto topSite = [&]() -> QString {
        if (r.sites.empty())
            return QString();
        const KernelSite &site = r.sites.front();
        return QString::fromStdString(attribution.locations[site.location].display);
    };
    switch (role) {
    case Qt::DisplayRole:
    case ModelRoles::Export:
    case ModelRoles::Sort:
        switch (column) {
        case Stage: return Units::stage(row.stage, role == ModelRoles::Export);
        case Kernel:
            if (role == Qt::DisplayRole)
                return row.display;
            return QString::fromStdString(r.name);
        case Op: return QString::fromStdString(r.op);
        case Category: return QString::fromStdString(r.category);
        case Calls: return role == Qt::DisplayRole ? QVariant(Units::count(r.count)) : QVariant(qulonglong(r.count));
        case Total: return time(r.total);
        case Avg: return time(Ns(r.avgNs()));
        case Min: return time(r.min);
        case Max: return time(r.max);
        case Share:
            if (role == Qt::DisplayRole)
                return Units::percent(r.share);
            return role == ModelRoles::Export ? QVariant(QString::number(r.share * 100, 'f', 2)) : QVariant(r.share);
        case TopSite: {
            const QString site = topSite();
            if (role != Qt::DisplayRole || r.sites.empty() || r.sites.front().share >= 0.995)
                return site;
            return tr("%1 (%2 of the time)").arg(site, Units::percent(r.sites.front().share));
        }
        case Sites: return qulonglong(r.sites.size());
        }
        return {};
    case Qt::ToolTipRole:
        if (column == Kernel) {
            QStringList raw;
            for (StrId id : r.rawNames)
                raw << QString::fromStdString(std::string(m_result->analyzed->trace->store.str(id)));
            return QString(QString::fromStdString(r.name) + QStringLiteral("\n\n") + raw.join(QLatin1Char('\n')));
        }
        if (column == TopSite && !r.sites.empty()) {
            QStringList lines;
            for (const KernelSite &site : r.sites)
                lines << tr("%1 — %2").arg(Units::percent(site.share),
                                           QString::fromStdString(attribution.locations[site.location].display));
            return lines.join(QLatin1Char('\n'));
        }
        return {};
    case Qt::TextAlignmentRole:
        return int((column >= Calls && column <= Share) || column == Sites ? Qt::AlignRight | Qt::AlignVCenter
                                                                           : Qt::AlignLeft | Qt::AlignVCenter);
    case ModelRoles::KernelIds: {
        QList<uint> ids;
        ids.reserve(qsizetype(r.kernelIds.size()));
        for (uint32_t id : r.kernelIds)
            ids.append(id);
        return QVariant::fromValue(ids);
    }
    case ModelRoles::KernelSide:
        return int(m_side);
    }
    return {};
}

QVariant TriageTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Stage: return tr("Stage");
        case Kernel: return tr("Kernel");
        case Op: return tr("Operation");
        case Category: return tr("Category");
        case Calls: return tr("Calls");
        case Total: return tr("Total");
        case Avg: return tr("Avg");
        case Min: return tr("Min");
        case Max: return tr("Max");
        case Share: return tr("Share");
        case TopSite: return tr("Top source location");
        case Sites: return tr("Sites");
        }
    }
    if (role == ModelRoles::Export) {
        static const char *const names[] = {"stage", "kernel", "operation", "category", "calls", "total_us", "avg_us",
                                            "min_us", "max_us", "share_percent", "top_location", "sites"};
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole && section == Share)
        return tr("Share of the stage's kernel time");
    return {};
}
