// The timeline inside the main window on the bundled sample pair (resources/samples: 1 prefill and
// 3 decode forward passes on each side): the stage selector greys the other stage's kernels, which
// clicks, tooltips and range statistics then ignore; a kernel-table row highlights every kernel it
// counts on both traces, and N / P (or the buttons) step through them. Expected figures come from
// the samples' ground truth (tools/gen_trace.py) and from the traces' own arrays, not from the
// timeline.
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "mainwindow.h"
#include "modelroles.h"
#include "timelineview.h"
#include "timelinewidget.h"
#include "translationloader.h"

#include <QComboBox>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace fusion;
using namespace fusion::test;

namespace {
QString samplePath(const char *file)
{
    return sourceDir() + QStringLiteral("/resources/samples/") + QLatin1String(file);
}

QJsonObject truth(Side side)
{
    QFile f(samplePath(side == SideA ? "sample_nvidia.truth.json" : "sample_amd.truth.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The injected fusion of a sample (truth "injected"): its kernel name and how often it runs, in
// all and per decode pass share.
struct Injected {
    std::string kernel;
    int occurrences = 0, passes = 0, decodePasses = 0;
};
Injected injected(Side side, const char *operation)
{
    const QJsonObject t = truth(side);
    Injected out;
    out.passes = t[QLatin1String("forward_passes")][QLatin1String("total")].toInt();
    out.decodePasses = t[QLatin1String("forward_passes")][QLatin1String("decode")].toInt();
    for (const QJsonValue v : t[QLatin1String("injected")].toArray())
        if (v[QLatin1String("operation")].toString() == QLatin1String(operation)) {
            out.kernel = v[QLatin1String("kernels")].toArray().first().toString().toStdString();
            out.occurrences = v[QLatin1String("occurrences")].toInt();
        }
    return out;
}

uint64_t callsOf(MainWindow &w, int proxyRow, Side side)
{
    const int column = side == SideA ? KernelTableModel::CallsA : KernelTableModel::CallsB;
    return w.kernelPage()->proxy()->index(proxyRow, column).data(ModelRoles::Sort).toULongLong();
}

// Zooms so that the kernel is `px` pixels wide in the middle of the plot.
void zoomOnto(TimelineWidget *t, Side side, uint32_t id, double px = 100)
{
    const GpuOpTable &k = t->model(side).trace()->trace->store.kernels;
    const double s = t->zoom()->toAxis(side, double(k.start[id])), e = t->zoom()->toAxis(side, double(k.end(id)));
    const double len = std::max(1.0, (e - s) / px) * t->plotRect().width();
    t->zoom()->setRange(side, {(s + e - len) / 2, (s + e + len) / 2});
}

QPoint centreOf(TimelineWidget *t, Side side, uint32_t id)
{
    const GpuOpTable &k = t->model(side).trace()->trace->store.kernels;
    const double s = t->zoom()->toAxis(side, double(k.start[id])), e = t->zoom()->toAxis(side, double(k.end(id)));
    return {int(t->xOfTime(side, (s + e) / 2)), t->trackRect(side, t->model(side).trackOfKernel(id)).center().y()};
}

bool inView(TimelineWidget *t, Side side, uint32_t id)
{
    const GpuOpTable &k = t->model(side).trace()->trace->store.kernels;
    const double s = t->zoom()->toAxis(side, double(k.start[id])), e = t->zoom()->toAxis(side, double(k.end(id)));
    const TimelineZoom::Range r = t->zoom()->range(side);
    return s >= r.start && e <= r.end;
}
} // namespace

class TimelineSamplesTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void theStageGreysTheOtherStagesKernelsAndFitsTheView_data();
    void theStageGreysTheOtherStagesKernelsAndFitsTheView();
    void withStageDecodeAPrefillKernelIsNotHitNorSelectable();
    void rangeStatisticsCountOnlyTheStagesKernels();
    void aRowHighlightsAsManyKernelsAsItsCallsOnBothSides();
    void aRowHighlightsEveryRunOfTheInjectedFusion_data();
    void aRowHighlightsEveryRunOfTheInjectedFusion();
    void nextAndPreviousStepThroughTheRowsKernels();
    void clickingInsideTheSetMovesInItAndOutsideEndsIt();
    void paintingGreysOtherStagesAndOutlinesTheSet();

private:
    void setStage(Stage stage);
    int pairedRow() const;  // the proxy row with the most calls on both sides

    std::unique_ptr<MainWindow> m_w;
    TimelineView *m_view = nullptr;
    TimelineWidget *m_t = nullptr;
};

void TimelineSamplesTest::initTestCase()
{
    resetSettings();
    TranslationLoader::install(QStringLiteral("en"));
    m_w = std::make_unique<MainWindow>();
    m_w->setScreenshotMode(true);
    m_w->resize(1440, 900);
    m_view = m_w->timelineView();
    QVERIFY(m_view);
    m_t = m_view->timeline();
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
    m_w->openTrace(SideA, samplePath("sample_nvidia.json.gz"));
    m_w->openTrace(SideB, samplePath("sample_amd.json.gz"));
    QVERIFY(waitUntilIdle(*m_w));
    QVERIFY(m_w->comparison());
    for (Side s : {SideA, SideB})
        QCOMPARE(m_t->model(s).kernelCount(), size_t(truth(s)[QLatin1String("counts")][QLatin1String("kernels")].toInt()));
}

void TimelineSamplesTest::cleanupTestCase() { m_w.reset(); }

void TimelineSamplesTest::init()
{
    setStage(Stage::All);
    m_w->kernelPage()->view()->setCurrentIndex(QModelIndex());
    m_t->clearHighlight();
    m_w->tabs()->setCurrentWidget(m_view);
}

// As a user does it: the toolbar's stage selector, then wait for the comparison of that stage.
void TimelineSamplesTest::setStage(Stage stage)
{
    auto *combo = m_w->findChild<QComboBox *>(QStringLiteral("stageFilter"));
    QVERIFY(combo);
    combo->setCurrentIndex(combo->findData(int(stage)));
    QCOMPARE(m_w->stage(), stage);
    QVERIFY(waitUntilIdle(*m_w));
    QCOMPARE(m_t->stage(), stage);
}

int TimelineSamplesTest::pairedRow() const
{
    int best = -1;
    uint64_t most = 0;
    for (int r = 0; r < m_w->kernelPage()->proxy()->rowCount(); ++r) {
        const uint64_t n = std::min(callsOf(*m_w, r, SideA), callsOf(*m_w, r, SideB));
        if (n > most) {
            most = n;
            best = r;
        }
    }
    return best;
}

void TimelineSamplesTest::theStageGreysTheOtherStagesKernelsAndFitsTheView_data()
{
    QTest::addColumn<int>("stage");
    QTest::newRow("decode") << int(Stage::Decode);
    QTest::newRow("prefill") << int(Stage::Prefill);
}

void TimelineSamplesTest::theStageGreysTheOtherStagesKernelsAndFitsTheView()
{
    QFETCH(int, stage);
    const Stage st = Stage(stage);
    setStage(st);
    for (Side s : {SideA, SideB}) {
        const TimelineModel &m = m_t->model(s);
        const AnalyzedTrace &trace = *m_w->trace(s);
        // From the analysis' stage of every kernel: how many are of the stage, and where they lie.
        size_t expected = 0;
        Ns first = std::numeric_limits<Ns>::max(), last = 0;
        const GpuOpTable &k = trace.trace->store.kernels;
        for (uint32_t id = 0; id < k.size(); ++id)
            if (trace.stages.ofKernel[id] == st) {
                ++expected;
                first = std::min(first, k.start[id]);
                last = std::max(last, k.end(id));
            }
        QVERIFY(expected > 0 && expected < k.size());
        QCOMPARE(m.stageKernelCount(), expected);
        size_t grey = 0;
        for (const TimelineTrack &track : m.tracks())
            if (track.kind == TimelineTrack::Kernels)
                for (size_t i = 0; i < track.size(); ++i) {
                    const bool isGrey = track.colour[i] == TimelineTrack::kDimmed;
                    QCOMPARE(isGrey, trace.stages.ofKernel[track.ids[i]] != st);
                    grey += isGrey;
                }
        QCOMPARE(grey, k.size() - expected);
        // The kernel table's rows count the same kernels.
        uint64_t calls = 0;
        for (int r = 0; r < m_w->kernelPage()->proxy()->rowCount(); ++r)
            calls += callsOf(*m_w, r, s);
        QCOMPARE(calls, uint64_t(expected));
        // The view shows the stage's kernels, with little more around them.
        const TimelineZoom::Range r = m_t->zoom()->range(s);
        QVERIFY(r.start <= m_t->zoom()->toAxis(s, double(first)));
        QVERIFY(r.end >= m_t->zoom()->toAxis(s, double(last)));
        if (st == Stage::Decode)  // the prefill pass comes first and is left out
            QVERIFY(r.start > 0);
    }
    // All stages again: nothing grey, the whole trace in view.
    setStage(Stage::All);
    for (Side s : {SideA, SideB}) {
        QCOMPARE(m_t->model(s).stageKernelCount(), m_t->model(s).kernelCount());
        for (const TimelineTrack &track : m_t->model(s).tracks())
            QCOMPARE(track.dimmed, size_t(0));
    }
    QCOMPARE(m_t->zoom()->range(SideA), m_t->zoom()->extent());
}

void TimelineSamplesTest::withStageDecodeAPrefillKernelIsNotHitNorSelectable()
{
    setStage(Stage::Decode);
    const AnalyzedTrace &a = *m_w->trace(SideA);
    const GpuOpTable &k = a.trace->store.kernels;
    // The longest prefill kernel of A and the longest decode kernel.
    uint32_t prefill = 0, decode = 0;
    Ns longest[2] = {-1, -1};
    for (uint32_t id = 0; id < k.size(); ++id) {
        const int which = a.stages.ofKernel[id] == Stage::Prefill ? 0 : a.stages.ofKernel[id] == Stage::Decode ? 1 : -1;
        if (which >= 0 && k.dur[id] > longest[which]) {
            longest[which] = k.dur[id];
            (which ? decode : prefill) = id;
        }
    }
    QVERIFY(longest[0] > 0 && longest[1] > 0);
    QSignalSpy clicked(m_t, &TimelineWidget::kernelSelected);
    zoomOnto(m_t, SideA, prefill);
    const QPoint at = centreOf(m_t, SideA, prefill);
    QVERIFY(m_t->plotRect().contains(at));
    QVERIFY2(m_t->toolTipAt(at).isEmpty(), qPrintable(m_t->toolTipAt(at)));
    QTest::mouseClick(m_t, Qt::LeftButton, {}, at);
    QCOMPARE(clicked.count(), 0);
    QVERIFY(!m_t->selectedKernel() || m_t->selectedKernel()->second != prefill);
    // Nor from outside (a table or the pattern tree).
    QVERIFY(!m_t->selectKernel(SideA, prefill));
    // A decode kernel is.
    zoomOnto(m_t, SideA, decode);
    QTest::mouseClick(m_t, Qt::LeftButton, {}, centreOf(m_t, SideA, decode));
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(m_t->selectedKernel(), std::make_optional(std::pair{SideA, decode}));
    QCOMPARE(m_w->stage(), Stage::Decode);  // selecting it in the table kept the stage
    QCOMPARE(m_w->tabs()->currentWidget(), m_view);
}

void TimelineSamplesTest::rangeStatisticsCountOnlyTheStagesKernels()
{
    setStage(Stage::Decode);
    const TimelineZoom::Range all = m_t->zoom()->extent();
    m_t->setRangeSelection(all.start - 1, all.end + 1);
    for (Side s : {SideA, SideB}) {
        const AnalyzedTrace &trace = *m_w->trace(s);
        const auto decode = uint64_t(std::count(trace.stages.ofKernel.begin(), trace.stages.ofKernel.end(), Stage::Decode));
        QCOMPARE(m_t->rangeStats(s).count, decode);
    }
    QVERIFY(m_view->statsLabel()->text().contains(QStringLiteral("decode kernels only")));
    // The range stays while the stage changes; its statistics follow.
    setStage(Stage::All);
    QVERIFY(m_t->hasRangeSelection());
    for (Side s : {SideA, SideB})
        QCOMPARE(m_t->rangeStats(s).count, uint64_t(m_t->model(s).kernelCount()));
    QVERIFY(!m_view->statsLabel()->text().contains(QStringLiteral("only")));
    m_t->clearRangeSelection();
}

void TimelineSamplesTest::aRowHighlightsAsManyKernelsAsItsCallsOnBothSides()
{
    for (Stage stage : {Stage::All, Stage::Decode}) {
        setStage(stage);
        const int row = pairedRow();
        QVERIFY(row >= 0);
        const uint64_t calls[2] = {callsOf(*m_w, row, SideA), callsOf(*m_w, row, SideB)};
        QVERIFY2(calls[SideA] > 1 && calls[SideB] > 1, "a row of many kernels on both sides");
        // The row's kernels of the stage, from the row itself and the analysis' stages.
        const KernelRow &r = m_w->kernelPage()->model()->rowAt(m_w->kernelPage()->proxy()->mapToSource(m_w->kernelPage()->proxy()->index(row, 0)).row());
        std::vector<uint32_t> expected[2];
        for (Side s : {SideA, SideB})
            for (uint32_t id : r.ids[s])
                if (stage == Stage::All || m_w->trace(s)->stages.ofKernel[id] == stage)
                    expected[s].push_back(id);
        m_t->zoom()->reset();
        m_w->kernelPage()->view()->selectionModel()->setCurrentIndex(m_w->kernelPage()->proxy()->index(row, KernelTableModel::NameB),
                                                             QItemSelectionModel::ClearAndSelect);
        for (Side s : {SideA, SideB}) {
            QCOMPARE(uint64_t(m_t->highlighted(s).size()), calls[s]);
            QCOMPARE(m_t->highlighted(s), expected[s]);
        }
        // B's column was chosen: B's first kernel is the current one, and in view.
        QCOMPARE(m_t->selectedKernel(), std::make_optional(std::pair{SideB, expected[SideB].front()}));
        QVERIFY(inView(m_t, SideB, expected[SideB].front()));
        QCOMPARE(m_view->highlightLabel()->text(),
                 QStringLiteral("Kernel 1 of %1 in B · %2 kernels in A").arg(calls[SideB]).arg(calls[SideA]));
        QVERIFY(m_view->nextButton()->isVisible() && m_view->previousButton()->isVisible());
    }
}

void TimelineSamplesTest::aRowHighlightsEveryRunOfTheInjectedFusion_data()
{
    QTest::addColumn<int>("side");
    QTest::addColumn<QString>("operation");
    QTest::addColumn<int>("stage");
    QTest::newRow("A: RoPE, all stages") << int(SideA) << QStringLiteral("RoPE") << int(Stage::All);
    QTest::newRow("A: RoPE, decode") << int(SideA) << QStringLiteral("RoPE") << int(Stage::Decode);
    QTest::newRow("B: SwiGLU+GEMM, all stages") << int(SideB) << QStringLiteral("SwiGLU+GEMM") << int(Stage::All);
    QTest::newRow("B: SwiGLU+GEMM, prefill") << int(SideB) << QStringLiteral("SwiGLU+GEMM") << int(Stage::Prefill);
}

void TimelineSamplesTest::aRowHighlightsEveryRunOfTheInjectedFusion()
{
    QFETCH(int, side);
    QFETCH(QString, operation);
    QFETCH(int, stage);
    const Side s = Side(side);
    const Injected truthOf = injected(s, qPrintable(operation));
    QVERIFY(!truthOf.kernel.empty() && truthOf.occurrences > 0);
    // The ground truth counts per run of the model: a stage has its share of the forward passes.
    const int perPass = truthOf.occurrences / truthOf.passes;
    const int expected = Stage(stage) == Stage::All      ? truthOf.occurrences
                         : Stage(stage) == Stage::Decode ? perPass * truthOf.decodePasses
                                                         : perPass * (truthOf.passes - truthOf.decodePasses);
    setStage(Stage(stage));
    // The fused kernel may sit in several rows (paired with different kernels of the other trace):
    // each row highlights its own share, and together they are every run of it.
    size_t highlighted = 0;
    int rows = 0;
    for (int r = 0; r < m_w->kernelPage()->proxy()->rowCount(); ++r) {
        const KernelRow &row = m_w->kernelPage()->model()->rowAt(m_w->kernelPage()->proxy()->mapToSource(m_w->kernelPage()->proxy()->index(r, 0)).row());
        if (row.name[s] != truthOf.kernel)
            continue;
        ++rows;
        const int column = s == SideA ? KernelTableModel::NameA : KernelTableModel::NameB;
        m_w->kernelPage()->view()->selectionModel()->setCurrentIndex(m_w->kernelPage()->proxy()->index(r, column),
                                                             QItemSelectionModel::ClearAndSelect);
        QCOMPARE(uint64_t(m_t->highlighted(s).size()), callsOf(*m_w, r, s));
        const AnalyzedTrace &t = *m_w->trace(s);
        for (uint32_t id : m_t->highlighted(s)) {
            QCOMPARE(std::string(t.trace->store.str(t.trace->store.kernels.name[id])), truthOf.kernel);
            QVERIFY(Stage(stage) == Stage::All || t.stages.ofKernel[id] == Stage(stage));
        }
        highlighted += m_t->highlighted(s).size();
    }
    QVERIFY(rows > 0);
    QCOMPARE(int(highlighted), expected);
}

void TimelineSamplesTest::nextAndPreviousStepThroughTheRowsKernels()
{
    const int row = pairedRow();
    m_w->kernelPage()->view()->selectionModel()->setCurrentIndex(m_w->kernelPage()->proxy()->index(row, KernelTableModel::NameA),
                                                         QItemSelectionModel::ClearAndSelect);
    const std::vector<uint32_t> ids = m_t->highlighted(SideA);
    const size_t n = ids.size();
    QVERIFY(n > 2);
    QCOMPARE(m_t->selectedKernel()->second, ids[0]);
    m_t->setFocus();
    // Zoomed in on the first one, so that the next one is off screen and has to be brought in.
    const GpuOpTable &k = m_w->trace(SideA)->trace->store.kernels;
    const double s0 = m_t->zoom()->toAxis(SideA, double(k.start[ids[0]]));
    const double mid = m_t->zoom()->toAxis(SideA, (double(k.end(ids[0])) + double(k.start[ids[1]])) / 2);
    QVERIFY(mid > s0);
    m_t->zoom()->setRange(SideA, {s0 - (mid - s0), mid});
    QVERIFY(inView(m_t, SideA, ids[0]));
    QVERIFY(!inView(m_t, SideA, ids[1]));
    QTest::keyClick(m_t, Qt::Key_N);
    QCOMPARE(m_t->selectedKernel(), std::make_optional(std::pair{SideA, ids[1]}));
    QVERIFY(inView(m_t, SideA, ids[1]));
    QVERIFY(m_view->highlightLabel()->text().startsWith(QStringLiteral("Kernel 2 of %1 in A").arg(n)));
    QTest::mouseClick(m_view->nextButton(), Qt::LeftButton);
    QCOMPARE(m_t->selectedKernel()->second, ids[2]);
    QVERIFY(inView(m_t, SideA, ids[2]));
    QTest::keyClick(m_t, Qt::Key_P);
    QTest::mouseClick(m_view->previousButton(), Qt::LeftButton);
    QCOMPARE(m_t->selectedKernel()->second, ids[0]);
    // Previous from the first wraps to the last, next from the last to the first.
    QTest::keyClick(m_t, Qt::Key_N, Qt::ShiftModifier);
    QCOMPARE(m_t->selectedKernel()->second, ids[n - 1]);
    QVERIFY(inView(m_t, SideA, ids[n - 1]));
    QVERIFY(m_view->highlightLabel()->text().startsWith(QStringLiteral("Kernel %1 of %1 in A").arg(n)));
    QTest::keyClick(m_t, Qt::Key_N);
    QCOMPARE(m_t->selectedKernel()->second, ids[0]);
    // Stepping keeps the set and the table's row.
    QCOMPARE(m_t->highlighted(SideA), ids);
    QCOMPARE(m_w->kernelPage()->view()->currentIndex().row(), row);
    // Esc ends the set, the current kernel stays selected.
    QTest::keyClick(m_t, Qt::Key_Escape);
    QVERIFY(!m_t->hasHighlight());
    QCOMPARE(m_t->selectedKernel()->second, ids[0]);
    QVERIFY(m_view->highlightLabel()->text().isEmpty());
    QVERIFY(!m_view->nextButton()->isVisible());
    // Activating the row again (it is still the current one) brings the set back.
    m_w->tabs()->setCurrentWidget(m_w->kernelPage());
    m_w->kernelPage()->view()->setFocus();
    QTest::keyClick(m_w->kernelPage()->view(), Qt::Key_Return);
    QCOMPARE(m_t->highlighted(SideA), ids);
}

void TimelineSamplesTest::clickingInsideTheSetMovesInItAndOutsideEndsIt()
{
    const int row = pairedRow();
    m_w->kernelPage()->view()->selectionModel()->setCurrentIndex(m_w->kernelPage()->proxy()->index(row, KernelTableModel::NameA),
                                                         QItemSelectionModel::ClearAndSelect);
    const std::vector<uint32_t> a = m_t->highlighted(SideA), b = m_t->highlighted(SideB);
    QVERIFY(a.size() > 3 && !b.empty());
    // A kernel of the set on B: it becomes the current one, the set stays.
    zoomOnto(m_t, SideB, b[1]);
    QTest::mouseClick(m_t, Qt::LeftButton, {}, centreOf(m_t, SideB, b[1]));
    QCOMPARE(m_t->selectedKernel(), std::make_optional(std::pair{SideB, b[1]}));
    QCOMPARE(m_t->highlighted(SideA), a);
    QCOMPARE(m_t->highlighted(SideB), b);
    QVERIFY(m_view->highlightLabel()->text().startsWith(QStringLiteral("Kernel 2 of %1 in B").arg(b.size())));
    // A kernel outside the set: a single selection as before, and the table follows it.
    const AnalyzedTrace &ta = *m_w->trace(SideA);
    uint32_t other = a[2] + 1;
    while (std::binary_search(a.begin(), a.end(), other) || ta.trace->store.kernels.dur[other] < 1000)
        ++other;
    zoomOnto(m_t, SideA, other);
    QTest::mouseClick(m_t, Qt::LeftButton, {}, centreOf(m_t, SideA, other));
    QCOMPARE(m_t->selectedKernel(), std::make_optional(std::pair{SideA, other}));
    QVERIFY(!m_t->hasHighlight());
    const QModelIndex current = m_w->kernelPage()->view()->currentIndex();
    const KernelRow &r = m_w->kernelPage()->model()->rowAt(m_w->kernelPage()->proxy()->mapToSource(current).row());
    QVERIFY(std::binary_search(r.ids[SideA].begin(), r.ids[SideA].end(), other));
    QCOMPARE(m_w->tabs()->currentWidget(), m_view);
}

void TimelineSamplesTest::paintingGreysOtherStagesAndOutlinesTheSet()
{
    setStage(Stage::Decode);
    const AnalyzedTrace &a = *m_w->trace(SideA);
    const GpuOpTable &k = a.trace->store.kernels;
    // The widest prefill kernel (greyed) and a decode row's set (outlined).
    uint32_t prefill = 0;
    for (uint32_t id = 0; id < k.size(); ++id)
        if (a.stages.ofKernel[id] == Stage::Prefill && k.dur[id] > k.dur[prefill])
            prefill = id;
    zoomOnto(m_t, SideA, prefill, 200);
    QImage image = m_t->grab().toImage();
    const QPoint at = centreOf(m_t, SideA, prefill);
    const QColor grey = image.pixelColor(at);
    QVERIFY2(grey.hsvSaturationF() < 0.05, qPrintable(grey.name()));  // no op colour
    QVERIFY(grey != m_t->palette().color(QPalette::Base));             // but drawn

    const int row = pairedRow();
    m_w->kernelPage()->view()->selectionModel()->setCurrentIndex(m_w->kernelPage()->proxy()->index(row, KernelTableModel::NameA),
                                                         QItemSelectionModel::ClearAndSelect);
    const std::vector<uint32_t> ids = m_t->highlighted(SideA);
    QVERIFY(ids.size() > 2);
    // Zoomed so that the second kernel of the set is wide and not the current one: its outline is
    // the set's amber, along its top edge.
    zoomOnto(m_t, SideA, ids[1], 200);
    image = m_t->grab().toImage();
    const QRect lane = m_t->trackRect(SideA, m_t->model(SideA).trackOfKernel(ids[1]));
    const QPoint c = centreOf(m_t, SideA, ids[1]);
    int amber = 0;
    for (int y = lane.top(); y <= lane.top() + 3; ++y) {
        const QColor px = image.pixelColor(c.x(), y);
        amber += px.red() > 200 && px.green() > 120 && px.green() < 180 && px.blue() < 60;
    }
    QVERIFY2(amber > 0, "the set's outline along the kernel's top edge");
}

QTEST_MAIN(TimelineSamplesTest)
#include "tst_timelinesamples.moc"
