// The kernel comparison table: rows per kernel name or aligned pair, the stage, text and operation
// filters, sorting by value, the demangle toggle and the faster/slower colours.
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "modelroles.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSet>
#include <QTest>

using namespace fusion;
using namespace fusion::test;

class KernelTableModelTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void anEmptyModelIsAValidModel();
    void aLoneTraceHasOneRowPerKernelName_data();
    void aLoneTraceHasOneRowPerKernelName();
    void comparedTracesPutEveryKernelInExactlyOneRow();
    void theStageFilterRecountsEveryRow();
    void theTextFilterMatchesRawAndDemangledNames();
    void theOperationFilterKeepsOnlyThatOperation();
    void sortingByTotalSortsByTimeNotByText();
    void theDemangleToggleSwitchesTheNameColumns();
    void aSlowerBIsRedAndAFasterBIsGreen();
    void differentStepCountsAreComparedPerStep();
    void kernelsBothSidesRunArePairedOutsideTheLayersToo();
    void noTwoKernelsShareAVisibleName_data();
    void noTwoKernelsShareAVisibleName();

private:
    std::shared_ptr<TraceResult> m_synthetic[2];
};

void KernelTableModelTest::initTestCase()
{
    // A: one mangled GEMM (slow on B), one elementwise kernel (fast on B); B has the same names.
    const std::string gemm = "_ZN7cutlass6KernelINS_4gemm6kernel4GemmEEEvNT_6ParamsE";
    const std::string add = "void at::native::vectorized_elementwise_kernel<4, add_kernel>(int, float*)";
    m_synthetic[SideA] = analyze(writeSyntheticTrace("a.json", {{gemm, 100, 4}, {add, 50, 6}}), SideA);
    m_synthetic[SideB] = analyze(writeSyntheticTrace("b.json", {{gemm, 300, 4}, {add, 10, 6}}), SideB);
}

void KernelTableModelTest::anEmptyModelIsAValidModel()
{
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(KernelTableModel::ColumnCount));
    model.setContent(nullptr, nullptr, {});
    model.setStage(Stage::Decode);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.rowOfKernel(SideA, 0), -1);
}

void KernelTableModelTest::aLoneTraceHasOneRowPerKernelName_data()
{
    QTest::addColumn<int>("side");
    QTest::newRow("H100") << int(SideA);
    QTest::newRow("MI300X") << int(SideB);
}

void KernelTableModelTest::aLoneTraceHasOneRowPerKernelName()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(int, side);
    const Side s = Side(side);
    const auto result = analyze(qwenTrace(s), s);
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(s == SideA ? result->analyzed : nullptr, s == SideB ? result->analyzed : nullptr, result->rows);
    QCOMPARE(model.rowCount(), kQwenKernelNames[s]);
    const int calls = s == SideA ? KernelTableModel::CallsA : KernelTableModel::CallsB;
    const int other = s == SideA ? KernelTableModel::CallsB : KernelTableModel::CallsA;
    uint64_t sum = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        sum += model.index(r, calls).data(ModelRoles::Sort).toULongLong();
        QCOMPARE(model.index(r, other).data(ModelRoles::Sort).toULongLong(), 0ull);
    }
    QCOMPARE(sum, kQwenKernels[s]);
}

void KernelTableModelTest::comparedTracesPutEveryKernelInExactlyOneRow()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA), b = analyze(qwenTrace(SideB), SideB);
    const auto c = compare(*a, *b);
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(a->analyzed, b->analyzed, c->rows);
    QVERIFY(model.rowCount() > 0);
    uint64_t calls[2] = {0, 0};
    QSet<QString> names[2];
    for (int r = 0; r < model.rowCount(); ++r) {
        const KernelRow &row = model.rowAt(r);
        for (Side s : {SideA, SideB}) {
            calls[s] += row.ids[s].size();
            for (uint32_t id : row.ids[s]) {
                QCOMPARE(model.rowOfKernel(s, id), r);
                const auto &store = (s == SideA ? a : b)->analyzed->trace->store;
                names[s].insert(QString::fromUtf8(store.str(store.kernels.name[id])));
            }
        }
    }
    QCOMPARE(calls[SideA], kQwenKernels[SideA]);
    QCOMPARE(calls[SideB], kQwenKernels[SideB]);
    QCOMPARE(int(names[SideA].size()), kQwenKernelNames[SideA]);
    QCOMPARE(int(names[SideB].size()), kQwenKernelNames[SideB]);
    // Aligned pairs exist: the comparison is more than two lists side by side.
    int paired = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        paired += !model.rowAt(r).ids[SideA].empty() && !model.rowAt(r).ids[SideB].empty();
    QVERIFY2(paired >= 10, qPrintable(QString::number(paired)));
}

