#include "fusiontreemodel.h"

#include "classify/kernelregistry.h"
#include "evidencetext.h"
#include "modelroles.h"
#include "units.h"

#include <QFont>
#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <algorithm>
#include <unordered_map>

using namespace fusion;

namespace {
// A dot in the side's colour, as on the pane badges.
QIcon sideDot(Side side)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(sideColor(side));
    p.drawEllipse(1, 1, 10, 10);
    return QIcon(pixmap);
}
} // namespace

FusionTreeModel::FusionTreeModel(QObject *parent) : QAbstractItemModel(parent) {}

void FusionTreeModel::setContent(std::shared_ptr<const AnalyzedTrace> a, std::shared_ptr<const AnalyzedTrace> b,
                                 std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    m_trace[0] = std::move(a);
    m_trace[1] = std::move(b);
    m_comparison = std::move(comparison);
    build();
    endResetModel();
}

int FusionTreeModel::addNode(Node node)
{
    const int i = int(m_nodes.size());
    if (node.parent >= 0) {
        node.row = int(m_nodes[size_t(node.parent)].children.size());
        m_nodes[size_t(node.parent)].children.push_back(i);
    } else {
        node.row = int(m_top.size());
        m_top.push_back(i);
    }
    m_nodes.push_back(std::move(node));
    return i;
}

QString FusionTreeModel::sideLabel(Side side) const
{
    if (m_comparison)
        return QString::fromStdString(side == SideA ? m_comparison->labelA : m_comparison->labelB);
    return side == SideA ? tr("A") : tr("B");
}

// Kernels of `side` called `name`: first among the finding's own kernels (`scope`), matching raw,
// demangled or canonical names; else anywhere in the trace; else kernels whose operation is `name`
// (components are sometimes named by operation, e.g. "RMSNorm").
std::vector<uint32_t> FusionTreeModel::kernelsNamed(Side side, const std::string &name,
                                                    const std::vector<uint32_t> &scope) const
{
    std::vector<uint32_t> out;
    const AnalyzedTrace *t = m_trace[side].get();
    if (!t)
        return out;
    const EventStore &store = t->trace->store;
    const GpuOpTable &k = store.kernels;
    const StrId exact = store.strings.find(name);
    std::unordered_map<StrId, bool> matchOfName;  // demangling is slow; a finding repeats few names
    auto nameMatches = [&](uint32_t id) {
        if (k.name[id] == exact)
            return true;
        auto [it, inserted] = matchOfName.try_emplace(k.name[id], false);
        if (inserted) {
            const std::string_view raw = store.str(k.name[id]);
            it->second = demangle(raw) == name || canonicalKernelName(raw) == name;
        }
        return it->second;
    };
    auto opMatches = [&](uint32_t id) { return id < t->classes.classOfKernel.size() && t->classes.opOf(id) == name; };
    for (uint32_t id : scope)
        if (id < k.size() && nameMatches(id))
            out.push_back(id);
    if (out.empty() && exact != StringPool::npos)
        for (uint32_t id = 0; id < k.size(); ++id)
            if (k.name[id] == exact)
                out.push_back(id);
    if (out.empty())
        for (uint32_t id : scope)
            if (id < k.size() && opMatches(id))
                out.push_back(id);
    return out;
}

void FusionTreeModel::build()
{
    m_nodes.clear();
    m_top.clear();
    m_nodeOfKernel[0].clear();
    m_nodeOfKernel[1].clear();
    if (!m_comparison || !m_trace[0] || !m_trace[1])
        return;
    m_kernelTime[0] = m_kernelTime[1] = 0;
    for (const OpRow &r : m_comparison->ops) {
        m_kernelTime[0] += r.aTotal;
        m_kernelTime[1] += r.bTotal;
    }
    for (size_t f = 0; f < m_comparison->findings.size(); ++f)
        buildFinding(int(f));
    for (size_t e = 0; e < m_comparison->extraWork.size(); ++e)
        buildExtraWork(int(e));
    nameKernels();
    // Nodes are added parent first, children in order: the first node holding a kernel is the
    // first item holding it in the tree read top-down.
    for (size_t i = 0; i < m_nodes.size(); ++i)
        for (uint32_t id : m_nodes[i].ids)
            m_nodeOfKernel[m_nodes[i].side].emplace(id, int(i));
}

