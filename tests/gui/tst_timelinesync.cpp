// The timeline inside the main window on the real Qwen pair (offscreen): a kernel clicked in the
// timeline is selected in the kernel table and the pattern tree while the timeline stays in front;
// a kernel chosen in the table or the tree is selected in the timeline; a band selects its layer.
#include "fusionpage.h"
#include "fusiontreemodel.h"
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kernelpage.h"
#include "kerneltablemodel.h"
#include "layerpage.h"
#include "layertablemodel.h"
#include "mainwindow.h"
#include "modelroles.h"
#include "results.h"
#include "timelinesync.h"
#include "timelineview.h"
#include "timelinewidget.h"
#include "translationloader.h"

#include <QComboBox>
#include <QImage>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <map>

using namespace fusion;
using namespace fusion::test;

namespace {
TimelineView *timelineOf(MainWindow &w)
{
    return w.timelineView();
}

std::vector<uint32_t> currentRowKernels(MainWindow &w, Side side)
{
    const QModelIndex current = w.kernelPage()->view()->currentIndex();
    if (!current.isValid())
        return {};
    return w.kernelPage()->model()->rowAt(w.kernelPage()->proxy()->mapToSource(current).row()).ids[side];
}

// Zooms so that the kernel is 100 px wide and clicks its middle.
void clickKernel(TimelineWidget *t, Side side, uint32_t id)
{
    const GpuOpTable &k = t->model(side).trace()->trace->store.kernels;
    const double s = t->zoom()->toAxis(side, double(k.start[id])), e = t->zoom()->toAxis(side, double(k.end(id)));
    const double pxNs = std::max(1.0, (e - s) / 100.0);
    const double len = pxNs * t->plotRect().width();
    t->zoom()->setRange(side, {(s + e - len) / 2, (s + e + len) / 2});
    const int track = t->model(side).trackOfKernel(id);
    QTest::mouseClick(t, Qt::LeftButton, {}, QPoint(int(t->xOfTime(side, (s + e) / 2)), t->trackRect(side, track).center().y()));
}
} // namespace

class TimelineSyncTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void initTestCase();
    void cleanupTestCase();
    void clickingAKernelSelectsItInTheTableAndKeepsTheTimeline_data();
    void clickingAKernelSelectsItInTheTableAndKeepsTheTimeline();
    void choosingATableRowSelectsItsKernelInTheTimeline_data();
    void choosingATableRowSelectsItsKernelInTheTimeline();
    void choosingAPatternKernelSelectsItInTheTimelineAndBack();
    void choosingALayerRowShowsThatPairInTheTimeline_data();
    void choosingALayerRowShowsThatPairInTheTimeline();
    void clickingABandSelectsItsLayerPair_data();
    void clickingABandSelectsItsLayerPair();
    void aSelectedKernelIsJoinedToItsCounterparts();

private:
    std::unique_ptr<MainWindow> m_w;
    TimelineView *m_view = nullptr;
};

void TimelineSyncTest::initTestCase()
{
    REQUIRE_SHARED_TRACES();
    resetSettings();
    TranslationLoader::install(QStringLiteral("en"));
    m_w = std::make_unique<MainWindow>();
    m_w->setScreenshotMode(true);
    m_view = timelineOf(*m_w);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
    m_w->openTrace(SideA, QString::fromStdString(qwenTrace(SideA)));
    m_w->openTrace(SideB, QString::fromStdString(qwenTrace(SideB)));
    QVERIFY(waitUntilIdle(*m_w));
    QVERIFY(m_w->comparison());
    QCOMPARE(m_view->timeline()->model(SideA).kernelCount(), size_t(kQwenKernels[SideA]));
    QCOMPARE(m_view->timeline()->model(SideB).kernelCount(), size_t(kQwenKernels[SideB]));
    QVERIFY(m_view->timeline()->comparison());
}

void TimelineSyncTest::cleanupTestCase() { m_w.reset(); }