void KernelTableModelTest::theStageFilterRecountsEveryRow()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA);
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(a->analyzed, nullptr, a->rows);
    for (Stage stage : {Stage::Prefill, Stage::Decode, Stage::All}) {
        model.setStage(stage);
        uint64_t expected = 0;
        const TraceStages &stages = a->analyzed->stages;
        for (uint32_t id = 0; id < stages.ofKernel.size(); ++id)
            expected += stages.includes(id, stage);
        uint64_t shown = 0;
        for (int r = 0; r < model.rowCount(); ++r)
            shown += model.index(r, KernelTableModel::CallsA).data(ModelRoles::Sort).toULongLong();
        QCOMPARE(shown, expected);
    }
    QCOMPARE(model.rowCount(), kQwenKernelNames[SideA]);
}

void KernelTableModelTest::theTextFilterMatchesRawAndDemangledNames()
{
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_synthetic[SideA]->analyzed, nullptr, m_synthetic[SideA]->rows);
    QCOMPARE(proxy.rowCount(), 2);
    proxy.setText(QStringLiteral("cutlass::Kernel"));  // only in the demangled name
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setText(QStringLiteral("_ZN7cutlass"));  // only in the raw name
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setText(QStringLiteral("ADD_KERNEL"));  // any case
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setText(QStringLiteral("no such kernel"));
    QCOMPARE(proxy.rowCount(), 0);
    proxy.setText(QString());
    QCOMPARE(proxy.rowCount(), 2);
}

void KernelTableModelTest::theOperationFilterKeepsOnlyThatOperation()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA);
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(a->analyzed, nullptr, a->rows);
    const QStringList ops = model.operations();
    QVERIFY(ops.contains(QStringLiteral("Dense GEMM")));
    int total = 0;
    for (const QString &op : ops) {
        proxy.setOperation(op);
        QVERIFY(proxy.rowCount() > 0);
        for (int r = 0; r < proxy.rowCount(); ++r)
            QCOMPARE(proxy.index(r, KernelTableModel::Op).data().toString(), op);
        total += proxy.rowCount();
    }
    QCOMPARE(total, model.rowCount());  // every row has exactly one operation
}

void KernelTableModelTest::sortingByTotalSortsByTimeNotByText()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA), b = analyze(qwenTrace(SideB), SideB);
    const auto c = compare(*a, *b);
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(a->analyzed, b->analyzed, c->rows);
    for (int column = 0; column < KernelTableModel::ColumnCount; ++column) {
        proxy.sort(column, Qt::DescendingOrder);
        QCOMPARE(proxy.rowCount(), model.rowCount());
    }
    proxy.sort(KernelTableModel::TotalA, Qt::DescendingOrder);
    for (int r = 1; r < proxy.rowCount(); ++r)
        QVERIFY(proxy.index(r - 1, KernelTableModel::TotalA).data(ModelRoles::Sort).toLongLong()
                >= proxy.index(r, KernelTableModel::TotalA).data(ModelRoles::Sort).toLongLong());
    // "9.10 ms" sorts above "906 µs", which a text sort would get wrong.
    const QString top = proxy.index(0, KernelTableModel::TotalA).data().toString();
    QVERIFY2(top.endsWith(QStringLiteral("ms")), qPrintable(top));
}

