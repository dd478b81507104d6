// The timeline's data side: tracks per stream sorted for binary search, range statistics checked
// against values computed here from the raw kernel arrays (on the real Qwen pair too), and the
// level-of-detail runs; the stage greys other stages' kernels without moving them, and the runs
// never mix the two.
#include "guitestsupport.h"
#include "timelinelod.h"
#include "timelinemodel.h"
#include "timelinetestdata.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <random>

using namespace fusion;
using namespace fusion::test;

namespace {
// Independent of TimelineModel::rangeStats: a boundary sweep (+1 at starts, −1 at ends) for the busy
// time, a brute-force scan of every kernel for the count and the per-op time.
TimelineRangeStats expectedStats(const AnalyzedTrace &t, Ns t0, Ns t1)
{
    const GpuOpTable &k = t.trace->store.kernels;
    TimelineRangeStats out;
    std::vector<std::pair<Ns, int>> edges;
    std::map<std::string, Ns> perOp;
    for (size_t i = 0; i < k.size(); ++i) {
        if (!(k.start[i] < t1 && k.end(i) > t0))
            continue;
        ++out.count;
        const Ns s = std::max(k.start[i], t0), e = std::min(k.end(i), t1);
        perOp[t.classes.opOf(i)] += e - s;
        edges.emplace_back(s, +1);
        edges.emplace_back(e, -1);
    }
    std::sort(edges.begin(), edges.end());
    int open = 0;
    Ns last = 0;
    for (const auto &[at, d] : edges) {
        if (open > 0)
            out.busy += at - last;
        open += d;
        last = at;
    }
    std::vector<std::pair<std::string, Ns>> ops(perOp.begin(), perOp.end());
    std::sort(ops.begin(), ops.end(), [](const auto &x, const auto &y) {
        return x.second != y.second ? x.second > y.second : x.first < y.first;
    });
    for (size_t i = 0; i < ops.size() && i < 3; ++i)
        if (ops[i].second > 0)
            out.topOps.emplace_back(QString::fromStdString(ops[i].first), ops[i].second);
    return out;
}

std::shared_ptr<const AnalyzedTrace> qwenAnalyzed(Side s)
{
    static std::shared_ptr<const AnalyzedTrace> cache[2];
    if (!cache[s])
        cache[s] = analyze(qwenTrace(s), s)->analyzed;
    return cache[s];
}
} // namespace

class TimelineModelTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void everyStreamGetsItsOwnSortedTrack();
    void theVisibleRangeIsFoundByBinarySearchEvenWithOverlaps();
    void rangeStatisticsMatchTheRawArrays_data();
    void rangeStatisticsMatchTheRawArrays();
    void subPixelKernelsMergeIntoRunsColouredByTheWidest();
    void wideKernelsStayApartAndTheBaselineNeverMerges();
    void aPanOrAZoomWithinALevelReusesTheTilesItHas();
    void theRunsFollowTheRuleWhereverTheViewFalls();
    void theCacheStaysWithinItsBudgetAndGivesTheSameRuns();
    void runsAtEpochTimesAreExactFromTheirOrigin();
    void aStageGreysTheOtherKernelsInPlaceAndCountsOnlyItsOwn();
    void runsNeverMixAStagesKernelsWithGreyedOnes();
};

void TimelineModelTest::everyStreamGetsItsOwnSortedTrack()
{
    auto t = timelineTrace({{7, 100, 10}, {9, 105, 10}, {7, 120, 5}, {9, 130, 1}, {3, 90, 2}});
    TimelineModel m(t);
    QCOMPARE(m.tracks().size(), size_t(3));
    QCOMPARE(m.tracks()[0].stream, 3);
    QCOMPARE(m.tracks()[1].stream, 7);
    QCOMPARE(m.tracks()[2].stream, 9);
    QCOMPARE(m.tracks()[1].ids, (std::vector<uint32_t>{1, 3}));  // ids follow start order: 90,100,105,120,130
    QCOMPARE(m.trackOfKernel(4), 2);
    QCOMPARE(m.positionInTrack(4), size_t(1));
    QCOMPARE(m.origin(), Ns(90));
    QCOMPARE(m.span(), Ns(131 - 90));
}

