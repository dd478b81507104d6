// The layer table, the fusion-pattern tree (and its top-level-only sorting) and the single-trace
// triage tables, each under QAbstractItemModelTester, on the shared Qwen pair and on the bundled
// sample pair (generated with known fusion differences; resources/samples/sample_truth.json).
#include "familytablemodel.h"
#include "fusiontreemodel.h"
#include "guitestsupport.h"
#include "layertablemodel.h"
#include "modelroles.h"
#include "overlaptablemodel.h"
#include "toplevelsortproxy.h"
#include "triagetablemodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace fusion;
using namespace fusion::test;

class AnalysisModelsTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void emptyModelsAreValidModels();
    void theLayerTableListsTheTwentyFourAlignedDecoderLayers();
    void aLoneTraceListsItsOwnLayers();
    void thePatternTreeHasOneRowPerFindingWithItsEvidenceKernelsAndLocations();
    void theQwenPairsZeroFillIsExtraWorkNotAFusion();
    void kernelItemsOfThePatternTreeCarryKernelsOfTheirSide();
    void sortingThePatternTreeKeepsEachFindingsChildrenInOrder();
    void theTriageKernelTableCoversEveryKernelOfTheTrace_data();
    void theTriageKernelTableCoversEveryKernelOfTheTrace();
    void fusionFamilyAndOverlapTablesAreValidModels();
    void aMixedFamilySaysSoInItsStatusAndKeepsItsCounts();

private:
    std::shared_ptr<TraceResult> m_trace[2];
    std::shared_ptr<TriageResult> m_triage[2];
    std::shared_ptr<ComparisonResult> m_comparison;
    std::shared_ptr<TraceResult> m_sample[2];
    std::shared_ptr<ComparisonResult> m_sampleComparison;
};

void AnalysisModelsTest::initTestCase()
{
    const QString samples = sourceDir() + QStringLiteral("/resources/samples/");
    m_sample[SideA] = analyze(QString(samples + QStringLiteral("sample_nvidia.json.gz")).toStdString(), SideA);
    m_sample[SideB] = analyze(QString(samples + QStringLiteral("sample_amd.json.gz")).toStdString(), SideB);
    m_sampleComparison = compare(*m_sample[SideA], *m_sample[SideB]);
    if (sharedTracesDir().isEmpty())
        return;
    m_trace[SideA] = analyze(qwenTrace(SideA), SideA);
    m_trace[SideB] = analyze(qwenTrace(SideB), SideB);
    m_comparison = compare(*m_trace[SideA], *m_trace[SideB]);
    for (Side s : {SideA, SideB})
        m_triage[s] = TriageJob::run(m_trace[s]->analyzed);
}

void AnalysisModelsTest::emptyModelsAreValidModels()
{
    LayerTableModel layers;
    FusionTreeModel fusion;
    TriageTableModel triage;
    FamilyTableModel families;
    OverlapTableModel overlap;
    const QList<QAbstractItemModel *> models = {&layers, &fusion, &triage, &families, &overlap};
    for (QAbstractItemModel *m : models) {
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(m->rowCount(), 0);
    }
    layers.setContent(nullptr, nullptr, nullptr);
    fusion.setContent(nullptr, nullptr, nullptr);
    triage.setContent(nullptr, SideA);
    QCOMPARE(layers.rowCount() + fusion.rowCount() + triage.rowCount(), 0);
}

void AnalysisModelsTest::theLayerTableListsTheTwentyFourAlignedDecoderLayers()
{
    REQUIRE_SHARED_TRACES();
    LayerTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_trace[SideA]->analyzed, m_trace[SideB]->analyzed, m_comparison->comparison);
    // Qwen1.5-0.5B has 24 decoder layers (nn.Module Qwen2DecoderLayer_0..23) on both GPUs.
    QCOMPARE(model.rowCount(), 24);
    for (int r = 0; r < model.rowCount(); ++r) {
        const QString a = model.index(r, LayerTableModel::LayerA).data().toString();
        QCOMPARE(a, QStringLiteral("Qwen2DecoderLayer_%1").arg(r));
        QCOMPARE(model.index(r, LayerTableModel::LayerB).data().toString(), a);
        QVERIFY(model.index(r, LayerTableModel::TotalA).data(ModelRoles::Sort).toLongLong() > 0);
        QVERIFY(model.index(r, LayerTableModel::Ratio).data(ModelRoles::Sort).toDouble() > 0);
    }
}

