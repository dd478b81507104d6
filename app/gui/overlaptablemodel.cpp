#include "overlaptablemodel.h"

using namespace fusion;

OverlapTableModel::ColumnSpec OverlapTableModel::overlapText(Header header, std::string OverlapRow::*field)
{
    return text(header, [field](const Row &r) { return QString::fromStdString(r.row->*field); });
}

OverlapTableModel::OverlapTableModel(QObject *parent) : RowTableModel(parent)
{
    ColumnSpec kernel = overlapText({QT_TRANSLATE_NOOP("OverlapTableModel", "Kernel"), "kernel"}, &OverlapRow::kernel);
    kernel.toolTip = [](const Row &r) -> QVariant {
        if (r.row->topOverlapper.empty())
            return {};
        return tr("Overlaps most with %1 (%2)")
            .arg(QString::fromStdString(r.row->topOverlapper), Units::duration(r.row->topOverlapperTime));
    };
    const Value suggestion = [](const Row &r) { return QVariant(QString::fromStdString(r.row->suggestion)); };
    ColumnSpec verdict = overlapText({QT_TRANSLATE_NOOP("OverlapTableModel", "Verdict"), "verdict"}, &OverlapRow::verdict);
    verdict.toolTip = suggestion;
    ColumnSpec recommendation = overlapText({QT_TRANSLATE_NOOP("OverlapTableModel", "Recommendation"), "recommendation"},
                                               &OverlapRow::recommendation);
    recommendation.toolTip = suggestion;
    ColumnSpec dependency = overlapText({QT_TRANSLATE_NOOP("OverlapTableModel", "Dependency risk"), "dependency"},
                                           &OverlapRow::dependency);
    dependency.toolTip = [](const Row &r) { return QVariant(QString::fromStdString(r.row->dependencySignal)); };
    ColumnSpec priority{{QT_TRANSLATE_NOOP("OverlapTableModel", "Priority"), "priority"},
                           [](const Row &r) { return QVariant(r.row->priority); },
                           [](const Row &r) { return QVariant(QStringLiteral("P%1").arg(r.row->priority)); }};
    setColumns({
        stage({QT_TRANSLATE_NOOP("OverlapTableModel", "Stage"), "stage"}, [](const Row &r) { return r.stage; }),
        priority,
        kernel,
        text({QT_TRANSLATE_NOOP("OverlapTableModel", "Kind"), "bucket"},
             [](const Row &r) { return QString::fromLatin1(overlapBucketName(r.row->bucket)); }),
        verdict,
        recommendation,
        count({QT_TRANSLATE_NOOP("OverlapTableModel", "Calls"), "calls"}, [](const Row &r) { return r.row->count; }),
        time({QT_TRANSLATE_NOOP("OverlapTableModel", "Total"), "total_us"}, [](const Row &r) { return r.row->total; }),
        time({QT_TRANSLATE_NOOP("OverlapTableModel", "Exclusive"), "exclusive_us",
              QT_TRANSLATE_NOOP("OverlapTableModel", "Time during which no kernel runs on another stream")},
             [](const Row &r) { return r.row->exclusive; }),
        time({QT_TRANSLATE_NOOP("OverlapTableModel", "Hidden"), "hidden_us"}, [](const Row &r) { return r.row->hidden; }),
        percent({QT_TRANSLATE_NOOP("OverlapTableModel", "Exclusive %"), "exclusive_ratio"},
                [](const Row &r) { return r.row->exclusiveRatio; }, 4, 1),
        dependency,
        overlapText({QT_TRANSLATE_NOOP("OverlapTableModel", "Source location"), "scope"}, &OverlapRow::scope),
    });
}

void OverlapTableModel::setContent(std::shared_ptr<const TriageResult> result)
{
    std::vector<Row> rows;
    if (result)
        for (const StageOverlap &stage : result->findings.overlap)
            for (const OverlapRow &row : stage.rows)
                rows.push_back({stage.stage, &row});
    beginResetModel();
    m_result = std::move(result);
    setRows(std::move(rows));
    endResetModel();
}