void TimelineModelTest::theVisibleRangeIsFoundByBinarySearchEvenWithOverlaps()
{
    // A long kernel first, short ones inside it: the long one reaches into every later range.
    auto t = timelineTrace({{7, 0, 1000}, {7, 10, 5}, {7, 20, 5}, {7, 900, 5}, {7, 2000, 5}});
    const TimelineModel m(t);
    const TimelineTrack &track = m.tracks()[0];
    QCOMPARE(track.visible(500, 600), (std::pair<size_t, size_t>{0, 3}));  // the long one, then up to start 900
    QCOMPARE(track.visible(1000, 1999), (std::pair<size_t, size_t>{4, 4}));  // nothing
    QCOMPARE(track.visible(1999, 2001), (std::pair<size_t, size_t>{4, 5}));
}

void TimelineModelTest::rangeStatisticsMatchTheRawArrays_data()
{
    QTest::addColumn<bool>("real");
    QTest::addColumn<int>("side");
    QTest::addColumn<double>("from");  // fractions of the trace's span
    QTest::addColumn<double>("to");
    QTest::newRow("synthetic: everything") << false << 0 << -0.1 << 1.1;
    QTest::newRow("synthetic: a slice cutting kernels") << false << 0 << 0.2137 << 0.4219;
    QTest::newRow("synthetic: a sliver") << false << 0 << 0.5 << 0.5003;
    QTest::newRow("synthetic: before the first kernel") << false << 0 << -0.5 << -0.1;
    QTest::newRow("Qwen H100: everything") << true << 0 << 0.0 << 1.0;
    QTest::newRow("Qwen H100: first tenth") << true << 0 << 0.0 << 0.1;
    QTest::newRow("Qwen H100: middle slice") << true << 0 << 0.4321 << 0.5678;
    QTest::newRow("Qwen MI300: everything") << true << 1 << 0.0 << 1.0;
    QTest::newRow("Qwen MI300: last fifth") << true << 1 << 0.8 << 1.0;
    QTest::newRow("Qwen MI300: 1 %") << true << 1 << 0.333 << 0.343;
}

void TimelineModelTest::rangeStatisticsMatchTheRawArrays()
{
    QFETCH(bool, real);
    QFETCH(int, side);
    QFETCH(double, from);
    QFETCH(double, to);
    std::shared_ptr<const AnalyzedTrace> t;
    if (real) {
        REQUIRE_SHARED_TRACES();
        t = qwenAnalyzed(Side(side));
    } else {
        // Two streams overlapping in time, so busy time (union) is less than the summed kernel time.
        std::vector<TimelineKernel> k;
        for (int i = 0; i < 400; ++i)
            k.push_back({7 + i % 2, 1000 + i * 70 + (i % 5) * 13, 40 + (i * 37) % 90,
                         i % 4 == 0 ? "Dense GEMM" : i % 4 == 1 ? "RMSNorm" : i % 4 == 2 ? "SiLU" : "Copy"});
        t = timelineTrace(std::move(k));
    }
    TimelineModel m(t);
    const Ns t0 = m.origin() + Ns(from * double(m.span())), t1 = m.origin() + Ns(to * double(m.span()));
    const TimelineRangeStats got = m.rangeStats(t0, t1), want = expectedStats(*t, t0, t1);
    QCOMPARE(got.count, want.count);
    QCOMPARE(got.busy, want.busy);
    QCOMPARE(got.topOps, want.topOps);
    if (real && from == 0.0 && to == 1.0)
        QCOMPARE(got.count, kQwenKernels[side]);
}