std::span<const uint32_t> FusionTreeModel::kernelIds(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return {};
    return m_nodes[size_t(index.internalId())].ids;
}

Side FusionTreeModel::kernelSide(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this ? m_nodes[size_t(index.internalId())].side : SideA;
}

QModelIndex FusionTreeModel::indexOfKernel(Side side, uint32_t id) const
{
    const auto it = m_nodeOfKernel[side].find(id);
    if (it == m_nodeOfKernel[side].end())
        return {};
    const Node &n = m_nodes[size_t(it->second)];
    return createIndex(n.row, 0, quintptr(it->second));
}

// Kernel nodes show the short name with its functor ("vectorized_elementwise_kernel [pow]"), one that
// no other kernel of the same side in the tree shares.
void FusionTreeModel::nameKernels()
{
    for (int side = 0; side < 2; ++side) {
        const AnalyzedTrace &t = *m_trace[side];
        std::vector<std::pair<std::string, std::string>> kernels;
        std::vector<size_t> nodeOf;
        for (size_t i = 0; i < m_nodes.size(); ++i) {
            const Node &n = m_nodes[i];
            if ((n.kind != FusedKernel && n.kind != UnfusedComponent) || n.side != side || n.ids.empty())
                continue;
            const uint32_t id = n.ids.front();
            const bool known = id < t.classes.classOfKernel.size();
            kernels.emplace_back(std::string(t.trace->store.str(t.trace->store.kernels.name[id])),
                                 known ? t.classes.ofKernel(id).detail : std::string());
            nodeOf.push_back(i);
        }
        const std::vector<std::string> names = distinctShortNames(kernels);
        for (size_t k = 0; k < names.size(); ++k)
            m_nodes[nodeOf[k]].text = QString::fromStdString(names[k]);
    }
}

FusionTreeModel::Node FusionTreeModel::childOf(int parent, NodeKind kind) const
{
    Node n;
    n.kind = kind;
    n.parent = parent;
    n.finding = m_nodes[size_t(parent)].finding;
    n.extra = m_nodes[size_t(parent)].extra;
    return n;
}

void FusionTreeModel::addText(int parent, const QString &text)
{
    Node n = childOf(parent, Evidence);
    n.text = text;
    addNode(std::move(n));
}

void FusionTreeModel::addKernelGroup(int parent, NodeKind kind, Side side, const std::vector<std::string> &names,
                                     const std::vector<uint32_t> &scope, const QString &title)
{
    if (names.empty())
        return;
    Node g = childOf(parent, Group);
    g.side = side;
    g.text = title.arg(sideLabel(side)).arg(names.size());
    const int group = addNode(std::move(g));
    for (const std::string &name : names) {
        Node n = childOf(group, kind);
        n.side = side;
        n.ids = kernelsNamed(side, name, scope);
        // Op names (components without a kernel) stay as they are; kernels get short names at the end.
        n.text = QString::fromStdString(demangle(name));
        for (uint32_t id : n.ids)
            n.total += m_trace[side]->trace->store.kernels.dur[id];
        m_nodes[size_t(group)].ids.insert(m_nodes[size_t(group)].ids.end(), n.ids.begin(), n.ids.end());
        addNode(std::move(n));
    }
    std::sort(m_nodes[size_t(group)].ids.begin(), m_nodes[size_t(group)].ids.end());
}

