#pragma once
// The fusion-pattern tree: one row per finding (operation, fused side, methods, count, time at stake,
// confidence) with children for its evidence, the fused kernels, the unfused components and the
// source locations; then one row per piece of extra work (kernels one side runs with no counterpart
// and no fused kernel on the other), with its kernels and locations. Kernel items carry their kernel
// ids so activating one can select it elsewhere.
#include "compare/comparison.h"
#include "side.h"

#include <QAbstractItemModel>
#include <memory>
#include <span>
#include <unordered_map>

class FusionTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Pattern, FusedSide, Methods, Count, TimeAtStake, Confidence, ColumnCount };
    enum NodeKind { Finding, Evidence, Group, FusedKernel, UnfusedComponent, Location, ExtraWorkItem };

    explicit FusionTreeModel(QObject *parent = nullptr);

    void setContent(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                    std::shared_ptr<const fusion::Comparison> comparison);

    // A source-location item resolved against either trace's attribution (file, line and stack).
    fusion::SourceLocation locationAt(const QModelIndex &index) const;
    const fusion::FusionFinding *findingAt(const QModelIndex &index) const;
    // The kernels behind a fused-kernel or component item (empty for other items), and their side.
    std::span<const uint32_t> kernelIds(const QModelIndex &index) const;
    Side kernelSide(const QModelIndex &index) const;
    // The first item (top-down) whose kernels include kernel `id` of `side`; invalid when none.
    QModelIndex indexOfKernel(Side side, uint32_t id) const;
    const fusion::ExtraWork *extraWorkAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // A finding's confidence for a role: translated on screen, "high"/"medium"/"low" exported, ranked for sorting.
    static QVariant confidenceData(fusion::Confidence confidence, int role);

private:
    struct Node {
        NodeKind kind = Finding;
        int parent = -1;             // node index, -1 for a finding
        int row = 0;                 // row under its parent
        int finding = -1;            // index into the comparison's findings, -1 under extra work
        int extra = -1;              // index into its extra work, -1 under a finding
        std::vector<int> children;   // node indices
        QString text;                // column 0 of items other than findings
        Side side = SideA;           // side of the kernel ids
        std::vector<uint32_t> ids;   // kernels behind a kernel / component item
        fusion::Ns total = 0;        // their GPU time
    };
    int addNode(Node node);
    Node childOf(int parent, NodeKind kind) const;  // kind, parent and its finding / extra work
    void build();
    void nameKernels();
    void buildFinding(int f);
    void buildExtraWork(int e);
    void addKernelGroup(int parent, NodeKind kind, Side side, const std::vector<std::string> &names,
                        const std::vector<uint32_t> &scope, const QString &title);
    void addLocations(int parent, const std::vector<std::string> &locations);
    void addText(int parent, const QString &text);
    std::vector<uint32_t> kernelsNamed(Side side, const std::string &name, const std::vector<uint32_t> &scope) const;
    QString sideLabel(Side side) const;
    QVariant findingData(const Node &n, int column, int role) const;
    QVariant extraWorkData(const Node &n, int column, int role) const;

    std::shared_ptr<const fusion::AnalyzedTrace> m_trace[2];
    fusion::Ns m_kernelTime[2] = {0, 0};  // each side's kernel time in the comparison's scope
    std::shared_ptr<const fusion::Comparison> m_comparison;
    std::vector<Node> m_nodes;
    std::vector<int> m_top;
    std::unordered_map<uint32_t, int> m_nodeOfKernel[2];  // kernel id → first node holding it, per side
};