void AnalysisModelsTest::aLoneTraceListsItsOwnLayers()
{
    REQUIRE_SHARED_TRACES();
    LayerTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(nullptr, m_trace[SideB]->analyzed, nullptr);
    QCOMPARE(model.rowCount(), int(m_trace[SideB]->analyzed->layers.layers.size()));
    QCOMPARE(model.index(0, LayerTableModel::LayerA).data().toString(), QString());
    QCOMPARE(model.index(0, LayerTableModel::LayerB).data().toString(), QStringLiteral("Qwen2DecoderLayer_0"));
}

void AnalysisModelsTest::thePatternTreeHasOneRowPerFindingWithItsEvidenceKernelsAndLocations()
{
    FusionTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto &c = *m_sampleComparison->comparison;
    model.setContent(m_sample[SideA]->analyzed, m_sample[SideB]->analyzed, m_sampleComparison->comparison);
    QCOMPARE(model.rowCount(), int(c.findings.size() + c.extraWork.size()));
    QVERIFY2(!c.findings.empty(), "the sample pair has fusion differences");
    for (int r = 0; r < int(c.findings.size()); ++r) {
        const FusionFinding &f = c.findings[size_t(r)];
        const QModelIndex finding = model.index(r, 0);
        QCOMPARE(finding.data(ModelRoles::NodeKind).toInt(), int(FusionTreeModel::Finding));
        QCOMPARE(finding.data().toString(), QString::fromStdString(f.operation));
        QCOMPARE(model.index(r, FusionTreeModel::Count).data(ModelRoles::Sort).toULongLong(), qulonglong(f.count));
        QCOMPARE(model.index(r, FusionTreeModel::TimeAtStake).data(ModelRoles::Sort).toLongLong(), qint64(f.timeAtStake));
        QCOMPARE(model.index(r, FusionTreeModel::FusedSide).data(ModelRoles::Export).toString(),
                 QString(QLatin1Char(char(f.fusedSide))));
        int fused = 0, unfused = 0, locations = 0;
        for (int g = 0; g < model.rowCount(finding); ++g) {
            const QModelIndex child = model.index(g, 0, finding);
            for (int i = 0; i < model.rowCount(child); ++i) {
                const int kind = model.index(i, 0, child).data(ModelRoles::NodeKind).toInt();
                fused += kind == FusionTreeModel::FusedKernel;
                unfused += kind == FusionTreeModel::UnfusedComponent;
                locations += kind == FusionTreeModel::Location;
            }
        }
        QCOMPARE(fused, int(f.fusedKernels.size()));
        QCOMPARE(unfused, int(f.unfusedComponents.size()));
        QCOMPARE(locations, int(f.locations.size()));
    }
    for (int r = int(c.findings.size()); r < model.rowCount(); ++r)
        QCOMPARE(model.index(r, 0).data(ModelRoles::NodeKind).toInt(), int(FusionTreeModel::ExtraWorkItem));
}

// MI300X zero-fills a buffer (aten::zeros → aten::fill_) before attention in each of the 24 decoder
// layers; H100's flash path runs no such op. 24 FillFunctor kernels, 107.545 µs together (summed
// once from the trace with a script: every kernel launched by aten::fill_ inside a decoder layer).
void AnalysisModelsTest::theQwenPairsZeroFillIsExtraWorkNotAFusion()
{
    REQUIRE_SHARED_TRACES();
    FusionTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_trace[SideA]->analyzed, m_trace[SideB]->analyzed, m_comparison->comparison);
    QCOMPARE(model.rowCount(), 1);
    const QModelIndex row = model.index(0, 0);
    QCOMPARE(row.data(ModelRoles::NodeKind).toInt(), int(FusionTreeModel::ExtraWorkItem));
    QCOMPARE(row.data().toString(), QStringLiteral("Extra work: aten::fill_ (Memory)"));
    QCOMPARE(model.index(0, FusionTreeModel::FusedSide).data(ModelRoles::Export).toString(), QStringLiteral("b"));
    QCOMPARE(model.index(0, FusionTreeModel::Count).data(ModelRoles::Sort).toULongLong(), qulonglong(24));
    QCOMPARE(model.index(0, FusionTreeModel::TimeAtStake).data(ModelRoles::Sort).toLongLong(), qint64(107545));
    QCOMPARE(model.index(0, FusionTreeModel::Confidence).data(ModelRoles::Export).toString(), QStringLiteral("high"));
    QCOMPARE(row.data(ModelRoles::KernelIds).value<QList<uint>>().size(), 24);
    for (uint id : row.data(ModelRoles::KernelIds).value<QList<uint>>())
        QVERIFY(m_trace[SideB]->analyzed->trace->store.str(m_trace[SideB]->analyzed->trace->store.kernels.name[id]).find("FillFunctor")
                != std::string_view::npos);
}

