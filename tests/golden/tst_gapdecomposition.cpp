// The gap decomposition (compare/gapdecomposition.h) on the bundled samples and the shared Qwen and
// BERT pairs. The totals are checked against figures measured over the raw trace JSON by
// tools/gap_reference.py (run once, numbers written down below): GPU busy = the union of the
// kernels, memcpys and memsets of the profiler steps, wall = each step's first start to last end.
// The parts must add up to the measured difference to the nanosecond, comparing B with A must negate
// every part, a trace against itself must give nothing but zeros, and a fusion injected with a known
// saving (tools/inject_fusion.py --fused-share) must appear as exactly that saving.
#include "testsupport.h"
#include "compare/comparison.h"
#include "report/comparereport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <future>
#include <map>
#include <sstream>

using namespace fusion;
using test::kBertH100;
using test::kBertMi300;
using test::kQwenH100;
using test::kQwenMi300;

namespace {

std::string sample(const char *name)
{
    return (test::sourceDir() + QStringLiteral("/resources/samples/") + QLatin1String(name)).toStdString();
}

std::shared_ptr<AnalyzedTrace> load(const std::string &path, Scope::Kind scope = Scope::Kind::Steps)
{
    AnalyzeOptions o;
    o.scope.kind = scope;
    return loadAndAnalyze(path, {}, o);
}

std::pair<Comparison, Comparison> bothWays(const std::string &a, const std::string &b, Scope::Kind scope = Scope::Kind::Steps)
{
    auto fa = std::async(std::launch::async, [&] { return load(a, scope); });
    const auto tb = load(b, scope);
    const auto ta = fa.get();
    return {compareTraces(*ta, *tb), compareTraces(*tb, *ta)};
}

Ns sumOfParts(const GapBreakdown &g)
{
    Ns s = 0;
    for (const GapPart &p : g.parts)
        s += p.gap();
    return s;
}

// Every breakdown of a comparison: busy, wall (when there is one), then one per layer class.
std::vector<const GapBreakdown *> breakdowns(const Comparison &c)
{
    std::vector<const GapBreakdown *> out{&c.gap.busy};
    if (c.gap.hasWall)
        out.push_back(&c.gap.wall);
    for (const GapLayerClass &l : c.gap.layerClasses)
        out.push_back(&l.gap);
    return out;
}

// The parts add up to the difference of the totals on each side, exactly.
void requireAdditive(const Comparison &c)
{
    for (const GapBreakdown *g : breakdowns(c)) {
        QCOMPARE(sumOfParts(*g), g->bTotal - g->aTotal);
        QVERIFY(!g->parts.empty() && g->parts.back().kind == GapKind::Residual);  // shown, never hidden
    }
}

// B against A is A against B with every part negated (same names, sides and kernels swapped).
void requireNegated(const Comparison &ab, const Comparison &ba)
{
    const auto x = breakdowns(ab), y = breakdowns(ba);
    QCOMPARE(x.size(), y.size());
    for (size_t i = 0; i < x.size(); ++i) {
        QCOMPARE(x[i]->aTotal, y[i]->bTotal);
        QCOMPARE(x[i]->bTotal, y[i]->aTotal);
        QCOMPARE(x[i]->parts.size(), y[i]->parts.size());
        std::map<std::string, const GapPart *> byName;
        for (const GapPart &p : y[i]->parts)
            byName[p.name] = &p;
        for (const GapPart &p : x[i]->parts) {
            const auto it = byName.find(p.name);
            QVERIFY2(it != byName.end(), p.name.c_str());
            QCOMPARE(it->second->gap(), -p.gap());
            QCOMPARE(it->second->aKernels, p.bKernels);
            QCOMPARE(it->second->bKernels, p.aKernels);
        }
    }
    static const std::map<std::string, std::string> mirror = {{"b_fused_like_a", "a_fused_like_b"}, {"a_fused_like_b", "b_fused_like_a"},
                                                              {"b_at_a_speed", "a_at_b_speed"}, {"a_at_b_speed", "b_at_a_speed"}};
    QCOMPARE(ab.gap.whatIf.size(), size_t(4));
    for (const WhatIf &w : ab.gap.whatIf) {
        const auto it = std::find_if(ba.gap.whatIf.begin(), ba.gap.whatIf.end(),
                                     [&](const WhatIf &v) { return v.scenario == mirror.at(w.scenario); });
        QVERIFY(it != ba.gap.whatIf.end());
        QCOMPARE(it->base, w.base);
        QCOMPARE(it->projected, w.projected);
    }
}

const GapPart *partOf(const GapBreakdown &g, GapKind kind)
{
    for (const GapPart &p : g.parts)
        if (p.kind == kind)
            return &p;
    return nullptr;
}

struct Expected {
    Ns busyA, busyB, wallA, wallB;
};

void requireTotals(const Comparison &c, const Expected &e)
{
    QCOMPARE(c.gap.busy.aTotal, e.busyA);
    QCOMPARE(c.gap.busy.bTotal, e.busyB);
    QVERIFY(c.gap.hasWall);
    QCOMPARE(c.gap.wall.aTotal, e.wallA);
    QCOMPARE(c.gap.wall.bTotal, e.wallB);
}

} // namespace

