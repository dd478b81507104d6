// The painted timeline driven like a user would: real QWheelEvents zoom at the cursor, drags pan,
// Shift-drags select a range, clicks select kernels and layers, keys zoom and go back.
#include "guitestsupport.h"
#include "timelinetestdata.h"
#include "timelinewidget.h"

#include <QApplication>
#include <QImage>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <random>

using namespace fusion;
using namespace fusion::test;

namespace {
void wheel(QWidget &w, QPointF pos, int angle)
{
    QWheelEvent e(pos, w.mapToGlobal(pos), QPoint(), QPoint(0, angle), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(&w, &e);
}

// 2000 kernels of 1 µs with 1 µs gaps on stream 7 (A) and 1500 of 2 µs back to back on stream 3 (B);
// ten layers each, matched pairwise.
struct Fixture {
    std::shared_ptr<AnalyzedTrace> a, b;
    std::shared_ptr<Comparison> c;
    Fixture()
    {
        std::vector<TimelineKernel> ka, kb;
        for (int i = 0; i < 2000; ++i)
            ka.push_back({7, 10'000 + i * 2000, 1000, i % 2 ? "Dense GEMM" : "RMSNorm"});
        for (int i = 0; i < 1500; ++i)
            kb.push_back({3, 50'000 + i * 2000, 2000, i % 3 ? "RMSNorm+GEMM" : "SiLU"});
        std::vector<std::pair<size_t, size_t>> la, lb;
        for (size_t l = 0; l < 10; ++l) {
            la.emplace_back(l * 200, l * 200 + 200);
            lb.emplace_back(l * 150, l * 150 + 150);
        }
        a = timelineTrace(ka, la);
        b = timelineTrace(kb, lb);
        c = std::make_shared<Comparison>();
        for (int l = 0; l < 10; ++l) {
            LayerPair p;
            p.a = p.b = l;
            c->layers.pairs.push_back(p);
        }
    }
};

// Kernels from 20 ns to 3 ms on three streams (a few long ones reach over many tiles of the level of
// detail), the first 40 % prefill and the rest decode, and four annotations (a row of their own).
std::shared_ptr<AnalyzedTrace> variedTrace(uint32_t seed, size_t n, const std::vector<std::string> &ops)
{
    std::mt19937 rng(seed);
    std::vector<TimelineKernel> k;
    Ns t[3] = {0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        const int s = int(rng() % 3);
        const uint32_t kind = rng() % 200, durRange = rng() % 4 ? 300 : 20'000, gapRange = rng() % 5 ? 200 : 50'000;
        const Ns dur = kind == 0 ? 1'000'000 + Ns(rng() % 2'000'000) : 20 + Ns(rng() % durRange);
        t[s] += Ns(rng() % gapRange);
        k.push_back({3 + s, 5000 + t[s], dur, ops[rng() % ops.size()]});
        t[s] += dur;
    }
    const Ns span = std::max({t[0], t[1], t[2]});
    std::vector<std::pair<Ns, Ns>> steps;
    for (int i = 0; i < 4; ++i)
        steps.emplace_back(5000 + span / 4 * i, span / 5);
    auto a = timelineTrace(std::move(k), {}, steps);
    a->stages.ofKernel.resize(n);
    for (size_t i = 0; i < n; ++i)
        a->stages.ofKernel[i] = i < n * 2 / 5 ? Stage::Prefill : Stage::Decode;
    a->stages.hasPrefill = a->stages.hasDecode = true;
    return a;
}

// The rows as painted (the frame time under them changes from frame to frame).
QImage rowsPicture(TimelineWidget &w)
{
    QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
    w.render(&image);
    int bottom = 0;
    for (Side s : {SideA, SideB}) {
        bottom = std::max(bottom, w.bandRect(s).bottom());
        for (int t = 0; t < int(w.model(s).tracks().size()); ++t)
            bottom = std::max(bottom, w.trackRect(s, t).bottom());
    }
    return image.copy(0, 0, image.width(), bottom + 1);
}

// Two widgets showing the same: one reads its level of detail from the cache, one builds it afresh
// for every frame and hover.
struct CachedAndNot {
    TimelineWidget cached, uncached;
    CachedAndNot()
    {
        uncached.lod().setCaching(false);
        for (TimelineWidget *w : {&cached, &uncached})
            w->resize(1178, 400);
    }
    template <typename F> void both(F f)
    {
        f(cached);
        f(uncached);
    }
    void show(TimelineZoom::Range r)
    {
        both([&](TimelineWidget &w) { w.zoom()->setRange(SideA, r, false); });
    }
};
} // namespace

class TimelineWidgetTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void init();
    void cleanup();
    void aWheelNotchZoomsAroundTheCursor_data();
    void aWheelNotchZoomsAroundTheCursor();
    void unlinkedTheWheelZoomsOnlyTheTraceUnderTheCursor();
    void draggingPansByThePixelsMoved();
    void shiftDragSelectsARangeAndSummarisesIt();
    void clickingAKernelSelectsIt();
    void clickingABandSelectsItsLayer();
    void selectingFromOutsideBringsTheKernelIntoView();
    void keysZoomPanFitResetAndGoBack();
    void theTooltipNamesTheKernel();
    void paintingDrawsKernelsInTheirOpColour();
    void epochTimestampsArePlacedToTheNanosecond();
    void anOpKeepsItsColourWhateverElseIsLoaded();
    void theCachedPictureIsTheUncachedOneAtEveryZoomAndAfterPans();
    void hoverFindsTheSameKernelWithTheCacheAsTheNearestOne();
    void theCacheFollowsTheStageTheTracesAndTheRows();

private:
    std::unique_ptr<TimelineWidget> m_w;
    Fixture m_f;
};

void TimelineWidgetTest::init()
{
    m_w = std::make_unique<TimelineWidget>();
    m_w->setContent(m_f.a, m_f.b, m_f.c);
    m_w->setLabels(QStringLiteral("H100"), QStringLiteral("MI300X"));
    m_w->resize(1178, m_w->sizeHint().height());  // plot: 1000 px
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
    QCOMPARE(m_w->plotRect().width(), 1000);
}

void TimelineWidgetTest::cleanup() { m_w.reset(); }

void TimelineWidgetTest::aWheelNotchZoomsAroundTheCursor_data()
{
    QTest::addColumn<double>("xFraction");  // of the plot
    QTest::addColumn<int>("angle");
    QTest::addColumn<int>("side");
    QTest::newRow("one notch in, middle, on A") << 0.5 << 120 << 0;
    QTest::newRow("one notch in, left edge, on A") << 0.0 << 120 << 0;
    QTest::newRow("three notches in, right quarter, on B") << 0.75 << 360 << 1;
    QTest::newRow("one notch out after zooming in, on B") << 0.3 << -120 << 1;
    QTest::newRow("a touchpad's small step") << 0.61 << 15 << 0;
}

void TimelineWidgetTest::aWheelNotchZoomsAroundTheCursor()
{
    QFETCH(double, xFraction);
    QFETCH(int, angle);
    QFETCH(int, side);
    const Side s = Side(side);
    m_w->zoom()->setRange(s, {1'000'000, 2'000'000});
    const double x = m_w->plotRect().left() + xFraction * m_w->plotRect().width();
    const int y = m_w->trackRect(s, 0).center().y();
    const double before = m_w->timeAtX(s, x), lengthBefore = m_w->zoom()->range(s).length();
    wheel(*m_w, QPointF(x, y), angle);
    QVERIFY(qAbs(m_w->timeAtX(s, x) - before) < 1e-3);  // the time under the cursor did not move
    QVERIFY(qAbs(m_w->zoom()->range(s).length() - lengthBefore * std::pow(0.8, angle / 120.0)) < 1e-3);
    QCOMPARE(m_w->zoom()->range(otherSide(s)), m_w->zoom()->range(s));  // linked
}

void TimelineWidgetTest::unlinkedTheWheelZoomsOnlyTheTraceUnderTheCursor()
{
    m_w->zoom()->setLinked(false);
    const TimelineZoom::Range a = m_w->zoom()->range(SideA);
    const QRect track = m_w->trackRect(SideB, 0);
    wheel(*m_w, track.center(), 240);
    QCOMPARE(m_w->zoom()->range(SideA), a);
    QVERIFY(m_w->zoom()->range(SideB).length() < a.length() * 0.7);
}

void TimelineWidgetTest::draggingPansByThePixelsMoved()
{
    m_w->zoom()->setRange(SideA, {1'000'000, 2'000'000});  // 1000 ns per pixel
    const QPoint from = m_w->trackRect(SideA, 0).center();
    QTest::mousePress(m_w.get(), Qt::LeftButton, {}, from);
    QTest::mouseMove(m_w.get(), from + QPoint(-50, 0));
    QTest::mouseMove(m_w.get(), from + QPoint(-100, 0));
    QTest::mouseRelease(m_w.get(), Qt::LeftButton, {}, from + QPoint(-100, 0));
    QCOMPARE(m_w->zoom()->range(SideA).start, 1'100'000.0);
    QCOMPARE(m_w->zoom()->range(SideA).end, 2'100'000.0);
}

void TimelineWidgetTest::shiftDragSelectsARangeAndSummarisesIt()
{
    m_w->zoom()->setRange(SideA, {0, 1'000'000});  // 1 µs per pixel; A's kernels: 1 µs every 2 µs
    QSignalSpy changed(m_w.get(), &TimelineWidget::rangeSelectionChanged);
    const QRect track = m_w->trackRect(SideA, 0);
    const QPoint from(track.left() + 100, track.center().y()), to(track.left() + 300, track.center().y());
    QTest::mousePress(m_w.get(), Qt::LeftButton, Qt::ShiftModifier, from);
    QTest::mouseMove(m_w.get(), to);
    QTest::mouseRelease(m_w.get(), Qt::LeftButton, Qt::ShiftModifier, to);
    QVERIFY(changed.count() >= 1);
    QVERIFY(m_w->hasRangeSelection());
    const auto [t0, t1] = m_w->rangeSelection();
    QVERIFY(qAbs(t0 - m_w->timeAtX(SideA, from.x())) < 1e-6);
    QVERIFY(qAbs(t1 - m_w->timeAtX(SideA, to.x())) < 1e-6);
    // Axis 100..300 µs on A = trace 110..310 µs: kernels start every 2 µs from 10 µs: 100 kernels,
    // half of the time busy.
    const TimelineRangeStats st = m_w->rangeStats(SideA);
    QCOMPARE(st.count, uint64_t(100));
    QCOMPARE(st.busy, Ns(100'000));
    QCOMPARE(st.topOps.size(), size_t(2));
    QCOMPARE(st.topOps[0].second + st.topOps[1].second, Ns(100'000));
    QVERIFY(m_w->rangeSummary().contains(QStringLiteral("100 kernel")));
    // A plain click on empty space clears it.
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, QPoint(track.left() + 5, m_w->bandRect(SideA).bottom() + 10));
    QVERIFY(!m_w->hasRangeSelection());
}

void TimelineWidgetTest::clickingAKernelSelectsIt()
{
    m_w->zoom()->setRange(SideA, {0, 100'000});  // 100 ns per pixel: kernel 5 is axis 10..11 µs
    QSignalSpy selected(m_w.get(), &TimelineWidget::kernelSelected);
    const QRect track = m_w->trackRect(SideA, 0);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, QPoint(int(m_w->xOfTime(SideA, 10'500)), track.center().y()));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.at(0).at(0).value<Side>(), SideA);
    QCOMPARE(selected.at(0).at(1).toUInt(), 5u);
    QCOMPARE(m_w->selectedKernel()->second, 5u);
}

void TimelineWidgetTest::clickingABandSelectsItsLayer()
{
    QSignalSpy layer(m_w.get(), &TimelineWidget::layerSelected);
    // B's layer 3: kernels 450..599, trace 950 µs.. → axis from B's first kernel (50 µs).
    const double mid = m_w->zoom()->toAxis(SideB, 50'000 + 525 * 2000.0);
    QTest::mouseClick(m_w.get(), Qt::LeftButton, {}, QPoint(int(m_w->xOfTime(SideB, mid)), m_w->bandRect(SideB).center().y()));
    QCOMPARE(layer.count(), 1);
    QCOMPARE(layer.at(0).at(0).value<Side>(), SideB);
    QCOMPARE(layer.at(0).at(1).toInt(), 3);
    // F fits the layer just selected, with a 5 % margin either side.
    QTest::keyClick(m_w.get(), Qt::Key_F);
    const Layer &l = m_f.b->layers.layers[3];
    const double s0 = m_w->zoom()->toAxis(SideB, double(l.start)), e0 = m_w->zoom()->toAxis(SideB, double(l.end));
    const TimelineZoom::Range r = m_w->zoom()->range(SideB);
    QVERIFY(qAbs(r.start - (s0 - 0.05 * (e0 - s0))) < 1e-6);
    QVERIFY(qAbs(r.end - (e0 + 0.05 * (e0 - s0))) < 1e-6);
}

void TimelineWidgetTest::selectingFromOutsideBringsTheKernelIntoView()
{
    m_w->zoom()->setRange(SideA, {0, 100'000});
    QSignalSpy selected(m_w.get(), &TimelineWidget::kernelSelected);
    m_w->selectKernel(SideB, 1234);
    QCOMPARE(selected.count(), 0);  // no echo back to whoever asked
    const double s = m_w->zoom()->toAxis(SideB, 50'000 + 1234 * 2000.0);
    const TimelineZoom::Range r = m_w->zoom()->range(SideB);
    QVERIFY(r.start <= s && s + 2000 <= r.end);
    QCOMPARE(r.length(), 100'000.0);  // the zoom stays
}

void TimelineWidgetTest::keysZoomPanFitResetAndGoBack()
{
    const TimelineZoom::Range full = m_w->zoom()->range(SideA);
    QTest::keyClick(m_w.get(), Qt::Key_W);
    QVERIFY(qAbs(m_w->zoom()->range(SideA).length() - full.length() * 0.7) < 1e-6);
    const TimelineZoom::Range zoomed = m_w->zoom()->range(SideA);
    QTest::keyClick(m_w.get(), Qt::Key_D);
    QVERIFY(qAbs(m_w->zoom()->range(SideA).start - (zoomed.start + 0.15 * zoomed.length())) < 1e-6);
    m_w->setRangeSelection(300'000, 400'000);
    QTest::keyClick(m_w.get(), Qt::Key_F);
    QCOMPARE(m_w->zoom()->range(SideA), (TimelineZoom::Range{300'000, 400'000}));
    QTest::keyClick(m_w.get(), Qt::Key_Home);
    QCOMPARE(m_w->zoom()->range(SideA), full);
    QTest::keyClick(m_w.get(), Qt::Key_Backspace);
    QCOMPARE(m_w->zoom()->range(SideA), (TimelineZoom::Range{300'000, 400'000}));
    QTest::keyClick(m_w.get(), Qt::Key_Left, Qt::AltModifier);
    QVERIFY(m_w->zoom()->range(SideA).length() > 100'000);
}

void TimelineWidgetTest::theTooltipNamesTheKernel()
{
    m_w->zoom()->setRange(SideA, {0, 100'000});
    const QString tip = m_w->toolTipAt(QPoint(int(m_w->xOfTime(SideA, 10'500)), m_w->trackRect(SideA, 0).center().y()));
    QVERIFY2(tip.contains(QStringLiteral("kernel_Dense GEMM")), qPrintable(tip));
    QVERIFY(tip.contains(QStringLiteral("Layer_0")));
    QVERIFY(tip.contains(QStringLiteral("1.00 µs")));
    // Fully zoomed out kernels are merged: the tooltip says so.
    m_w->resetZoom();
    const QString merged = m_w->toolTipAt(m_w->trackRect(SideA, 0).center());
    QVERIFY2(merged.contains(QStringLiteral("merged")), qPrintable(merged));
}

void TimelineWidgetTest::paintingDrawsKernelsInTheirOpColour()
{
    m_w->zoom()->setRange(SideA, {0, 100'000});
    QImage image(m_w->size(), QImage::Format_ARGB32_Premultiplied);
    m_w->render(&image);
    const int y = m_w->trackRect(SideA, 0).center().y();
    // Kernel 5 (Dense GEMM) covers axis 10..11 µs; kernel 6 (RMSNorm) 12..13 µs; nothing in between.
    QCOMPARE(image.pixel(int(m_w->xOfTime(SideA, 10'500)), y), m_w->opColor(QStringLiteral("Dense GEMM")).rgb());
    QCOMPARE(image.pixel(int(m_w->xOfTime(SideA, 12'500)), y), m_w->opColor(QStringLiteral("RMSNorm")).rgb());
    QCOMPARE(image.pixel(int(m_w->xOfTime(SideA, 11'500)), y), m_w->palette().color(QPalette::Base).rgb());
}

// Traces stamped with the epoch (1.7e18 ns) held as double have a resolution of 256 ns: eight
// 100-ns kernels in an 800-ns view were drawn as three runs, one kernel lost, and hit and counted
// wrongly. Times stay 64-bit integers; only offsets from the view's start become floating point.
void TimelineWidgetTest::epochTimestampsArePlacedToTheNanosecond()
{
    constexpr Ns base = 1'700'000'000'000'000'123;
    std::vector<TimelineKernel> kernels;
    for (int i = 0; i < 8; ++i)
        kernels.push_back({7, base + 100 * i, 100, "Op " + std::to_string(i)});
    TimelineWidget w;
    w.setContent(timelineTrace(kernels), nullptr, nullptr);
    w.resize(378, w.sizeHint().height());  // plot: 200 px, 4 ns per pixel below (no labels in runs)
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.plotRect().width(), 200);
    w.zoom()->setRange(SideA, {0, 800});
    QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
    w.render(&image);
    const int y = w.trackRect(SideA, 0).center().y();
    for (int i = 0; i < 8; ++i) {
        const QString op = QStringLiteral("Op %1").arg(i);
        for (int x : {w.plotRect().left() + 25 * i + 2, w.plotRect().left() + 25 * i + 22}) {
            QVERIFY2(image.pixel(x, y) == w.opColor(op).rgb(), qPrintable(QStringLiteral("%1 not drawn at x=%2").arg(op).arg(x)));
            const QString tip = w.toolTipAt(QPoint(x, y));
            QVERIFY2(tip.contains(QStringLiteral("kernel_") + op), qPrintable(QStringLiteral("x=%1: %2").arg(x).arg(tip)));
        }
    }
    w.setRangeSelection(200, 400);
    QCOMPARE(w.rangeStats(SideA).count, uint64_t(2));  // kernels 2 and 3
    QCOMPARE(w.rangeStats(SideA).busy, Ns(200));
}

// Colours were handed out in order of total time, so Elementwise was orange in one session and blue
// in the next. Now an op has one colour: in both traces, whatever else they hold, whichever is A.
void TimelineWidgetTest::anOpKeepsItsColourWhateverElseIsLoaded()
{
    const auto gemmHeavy = timelineTrace({{7, 0, 900, "Dense GEMM"}, {7, 1000, 100, "Elementwise"}});
    const auto elementwiseOnly = timelineTrace({{7, 0, 500, "Elementwise"}, {7, 600, 50, "Custom op"}});
    TimelineWidget one, two;
    one.setContent(gemmHeavy, elementwiseOnly, nullptr);
    two.setContent(elementwiseOnly, gemmHeavy, nullptr);
    for (const QString &op : {QStringLiteral("Dense GEMM"), QStringLiteral("Elementwise"), QStringLiteral("Custom op")}) {
        QVERIFY(one.opColor(op).isValid());
        QCOMPARE(one.opColor(op), two.opColor(op));
    }
    QCOMPARE(one.opColor(QStringLiteral("Dense GEMM")), m_w->opColor(QStringLiteral("Dense GEMM")));
    QVERIFY(one.opColor(QStringLiteral("Dense GEMM")) != one.opColor(QStringLiteral("Elementwise")));
}

// The level of detail is cached per zoom level and tile; what is drawn must not tell.
void TimelineWidgetTest::theCachedPictureIsTheUncachedOneAtEveryZoomAndAfterPans()
{
    const std::vector<std::string> ops = {"Dense GEMM", "RMSNorm", "SiLU", "Copy", "Attention decode"};
    const auto a = variedTrace(1, 20'000, ops), b = variedTrace(2, 15'000, ops);
    CachedAndNot v;
    v.both([&](TimelineWidget &w) { w.setContent(a, b, nullptr); });
    const TimelineZoom::Range full = v.cached.zoom()->range(SideA);
    int frames = 0, merged = 0;
    for (double fraction : {1.0, 0.31, 0.047, 3e-3, 2.1e-4, 1.3e-5, 7e-7}) {
        const double len = full.length() * fraction, centre = full.start + full.length() * 0.43;
        TimelineZoom::Range r{centre - len / 2, centre + len / 2};
        // Zoomed, then panned by half a screen right, a third left, a pixel, and back.
        for (double pan : {0.0, 0.5, -0.333, 0.001, 0.0}) {
            r = {r.start + pan * len, r.end + pan * len};
            v.show(r);
            const QImage got = rowsPicture(v.cached), want = rowsPicture(v.uncached);
            QVERIFY2(got == want, qPrintable(QStringLiteral("zoom %1, pan %2").arg(fraction).arg(pan)));
            ++frames;
        }
        for (const TimelineTrack &t : v.cached.model(SideA).tracks())
            for (const TimelineRun &run : TimelineLod::build(t, r.start, r.end, v.cached.plotRect().width(), true,
                                                             v.cached.zoom()->offset(SideA)))
                merged += run.merged();
    }
    QCOMPARE(frames, 35);
    QVERIFY(merged > 0);                       // some views did merge kernels
    QVERIFY(v.cached.lod().tileCount() > 20);  // and the cached widget drew from its tiles
    QCOMPARE(v.uncached.lod().tileCount(), size_t(0));
}

namespace {
// The kernel the tooltip at `pos` should name, from every kernel of the row: the one under the
// point, else the nearest within two pixels, the longer one on a tie; -1 for none.
int64_t nearestKernel(const TimelineWidget &w, Side s, int track, QPoint pos)
{
    const TimelineTrack &t = w.model(s).tracks()[size_t(track)];
    const TimelineMapping map = w.mapping(s);
    const double at = map.timeAt(pos.x() + 0.5), tol = 2 * map.nsPerPixel();
    int64_t best = -1;
    double bestDistance = tol + 1;
    Ns bestLength = 0;
    for (size_t i = 0; i < t.size(); ++i) {
        if (t.colour[i] == TimelineTrack::kDimmed)
            continue;
        const double s0 = w.zoom()->toAxis(s, t.start[i]), e0 = w.zoom()->toAxis(s, t.end[i]);
        const double d = at < s0 ? s0 - at : at > e0 ? at - e0 : 0.0;
        if (d > tol)
            continue;
        const Ns length = t.end[i] - t.start[i];
        if (d < bestDistance || (d == bestDistance && length > bestLength)) {
            best = t.ids[i];
            bestDistance = d;
            bestLength = length;
        }
    }
    return best;
}
} // namespace

void TimelineWidgetTest::hoverFindsTheSameKernelWithTheCacheAsTheNearestOne()
{
    const std::vector<std::string> ops = {"Dense GEMM", "RMSNorm", "SiLU"};
    const auto a = variedTrace(3, 8000, ops);
    CachedAndNot v;
    v.both([&](TimelineWidget &w) {
        w.setContent(a, nullptr, nullptr);
        w.setStage(Stage::Decode);  // the prefill kernels are greyed and never hit
    });
    const TimelineZoom::Range full = v.cached.zoom()->extent();
    int points = 0, hits = 0, merged = 0;
    for (double fraction : {1.0, 0.05, 2e-3, 1e-4, 3e-6}) {
        const double len = full.length() * fraction, centre = full.start + full.length() * 0.61;
        v.show({centre - len / 2, centre + len / 2});
        rowsPicture(v.cached);  // painted once: the hover reads the tiles of the frame
        const QRect plot = v.cached.plotRect();
        for (int t = 0; t < int(v.cached.model(SideA).tracks().size()); ++t) {
            if (v.cached.model(SideA).tracks()[size_t(t)].kind != TimelineTrack::Kernels)
                continue;
            for (int x = plot.left(); x <= plot.right(); x += 7) {
                const QPoint pos(x, v.cached.trackRect(SideA, t).center().y());
                const QString got = v.cached.toolTipAt(pos), want = v.uncached.toolTipAt(pos);
                QCOMPARE(got, want);
                const int64_t id = nearestKernel(v.cached, SideA, t, pos);
                QVERIFY2(id < 0 ? got.isEmpty() : got.contains(QStringLiteral("Kernel id: %1<").arg(id)) || got.endsWith(QStringLiteral("Kernel id: %1").arg(id)),
                         qPrintable(QStringLiteral("x=%1, kernel %2: %3").arg(x).arg(id).arg(got)));
                ++points;
                hits += id >= 0;
                merged += got.contains(QStringLiteral("merged"));
            }
        }
    }
    QVERIFY(points > 1500);
    QVERIFY(hits > points / 3 && merged > 50);  // kernels were hit, merged runs among them
}

// The tiles belong to a model: a stage, other traces or the CPU rows on or off make them stale.
void TimelineWidgetTest::theCacheFollowsTheStageTheTracesAndTheRows()
{
    const auto a = variedTrace(4, 6000, {"Dense GEMM", "RMSNorm"}), b = variedTrace(5, 6000, {"SiLU", "Copy"});
    const auto otherA = variedTrace(6, 6000, {"Attention decode", "Softmax"});
    CachedAndNot v;
    v.both([&](TimelineWidget &w) { w.setContent(a, b, nullptr); });
    const TimelineZoom::Range full = v.cached.zoom()->range(SideA);
    auto paintBoth = [&](const char *when) {
        for (double fraction : {1.0, 0.01}) {
            v.show({full.start, full.start + full.length() * fraction});
            QVERIFY2(rowsPicture(v.cached) == rowsPicture(v.uncached), when);
        }
    };
    paintBoth("first");
    v.both([](TimelineWidget &w) { w.setStage(Stage::Decode); });
    paintBoth("after choosing a stage");
    v.both([](TimelineWidget &w) { w.setStage(Stage::All); });
    paintBoth("after choosing all stages again");
    v.both([&](TimelineWidget &w) { w.setContent(otherA, b, nullptr); });
    paintBoth("with another trace A");
    v.both([](TimelineWidget &w) { w.setCpuRowsVisible(false); });
    paintBoth("without the annotation rows");
}

QTEST_MAIN(TimelineWidgetTest)
#include "tst_timelinewidget.moc"