void TimelineSyncTest::clickingAKernelSelectsItInTheTableAndKeepsTheTimeline_data()
{
    QTest::addColumn<int>("side");
    QTest::addColumn<uint>("id");
    QTest::newRow("A, the first kernel") << 0 << 0u;
    QTest::newRow("A, a kernel in the middle") << 0 << 733u;
    QTest::newRow("B, the last kernel") << 1 << uint(kQwenKernels[1] - 1);
    QTest::newRow("B, a kernel in the middle") << 1 << 901u;
}

void TimelineSyncTest::clickingAKernelSelectsItInTheTableAndKeepsTheTimeline()
{
    QFETCH(int, side);
    QFETCH(uint, id);
    const Side s = Side(side);
    m_w->tabs()->setCurrentWidget(m_view);
    TimelineWidget *t = m_view->timeline();
    clickKernel(t, s, id);
    QVERIFY(t->selectedKernel());
    QCOMPARE(t->selectedKernel()->first, s);
    QCOMPARE(t->selectedKernel()->second, id);
    const auto ids = currentRowKernels(*m_w, s);
    QVERIFY2(std::find(ids.begin(), ids.end(), id) != ids.end(), "the kernel table's current row holds the kernel");
    QCOMPARE(m_w->tabs()->currentWidget(), m_view);
    // The table selecting its row did not move the timeline's selection to another kernel of that row.
    QCOMPARE(t->selectedKernel()->second, id);
}

void TimelineSyncTest::choosingATableRowSelectsItsKernelInTheTimeline_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::newRow("first row, A's name") << 0 << int(KernelTableModel::NameA);
    QTest::newRow("fifth row, B's name") << 4 << int(KernelTableModel::NameB);
    QTest::newRow("last row, A's name") << -1 << int(KernelTableModel::NameA);
}

void TimelineSyncTest::choosingATableRowSelectsItsKernelInTheTimeline()
{
    QFETCH(int, row);
    QFETCH(int, column);
    auto *proxy = m_w->kernelPage()->proxy();
    if (row < 0)
        row = proxy->rowCount() - 1;
    const QModelIndex index = proxy->index(row, column);
    const KernelRow &r = m_w->kernelPage()->model()->rowAt(proxy->mapToSource(index).row());
    Side side = column == KernelTableModel::NameB ? SideB : SideA;
    if (r.ids[side].empty())
        side = otherSide(side);
    m_w->kernelPage()->view()->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
    const auto sel = m_view->timeline()->selectedKernel();
    QVERIFY(sel);
    QCOMPARE(sel->first, side);
    QCOMPARE(sel->second, r.ids[side].front());
    // And the timeline shows it.
    const GpuOpTable &k = m_view->timeline()->model(side).trace()->trace->store.kernels;
    const double start = m_view->timeline()->zoom()->toAxis(side, double(k.start[sel->second]));
    const TimelineZoom::Range range = m_view->timeline()->zoom()->range(side);
    QVERIFY(range.start <= start && start <= range.end);
}

void TimelineSyncTest::choosingAPatternKernelSelectsItInTheTimelineAndBack()
{
    QAbstractItemModel *model = m_w->fusionPage()->view()->model();
    QModelIndex fused;
    std::function<void(const QModelIndex &)> find = [&](const QModelIndex &parent) {
        for (int r = 0; r < model->rowCount(parent) && !fused.isValid(); ++r) {
            const QModelIndex i = model->index(r, 0, parent);
            const int kind = i.data(ModelRoles::NodeKind).toInt();
            if (kind == FusionTreeModel::FusedKernel || kind == FusionTreeModel::UnfusedComponent)
                fused = i;
            else
                find(i);
        }
    };
    find({});
    // The Qwen pair has no fusion difference; its pattern tree lists the zero-fill MI300X runs
    // before attention in every layer as extra work, with those kernels.
    QVERIFY2(fused.isValid(), "the Qwen pair's pattern tree has an item with kernels");
    const QList<uint> ids = fused.data(ModelRoles::KernelIds).value<QList<uint>>();
    const Side side = Side(fused.data(ModelRoles::KernelSide).toInt());
    QVERIFY(!ids.isEmpty());
    m_w->fusionPage()->view()->selectionModel()->setCurrentIndex(fused, QItemSelectionModel::ClearAndSelect);
    QCOMPARE(m_view->timeline()->selectedKernel()->first, side);
    QCOMPARE(m_view->timeline()->selectedKernel()->second, uint32_t(ids.first()));

    // Back: clicking another kernel of that item in the timeline makes the tree's current item hold it.
    m_w->fusionPage()->view()->setCurrentIndex(QModelIndex());
    m_w->tabs()->setCurrentWidget(m_view);
    const uint32_t other = ids.last();
    clickKernel(m_view->timeline(), side, other);
    const QModelIndex current = m_w->fusionPage()->view()->currentIndex();
    QVERIFY(current.isValid());
    QVERIFY(current.data(ModelRoles::KernelIds).value<QList<uint>>().contains(other));
}

