// Fusion findings scored against truth injected into real traces. tools/inject_fusion.py merges two
// adjacent kernels of every layer into one fused kernel (or splits one kernel into a GEMM and its
// reduce, or cuts the profiling window) in the shared Qwen, BERT and SGLang traces, and writes which
// kernel ids are involved. Each pair is compared in both argument orders; every finding must be the
// injected difference (right fused side, right kernel ids), every injected occurrence must be found,
// and B/A must be the mirror of A/B — also when the comparison is not put in canonical orientation.
#include "mirrorcheck.h"
#include "testsupport.h"
#include "compare/comparison.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace fusion;

namespace {

std::set<uint32_t> idSet(const QJsonArray &a)
{
    std::set<uint32_t> out;
    for (const auto &v : a)
        out.insert(uint32_t(v.toInt()));
    return out;
}

struct Truth {
    QString id, kind, operation;
    std::string original, mutated;
    bool mutatedFuses = true;
    std::set<uint32_t> unfused, fused;  // on the unfused / fused trace
    std::vector<std::vector<uint32_t>> occurrences;  // unfused ids per occurrence
};

// Figures of one comparison against its truth.
struct Score {
    size_t findings = 0, correct = 0, exact = 0, occurrences = 0, found = 0, strongExtra = 0;
};

Score score(const Comparison &c, const Truth &t, TraceSide mutatedSide)
{
    const TraceSide fusedSide = t.mutatedFuses ? mutatedSide : otherSide(mutatedSide);
    Score s;
    s.occurrences = t.occurrences.size();
    std::set<uint32_t> covered;
    for (const FusionFinding &f : c.findings) {
        ++s.findings;
        const auto &u = f.fusedSide == TraceSide::A ? f.bKernels : f.aKernels;
        const auto &k = f.fusedSide == TraceSide::A ? f.aKernels : f.bKernels;
        size_t uIn = 0, kIn = 0;
        for (uint32_t id : u)
            uIn += t.unfused.count(id);
        for (uint32_t id : k)
            kIn += t.fused.count(id);
        const bool right = f.fusedSide == fusedSide && !u.empty() && 10 * uIn >= 9 * u.size();
        if (!right)
            continue;
        ++s.correct;
        covered.insert(u.begin(), u.end());
        // Exact: at most 10 % other kernels on either side.
        if (!k.empty() && 10 * kIn >= 9 * k.size())
            ++s.exact;
    }
    for (const auto &occ : t.occurrences)
        s.found += std::all_of(occ.begin(), occ.end(), [&](uint32_t id) { return covered.count(id) > 0; });
    for (const ExtraWork &e : c.extraWork)
        s.strongExtra += e.confidence != Confidence::Low;
    return s;
}

} // namespace

