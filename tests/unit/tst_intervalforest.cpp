// Innermost-interval queries when intervals do not nest: stage windows that overlap their
// neighbours, compared with a brute-force answer, and the shape of the forest they make.
#include "util/intervalforest.h"

#include <QTest>
#include <random>

using namespace fusion;

namespace {
using Interval = IntervalForest::Interval;

// The interval a query must return: of those in the group holding t, the latest to start, the
// shorter of two starting together, the later id of two identical ones (the forest's sort order).
int bruteInnermost(const std::vector<Interval> &all, IntervalForest::Group g, int64_t t)
{
    const Interval *best = nullptr;
    for (const Interval &iv : all) {
        if (iv.group != g || iv.start > t || iv.end < t)
            continue;
        if (!best || iv.start > best->start || (iv.start == best->start && (iv.end < best->end
                                                || (iv.end == best->end && iv.id > best->id))))
            best = &iv;
    }
    return best ? int(best->id) : -1;
}

// `count` intervals of group (1, 0 … threads - 1) starting in [0, span), up to maxLength long.
std::vector<Interval> randomIntervals(std::mt19937 &rng, int count, int64_t span, int64_t maxLength, int64_t threads)
{
    std::vector<Interval> all;
    for (int i = 0; i < count; ++i) {
        const int64_t start = int64_t(rng() % uint64_t(span));
        const int64_t length = int64_t(rng() % uint64_t(maxLength));
        all.push_back({{1, int64_t(rng() % uint64_t(threads))}, start, start + length, uint32_t(i)});
    }
    return all;
}

int idOf(const IntervalForest &f, int32_t n)
{
    return n == IntervalForest::npos ? -1 : int(f.node(n).id);
}
} // namespace

class IntervalForestTest : public QObject {
    Q_OBJECT
private slots:
    void overlappingWindowsAreSiblingsNotAChain();
    void queriesMatchBruteForceOnOverlappingAndNestedIntervals();
    void aChildEndingWithinAMicrosecondOfItsParentStaysItsChild();
    void buildByGroupPlacesEachThreadsIntervalsTogetherInTheirOrder();
    void aHintedQueryAnswersAsABinarySearchWhereverTheHintPoints();
};

// Each window overlaps the next without nesting in it. The stack used to pop only its top, so each
// became the parent of the next: a chain of n, walked by every query after the last window
// (quadratic; 20k windows took 1.4 s of triage).
void IntervalForestTest::overlappingWindowsAreSiblingsNotAChain()
{
    std::vector<Interval> windows;
    constexpr uint32_t n = 20000;
    for (uint32_t i = 0; i < n; ++i)
        windows.push_back({{0, 0}, int64_t(i) * 10000, int64_t(i) * 10000 + 15000, i});  // 10 µs apart, 15 µs long
    IntervalForest f;
    f.build(windows);
    for (int32_t i = 0; i < int32_t(n); ++i)
        QCOMPARE(f.parent(i), IntervalForest::npos);
    QCOMPARE(idOf(f, f.innermost({0, 0}, 12000)), 1);  // in windows 0 and 1: the later one
    QCOMPARE(idOf(f, f.innermost({0, 0}, 5000)), 0);
    const int64_t after = 10000 * int64_t(n) + 20000;
    QCOMPARE(idOf(f, f.innermost({0, 0}, after)), -1);
    int64_t gap = 0;
    QCOMPARE(idOf(f, f.nearest({0, 0}, after, gap)), int(n - 1));
    QCOMPARE(gap, after - (10000 * int64_t(n - 1) + 15000));
}

void IntervalForestTest::queriesMatchBruteForceOnOverlappingAndNestedIntervals()
{
    std::mt19937 rng(15);
    for (int round = 0; round < 40; ++round) {
        const int count = 5 + int(rng() % 60);
        const std::vector<Interval> all = randomIntervals(rng, count, 200, round % 2 ? 30 : 120, 2);
        IntervalForest f;
        f.build(all);
        for (int32_t i = 0; i < int32_t(f.size()); ++i)
            QVERIFY(f.parent(i) < i);  // parents precede their children
        for (int64_t g = 0; g < 2; ++g)
            for (int64_t t = -2; t < 340; ++t)
                QCOMPARE(idOf(f, f.innermost({1, g}, t)), bruteInnermost(all, {1, g}, t));
    }
}