void TimelineModelTest::subPixelKernelsMergeIntoRunsColouredByTheWidest()
{
    // 100 kernels of 1 ns back to back, one 5 ns "Dense GEMM" among them... all in 10 px: one run.
    std::vector<TimelineKernel> k;
    for (int i = 0; i < 100; ++i)
        k.push_back({7, i * 10, i == 42 ? 5 : 1, i == 42 ? "Dense GEMM" : "Elementwise"});
    TimelineModel m(timelineTrace(std::move(k)));
    const TimelineTrack &track = m.tracks()[0];
    const auto runs = TimelineLod::build(track, 0, 1000, 10, true);  // 100 ns per pixel
    QCOMPARE(runs.size(), size_t(1));
    QCOMPARE(runs[0].count, 100u);
    QVERIFY(runs[0].merged());
    QCOMPARE(m.ops()[runs[0].colour], QStringLiteral("Dense GEMM"));
    QCOMPARE(track.ids[runs[0].first], 42u);
    QVERIFY(runs[0].x0 >= 0 && runs[0].x1 <= 10);
}

void TimelineModelTest::wideKernelsStayApartAndTheBaselineNeverMerges()
{
    const TimelineModel m(timelineTrace({{7, 0, 500}, {7, 500, 1}, {7, 502, 1}, {7, 600, 400}}));
    const TimelineTrack &track = m.tracks()[0];
    const auto runs = TimelineLod::build(track, 0, 1000, 100, true);  // 10 ns per pixel
    QCOMPARE(runs.size(), size_t(3));  // wide, the two 1 ns ones merged, wide
    QCOMPARE(runs[1].count, 2u);
    QCOMPARE(TimelineLod::build(track, 0, 1000, 100, false).size(), size_t(4));
    // Zoomed in to 0.01 ns per pixel nothing merges.
    QCOMPARE(TimelineLod::build(track, 495, 505, 1000, true).size(), size_t(3));
}

void TimelineModelTest::aPanOrAZoomWithinALevelReusesTheTilesItHas()
{
    // 1000 kernels of 10 ns back to back from 1000 ns. Views in trace time (origin 0).
    const TimelineModel m(evenTrace(1000, 10));
    const TimelineTrack &track = m.tracks()[0];
    const uint64_t rev = m.revision();
    TimelineLod lod;
    // 5000 ns over 800 px = 6.25 ns per pixel: bins of 4 ns, tiles of 4096 ns. The events in view
    // start in tiles 0 and 1 (1000..4990 ns).
    lod.runs(track, 0, rev, 0, 5000, 800);
    QCOMPARE(lod.tilesBuilt(), 2);
    lod.runs(track, 0, rev, 0, 5000, 800);
    QCOMPARE(lod.tilesBuilt(), 2);
    lod.runs(track, 0, rev, 1000, 6000, 800);  // a pan within the same tiles
    QCOMPARE(lod.tilesBuilt(), 2);
    lod.runs(track, 0, rev, 4000, 9000, 800);  // a pan onto tile 2 (8192..): one tile more
    QCOMPARE(lod.tilesBuilt(), 3);
    lod.runs(track, 0, rev, 4000, 8000, 800);  // zoomed in to 5 ns per pixel: the same level
    QCOMPARE(lod.tilesBuilt(), 3);
    lod.runs(track, 0, rev, 4000, 8000, 400);  // 10 ns per pixel: bins of 8 ns, the tile 0..8191 ns
    QCOMPARE(lod.tilesBuilt(), 4);
    lod.runs(track, 1, rev, 4000, 8000, 400);  // another track key has tiles of its own
    QCOMPARE(lod.tilesBuilt(), 5);
    lod.runs(track, 0, rev + 1, 4000, 8000, 400);  // another model: its tiles are built afresh
    QCOMPARE(lod.tilesBuilt(), 6);
    QCOMPARE(lod.tileCount(), size_t(1));  // the old model's tiles, under both keys, are gone
}