void KernelTableModelTest::theDemangleToggleSwitchesTheNameColumns()
{
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_synthetic[SideA]->analyzed, nullptr, m_synthetic[SideA]->rows);
    int row = -1;
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.rowAt(r).name[SideA].rfind("_ZN", 0) == 0)
            row = r;
    QVERIFY(row >= 0);
    const QModelIndex name = model.index(row, KernelTableModel::NameA);
    // Demangled view: the short name in the cell, the full demangled one in the tooltip.
    QCOMPARE(name.data().toString(), QStringLiteral("Kernel<Gemm>"));
    QVERIFY(name.data(Qt::ToolTipRole).toString().contains(QStringLiteral("cutlass::Kernel<cutlass::gemm::kernel::Gemm>")));
    model.setDemangle(false);
    QCOMPARE(name.data().toString(), QStringLiteral("_ZN7cutlass6KernelINS_4gemm6kernel4GemmEEEvNT_6ParamsE"));
    // The CSV always carries the raw name, whatever the view shows.
    QCOMPARE(name.data(ModelRoles::Export).toString(), name.data().toString());
}

void KernelTableModelTest::aSlowerBIsRedAndAFasterBIsGreen()
{
    std::vector<KernelRow> rows = m_synthetic[SideA]->rows;
    const std::vector<KernelRow> &rowsB = m_synthetic[SideB]->rows;
    // Same names on both sides: pair them by name as the alignment would.
    for (KernelRow &r : rows)
        for (const KernelRow &rb : rowsB)
            if (rb.name[SideB] == r.name[SideA]) {
                r.name[SideB] = rb.name[SideB];
                r.demangled[SideB] = rb.demangled[SideB];
                r.ids[SideB] = rb.ids[SideB];
                r.total[SideB] = rb.total[SideB];
            }
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(m_synthetic[SideA]->analyzed, m_synthetic[SideB]->analyzed, rows);
    QCOMPARE(model.rowCount(), 2);
    for (int r = 0; r < 2; ++r) {
        const double ratio = model.index(r, KernelTableModel::Ratio).data(ModelRoles::Sort).toDouble();
        const QColor colour = model.index(r, KernelTableModel::Ratio).data(Qt::BackgroundRole).value<QBrush>().color();
        if (ratio > 1) {  // the GEMM: 3× slower on B
            QCOMPARE(ratio, 3.0);
            QVERIFY(colour.red() > colour.green());
            QCOMPARE(model.index(r, KernelTableModel::Ratio).data().toString(), QStringLiteral("3.00×"));
        } else {  // the add: 5× faster on B
            QCOMPARE(ratio, 0.2);
            QVERIFY(colour.green() > colour.red());
            QVERIFY(model.index(r, KernelTableModel::Delta).data().toString().startsWith(QStringLiteral("\u2212")));
        }
    }
}

// HTA's trace_compare/base holds two steps: 221 µs of kernels in #1009, 211 µs in #1010 (read off the
// JSON). All of it against step 1009 alone: Δ per step is 221 − 432 / 2 = +5 µs, not 221 − 432 = −211.
void KernelTableModelTest::differentStepCountsAreComparedPerStep()
{
    REQUIRE_SHARED_TRACES();
    const std::string path = fusion::test::sharedTrace("hta/trace_compare/base/base.json.gz");
    auto side = [&](Side s, fusion::Scope scope) {
        fusion::AnalyzeOptions o;
        o.scope = scope;
        auto r = std::make_shared<TraceResult>();
        r->analyzed = fusion::loadAndAnalyze(path, {}, o);
        r->rows = KernelRows::ofTrace(*r->analyzed, s);
        return r;
    };
    const auto a = side(SideA, {}), b = side(SideB, {fusion::Scope::Kind::Steps, 1009});
    const auto c = compare(*a, *b);
    KernelTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setContent(a->analyzed, b->analyzed, c->rows);
    qint64 delta = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        delta += model.index(r, KernelTableModel::Delta).data(ModelRoles::Sort).toLongLong();
    QVERIFY2(std::abs(delta - 5000) <= model.rowCount(), qPrintable(QString::number(delta)));  // ns, rounding per row
    QVERIFY(model.headerData(KernelTableModel::Ratio, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("2 steps")));
}

