#pragma once
// Item-data roles shared by the models so that views, the CSV export and the tests ask for the same
// things: sort by the raw value rather than the formatted text, export numbers without units.
#include <QList>
#include <QVariant>
#include <Qt>
#include <cstdint>
#include <span>

namespace ModelRoles {
enum : int {
    Sort = Qt::UserRole + 1,  // raw value to sort by (qint64 ns, double, QString)
    Export,                   // the value written to CSV (plain number or text); header: title with unit
    KernelIds,                // QList<uint> kernel ids behind an item (with KernelSide)
    KernelSide,               // int Side of KernelIds
    NodeKind,                 // int FusionTreeModel::NodeKind
    Location,                 // QString "file:line function" of a source-location item
};
}

namespace ModelRoles {
// The KernelIds value of an item: the ids as a QList<uint>.
inline QVariant kernelIdList(std::span<const uint32_t> ids)
{
    QList<uint> list;
    list.reserve(qsizetype(ids.size()));
    for (uint32_t id : ids)
        list.append(id);
    return QVariant::fromValue(list);
}
} // namespace ModelRoles
