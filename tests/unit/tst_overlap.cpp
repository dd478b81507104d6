// The overlap sweep line (docs/fusion_semantics.md B.2) on small hand-made traces whose exclusive
// and hidden times can be read off the timeline.
#include "testsupport.h"
#include "triage/overlap.h"

#include <QTest>
#include <random>

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

    void eachKernelIsHiddenByTheStrongestKernelOnAnotherStream()
    {
        // Four streams (times in us):
        //   s1: gemm_a 0..100, memset_f 10..50        s2: nccl_allreduce 20..60, gemm_d 70..90
        //   s3: copy_c 40..120                        s1: relu_e 100..130
        // The strongest other-stream kernel (compute > communication > memory > elementwise, then
        // the longer) hides each one:
        //   copy_c:   40..70 and 90..100 under gemm_a, 70..90 under gemm_a (longer than gemm_d),
        //             100..120 under relu_e → hidden 80, of which under compute 60, top gemm_a 60.
        //   memset_f: 10..20 with only its own stream busy (exclusive); 20..50 gemm_a is strongest
        //             but on its own stream, so nccl_allreduce hides it → hidden 30, none by
        //             compute (the only compute runs on its own stream), top nccl_allreduce 30.
        //   relu_e:   100..120 under copy_c, 120..130 alone → exclusive 10, hidden 20.
        //   busy 0..130; two or more streams 20..120; three at most (40..60).
        const auto t = test::loadJson(R"J([
          {"ph":"X","cat":"kernel","name":"gemm_a","pid":0,"tid":1,"ts":0,"dur":100,"args":{"stream":1}},
          {"ph":"X","cat":"kernel","name":"memset_f","pid":0,"tid":1,"ts":10,"dur":40,"args":{"stream":1}},
          {"ph":"X","cat":"kernel","name":"nccl_allreduce","pid":0,"tid":2,"ts":20,"dur":40,"args":{"stream":2}},
          {"ph":"X","cat":"kernel","name":"copy_c","pid":0,"tid":3,"ts":40,"dur":80,"args":{"stream":3}},
          {"ph":"X","cat":"kernel","name":"gemm_d","pid":0,"tid":2,"ts":70,"dur":20,"args":{"stream":2}},
          {"ph":"X","cat":"kernel","name":"relu_e","pid":0,"tid":1,"ts":100,"dur":30,"args":{"stream":1}}
        ])J");
        const auto result = findOverlap(*t, attributeKernels(*t), detectStages(*t));
        QCOMPARE(result.size(), size_t(1));
        const StageOverlap &s = result[0];
        QCOMPARE(s.busy, Ns(130000));
        QCOMPARE(s.overlap, Ns(100000));
        QCOMPARE(s.maxConcurrentStreams, 3);
        const OverlapRow *copy = row(s, "copy_c");
        QVERIFY(copy);
        QCOMPARE(copy->hidden, Ns(80000));
        QCOMPARE(copy->exclusive, Ns(0));
        QCOMPARE(copy->hiddenByCompute, Ns(60000));
        QCOMPARE(copy->topOverlapper, std::string("gemm_a"));
        QCOMPARE(copy->topOverlapperTime, Ns(60000));
        const OverlapRow *memset = row(s, "memset_f");
        QVERIFY(memset);
        QCOMPARE(memset->exclusive, Ns(10000));
        QCOMPARE(memset->hidden, Ns(30000));
        QCOMPARE(memset->hiddenByCompute, Ns(0));
        QCOMPARE(memset->topOverlapper, std::string("nccl_allreduce"));
        QCOMPARE(memset->topOverlapperTime, Ns(30000));
        const OverlapRow *relu = row(s, "relu_e");
        QVERIFY(relu);
        QCOMPARE(relu->exclusive, Ns(10000));
        QCOMPARE(relu->hidden, Ns(20000));
        QCOMPARE(relu->topOverlapper, std::string("copy_c"));
        QCOMPARE(relu->topOverlapperTime, Ns(20000));
    }

    // The sweep keeps running totals instead of comparing every running kernel with every other at
    // each step; it must give exactly what that definition gives, ties included (equal categories,
    // durations and starts).
    void theSweepGivesWhatItsDefinitionGives()
    {
        std::mt19937 rng(5);
        for (int round = 0; round < 300; ++round) {
            std::vector<SweepInterval> iv;
            const int n = 1 + int(rng() % 60);
            const uint32_t streams = 1 + rng() % 5, names = 1 + rng() % 7;
            for (int i = 0; i < n; ++i) {
                const Ns start = Ns(rng() % 50) * 1000, dur = Ns(1 + rng() % 8) * 1000;
                iv.push_back({start, start + dur, uint32_t(rng() % names), uint32_t(rng() % streams),
                              OverlapBucket(rng() % 5)});
            }
            const OverlapSweep fast = sweepOverlap(iv), reference = sweepOverlapReference(iv);
            QCOMPARE(fast.busy, reference.busy);
            QCOMPARE(fast.overlap, reference.overlap);
            QCOMPARE(fast.maxConcurrentStreams, reference.maxConcurrentStreams);
            QCOMPARE(fast.times, reference.times);
            QCOMPARE(fast.hiddenUnder, reference.hiddenUnder);
        }
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