void AnalysisModelsTest::kernelItemsOfThePatternTreeCarryKernelsOfTheirSide()
{
    FusionTreeModel model;
    const auto &c = *m_sampleComparison->comparison;
    model.setContent(m_sample[SideA]->analyzed, m_sample[SideB]->analyzed, m_sampleComparison->comparison);
    int checked = 0;
    for (int r = 0; r < int(c.findings.size()); ++r) {
        const FusionFinding &f = c.findings[size_t(r)];
        const QModelIndex finding = model.index(r, 0);
        for (int g = 0; g < model.rowCount(finding); ++g) {
            const QModelIndex group = model.index(g, 0, finding);
            for (int i = 0; i < model.rowCount(group); ++i) {
                const QModelIndex item = model.index(i, 0, group);
                const int kind = item.data(ModelRoles::NodeKind).toInt();
                if (kind != FusionTreeModel::FusedKernel && kind != FusionTreeModel::UnfusedComponent)
                    continue;
                const Side side = Side(item.data(ModelRoles::KernelSide).toInt());
                QCOMPARE(side, kind == FusionTreeModel::FusedKernel ? sideOf(f.fusedSide) : otherSide(sideOf(f.fusedSide)));
                const QList<uint> ids = item.data(ModelRoles::KernelIds).value<QList<uint>>();
                QVERIFY2(!ids.isEmpty(), qPrintable(item.data().toString()));
                const auto kernels = m_sample[side]->analyzed->trace->store.kernels.size();
                for (uint id : ids)
                    QVERIFY(id < kernels);
                ++checked;
            }
        }
    }
    QVERIFY(checked > 0);
}

void AnalysisModelsTest::sortingThePatternTreeKeepsEachFindingsChildrenInOrder()
{
    FusionTreeModel model;
    TopLevelSortProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_sample[SideA]->analyzed, m_sample[SideB]->analyzed, m_sampleComparison->comparison);
    auto childKinds = [&](const QAbstractItemModel &m, const QModelIndex &parent) {
        QList<int> kinds;
        for (int i = 0; i < m.rowCount(parent); ++i)
            kinds << m.index(i, 0, parent).data(ModelRoles::NodeKind).toInt();
        return kinds;
    };
    for (int column = 0; column < FusionTreeModel::ColumnCount; ++column) {
        for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            proxy.sort(column, order);
            for (int r = 0; r < proxy.rowCount(); ++r) {
                const QModelIndex p = proxy.index(r, 0);
                QCOMPARE(childKinds(proxy, p), childKinds(model, proxy.mapToSource(p)));
            }
        }
    }
    proxy.sort(FusionTreeModel::TimeAtStake, Qt::DescendingOrder);
    for (int r = 1; r < proxy.rowCount(); ++r)
        QVERIFY(proxy.index(r - 1, FusionTreeModel::TimeAtStake).data(ModelRoles::Sort).toLongLong()
                >= proxy.index(r, FusionTreeModel::TimeAtStake).data(ModelRoles::Sort).toLongLong());
}

void AnalysisModelsTest::theTriageKernelTableCoversEveryKernelOfTheTrace_data()
{
    QTest::addColumn<int>("side");
    QTest::newRow("H100") << int(SideA);
    QTest::newRow("MI300X") << int(SideB);
}

void AnalysisModelsTest::theTriageKernelTableCoversEveryKernelOfTheTrace()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(int, side);
    const Side s = Side(side);
    TriageTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_triage[s], s);
    QVERIFY(model.rowCount() > 0);
    // Grouped by canonical name, so at most as many rows as raw names, and no kernel left out.
    QVERIFY(model.rowCount() <= kQwenKernelNames[s]);
    uint64_t calls = 0, ids = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        calls += model.index(r, TriageTableModel::Calls).data(ModelRoles::Sort).toULongLong();
        ids += model.index(r, 0).data(ModelRoles::KernelIds).value<QList<uint>>().size();
        QCOMPARE(model.index(r, 0).data(ModelRoles::KernelSide).toInt(), side);
    }
    QCOMPARE(calls, kQwenKernels[s]);
    QCOMPARE(ids, kQwenKernels[s]);
}