namespace {
// The rule written out plainly, over every event of the track: bins of the largest power of two
// (ns) not above a pixel, runs of sub-bin events each starting within a bin of the run's end, cut
// at every multiple of 1024 bins; the runs that reach into the view, in pixels.
struct PlainRun {
    Ns start, end;
    uint32_t widest, count;
};
std::vector<PlainRun> plainRuns(const TimelineTrack &track, double t0, double t1, int width, Ns origin)
{
    Ns bin = 1;
    while (double(bin * 2) <= (t1 - t0) / width)
        bin *= 2;
    const Ns tile = bin * 1024;
    auto tileOf = [&](Ns t) { return t >= 0 ? t / tile : -((-t + tile - 1) / tile); };
    std::vector<PlainRun> all;
    bool open = false;
    for (size_t i = 0; i < track.size(); ++i) {
        const Ns s = track.start[i], e = track.end[i];
        const bool narrow = e - s < bin;
        if (open && narrow && s < all.back().end + bin && tileOf(s) == tileOf(all.back().start)
            && (track.colour[i] == TimelineTrack::kDimmed) == (track.colour[all.back().widest] == TimelineTrack::kDimmed)) {
            PlainRun &r = all.back();
            r.end = std::max(r.end, e);
            ++r.count;
            if (e - s > track.end[r.widest] - track.start[r.widest])
                r.widest = uint32_t(i);
            continue;
        }
        all.push_back({s, e, uint32_t(i), 1});
        open = narrow;
    }
    const Ns T0 = origin + Ns(std::floor(t0)), T1 = origin + Ns(std::ceil(t1));
    std::vector<PlainRun> out;
    for (const PlainRun &r : all)
        if (r.end > T0 && r.start < T1)
            out.push_back(r);
    return out;
}
} // namespace

