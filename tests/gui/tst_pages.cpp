// The pages follow Results on their own: each redraws when an input it shows changed, once for
// changes made together, and never for a change it does not show (a triage arriving, a comparison of
// another stage starting while the old one is still shown). On the bundled sample pair, whose kernel
// names were counted from the raw JSON (sample_nvidia 31, sample_amd 27) and whose fusion
// differences are listed by its generator (resources/samples/sample_truth.json).
#include "chartpage.h"
#include "findingspage.h"
#include "fusionpage.h"
#include "fusiontreemodel.h"
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "layerpage.h"
#include "layertablemodel.h"
#include "modelroles.h"
#include "results.h"
#include "triagepage.h"
#include "triagetablemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <QTreeView>

using namespace fusion;
using namespace fusion::test;

namespace {
constexpr int kSampleKernelNames[2] = {31, 27};

int truthDifferences()
{
    QFile f(sourceDir() + QStringLiteral("/resources/samples/sample_truth.json"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return int(QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("differences")).toArray().size());
}

int findingRows(const FusionTreeModel &model)
{
    int n = 0;
    for (int r = 0; r < model.rowCount(); ++r)
        n += model.index(r, 0).data(ModelRoles::NodeKind).toInt() == FusionTreeModel::Finding;
    return n;
}
} // namespace

class PagesTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void eachPageRedrawsOnlyForTheInputsItShows();
    void changesMadeTogetherReachThePagesOnce();
    void aSwapRedrawsWithTheSidesExchanged();
    void afterAFailedComparisonTheTracesStayListedAndThePatternsAlone();

private:
    std::shared_ptr<TraceResult> m_trace[2];
    std::shared_ptr<ComparisonResult> m_comparison;
    std::shared_ptr<TriageResult> m_triage;
};

void PagesTest::initTestCase()
{
    const QString samples = sourceDir() + QStringLiteral("/resources/samples/");
    m_trace[SideA] = analyze(QString(samples + QStringLiteral("sample_nvidia.json.gz")).toStdString(), SideA);
    m_trace[SideB] = analyze(QString(samples + QStringLiteral("sample_amd.json.gz")).toStdString(), SideB);
    m_comparison = compare(*m_trace[SideA], *m_trace[SideB]);
    m_triage = TriageJob::run(m_trace[SideA]->analyzed);
}

void PagesTest::eachPageRedrawsOnlyForTheInputsItShows()
{
    Results results;
    KernelPage kernels(&results);
    LayerPage layers(&results);
    FusionPage fusion(&results);
    FindingsPage findings(&results);
    TriagePage triage(&results);
    QSignalSpy kernelResets(kernels.model(), &QAbstractItemModel::modelReset);
    QSignalSpy layerResets(layers.model(), &QAbstractItemModel::modelReset);
    QSignalSpy fusionResets(fusion.model(), &QAbstractItemModel::modelReset);
    QSignalSpy triageResets(triage.kernelModel(), &QAbstractItemModel::modelReset);

    results.setTrace(SideA, m_trace[SideA]);
    QCOMPARE(kernelResets.count(), 1);
    QCOMPARE(kernels.model()->rowCount(), kSampleKernelNames[SideA]);
    QCOMPARE(layerResets.count(), 1);
    QCOMPARE(triageResets.count(), 0);  // no triage yet

    // The triage feeds its own page only.
    results.setTriage(SideA, m_triage, Results::Triaging::Done);
    QCOMPARE(triageResets.count(), 1);
    QVERIFY(triage.kernelModel()->rowCount() > 0);
    QCOMPARE(kernelResets.count(), 1);
    QCOMPARE(layerResets.count(), 1);
    QCOMPARE(fusionResets.count(), 1);

    // The second trace while the comparison runs: the tables wait, saying so, rather than list
    // every kernel unpaired; the findings say the comparison runs.
    {
        Results::Update update(results);
        results.setTrace(SideB, m_trace[SideB]);
        results.setComparison(nullptr, Results::Comparing::Running);
    }
    QCOMPARE(kernelResets.count(), 2);
    QCOMPARE(kernels.model()->rowCount(), 0);
    QCOMPARE(layers.model()->rowCount(), 0);
    QVERIFY(findings.toPlainText().contains(QStringLiteral("Comparing")));
    QCOMPARE(triageResets.count(), 1);  // A's triage is still the one shown

    results.setComparison(m_comparison, Results::Comparing::Done);
    QCOMPARE(kernelResets.count(), 3);
    QCOMPARE(findingRows(*fusion.model()), truthDifferences());
    QVERIFY(layers.model()->rowCount() > 0);
    QVERIFY(!findings.toPlainText().contains(QStringLiteral("Comparing")));
    // The first finding is opened and current, as the user sees the tab first.
    QVERIFY(fusion.view()->isExpanded(fusion.proxy()->index(0, 0)));

    // Another stage's comparison starts: what is shown stays until it arrives, the user's place too.
    kernels.view()->setCurrentIndex(kernels.proxy()->index(2, KernelTableModel::NameA));
    fusion.view()->setCurrentIndex(fusion.proxy()->index(1, 0));
    results.setComparison(m_comparison, Results::Comparing::Running);
    QCOMPARE(kernelResets.count(), 3);
    QCOMPARE(fusionResets.count(), 3);
    QCOMPARE(kernels.view()->currentIndex().row(), 2);
    QCOMPARE(fusion.view()->currentIndex().row(), 1);

    // Not compared after all (failed or cancelled): each trace's kernels listed on their own.
    results.setComparison(nullptr, Results::Comparing::Failed);
    QCOMPARE(kernelResets.count(), 4);
    QCOMPARE(kernels.model()->rowCount(), kSampleKernelNames[SideA] + kSampleKernelNames[SideB]);
    QCOMPARE(findingRows(*fusion.model()), 0);
}

