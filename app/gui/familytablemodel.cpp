#include "familytablemodel.h"

using namespace fusion;

namespace {
QString joinedNames(const std::vector<std::string> &items, const QString &separator)
{
    QStringList list;
    for (const std::string &s : items)
        list << QString::fromStdString(s);
    return list.join(separator);
}
} // namespace

FamilyTableModel::ColumnSpec FamilyTableModel::listColumn(Header header, std::vector<std::string> FamilyMatch::*field)
{
    auto joined = [field](const QString &separator) {
        return [field, separator](const Row &r) { return QVariant(joinedNames(r.match->*field, separator)); };
    };
    return {header, joined(QStringLiteral(", ")), {}, joined(QStringLiteral("; ")), joined(QStringLiteral("\n"))};
}

FamilyTableModel::FamilyTableModel(QObject *parent) : RowTableModel(parent)
{
    const Value instances = [](const Row &r) {
        const FamilyMatch &m = *r.match;
        return QVariant(tr("%1\n%2 instance(s) run the fused kernel (%3), %4 run the pieces separately (%5)")
                            .arg(QString::fromStdString(m.status))
                            .arg(m.directInstances)
                            .arg(Units::duration(m.directNs))
                            .arg(m.splitInstances)
                            .arg(Units::duration(m.splitNs)));
    };
    ColumnSpec status = text({QT_TRANSLATE_NOOP("FamilyTableModel", "Status"), "status"}, [](const Row &r) {
        if (r.match->mixed())
            return tr("mixed: partly fused");
        return r.match->direct ? tr("fused kernel runs") : tr("pieces run separately");
    });
    status.exported = [](const Row &r) { return QVariant(QString::fromStdString(r.match->status)); };
    status.toolTip = instances;
    ColumnSpec direct = count({QT_TRANSLATE_NOOP("FamilyTableModel", "Fused instances"), "direct_instances"},
                              [](const Row &r) { return r.match->directInstances; });
    direct.toolTip = instances;
    ColumnSpec split = count({QT_TRANSLATE_NOOP("FamilyTableModel", "Split instances"), "split_instances"},
                             [](const Row &r) { return r.match->splitInstances; });
    split.toolTip = instances;
    const ColumnSpec confidence{
        {QT_TRANSLATE_NOOP("FamilyTableModel", "Confidence"), "confidence"},
        [](const Row &r) { return QVariant(r.match->confirmed ? 1 : 0); },
        [](const Row &r) { return QVariant(r.match->confirmed ? tr("Confirmed") : tr("Candidate")); },
        [](const Row &r) { return QVariant(QString::fromLatin1(r.match->confidence())); }};
    ColumnSpec rationale = text({QT_TRANSLATE_NOOP("FamilyTableModel", "Rationale"), "rationale"},
                                [](const Row &r) { return QString::fromStdString(r.match->rationale); });
    rationale.toolTip = [](const Row &r) {
        QString tip = QString::fromStdString(r.match->rationale);
        if (!r.match->candidatePath.empty())
            tip += QStringLiteral("\n\n") + joinedNames(r.match->candidatePath, QStringLiteral("\n"));
        return QVariant(tip);
    };
    setColumns({
        stage({QT_TRANSLATE_NOOP("FamilyTableModel", "Stage"), "stage"}, [](const Row &r) { return r.stage; }),
        text({QT_TRANSLATE_NOOP("FamilyTableModel", "Fusion family"), "family"},
             [](const Row &r) { return QString::fromStdString(r.match->pattern); }),
        status,
        direct,
        split,
        confidence,
        time({QT_TRANSLATE_NOOP("FamilyTableModel", "Related time"), "related_us"},
             [](const Row &r) { return r.match->related; }),
        // FamilyMatch::share is already a percentage.
        percent({QT_TRANSLATE_NOOP("FamilyTableModel", "Share"), "share_percent"},
                [](const Row &r) { return r.match->share / 100.0; }),
        listColumn({QT_TRANSLATE_NOOP("FamilyTableModel", "Evidence kernels"), "evidence"}, &FamilyMatch::evidence),
        listColumn({QT_TRANSLATE_NOOP("FamilyTableModel", "Source locations"), "locations"}, &FamilyMatch::locations),
        rationale,
    });
}

void FamilyTableModel::setContent(std::shared_ptr<const TriageResult> result, Side side)
{
    std::vector<Row> rows;
    if (result)
        for (const StageFamilies &stage : result->findings.families)
            for (const FamilyMatch &match : stage.families)
                rows.push_back({stage.stage, &match});
    beginResetModel();
    m_result = std::move(result);
    m_side = side;
    setRows(std::move(rows));
    endResetModel();
}

QVariant FamilyTableModel::rowData(const Row &row, int, int role) const
{
    if (role == ModelRoles::KernelIds)
        return ModelRoles::kernelIdList(row.match->kernelIds);
    if (role == ModelRoles::KernelSide)
        return int(m_side);
    return {};
}