class GapDecompositionTest : public QObject {
    Q_OBJECT
private slots:
    // The bundled NVIDIA/AMD sample pair (4 profiler steps each): `python3 tools/gap_reference.py
    // resources/samples/sample_{nvidia,amd}.json.gz` gives busy 34035.395 / 33728.549 µs and wall
    // 36413.999 / 36247.579 µs.
    void theSamplePairAddsUpToTheMeasuredDifference()
    {
        const auto [ab, ba] = bothWays(sample("sample_nvidia.json.gz"), sample("sample_amd.json.gz"));
        requireTotals(ab, {34035395, 33728549, 36413999, 36247579});
        requireAdditive(ab);
        requireAdditive(ba);
        requireNegated(ab, ba);
        // Its four fusion findings each get a part, and they are what the findings' kernels cost.
        size_t fusions = 0;
        for (const GapPart &p : ab.gap.busy.parts)
            fusions += p.kind == GapKind::Fusion;
        QCOMPARE(fusions, ab.findings.size());
        QCOMPARE(fusions, size_t(4));
        QCOMPARE(ab.gap.layerClasses.size(), size_t(1));
        QCOMPARE(ab.gap.layerClasses.front().name, std::string("LlamaDecoderLayer"));
        QCOMPARE(ab.gap.layerClasses.front().layers, uint32_t(ab.layers.pairs.size()));
    }

    // A trace against itself: every part of every breakdown is 0, and no what-if saves anything.
    void aTraceAgainstItselfGivesOnlyZeros()
    {
        const auto t = load(sample("sample_nvidia.json.gz"));
        const Comparison c = compareTraces(*t, *t);
        for (const GapBreakdown *g : breakdowns(c)) {
            QCOMPARE(g->aTotal, g->bTotal);
            for (const GapPart &p : g->parts) {
                QVERIFY2(p.gap() == 0, p.name.c_str());
                QCOMPARE(p.a, p.b);
            }
        }
        QVERIFY(c.gap.busy.parts.size() > 3);  // the kernel speed parts are there, at 0
        for (const WhatIf &w : c.gap.whatIf)
            QCOMPARE(w.saving(), Ns(0));
    }