void TimelineSyncTest::choosingALayerRowShowsThatPairInTheTimeline_data()
{
    QTest::addColumn<int>("pair");
    QTest::newRow("the first pair") << 0;
    QTest::newRow("the twelfth pair") << 11;
    QTest::newRow("the last pair") << -1;
}

// Both layers of the pair start at axis 0 and the view spans the longer of the two, so every kernel
// of both layers is in view; the Align choice names the pair.
void TimelineSyncTest::choosingALayerRowShowsThatPairInTheTimeline()
{
    QFETCH(int, pair);
    const auto &pairs = m_w->comparison()->layers.pairs;
    if (pair < 0)
        pair = int(pairs.size()) - 1;
    QVERIFY(pairs[size_t(pair)].a >= 0 && pairs[size_t(pair)].b >= 0);
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(m_w->layerPage()->view()->model());
    m_w->tabs()->setCurrentWidget(m_w->layerPage());
    m_w->layerPage()->view()->selectionModel()->setCurrentIndex(proxy->mapFromSource(m_w->layerPage()->model()->index(pair, 0)),
                                                        QItemSelectionModel::ClearAndSelect);
    TimelineWidget *t = m_view->timeline();
    QCOMPARE(t->alignedPair(), pair);
    QCOMPARE(m_view->alignCombo()->currentData().toInt(), pair);
    const Layer &la = t->model(SideA).trace()->layers.layers[size_t(pairs[size_t(pair)].a)];
    const Layer &lb = t->model(SideB).trace()->layers.layers[size_t(pairs[size_t(pair)].b)];
    QCOMPARE(t->zoom()->toAxis(SideA, la.start), 0.0);
    QCOMPARE(t->zoom()->toAxis(SideB, lb.start), 0.0);
    const double longer = double(std::max(la.end - la.start, lb.end - lb.start));
    for (Side s : {SideA, SideB}) {
        const TimelineZoom::Range range = t->zoom()->range(s);
        QVERIFY2(range.start < 0 && range.end > longer, qPrintable(QStringLiteral("%1 .. %2 for %3 ns").arg(range.start).arg(range.end).arg(longer)));
        QVERIFY(range.length() < 1.5 * longer);  // zoomed to the pair, not the whole trace
    }
    // The table keeps the focus; the timeline moved behind it.
    QCOMPARE(m_w->tabs()->currentWidget(), m_w->layerPage());
}

void TimelineSyncTest::clickingABandSelectsItsLayerPair_data()
{
    QTest::addColumn<int>("side");
    QTest::addColumn<int>("layer");
    QTest::newRow("A's first layer") << 0 << 0;
    QTest::newRow("A's fifth layer") << 0 << 4;
    QTest::newRow("B's last layer") << 1 << -1;
}