void FusionTreeModel::addLocations(int parent, const std::vector<std::string> &locations)
{
    if (locations.empty())
        return;
    Node g = childOf(parent, Group);
    g.text = tr("Source locations (%1)").arg(locations.size());
    const int group = addNode(std::move(g));
    for (const std::string &loc : locations) {
        Node n = childOf(group, Location);
        n.text = QString::fromStdString(loc);
        addNode(std::move(n));
    }
}

void FusionTreeModel::buildFinding(int f)
{
    const FusionFinding &finding = m_comparison->findings[size_t(f)];
    const Side fused = sideOf(finding.fusedSide), unfused = otherSide(fused);
    const std::vector<uint32_t> *scope[2] = {&finding.aKernels, &finding.bKernels};
    Node top;
    top.kind = Finding;
    top.finding = f;
    top.side = fused;
    top.ids = *scope[fused];
    const int parent = addNode(std::move(top));
    addText(parent, EvidenceText::ofFinding(finding, sideLabel(SideA), sideLabel(SideB)));
    // Each time with its share of its trace's kernel time, so a saving can be weighed at a glance.
    const QString letter[2] = {tr("A"), tr("B")};
    addText(parent, tr("Saves %1: the unfused runs take %2 in %3, the fused kernels %4 in %5")
                        .arg(EvidenceText::withShare(finding.timeAtStake, m_kernelTime[unfused], letter[unfused]),
                             EvidenceText::withShare(finding.unfusedTotal, m_kernelTime[unfused], letter[unfused]),
                             sideLabel(unfused),
                             EvidenceText::withShare(finding.fusedTotal, m_kernelTime[fused], letter[fused]),
                             sideLabel(fused)));
    addKernelGroup(parent, FusedKernel, fused, finding.fusedKernels, *scope[fused], tr("Fused kernels in %1 (%2)"));
    addKernelGroup(parent, UnfusedComponent, unfused, finding.unfusedComponents, *scope[unfused],
                   tr("Unfused components in %1 (%2)"));
    addLocations(parent, finding.locations);
}

void FusionTreeModel::buildExtraWork(int e)
{
    const ExtraWork &extra = m_comparison->extraWork[size_t(e)];
    const Side side = sideOf(extra.side);
    const std::vector<uint32_t> &ids = side == SideA ? extra.aKernels : extra.bKernels;
    Node top;
    top.kind = ExtraWorkItem;
    top.extra = e;
    top.side = side;
    top.ids = ids;
    const int parent = addNode(std::move(top));
    addText(parent, EvidenceText::ofExtraWork(extra, sideLabel(SideA), sideLabel(SideB)));
    addKernelGroup(parent, UnfusedComponent, side, extra.kernels, ids, tr("Kernels in %1 (%2)"));
    addLocations(parent, extra.locations);
}

const FusionFinding *FusionTreeModel::findingAt(const QModelIndex &index) const
{
    if (!index.isValid() || !m_comparison)
        return nullptr;
    const int f = m_nodes[size_t(index.internalId())].finding;
    return f < 0 ? nullptr : &m_comparison->findings[size_t(f)];
}

const ExtraWork *FusionTreeModel::extraWorkAt(const QModelIndex &index) const
{
    if (!index.isValid() || !m_comparison)
        return nullptr;
    const int e = m_nodes[size_t(index.internalId())].extra;
    return e < 0 ? nullptr : &m_comparison->extraWork[size_t(e)];
}

SourceLocation FusionTreeModel::locationAt(const QModelIndex &index) const
{
    SourceLocation out;
    if (!index.isValid())
        return out;
    const Node &n = m_nodes[size_t(index.internalId())];
    if (n.kind != Location)
        return out;
    const std::string display = n.text.toStdString();
    for (const auto &t : m_trace) {
        if (!t)
            continue;
        for (const SourceLocation &l : t->attribution.locations)
            if (l.display == display)
                return l;
    }
    // Not in either table (should not happen): parse "file:line function" so the editor can still open it.
    out.display = display;
    const auto space = display.find(' ');
    const std::string fileLine = display.substr(0, space);
    const auto colon = fileLine.rfind(':');
    out.file = colon == std::string::npos ? fileLine : fileLine.substr(0, colon);
    out.line = colon == std::string::npos ? 0 : std::atoi(fileLine.c_str() + colon + 1);
    out.function = space == std::string::npos ? std::string() : display.substr(space + 1);
    return out;
}