    // pow + mean fused in every decoder layer of the sample, the fused kernel taking half the two
    // kernels' time: the fusion part is exactly the saving the injection tool reports (from the raw
    // durations), every other kernel part is 0. The sample's all-reduce kernels run on a second
    // stream beside the norm kernels, so the busy time drops by less: the residual (concurrency)
    // takes the rest, and the parts still add up.
    void anInjectedFusionAppearsAsExactlyItsSaving()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto [mutated, saving] = inject(sample("sample_nvidia.json.gz"), dir.path());
        QVERIFY(saving > 0);
        const auto [om, mo] = bothWays(sample("sample_nvidia.json.gz"), mutated);
        requireAdditive(om);
        requireNegated(om, mo);
        requireOnlyTheFusion(om, -saving);
        // From the raw JSON (tools/gap_reference.py): busy 34035.395 → 33932.745 µs, 102.650 µs
        // less, the rest of the saving having been hidden under the all-reduce already. The wall
        // time does not move (the fused kernel starts where the pair did): the layers' idle gaps
        // grow by what the busy time lost.
        QCOMPARE(om.gap.busy.bTotal, Ns(33932745));
        QCOMPARE(partOf(om.gap.busy, GapKind::Residual)->gap(), saving - Ns(102650));
        QCOMPARE(om.gap.wall.bTotal - om.gap.wall.aTotal, Ns(0));
        QVERIFY(partOf(om.gap.wall, GapKind::Idle));
        QCOMPARE(partOf(om.gap.wall, GapKind::Idle)->gap(), Ns(102650));
        // The original would save exactly that by fusing like the mutated trace (the same kernels
        // run at the same speed on both sides: a speed ratio of 1).
        const auto it = std::find_if(om.gap.whatIf.begin(), om.gap.whatIf.end(), [](const WhatIf &w) { return w.scenario == "a_fused_like_b"; });
        QVERIFY(it != om.gap.whatIf.end());
        QCOMPARE(it->saving(), saving);
        QCOMPARE(it->items.size(), size_t(1));
        QCOMPARE(it->items.front().speedRatio, 1.0);
    }

    // The same on the real Qwen H100 trace: one stream, so the busy time drops by exactly the
    // saving too (31905.473 → 30904.324 µs by tools/gap_reference.py on the injected file).
    void anInjectedFusionInTheQwenTraceIsTheWholeGap()
    {
        REQUIRE_SHARED_TRACES();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto [mutated, saving] = inject(test::sharedTrace(kQwenH100), dir.path());
        QCOMPARE(saving, Ns(1001149));  // 48 pairs, all inside the profiler step
        const auto [om, mo] = bothWays(test::sharedTrace(kQwenH100), mutated);
        requireAdditive(om);
        requireNegated(om, mo);
        requireOnlyTheFusion(om, -saving);
        QCOMPARE(om.gap.busy.aTotal, Ns(31905473));
        QCOMPARE(om.gap.busy.bTotal, Ns(30904324));
        QVERIFY(partOf(om.gap.busy, GapKind::Residual));
        QCOMPARE(partOf(om.gap.busy, GapKind::Residual)->gap(), Ns(0));
    }

    // The Qwen pair, H100 against MI300X. tools/gap_reference.py: busy 31905.473 / 29743.938 µs
    // (TraceLens's own reference: 31.905 / 29.744 ms), wall 34892.419 / 33131.334 µs; with
    // --all (every operation of the file) busy 45647.300 / 43062.802, wall 49652.832 / 47085.800.
    void theQwenPairAddsUpToTheMeasuredDifference()
    {
        REQUIRE_SHARED_TRACES();
        const auto [ab, ba] = bothWays(test::sharedTrace(kQwenH100), test::sharedTrace(kQwenMi300));
        requireTotals(ab, {31905473, 29743938, 34892419, 33131334});
        requireAdditive(ab);
        requireAdditive(ba);
        requireNegated(ab, ba);
        QCOMPARE(ab.gap.layerClasses.size(), size_t(1));
        QCOMPARE(ab.gap.layerClasses.front().layers, uint32_t(24));
        // One stream: the decoder layers' kernels never overlap, so nothing is left to the residual
        // of the busy time, and every paired kernel is counted by a kernel speed part.
        QVERIFY(partOf(ab.gap.busy, GapKind::Residual));
        QCOMPARE(partOf(ab.gap.busy, GapKind::Residual)->gap(), Ns(0));
        QVERIFY(partOf(ab.gap.busy, GapKind::Residual)->aKernels.empty());

        const auto [all, allBa] = bothWays(test::sharedTrace(kQwenH100), test::sharedTrace(kQwenMi300), Scope::Kind::All);
        requireTotals(all, {45647300, 43062802, 49652832, 47085800});
        requireAdditive(all);
        requireNegated(all, allBa);
    }

    // bert-small, H100 against MI300X: busy 309.437 / 390.748 µs, wall 3907.825 / 3495.976 µs.
    void theBertPairAddsUpToTheMeasuredDifference()
    {
        REQUIRE_SHARED_TRACES();
        const auto [ab, ba] = bothWays(test::sharedTrace(kBertH100), test::sharedTrace(kBertMi300));
        requireTotals(ab, {309437, 390748, 3907825, 3495976});
        requireAdditive(ab);
        requireAdditive(ba);
        requireNegated(ab, ba);
        QCOMPARE(ab.gap.layerClasses.front().name, std::string("BertLayer"));
    }

    // The CLI's JSON: gap.{a_us, b_us, parts[{name, kind, us, a_kernels, b_kernels}]} whose us add
    // up to b_us − a_us (within the 3-decimal rounding: exactly, since times are whole ns), and
    // what_if with the four scenarios; the CSV directory holds gap.csv and what_if.csv.
    void theJsonCarriesTheGapAndTheWhatIfs()
    {
        const test::CliOutcome r = test::runCli({QStringLiteral("compare"), QString::fromStdString(sample("sample_nvidia.json.gz")),
                                                 QString::fromStdString(sample("sample_amd.json.gz")), QStringLiteral("--format"),
                                                 QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonObject gap = o.value(QLatin1String("gap")).toObject();
        QCOMPARE(gap.value(QLatin1String("a_us")).toDouble(), 34035.395);
        QCOMPARE(gap.value(QLatin1String("b_us")).toDouble(), 33728.549);
        double sum = 0;
        QStringList kinds;
        for (const auto &v : gap.value(QLatin1String("parts")).toArray()) {
            const QJsonObject p = v.toObject();
            sum += p.value(QLatin1String("us")).toDouble();
            kinds << p.value(QLatin1String("kind")).toString();
            QVERIFY(p.value(QLatin1String("a_kernels")).isArray() && p.value(QLatin1String("b_kernels")).isArray());
            QVERIFY(!p.value(QLatin1String("name")).toString().isEmpty());
        }
        QVERIFY(std::abs(sum - (33728.549 - 34035.395)) < 5e-7);
        for (const char *k : {"fusion", "kernel_speed", "extra_work", "outside_layers", "residual"})
            QVERIFY2(kinds.contains(QLatin1String(k)), k);
        QVERIFY(gap.value(QLatin1String("wall")).toObject().value(QLatin1String("parts")).toArray().size() > 0);
        QStringList scenarios;
        for (const auto &v : o.value(QLatin1String("what_if")).toArray())
            scenarios << v.toObject().value(QLatin1String("scenario")).toString();
        QCOMPARE(scenarios, (QStringList{QStringLiteral("b_fused_like_a"), QStringLiteral("b_at_a_speed"),
                                         QStringLiteral("a_fused_like_b"), QStringLiteral("a_at_b_speed")}));

        QTemporaryDir dir;
        const test::CliOutcome csv = test::runCli({QStringLiteral("compare"), QString::fromStdString(sample("sample_nvidia.json.gz")),
                                                   QString::fromStdString(sample("sample_amd.json.gz")), QStringLiteral("--format"),
                                                   QStringLiteral("csv"), QStringLiteral("--out"), dir.path()});
        QCOMPARE(csv.exitCode, 0);
        for (const char *f : {"gap.csv", "what_if.csv"})
            QVERIFY2(QFile::exists(dir.filePath(QLatin1String(f))), f);
    }

private:
    // pow + mean merged in every decoder layer, the fused kernel lasting half the pair's time; the
    // mutated trace's path and the summed saving the tool computed from the raw durations.
    std::pair<std::string, Ns> inject(const std::string &source, const QString &dir)
    {
        const QString out = dir + QStringLiteral("/fused.json.gz"), truth = dir + QStringLiteral("/truth.json");
        QProcess p;
        p.start(QStringLiteral("python3"),
                {test::sourceDir() + QStringLiteral("/tools/inject_fusion.py"), QString::fromStdString(source),
                 QStringLiteral("--first"), QStringLiteral("op:^aten::pow$"), QStringLiteral("--second"),
                 QStringLiteral("op:^aten::mean$"), QStringLiteral("--scope"), QStringLiteral("DecoderLayer"),
                 QStringLiteral("--fused-name"), QStringLiteral("triton_red_fused_mean_pow_0"),
                 QStringLiteral("--fused-share"), QStringLiteral("0.5"), QStringLiteral("--out"), out,
                 QStringLiteral("--truth"), truth});
        if (!p.waitForFinished(300000) || p.exitCode() != 0) {
            qWarning("inject_fusion.py failed: %s", p.readAllStandardError().constData());
            return {{}, 0};
        }
        QFile f(truth);
        if (!f.open(QIODevice::ReadOnly))
            return {{}, 0};
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        return {out.toStdString(), Ns(o.value(QLatin1String("saving_ns")).toInteger())};
    }

    // Exactly one fusion part, of `gap`; every other kernel part at 0.
    static void requireOnlyTheFusion(const Comparison &c, Ns gap)
    {
        QCOMPARE(c.findings.size(), size_t(1));
        size_t fusions = 0;
        for (const GapPart &p : c.gap.busy.parts) {
            if (p.kind == GapKind::Fusion) {
                ++fusions;
                QCOMPARE(p.gap(), gap);
            } else if (p.kind == GapKind::KernelSpeed || p.kind == GapKind::ExtraWork || p.kind == GapKind::OutsideLayers) {
                QVERIFY2(p.gap() == 0, p.name.c_str());
            }
        }
        QCOMPARE(fusions, size_t(1));
    }
};

QTEST_GUILESS_MAIN(GapDecompositionTest)
#include "tst_gapdecomposition.moc"