void TimelineModelTest::theRunsFollowTheRuleWhereverTheViewFalls()
{
    // Three streams of kernels from 20 ns to 3 ms (a few long ones reach over many tiles), views at
    // random places and zooms from 1 ns to 100 µs per pixel.
    std::mt19937 rng(7);
    std::vector<TimelineKernel> k;
    Ns t[3] = {0, 0, 0};
    for (int i = 0; i < 6000; ++i) {
        const int s = int(rng() % 3);
        const uint32_t kind = rng() % 1000, durRange = rng() % 4 ? 300 : 5'000, gapRange = rng() % 20 ? 200 : 50'000;
        const Ns dur = kind == 0 ? 1'000'000 + Ns(rng() % 2'000'000) : 20 + Ns(rng() % durRange);
        t[s] += Ns(rng() % gapRange);
        k.push_back({3 + s, t[s], dur, i % 4 ? "Elementwise" : "Dense GEMM"});
        t[s] += dur;
    }
    const TimelineModel m(timelineTrace(std::move(k)));
    const Ns origin = m.origin(), span = m.span();
    int checked = 0, merged = 0;
    for (int view = 0; view < 300; ++view) {
        const int width = 200 + int(rng() % 1200);
        const double nsPerPixel = std::pow(10.0, double(rng() % 5000) / 1000.0);  // 1 ns .. 100 µs
        double t0 = double(rng() % uint64_t(span)) - nsPerPixel * width / 3;
        if (view % 2) {
            // Half the views start a few ns after a tile edge, where a run of the tile before that
            // holds a kernel across the edge still reaches into the view.
            Ns bin = 1;
            while (double(bin * 2) <= nsPerPixel)
                bin *= 2;
            const Ns at = origin + Ns(t0), edge = at - at % (bin * 1024);
            t0 = double(edge - origin) + double(rng() % 4);
        }
        const double t1 = t0 + nsPerPixel * width;
        for (const TimelineTrack &track : m.tracks()) {
            const auto got = TimelineLod::build(track, t0, t1, width, true, origin);
            const auto want = plainRuns(track, t0, t1, width, origin);
            QCOMPARE(got.size(), want.size());
            const double scale = width / (t1 - t0);
            for (size_t i = 0; i < got.size(); ++i) {
                QCOMPARE(got[i].first, want[i].widest);
                QCOMPARE(got[i].count, want[i].count);
                QCOMPARE(got[i].colour, track.colour[want[i].widest]);
                const auto px = [&](Ns at) { return float(std::clamp((double(at - origin) - t0) * scale, -2.0, width + 2.0)); };
                QCOMPARE(got[i].x0, px(want[i].start));
                QCOMPARE(got[i].x1, px(want[i].end));
                merged += got[i].merged();
            }
            checked += int(got.size());
        }
    }
    QVERIFY(checked > 10'000 && merged > 1000);  // the views saw many runs, merged ones among them
}

void TimelineModelTest::theCacheStaysWithinItsBudgetAndGivesTheSameRuns()
{
    // Kernels of 10 ns back to back seen at 1 ns per pixel: one run per kernel, 103 in a 1024-ns
    // tile (3.3 kB); 40 views at new places need about 100 tiles, more than 200 kB.
    const TimelineModel m(evenTrace(50'000, 10));
    const TimelineTrack &track = m.tracks()[0];
    TimelineLod lod;
    lod.setBudget(200'000);
    auto same = [](const std::vector<TimelineRun> &x, const std::vector<TimelineRun> &y) {
        return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin(), [](const auto &a, const auto &b) {
                   return a.x0 == b.x0 && a.x1 == b.x1 && a.first == b.first && a.count == b.count && a.colour == b.colour;
               });
    };
    size_t peak = 0;
    for (int i = 0; i < 40; ++i) {
        const double t0 = i * 10'000.0 + 0.5, t1 = t0 + 1000;
        QVERIFY(same(lod.runs(track, 0, m.revision(), t0, t1, 1000, m.origin()),
                     TimelineLod::build(track, t0, t1, 1000, true, m.origin())));
        QCOMPARE(lod.runs(track, 0, m.revision(), t0, t1, 1000, m.origin()).size(), size_t(101));
        peak = std::max(peak, lod.bytes());
    }
    QVERIFY2(peak > 150'000 && peak <= 200'000, qPrintable(QString::number(peak)));
    // The first places were evicted: seeing them again builds their tiles anew, the same runs.
    const int built = lod.tilesBuilt();
    QVERIFY(same(lod.runs(track, 0, m.revision(), 0.5, 1000.5, 1000, m.origin()),
                 TimelineLod::build(track, 0.5, 1000.5, 1000, true, m.origin())));
    QVERIFY(lod.tilesBuilt() > built);
}

namespace {
// Kernels 0..n-1 of 10 ns every 20 ns on one stream (stream 7), plus every third one on stream 3;
// stages: the first 40 % prefill, the rest decode.
std::shared_ptr<AnalyzedTrace> stagedTrace(size_t n)
{
    std::vector<TimelineKernel> k;
    for (size_t i = 0; i < n; ++i)
        k.push_back({i % 3 ? 7 : 3, Ns(i) * 20, 10, i % 2 ? "Elementwise" : "Dense GEMM"});
    auto t = timelineTrace(std::move(k));
    t->stages.ofKernel.resize(n);
    for (size_t i = 0; i < n; ++i)
        t->stages.ofKernel[i] = i < n * 2 / 5 ? Stage::Prefill : Stage::Decode;
    t->stages.hasPrefill = t->stages.hasDecode = true;
    return t;
}
} // namespace

void TimelineModelTest::aStageGreysTheOtherKernelsInPlaceAndCountsOnlyItsOwn()
{
    const auto t = stagedTrace(1000);
    TimelineModel m(t);
    std::vector<std::vector<uint16_t>> allColours;
    for (const auto &track : m.tracks())
        allColours.push_back(track.colour);
    for (Stage stage : {Stage::Decode, Stage::Prefill, Stage::All}) {
        m.setStage(stage);
        // Computed here from the stage of every kernel id.
        size_t expected = 0;
        Ns first = std::numeric_limits<Ns>::max(), last = 0;
        for (uint32_t id = 0; id < 1000; ++id)
            if (stage == Stage::All || t->stages.ofKernel[id] == stage) {
                ++expected;
                first = std::min(first, t->trace->store.kernels.start[id]);
                last = std::max(last, t->trace->store.kernels.end(id));
            }
        QCOMPARE(m.stageKernelCount(), expected);
        QCOMPARE(m.stageExtent(), std::make_pair(first, last));
        size_t dimmed = 0;
        for (size_t ti = 0; ti < m.tracks().size(); ++ti) {
            const TimelineTrack &track = m.tracks()[ti];
            for (size_t i = 0; i < track.size(); ++i) {
                const uint32_t id = track.ids[i];
                QCOMPARE(m.positionInTrack(id), i);  // nothing moved
                const bool in = stage == Stage::All || t->stages.ofKernel[id] == stage;
                QCOMPARE(m.inStage(id), in);
                QCOMPARE(track.colour[i], in ? allColours[ti][i] : TimelineTrack::kDimmed);
                dimmed += !in;
            }
        }
        QCOMPARE(dimmed, 1000 - expected);
        QCOMPARE(std::accumulate(m.tracks().begin(), m.tracks().end(), size_t(0),
                                 [](size_t n, const TimelineTrack &x) { return n + x.dimmed; }),
                 dimmed);
        // Range statistics over everything count the stage's kernels only; over a range across the
        // boundary (kernels 300..499), only those of the stage in it.
        QCOMPARE(m.rangeStats(0, 1'000'000).count, uint64_t(expected));
        const uint64_t across = m.rangeStats(300 * 20, 500 * 20).count;
        QCOMPARE(across, uint64_t(stage == Stage::All ? 200 : 100));
    }
}

void TimelineModelTest::runsNeverMixAStagesKernelsWithGreyedOnes()
{
    const auto t = stagedTrace(1000);
    TimelineModel m(t);
    m.setStage(Stage::Decode);
    const TimelineTrack &track = m.tracks()[1];  // stream 7
    QVERIFY(track.dimmed > 0 && track.dimmed < track.size());
    // Zoomed out: 20 000 ns over 10 px, every kernel sub-pixel. Without the stage it is one run.
    // The prefill kernels come first in time: one grey run holding exactly the greyed kernels,
    // then one run of the stage's (stream 7 has the kernels i % 3 != 0: 266 of them before 400).
    const auto runs = TimelineLod::build(track, 0, 20'000, 10, true);
    QCOMPARE(runs.size(), size_t(2));
    QCOMPARE(track.dimmed, size_t(266));
    QCOMPARE(runs[0].colour, TimelineTrack::kDimmed);
    QCOMPARE(size_t(runs[0].count), track.dimmed);
    QVERIFY(runs[1].colour != TimelineTrack::kDimmed);
    QCOMPARE(size_t(runs[1].count), track.size() - track.dimmed);
    m.setStage(Stage::All);
    QCOMPARE(TimelineLod::build(m.tracks()[1], 0, 20'000, 10, true).size(), size_t(1));
}

// Epoch stamps (1.7e18 ns) step by 256 ns as double: the runs are built from offsets to an origin.
void TimelineModelTest::runsAtEpochTimesAreExactFromTheirOrigin()
{
    constexpr Ns base = 1'700'000'000'000'000'123;
    std::vector<TimelineKernel> kernels;
    for (int i = 0; i < 8; ++i)
        kernels.push_back({7, base + 100 * i, 100, "Op " + std::to_string(i)});
    const TimelineModel m(timelineTrace(kernels));
    QCOMPARE(m.origin(), base);
    const auto runs = TimelineLod::build(m.tracks()[0], 0, 800, 800, true, m.origin());  // 1 ns per pixel
    QCOMPARE(runs.size(), size_t(8));
    for (uint32_t i = 0; i < 8; ++i) {
        QCOMPARE(runs[i].x0, float(100 * i));
        QCOMPARE(runs[i].x1, float(100 * i + 100));
        QCOMPARE(runs[i].count, 1u);
        QCOMPARE(m.tracks()[0].ids[runs[i].first], i);
    }
}

QTEST_MAIN(TimelineModelTest)
#include "tst_timelinemodel.moc"