// On the whole Qwen files, 436 / 463 kernels run before the profiler step, outside every layer:
// CatArrayBatchedCopy and reduce_kernel ran there on both sides yet showed as two one-sided rows with
// opposite deltas, and flash_fwd_kernel as 24 paired calls plus a 10-call A-only row.
void KernelTableModelTest::kernelsBothSidesRunArePairedOutsideTheLayersToo()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA), b = analyze(qwenTrace(SideB), SideB);
    const auto c = compare(*a, *b);
    QSet<QString> onlyA, onlyB;
    uint64_t calls[2] = {0, 0};
    for (const KernelRow &r : c->rows) {
        calls[0] += r.ids[0].size();
        calls[1] += r.ids[1].size();
        if (r.ids[1].empty())
            onlyA.insert(QString::fromStdString(r.name[0]));
        if (r.ids[0].empty())
            onlyB.insert(QString::fromStdString(r.name[1]));
    }
    QCOMPARE(calls[0], kQwenKernels[SideA]);  // still every kernel, once
    QCOMPARE(calls[1], kQwenKernels[SideB]);
    QVERIFY2(!onlyA.intersects(onlyB), qPrintable(QStringList((onlyA & onlyB).values()).join(QLatin1Char('\n'))));
    for (const QString &name : onlyA)
        QVERIFY2(!name.contains(QStringLiteral("flash_fwd_kernel")), qPrintable(name));
}

void KernelTableModelTest::noTwoKernelsShareAVisibleName_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("mustShow");  // names of A's column that tell the kernels apart
    // BERT on H100 launches three different CUTLASS GEMMs through cutlass::Kernel2 (read off the raw
    // trace: 1, 4 and 17 calls); each row must name its own instance.
    QTest::newRow("BERT") << QStringLiteral("gaunernst_bert-small-uncased__1016001.json.gz")
                          << QStringList{QStringLiteral("cutlass_80_tensorop_bf16_s16816gemm_bf16_256x128_64x3_tn_align2"),
                                         QStringLiteral("cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8"),
                                         QStringLiteral("cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8")};
    QTest::newRow("Qwen") << QStringLiteral("Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz") << QStringList{};
}

void KernelTableModelTest::noTwoKernelsShareAVisibleName()
{
    REQUIRE_SHARED_TRACES();
    QFETCH(QString, model);
    QFETCH(QStringList, mustShow);
    const std::string name = model.toStdString();
    const auto a = analyze(sharedTrace(("tracelens/h100/" + name).c_str()), SideA);
    const auto b = analyze(sharedTrace(("tracelens/mi300/" + name).c_str()), SideB);
    const auto c = compare(*a, *b);
    KernelTableModel table;
    QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
    table.setContent(a->analyzed, b->analyzed, c->rows);
    QSet<QString> shown;
    for (int column : {int(KernelTableModel::NameA), int(KernelTableModel::NameB)}) {
        const Side side = column == KernelTableModel::NameA ? SideA : SideB;
        QHash<QString, QSet<QString>> rawOfShown;
        for (int r = 0; r < table.rowCount(); ++r) {
            const QString text = table.index(r, column).data().toString();
            if (text.isEmpty())
                continue;
            rawOfShown[text].insert(QString::fromStdString(table.rowAt(r).name[side]));
            if (side == SideA)
                shown.insert(text);
        }
        for (auto it = rawOfShown.cbegin(); it != rawOfShown.cend(); ++it)
            QVERIFY2(it.value().size() == 1, qPrintable(it.key() + QStringLiteral(" names ")
                                                        + QStringList(it.value().values()).join(QStringLiteral(" | "))));
    }
    for (const QString &expected : mustShow)  // the registry may add a detail ("… [relu epilogue]")
        QVERIFY2(std::any_of(shown.cbegin(), shown.cend(), [&](const QString &t) { return t.startsWith(expected); }),
                 qPrintable(expected + QStringLiteral(" not in ") + QStringList(shown.values()).join(QStringLiteral(" | "))));
}

QTEST_MAIN(KernelTableModelTest)
#include "tst_kerneltablemodel.moc"
