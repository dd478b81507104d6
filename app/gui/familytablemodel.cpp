#include "familytablemodel.h"

#include "modelroles.h"
#include "units.h"

using namespace fusion;

namespace {
QString joined(const std::vector<std::string> &items, const QString &separator)
{
    QStringList list;
    for (const std::string &s : items)
        list << QString::fromStdString(s);
    return list.join(separator);
}
} // namespace

FamilyTableModel::FamilyTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void FamilyTableModel::setContent(std::shared_ptr<const TriageResult> result, Side side)
{
    beginResetModel();
    m_result = std::move(result);
    m_side = side;
    m_rows.clear();
    if (m_result)
        for (const StageFamilies &stage : m_result->findings.families)
            for (const FamilyMatch &match : stage.families)
                m_rows.push_back({stage.stage, &match});
    endResetModel();
}

int FamilyTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FamilyTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FamilyTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const FamilyMatch &m = *row.match;
    const int column = index.column();
    const bool exporting = role == ModelRoles::Export;
    switch (role) {
    case Qt::DisplayRole:
    case ModelRoles::Export:
    case ModelRoles::Sort:
        switch (column) {
        case Stage: return Units::stage(row.stage, exporting);
        case Family: return QString::fromStdString(m.pattern);
        case Status:
            if (exporting)
                return QString::fromStdString(m.status);
            if (m.mixed())
                return tr("mixed: partly fused");
            return m.direct ? tr("fused kernel runs") : tr("pieces run separately");
        case DirectInstances: return qulonglong(m.directInstances);
        case SplitInstances: return qulonglong(m.splitInstances);
        case Confidence:
            if (exporting)
                return QString::fromLatin1(m.confidence());
            if (role == ModelRoles::Sort)
                return m.confirmed ? 1 : 0;
            return m.confirmed ? tr("Confirmed") : tr("Candidate");
        case Related:
            if (role == Qt::DisplayRole)
                return Units::duration(m.related);
            return exporting ? QVariant(Units::csvMicroseconds(m.related)) : QVariant(qint64(m.related));
        case Share:
            // FamilyMatch::share is already a percentage.
            if (role == Qt::DisplayRole)
                return Units::percent(m.share / 100.0);
            return exporting ? QVariant(QString::number(m.share, 'f', 2)) : QVariant(m.share);
        case Evidence: return joined(m.evidence, exporting ? QStringLiteral("; ") : QStringLiteral(", "));
        case Locations: return joined(m.locations, exporting ? QStringLiteral("; ") : QStringLiteral(", "));
        case Rationale: return QString::fromStdString(m.rationale);
        }
        return {};
    case Qt::ToolTipRole:
        switch (column) {
        case Evidence: return joined(m.evidence, QStringLiteral("\n"));
        case Locations: return joined(m.locations, QStringLiteral("\n"));
        case Rationale: {
            QString tip = QString::fromStdString(m.rationale);
            if (!m.candidatePath.empty())
                tip += QStringLiteral("\n\n") + joined(m.candidatePath, QStringLiteral("\n"));
            return tip;
        }
        case Status:
        case DirectInstances:
        case SplitInstances:
            return tr("%1\n%2 instance(s) run the fused kernel (%3), %4 run the pieces separately (%5)")
                .arg(QString::fromStdString(m.status))
                .arg(m.directInstances)
                .arg(Units::duration(m.directNs))
                .arg(m.splitInstances)
                .arg(Units::duration(m.splitNs));
        }
        return {};
    case Qt::TextAlignmentRole:
        return int((column == Related || column == Share || column == DirectInstances || column == SplitInstances
                        ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    case ModelRoles::KernelIds: {
        QList<uint> ids;
        for (uint32_t id : m.kernelIds)
            ids.append(id);
        return QVariant::fromValue(ids);
    }
    case ModelRoles::KernelSide:
        return int(m_side);
    }
    return {};
}

QVariant FamilyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Stage: return tr("Stage");
        case Family: return tr("Fusion family");
        case Status: return tr("Status");
        case DirectInstances: return tr("Fused instances");
        case SplitInstances: return tr("Split instances");
        case Confidence: return tr("Confidence");
        case Related: return tr("Related time");
        case Share: return tr("Share");
        case Evidence: return tr("Evidence kernels");
        case Locations: return tr("Source locations");
        case Rationale: return tr("Rationale");
        }
    }
    if (role == ModelRoles::Export) {
        static const char *const names[] = {"stage", "family", "status", "direct_instances", "split_instances",
                                            "confidence", "related_us", "share_percent", "evidence", "locations",
                                            "rationale"};
        return QString::fromLatin1(names[section]);
    }
    return {};
}