QModelIndex FusionTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const std::vector<int> &rows = parent.isValid() ? m_nodes[size_t(parent.internalId())].children : m_top;
    if (parent.isValid() && parent.column() != 0)
        return {};
    if (size_t(row) >= rows.size())
        return {};
    return createIndex(row, column, quintptr(rows[size_t(row)]));
}

QModelIndex FusionTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node &n = m_nodes[size_t(child.internalId())];
    if (n.parent < 0)
        return {};
    return createIndex(m_nodes[size_t(n.parent)].row, 0, quintptr(n.parent));
}

int FusionTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_top.size());
    if (parent.column() != 0)
        return 0;
    return int(m_nodes[size_t(parent.internalId())].children.size());
}

int FusionTreeModel::columnCount(const QModelIndex &) const { return ColumnCount; }

QVariant FusionTreeModel::findingData(const Node &n, int column, int role) const
{
    const FusionFinding &f = m_comparison->findings[size_t(n.finding)];
    const bool exporting = role == ModelRoles::Export;
    switch (column) {
    case Pattern:
        return QString::fromStdString(f.operation);
    case FusedSide:
        if (exporting)
            return QString(QLatin1Char(char(f.fusedSide)));
        return (f.fusedSide == fusion::TraceSide::B ? tr("B: %1") : tr("A: %1")).arg(sideLabel(sideOf(f.fusedSide)));
    case Methods: {
        QStringList methods;
        for (fusion::FusionMethod m : f.methods)
            methods << (exporting ? QString::fromLatin1(fusion::fusionMethodName(m)) : EvidenceText::method(m));
        return methods.join(exporting ? QStringLiteral(";") : QStringLiteral(", "));
    }
    case Count:
        if (role == Qt::DisplayRole)
            return Units::count(f.count);
        return qulonglong(f.count);
    case TimeAtStake:
        if (role == Qt::DisplayRole)
            return Units::duration(f.timeAtStake);
        if (exporting)
            return Units::csvMicroseconds(f.timeAtStake);
        return qint64(f.timeAtStake);
    case Confidence:
        return confidenceData(f.confidence, role);
    }
    return {};
}

QVariant FusionTreeModel::confidenceData(fusion::Confidence confidence, int role)
{
    if (role == ModelRoles::Sort)  // high > medium > low, not alphabetical
        return int(confidence) + 1;
    if (role == ModelRoles::Export)
        return QString::fromLatin1(fusion::confidenceName(confidence));
    switch (confidence) {
    case fusion::Confidence::High: return tr("high");
    case fusion::Confidence::Medium: return tr("medium");
    case fusion::Confidence::Low: return tr("low");
    }
    return {};
}

QVariant FusionTreeModel::extraWorkData(const Node &n, int column, int role) const
{
    const ExtraWork &e = m_comparison->extraWork[size_t(n.extra)];
    const bool exporting = role == ModelRoles::Export;
    switch (column) {
    case Pattern:
        return tr("Extra work: %1").arg(QString::fromStdString(e.cpuOp.empty() ? e.operation : e.cpuOp + " (" + e.operation + ")"));
    case FusedSide:
        if (exporting)
            return QString(QLatin1Char(char(e.side)));
        return (e.side == fusion::TraceSide::B ? tr("only B: %1") : tr("only A: %1")).arg(sideLabel(sideOf(e.side)));
    case Methods:
        if (exporting)
            return QString::fromLatin1(e.explained ? "no_counterpart_op" : "unexplained");
        return e.explained ? tr("no such op on the other side") : tr("unexplained");
    case Count:
        if (role == Qt::DisplayRole)
            return Units::count(e.count);
        return qulonglong(e.count);
    case TimeAtStake:
        if (role == Qt::DisplayRole)
            return Units::duration(e.total);
        if (exporting)
            return Units::csvMicroseconds(e.total);
        return qint64(e.total);
    case Confidence:
        return confidenceData(e.confidence, role);
    }
    return {};
}