void PagesTest::changesMadeTogetherReachThePagesOnce()
{
    Results results;
    KernelPage kernels(&results);
    QSignalSpy kernelResets(kernels.model(), &QAbstractItemModel::modelReset);
    QSignalSpy traces(&results, &Results::traceChanged);
    QSignalSpy comparisons(&results, &Results::comparisonChanged);
    {
        Results::Update update(results);
        results.setTrace(SideA, m_trace[SideA]);
        results.setTrace(SideB, m_trace[SideB]);
        results.setComparison(m_comparison, Results::Comparing::Done);
        QCOMPARE(traces.count(), 0);  // nothing before the update ends
    }
    QCOMPARE(traces.count(), 2);
    QCOMPARE(comparisons.count(), 1);
    QCOMPARE(kernelResets.count(), 1);
    // A new trace drops the comparison that paired the old one, in the same change.
    results.setTrace(SideB, nullptr);
    QCOMPARE(comparisons.count(), 2);
    QVERIFY(!results.comparison());
    QCOMPARE(kernelResets.count(), 2);
    QCOMPARE(kernels.model()->rowCount(), kSampleKernelNames[SideA]);
    QVERIFY(kernels.view()->isColumnHidden(KernelTableModel::NameB));
    QVERIFY(kernels.view()->isColumnHidden(KernelTableModel::Delta));
}

void PagesTest::aSwapRedrawsWithTheSidesExchanged()
{
    Results results;
    KernelPage kernels(&results);
    ChartPage chart(&results);
    results.setTrace(SideA, m_trace[SideA]);
    results.setTriage(SideA, m_triage, Results::Triaging::Done);
    QCOMPARE(results.label(SideB), QStringLiteral("B"));
    const QString labelA = results.label(SideA);
    QSignalSpy kernelResets(kernels.model(), &QAbstractItemModel::modelReset);
    auto swappedRows = std::make_shared<TraceResult>(*m_trace[SideA]);
    KernelRows::swapSides(swappedRows->rows);
    results.swapSides(nullptr, swappedRows);
    QCOMPARE(kernelResets.count(), 1);
    QCOMPARE(results.label(SideB), labelA);
    QCOMPARE(results.triage(SideB), std::shared_ptr<const TriageResult>(m_triage));
    QVERIFY(!results.triage(SideA));
    QCOMPARE(kernels.model()->rowCount(), kSampleKernelNames[SideA]);
    QVERIFY(kernels.view()->isColumnHidden(KernelTableModel::NameA));
    QVERIFY(!kernels.view()->isColumnHidden(KernelTableModel::NameB));
}

void PagesTest::afterAFailedComparisonTheTracesStayListedAndThePatternsAlone()
{
    Results results;
    KernelPage kernels(&results);
    FusionPage fusion(&results);
    {
        Results::Update update(results);
        results.setTrace(SideA, m_trace[SideA]);
        results.setTrace(SideB, m_trace[SideB]);
        results.setComparison(nullptr, Results::Comparing::Running);
    }
    QCOMPARE(kernels.model()->rowCount(), 0);  // waiting for the pairs
    QSignalSpy kernelResets(kernels.model(), &QAbstractItemModel::modelReset);
    QSignalSpy fusionResets(fusion.model(), &QAbstractItemModel::modelReset);
    // The comparison fails: each trace's kernels listed alone; the pattern tree (and the timeline and
    // charts, which show the same whether the tables wait or not) is not drawn again.
    results.setComparison(nullptr, Results::Comparing::Failed);
    QCOMPARE(kernels.model()->rowCount(), kSampleKernelNames[SideA] + kSampleKernelNames[SideB]);
    QCOMPARE(kernelResets.count(), 1);
    QCOMPARE(fusionResets.count(), 0);
    // Another stage is compared: until it succeeds the traces stay listed, so a kernel can be found.
    results.setComparison(nullptr, Results::Comparing::Running);
    QCOMPARE(kernelResets.count(), 1);
    QCOMPARE(kernels.model()->rowCount(), kSampleKernelNames[SideA] + kSampleKernelNames[SideB]);
    results.setComparison(m_comparison, Results::Comparing::Done);
    QCOMPARE(kernelResets.count(), 2);
    QCOMPARE(findingRows(*fusion.model()), truthDifferences());
}

QTEST_MAIN(PagesTest)
#include "tst_pages.moc"
