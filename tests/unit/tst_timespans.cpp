// The length of a union of time spans, whatever order the spans come in: in time order, as two
// time-ordered lists one after the other (kernels, then memory operations), or shuffled.
#include "util/timespans.h"

#include <QTest>

using namespace fusion;

class TimeSpansTest : public QObject {
    Q_OBJECT
private slots:
    void unionLengthInAnyOrder();
};

void TimeSpansTest::unionLengthInAnyOrder()
{
    // [0,10) [5,15) [20,30) | [12,22) [40,45): covered 0–30 and 40–45, 35 in all.
    const std::vector<TimeSpan> sorted = {{0, 10}, {5, 15}, {20, 30}}, second = {{12, 22}, {40, 45}};
    std::vector<TimeSpan> one = sorted;
    QCOMPARE(unionLength(one), int64_t(25));  // 0–15 and 20–30
    std::vector<TimeSpan> twoRuns = sorted;
    twoRuns.insert(twoRuns.end(), second.begin(), second.end());
    QCOMPARE(unionLength(twoRuns), int64_t(35));
    QVERIFY(std::is_sorted(twoRuns.begin(), twoRuns.end()));  // callers read the spans sorted after
    std::vector<TimeSpan> shuffled = {{40, 45}, {5, 15}, {20, 30}, {0, 10}, {12, 22}};
    QCOMPARE(unionLength(shuffled), int64_t(35));
    const std::vector<TimeSpan> merged = mergeSpans({{20, 30}, {40, 45}, {0, 10}, {12, 22}, {5, 15}});
    QCOMPARE(merged, (std::vector<TimeSpan>{{0, 30}, {40, 45}}));
}

QTEST_APPLESS_MAIN(TimeSpansTest)
#include "tst_timespans.moc"