// Profilers round start and duration separately, so a nested frame can end a little after its
// caller; it is still the caller's child (attribution inherits the caller's model frame).
void IntervalForestTest::aChildEndingWithinAMicrosecondOfItsParentStaysItsChild()
{
    IntervalForest f;
    f.build({{{0, 0}, 0, 10000, 1}, {{0, 0}, 5000, 10001, 2}, {{0, 0}, 6000, 12000, 3}});
    QCOMPARE(idOf(f, f.parent(1)), 1);
    QCOMPARE(idOf(f, f.parent(2)), -1);  // ends 2 µs after the first: overlaps, does not nest
    QCOMPARE(idOf(f, f.innermost({0, 0}, 10001)), 3);
    QCOMPARE(idOf(f, f.innermost({0, 0}, 11000)), 3);
    QCOMPARE(idOf(f, f.innermost({0, 0}, 5500)), 2);
}

// Two threads' frames interleaved as a trace tiled in time has them: buildByGroup places them thread
// by thread (threads in order), each in its own order, and answers as a forest built from the input.
// Thread (7, 7) lists a child before its parent, as profilers that write frames by their end do: its
// nodes are sorted on their own.
void IntervalForestTest::buildByGroupPlacesEachThreadsIntervalsTogetherInTheirOrder()
{
    const std::vector<Interval> input = {
        {{5, 5}, 0, 100, 0}, {{5, 5}, 10, 20, 1}, {{0, 0}, 0, 50, 2}, {{7, 7}, 30, 40, 7},
        {{5, 5}, 200, 300, 3}, {{5, 5}, 210, 220, 4}, {{0, 0}, 200, 250, 5}, {{0, 0}, 260, 270, 6},
        {{7, 7}, 20, 60, 8},
    };
    IntervalForest fromInput, placed;
    fromInput.build(input);
    placed.buildByGroup(input.size(), [&](size_t i) { return input[i]; });
    std::vector<uint32_t> ids;
    for (int32_t n = 0; n < int32_t(placed.size()); ++n)
        ids.push_back(placed.node(n).id);
    QCOMPARE(ids, (std::vector<uint32_t>{2, 5, 6, 0, 1, 3, 4, 8, 7}));
    QCOMPARE(placed.size(), fromInput.size());  // both ways build the same forest
    for (int32_t n = 0; n < int32_t(placed.size()); ++n) {
        QCOMPARE(placed.node(n).id, fromInput.node(n).id);
        QCOMPARE(placed.parent(n), fromInput.parent(n));
    }
    for (const IntervalForest::Group &g : {IntervalForest::Group{0, 0}, IntervalForest::Group{5, 5}, IntervalForest::Group{7, 7}})
        for (int64_t t = -5; t <= 305; t += 5) {
            QCOMPARE(idOf(placed, placed.innermost(g, t)), bruteInnermost(input, g, t));
            QCOMPARE(idOf(fromInput, fromInput.innermost(g, t)), bruteInnermost(input, g, t));
        }
    QCOMPARE(idOf(placed, placed.innermost({5, 5}, 215)), 4);
    QCOMPARE(idOf(placed, placed.innermost({7, 7}, 35)), 7);
    QCOMPARE(idOf(placed, placed.parent(placed.innermost({7, 7}, 35))), 8);
}

// A hint only says where to start looking: queries rising, falling, jumping, alternating between
// threads, and hints left by another thread or pointing outside the forest all get the brute-force
// answer. Many intervals share a start, so the search must land on the last of equal starts.
void IntervalForestTest::aHintedQueryAnswersAsABinarySearchWhereverTheHintPoints()
{
    std::mt19937 rng(16);
    for (int round = 0; round < 30; ++round) {
        const int count = 1 + int(rng() % 400);
        const std::vector<Interval> all = randomIntervals(rng, count, round % 3 ? 2000 : 50, 300, 3);
        IntervalForest f;
        f.build(all);
        std::vector<std::pair<int64_t, int64_t>> queries;  // (thread, time)
        for (int64_t t = -3; t < 2400; t += 7)
            queries.push_back({0, t});  // rising
        for (int64_t t = 2400; t > -3; t -= 5)
            queries.push_back({1, t});  // falling
        for (int q = 0; q < 600; ++q)
            queries.push_back({int64_t(rng() % 4), int64_t(rng() % 2500) - 100});  // jumping, and a thread with none
        for (int64_t t = 0; t < 2400; t += 3)
            queries.push_back({t % 2, t + int64_t(rng() % 40)});  // two threads in turn, nearly rising
        IntervalForest::Hint hint;
        for (const auto &[g, t] : queries) {
            if (rng() % 50 == 0)
                hint.at = int32_t(rng() % (f.size() + 20)) - 10;  // anywhere, in the forest or not
            QCOMPARE(idOf(f, f.innermost({1, g}, t, hint)), bruteInnermost(all, {1, g}, t));
        }
    }
}

QTEST_GUILESS_MAIN(IntervalForestTest)
#include "tst_intervalforest.moc"
