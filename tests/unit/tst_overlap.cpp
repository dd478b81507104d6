// The overlap sweep line (docs/fusion_semantics.md B.2) on small hand-made traces whose exclusive
// and hidden times can be read off the timeline.
#include "testsupport.h"
#include "triage/overlap.h"

#include <QTest>

using namespace fusion;

namespace {
const OverlapRow *row(const StageOverlap &s, const std::string &kernel)
{
    for (const OverlapRow &r : s.rows)
        if (r.kernel == kernel)
            return &r;
    return nullptr;
}
} // namespace

class OverlapTest : public QObject {
    Q_OBJECT
private slots:
    void aCopyRunningBesideAGemmOnAnotherStreamIsMostlyHidden()
    {
        // Stream 7: gemm_kernel 0..100 us. Stream 8: copy_kernel 10..90 us, then the
        // elementwise elementwise_add_kernel 200..260 us alone.
        //   busy = 100 + 60 = 160 us; overlap (2 streams) = 80 us; max 2 streams.
        //   copy_kernel: 80 us, all hidden by compute → hidden ratio 1.0 ≥ 0.65 → low-roi-hidden, P4.
        //   elementwise_add_kernel: 60 us exclusive → headroom (elementwise); its stream neighbour (the copy)
        //   ends 110 us earlier, far beyond the tight gap → serial risk low → P1 "try fusion".
        //   gemm_kernel: 100 us, 20 us exclusive (0.2 < 0.45) → no row.
        const auto t = test::loadJson(R"J([
          {"ph":"X","cat":"kernel","name":"gemm_kernel","pid":0,"tid":7,"ts":0,"dur":100,"args":{"stream":7}},
          {"ph":"X","cat":"kernel","name":"copy_kernel","pid":0,"tid":8,"ts":10,"dur":80,"args":{"stream":8}},
          {"ph":"X","cat":"kernel","name":"elementwise_add_kernel","pid":0,"tid":8,"ts":200,"dur":60,"args":{"stream":8}}
        ])J");
        const TraceAttribution attr = attributeKernels(*t);
        const TraceStages stages = detectStages(*t);
        const auto result = findOverlap(*t, attr, stages);
        QCOMPARE(result.size(), size_t(1));
        const StageOverlap &s = result[0];
        QCOMPARE(s.busy, Ns(160000));
        QCOMPARE(s.overlap, Ns(80000));
        QCOMPARE(s.maxConcurrentStreams, 2);
        const OverlapRow *copy = row(s, "copy_kernel");
        QVERIFY(copy);
        QCOMPARE(copy->verdict, std::string("low-roi-hidden"));
        QCOMPARE(copy->hidden, Ns(80000));
        QCOMPARE(copy->hiddenByCompute, Ns(80000));
        QCOMPARE(copy->priority, 4);
        QCOMPARE(copy->topOverlapper, std::string("gemm_kernel"));
        const OverlapRow *add = row(s, "elementwise_add_kernel");
        QVERIFY(add);
        QCOMPARE(add->verdict, std::string("headroom"));
        QCOMPARE(add->exclusive, Ns(60000));
        QCOMPARE(add->priority, 1);
        QCOMPARE(add->recommendation, std::string("try fusion"));
        QVERIFY(!row(s, "gemm_kernel"));
    }

    void kernelsOverlappingOnTheSameStreamAreBothExclusive()
    {
        // Two elementwise kernels on one stream overlapping 5..10 us: no other stream is active,
        // so all 10 + 10 us are exclusive (B.2 note) and busy is the union, 15 us.
        const auto t = test::loadJson(R"J([
          {"ph":"X","cat":"kernel","name":"elementwise_a","pid":0,"tid":7,"ts":0,"dur":10,"args":{"stream":7}},
          {"ph":"X","cat":"kernel","name":"elementwise_b","pid":0,"tid":7,"ts":5,"dur":10,"args":{"stream":7}}
        ])J");
        const auto result = findOverlap(*t, attributeKernels(*t), detectStages(*t));
        QCOMPARE(result[0].busy, Ns(15000));
        QCOMPARE(result[0].overlap, Ns(0));
        const OverlapRow *a = row(result[0], "elementwise_a");
        QVERIFY(a);
        QCOMPARE(a->exclusive, Ns(10000));
        QCOMPARE(a->hidden, Ns(0));
    }
};

QTEST_GUILESS_MAIN(OverlapTest)
#include "tst_overlap.moc"