class InjectedFusions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (test::sharedTracesDir().isEmpty())
            return;
        QVERIFY(m_dir.isValid());
        QProcess p;
        p.start(QStringLiteral("python3"),
                {test::sourceDir() + QStringLiteral("/tools/inject_fusion.py"), QStringLiteral("--batch"),
                 test::testsDir() + QStringLiteral("/golden/injected_fusions.json"), QStringLiteral("--traces"),
                 test::sharedTracesDir(), QStringLiteral("--out-dir"), m_dir.path()});
        QVERIFY2(p.waitForFinished(600000), "inject_fusion.py timed out");
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QFile f(m_dir.filePath(QStringLiteral("truth.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        for (const auto &v : QJsonDocument::fromJson(f.readAll()).object().value(QLatin1String("cases")).toArray()) {
            const QJsonObject o = v.toObject();
            Truth t;
            t.id = o.value(QLatin1String("id")).toString();
            t.kind = o.value(QLatin1String("kind")).toString();
            t.operation = o.value(QLatin1String("operation")).toString();
            t.original = o.value(QLatin1String("original")).toString().toStdString();
            t.mutated = o.value(QLatin1String("mutated")).toString().toStdString();
            t.mutatedFuses = o.value(QLatin1String("fused_side")).toString() != QLatin1String("original");
            for (const auto &side : {QLatin1String("mutated"), QLatin1String("original")}) {
                const auto u = o.value(QLatin1String("unfused_kernel_ids")).toObject().value(side).toArray();
                const auto k = o.value(QLatin1String("fused_kernel_ids")).toObject().value(side).toArray();
                if (!u.isEmpty())
                    t.unfused = idSet(u);
                if (!k.isEmpty())
                    t.fused = idSet(k);
            }
            for (const auto &occ : o.value(QLatin1String("occurrences")).toArray()) {
                std::vector<uint32_t> ids;
                for (const auto &id : occ.toObject().value(QLatin1String("unfused")).toArray())
                    ids.push_back(uint32_t(id.toInt()));
                t.occurrences.push_back(ids);
            }
            m_truths.push_back(t);
        }
        QVERIFY(m_truths.size() >= 11);
    }

    // Every injected fusion found, on the right side, with exactly its kernels; nothing else.
    void everyInjectedFusionIsFoundExactlyInBothOrders_data()
    {
        QTest::addColumn<int>("truth");
        QTest::addColumn<bool>("canonical");
        if (test::sharedTracesDir().isEmpty())
            QTest::newRow("shared traces absent") << -1 << true;
        for (size_t i = 0; i < m_truths.size(); ++i)
            if (m_truths[i].kind == QLatin1String("fusion"))
                for (bool canonical : {true, false})
                    QTest::newRow(qPrintable(m_truths[i].id + (canonical ? QString() : QStringLiteral(" (as given)"))))
                        << int(i) << canonical;
    }
    void everyInjectedFusionIsFoundExactlyInBothOrders()
    {
        REQUIRE_SHARED_TRACES();
        QFETCH(int, truth);
        QFETCH(bool, canonical);
        const Truth &t = m_truths[size_t(truth)];
        const auto original = analyzed(t.original), mutated = analyzed(t.mutated);
        CompareOptions o;
        o.canonicalOrder = canonical;
        const Comparison om = compareTraces(*original, *mutated, o), mo = compareTraces(*mutated, *original, o);
        const Score s1 = score(om, t, TraceSide::B), s2 = score(mo, t, TraceSide::A);
        qInfo("%-32s %-5s findings %zu/%zu correct, %zu exact, occurrences %zu/%zu found; reversed: %zu/%zu, %zu, %zu/%zu",
              qPrintable(t.id), canonical ? "canon" : "given", s1.correct, s1.findings, s1.exact, s1.found, s1.occurrences,
              s2.correct, s2.findings, s2.exact, s2.found, s2.occurrences);
        for (const Score &s : {s1, s2}) {
            QCOMPARE(s.found, s.occurrences);    // recall 100 %
            QCOMPARE(s.correct, s.findings);     // no finding that is not the injected one
            QCOMPARE(s.exact, s.findings);       // kernel ids exact on both sides
            QCOMPARE(s.strongExtra, size_t(0));  // and no extra work claimed with confidence
        }
        QVERIFY(!om.findings.empty());
        QCOMPARE(om.findings.front().confidence, Confidence::High);  // it recurs in every layer
        test::requireMirror(om, mo);
    }

    // The same trace with a shorter profiling window: the cut layers are left out, with a warning,
    // and nothing is claimed with confidence.
    void aDifferentProfilingWindowGivesNoConfidentFinding()
    {
        REQUIRE_SHARED_TRACES();
        auto it = std::find_if(m_truths.begin(), m_truths.end(), [](const Truth &t) { return t.kind == QLatin1String("window_cut"); });
        QVERIFY(it != m_truths.end());
        const auto original = analyzed(it->original), cut = analyzed(it->mutated);
        for (const Comparison &c : {compareTraces(*original, *cut), compareTraces(*cut, *original)}) {
            for (const FusionFinding &f : c.findings)
                QVERIFY2(f.confidence == Confidence::Low, f.evidence.c_str());
            for (const ExtraWork &e : c.extraWork)
                QVERIFY2(e.confidence == Confidence::Low, e.evidence.c_str());
            // The last of the 24 decoder layers lost 22 of its 43 kernels (the trace ends 8 kernels
            // after it): it is left out, and the warnings say so.
            QVERIFY(!c.leftOutLayers.empty());
            QVERIFY(std::any_of(c.warnings.begin(), c.warnings.end(), [](const std::string &w) {
                return w.find("Qwen2DecoderLayer_23 left out") != std::string::npos;
            }));
        }
    }

private:
    std::shared_ptr<AnalyzedTrace> analyzed(const std::string &path)
    {
        auto &slot = m_cache[path];
        if (!slot)
            slot = loadAndAnalyze(path, {});
        return slot;
    }

    QTemporaryDir m_dir;
    std::vector<Truth> m_truths;
    std::map<std::string, std::shared_ptr<AnalyzedTrace>> m_cache;
};

QTEST_GUILESS_MAIN(InjectedFusions)
#include "tst_injectedfusions.moc"