void TimelineSyncTest::clickingABandSelectsItsLayerPair()
{
    QFETCH(int, side);
    QFETCH(int, layer);
    const Side s = Side(side);
    TimelineWidget *t = m_view->timeline();
    const auto &layers = t->model(s).trace()->layers.layers;
    QVERIFY(!layers.empty());
    if (layer < 0)
        layer = int(layers.size()) - 1;
    const Layer &l = layers[size_t(layer)];
    const double s0 = t->zoom()->toAxis(s, double(l.start)), e0 = t->zoom()->toAxis(s, double(l.end));
    t->zoom()->setRange(s, {s0 - (e0 - s0), e0 + (e0 - s0)});  // the layer in the middle third
    QTest::mouseClick(t, Qt::LeftButton, {}, QPoint(int(t->xOfTime(s, (s0 + e0) / 2)), t->bandRect(s).center().y()));
    const int expected = TimelineSync::layerTableRow(*m_w->results(), s, layer);
    QVERIFY(expected >= 0);
    const auto *proxy = qobject_cast<QSortFilterProxyModel *>(m_w->layerPage()->view()->model());
    QCOMPARE(proxy->mapToSource(m_w->layerPage()->view()->currentIndex()).row(), expected);
    // The row shows that layer's name on that side.
    const int column = s == SideA ? LayerTableModel::LayerA : LayerTableModel::LayerB;
    QVERIFY(m_w->layerPage()->model()->index(expected, column).data().toString().contains(QString::fromStdString(l.name)));
}

// The kernel-level alignment pairs the H100 kernels of a layer with the MI300X kernels of the same
// layer; a kernel both traces run under the same raw name (the elementwise and reduction kernels
// PyTorch compiles for both vendors) has as counterpart the same-named kernel at the same rank
// within the paired layer.
void TimelineSyncTest::aSelectedKernelIsJoinedToItsCounterparts()
{
    TimelineWidget *t = m_view->timeline();
    const auto &pairs = m_w->comparison()->layers.pairs;
    const LayerPair &lp = pairs[5];
    const AnalyzedTrace &a = *t->model(SideA).trace(), &b = *t->model(SideB).trace();
    auto byName = [](const AnalyzedTrace &tr, const Layer &l) {
        std::map<std::string, std::vector<uint32_t>> out;
        const GpuOpTable &k = tr.trace->store.kernels;
        for (uint32_t id = 0; id < k.size(); ++id)
            if (k.start[id] >= l.start && k.end(id) <= l.end)
                out[std::string(tr.trace->store.str(k.name[id]))].push_back(id);
        return out;
    };
    const auto inA = byName(a, a.layers.layers[size_t(lp.a)]), inB = byName(b, b.layers.layers[size_t(lp.b)]);
    int checked = 0;
    for (const auto &[name, ids] : inA) {
        auto it = inB.find(name);
        if (it == inB.end() || it->second.size() != ids.size())
            continue;
        for (size_t i = 0; i < ids.size(); ++i) {
            const std::vector<uint32_t> other = t->counterparts(SideA, ids[i]);
            QVERIFY2(std::find(other.begin(), other.end(), it->second[i]) != other.end(), name.c_str());
            const std::vector<uint32_t> back = t->counterparts(SideB, it->second[i]);
            QVERIFY(std::find(back.begin(), back.end(), ids[i]) != back.end());
            ++checked;
        }
    }
    QVERIFY2(checked >= 4, qPrintable(QString::number(checked)));

    // Drawn: amber lines cross the gap between A's band and B's band only while such a kernel is current.
    m_w->tabs()->setCurrentWidget(m_view);
    m_view->showLayerPair(5);
    auto amberInGap = [&] {
        const QImage image = t->grab().toImage();
        const int top = t->bandRect(SideA).bottom() + 2, bottom = t->bandRect(SideB).top() - 2;
        int n = 0;
        for (int y = top; y < bottom; ++y)
            for (int x = t->plotRect().left(); x < t->plotRect().right(); ++x) {
                const QColor c = image.pixelColor(x * image.width() / t->width(), y * image.height() / t->height());
                n += c.red() > 200 && c.green() > 110 && c.green() < 190 && c.blue() < 80;
            }
        return n;
    };
    QCOMPARE(amberInGap(), 0);
    for (const auto &[name, ids] : inA)
        if (!t->counterparts(SideA, ids.front()).empty()) {
            QVERIFY(t->selectKernel(SideA, ids.front(), false));
            break;
        }
    QVERIFY(amberInGap() > 5);
}

QTEST_MAIN(TimelineSyncTest)
#include "tst_timelinesync.moc"