QVariant FusionTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node &n = m_nodes[size_t(index.internalId())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
    case ModelRoles::Export:
    case ModelRoles::Sort:
        if (n.kind == Finding)
            return findingData(n, column, role);
        if (n.kind == ExtraWorkItem)
            return extraWorkData(n, column, role);
        if (column == Pattern)
            return n.text;
        if ((n.kind == FusedKernel || n.kind == UnfusedComponent) && !n.ids.empty()) {
            if (column == Count)
                return role == Qt::DisplayRole ? QVariant(Units::count(n.ids.size())) : QVariant(qulonglong(n.ids.size()));
            if (column == TimeAtStake && role == Qt::DisplayRole)
                return Units::duration(n.total);
            if (column == TimeAtStake)
                return role == ModelRoles::Export ? QVariant(Units::csvMicroseconds(n.total)) : QVariant(qint64(n.total));
        }
        return {};
    case Qt::ToolTipRole:
        if (n.kind == Finding)
            return EvidenceText::ofFinding(m_comparison->findings[size_t(n.finding)], sideLabel(SideA), sideLabel(SideB));
        if (n.kind == ExtraWorkItem)
            return EvidenceText::ofExtraWork(m_comparison->extraWork[size_t(n.extra)], sideLabel(SideA), sideLabel(SideB));
        if (n.kind == FusedKernel || n.kind == UnfusedComponent)
        {
            if (n.ids.empty())
                return tr("%1\n(no matching kernel in this trace)").arg(n.text);
            const fusion::EventStore &store = m_trace[n.side]->trace->store;
            const QString full = QString::fromStdString(demangle(store.str(store.kernels.name[n.ids.front()])));
            return tr("%1\nActivate to select it in the kernel table").arg(full);
        }
        if (n.kind == Location)
            return tr("%1\nActivate to open the file, or to see the stack").arg(n.text);
        return n.text;
    case Qt::DecorationRole:
        if ((n.kind == Finding || n.kind == ExtraWorkItem) && column == FusedSide)
            return sideDot(n.side);
        return {};
    case Qt::FontRole:
        if (n.kind == Finding && column == Pattern) {
            QFont f;
            f.setBold(true);
            return f;
        }
        if (n.kind == ExtraWorkItem && column == Pattern) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        if (n.kind == Group || n.kind == Evidence) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (column == Count || column == TimeAtStake)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ModelRoles::NodeKind:
        return int(n.kind);
    case ModelRoles::KernelIds:
        return ModelRoles::kernelIdList(n.ids);
    case ModelRoles::KernelSide:
        return int(n.side);
    case ModelRoles::Location:
        return n.kind == Location ? QVariant(n.text) : QVariant();
    }
    return {};
}

QVariant FusionTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Pattern: return tr("Pattern");
        case FusedSide: return tr("Fused in");
        case Methods: return tr("Methods");
        case Count: return tr("Count");
        case TimeAtStake: return tr("Time at stake");
        case Confidence: return tr("Confidence");
        }
    }
    if (role == ModelRoles::Export) {
        static const char *const names[] = {"pattern", "fused_side", "methods", "count", "time_at_stake_us",
                                            "confidence"};
        return QString::fromLatin1(names[section]);
    }
    if (role == Qt::ToolTipRole && section == TimeAtStake)
        return tr("What fusing would save: the unfused runs' time minus the fused kernels' time (for extra work: its time)");
    return {};
}