void AnalysisModelsTest::fusionFamilyAndOverlapTablesAreValidModels()
{
    REQUIRE_SHARED_TRACES();
    for (Side s : {SideA, SideB}) {
        FamilyTableModel families;
        OverlapTableModel overlap;
        QAbstractItemModelTester t1(&families, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&overlap, QAbstractItemModelTester::FailureReportingMode::QtTest);
        families.setContent(m_triage[s], s);
        overlap.setContent(m_triage[s]);
        size_t expectedFamilies = 0, expectedOverlap = 0;
        for (const auto &stage : m_triage[s]->findings.families)
            expectedFamilies += stage.families.size();
        for (const auto &stage : m_triage[s]->findings.overlap)
            expectedOverlap += stage.rows.size();
        QCOMPARE(families.rowCount(), int(expectedFamilies));
        QCOMPARE(overlap.rowCount(), int(expectedOverlap));
        for (int r = 0; r < families.rowCount(); ++r)
            for (int c = 0; c < families.columnCount(); ++c)
                QVERIFY(families.index(r, c).data(ModelRoles::Export).isValid());
        // Instance counts (tools/kernel_pieces.py: 70 eager RMSNorm ladders on H100, 71 on MI300X,
        // 34 / 35 flash-attention kernels), in their own columns and in the CSV.
        QCOMPARE(families.headerData(FamilyTableModel::SplitInstances, Qt::Horizontal, ModelRoles::Export).toString(),
                 QStringLiteral("split_instances"));
        QCOMPARE(families.headerData(FamilyTableModel::DirectInstances, Qt::Horizontal, ModelRoles::Export).toString(),
                 QStringLiteral("direct_instances"));
        int checked = 0;
        for (int r = 0; r < families.rowCount(); ++r) {
            const QString name = families.index(r, FamilyTableModel::Family).data().toString();
            const auto count = [&](int column) { return families.index(r, column).data(ModelRoles::Export).toInt(); };
            if (name == QStringLiteral("Generic: RMSNorm")) {
                QCOMPARE(count(FamilyTableModel::SplitInstances), s == SideA ? 70 : 71);
                QCOMPARE(count(FamilyTableModel::DirectInstances), 0);
                ++checked;
            } else if (name == QStringLiteral("Generic: attention (unfused softmax attention)")) {
                QCOMPARE(count(FamilyTableModel::DirectInstances), s == SideA ? 34 : 35);
                QCOMPARE(count(FamilyTableModel::SplitInstances), 0);
                QCOMPARE(families.index(r, FamilyTableModel::Status).data().toString(), FamilyTableModel::tr("fused kernel runs"));
                ++checked;
            }
        }
        QCOMPARE(checked, 2);
    }
}

void AnalysisModelsTest::aMixedFamilySaysSoInItsStatusAndKeepsItsCounts()
{
    // A family with 3 fused and 45 unfused instances: neither "fused kernel runs" nor silent.
    auto result = std::make_shared<TriageResult>();
    StageFamilies stage;
    FamilyMatch m;
    m.pattern = "Generic: RMSNorm";
    m.status = "upstream split";
    m.directInstances = 3;
    m.splitInstances = 45;
    m.directNs = 3000;
    m.splitNs = 90000;
    m.related = 93000;
    stage.families.push_back(m);
    result->findings.families.push_back(stage);
    FamilyTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(result, SideA);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, FamilyTableModel::Status).data().toString(),
             FamilyTableModel::tr("mixed: partly fused"));
    QCOMPARE(model.index(0, FamilyTableModel::Status).data(ModelRoles::Export).toString(), QStringLiteral("upstream split"));
    QCOMPARE(model.index(0, FamilyTableModel::DirectInstances).data(ModelRoles::Export).toInt(), 3);
    QCOMPARE(model.index(0, FamilyTableModel::SplitInstances).data(ModelRoles::Export).toInt(), 45);
    QVERIFY(model.index(0, FamilyTableModel::SplitInstances).data(Qt::ToolTipRole).toString().contains(QStringLiteral("45")));
}

QTEST_MAIN(AnalysisModelsTest)
#include "tst_analysismodels.moc"
