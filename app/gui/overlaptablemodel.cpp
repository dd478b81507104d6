#include "overlaptablemodel.h"

#include "modelroles.h"
#include "units.h"

using namespace fusion;

OverlapTableModel::OverlapTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void OverlapTableModel::setContent(std::shared_ptr<const TriageResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    m_rows.clear();
    if (m_result)
        for (const StageOverlap &stage : m_result->findings.overlap)
            for (const OverlapRow &row : stage.rows)
                m_rows.push_back({stage.stage, &row});
    endResetModel();
}

int OverlapTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OverlapTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverlapTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const OverlapRow &r = *row.row;
    const int column = index.column();
    const bool exporting = role == ModelRoles::Export;
    auto time = [&](Ns ns) -> QVariant {
        if (role == Qt::DisplayRole)
            return Units::duration(ns);
        return exporting ? QVariant(Units::csvMicroseconds(ns)) : QVariant(qint64(ns));
    };
    switch (role) {
    case Qt::DisplayRole:
    case ModelRoles::Export:
    case ModelRoles::Sort:
        switch (column) {
        case Stage: return Units::stage(row.stage, exporting);
        case Priority:
            return role == Qt::DisplayRole ? QVariant(QStringLiteral("P%1").arg(r.priority)) : QVariant(r.priority);
        case Kernel: return QString::fromStdString(r.kernel);
        case Bucket: return QString::fromLatin1(overlapBucketName(r.bucket));
        case Verdict: return QString::fromStdString(r.verdict);
        case Recommendation: return QString::fromStdString(r.recommendation);
        case Calls: return role == Qt::DisplayRole ? QVariant(Units::count(r.count)) : QVariant(qulonglong(r.count));
        case Total: return time(r.total);
        case Exclusive: return time(r.exclusive);
        case Hidden: return time(r.hidden);
        case ExclusiveRatio:
            if (role == Qt::DisplayRole)
                return Units::percent(r.exclusiveRatio);
            return exporting ? QVariant(QString::number(r.exclusiveRatio, 'f', 4)) : QVariant(r.exclusiveRatio);
        case Dependency: return QString::fromStdString(r.dependency);
        case Scope: return QString::fromStdString(r.scope);
        }
        return {};
    case Qt::ToolTipRole:
        if (column == Recommendation || column == Verdict)
            return QString::fromStdString(r.suggestion);
        if (column == Dependency)
            return QString::fromStdString(r.dependencySignal);
        if (column == Kernel && !r.topOverlapper.empty())
            return tr("Overlaps most with %1 (%2)")
                .arg(QString::fromStdString(r.topOverlapper), Units::duration(r.topOverlapperTime));
        return {};
    case Qt::TextAlignmentRole:
        return int((column >= Calls && column <= ExclusiveRatio ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
    return {};
}

QVariant OverlapTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Stage: return tr("Stage");
        case Priority: return tr("Priority");
        case Kernel: return tr("Kernel");
        case Bucket: return tr("Kind");
        case Verdict: return tr("Verdict");
        case Recommendation: return tr("Recommendation");
        case Calls: return tr("Calls");
        case Total: return tr("Total");
        case Exclusive: return tr("Exclusive");
        case Hidden: return tr("Hidden");
        case ExclusiveRatio: return tr("Exclusive %");
        case Dependency: return tr("Dependency risk");
        case Scope: return tr("Source location");
        }
    }
    if (role == ModelRoles::Export) {
        static const char *const names[] = {"stage", "priority", "kernel", "bucket", "verdict", "recommendation",
                                            "calls", "total_us", "exclusive_us", "hidden_us", "exclusive_ratio",
                                            "dependency", "scope"};
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole && section == Exclusive)
        return tr("Time during which no kernel runs on another stream");
    return {};
}
