// Fusion detection against ground truth: traces made by tools/gen_trace.py with known fusion
// differences (its truth file says which side fuses what, with the fused kernels' names). Every
// injected difference must be found on the right side, and a trace compared with itself yields none.
#include "testsupport.h"
#include "compare/comparison.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace fusion;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// For each truth difference: a finding whose fused side is the truth's and whose kernels on that
// side include one of the fused kernels the generator wrote. Returns the differences not found.
QStringList missedDifferences(const QJsonObject &truth, const AnalyzedTrace &a, const AnalyzedTrace &b,
                              const Comparison &c)
{
    QStringList missed;
    for (const auto &d : truth.value(QLatin1String("differences")).toArray()) {
        const QJsonObject diff = d.toObject();
        const QString vendor = diff.value(QLatin1String("fused_on")).toString();
        const char side = QString::fromLatin1(platformName(a.trace->info.platform)) == vendor ? 'a' : 'b';
        const AnalyzedTrace &t = side == 'a' ? a : b;
        QSet<QString> names;
        for (const auto &n : diff.value(QLatin1String("fused")).toObject().value(QLatin1String("kernels")).toArray())
            names.insert(n.toString());
        bool found = false;
        for (const FusionFinding &f : c.findings) {
            if (f.fusedSide != side)
                continue;
            for (uint32_t id : side == 'a' ? f.aKernels : f.bKernels)
                if (names.contains(QString::fromUtf8(t.trace->store.str(t.trace->store.kernels.name[id]).data(),
                                                     qsizetype(t.trace->store.str(t.trace->store.kernels.name[id]).size())))) {
                    found = true;
                    break;
                }
            if (found)
                break;
        }
        if (!found)
            missed << diff.value(QLatin1String("operation")).toString() + QLatin1String(" on ") + vendor;
    }
    return missed;
}

} // namespace

class GeneratedPairs : public QObject {
    Q_OBJECT
private slots:
    void theBundledSamplePairShowsEveryInjectedDifference()
    {
        const QString dir = test::sourceDir() + QLatin1String("/resources/samples/");
        const auto a = loadAndAnalyze((dir + QLatin1String("sample_nvidia.json.gz")).toStdString(), {});
        const auto b = loadAndAnalyze((dir + QLatin1String("sample_amd.json.gz")).toStdString(), {});
        const QJsonObject truth = readJson(dir + QLatin1String("sample_truth.json"));
        QCOMPARE(truth.value(QLatin1String("differences")).toArray().size(), 4);
        const Comparison c = compareTraces(*a, *b);
        const QStringList missed = missedDifferences(truth, *a, *b, c);
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QLatin1String(", "))));
        // The generator fused SwiGLU into the GEMM on the AMD side: reported as such, with high confidence.
        auto it = std::find_if(c.findings.begin(), c.findings.end(),
                               [](const FusionFinding &f) { return f.operation == "SwiGLU+GEMM"; });
        QVERIFY(it != c.findings.end());
        QCOMPARE(it->fusedSide, 'b');
        QCOMPARE(it->confidence, std::string("high"));
        QCOMPARE(it->count, uint64_t(24));  // truth: 24 occurrences (6 layers × 4 passes)

        // The same nn.Module, more kernels per call on one side: the truth's RMSNorm runs as 8
        // separate kernels per call on NVIDIA ("kernels_per_occurrence": 8.0) and 1 on AMD.
        auto norm = std::find_if(c.modules.begin(), c.modules.end(),
                                 [](const ModuleDifference &m) { return m.module == "LlamaRMSNorm"; });
        QVERIFY(norm != c.modules.end());
        QCOMPARE(norm->unfusedSide, 'a');
        QCOMPARE(norm->aKernelsPerCall, 8.0);
        QCOMPARE(norm->bKernelsPerCall, 1.0);
        QVERIFY(norm->timeDifference > 0);

        // A module's impact is what fusing saves, never its whole speed gap: the truth places the
        // RoPE fusion (fused on NVIDIA) at layers.N.self_attn.rotary, inside LlamaAttention, so the
        // attention module's impact is that finding's time at stake, while AMD's attention is also
        // slower for other reasons (its speed gap is larger).
        auto rope = std::find_if(c.findings.begin(), c.findings.end(), [](const FusionFinding &f) { return f.operation == "RoPE"; });
        auto attention = std::find_if(c.modules.begin(), c.modules.end(),
                                      [](const ModuleDifference &m) { return m.module == "LlamaAttention"; });
        QVERIFY(rope != c.findings.end() && attention != c.modules.end());
        QCOMPARE(rope->fusedSide, 'a');
        QCOMPARE(rope->count, uint64_t(24));  // truth: 24 occurrences
        QCOMPARE(attention->unfusedSide, 'b');
        QVERIFY(std::llabs(attention->timeDifference - rope->timeAtStake) <= 1);
        QVERIFY(attention->speedGap > attention->timeDifference);
    }

    void aSampleComparedWithItselfHasNoFinding()
    {
        const QString path = test::sourceDir() + QLatin1String("/resources/samples/sample_amd.json.gz");
        const auto a = loadAndAnalyze(path.toStdString(), {});
        const Comparison c = compareTraces(*a, *a);
        QVERIFY(c.findings.empty());
    }

    void aFreshlyGeneratedPairShowsItsInjectedFusions()
    {
        QTemporaryDir tmp;
        const QString gen = test::sourceDir() + QLatin1String("/tools/gen_trace.py");
        auto run = [&](const QStringList &args) {
            QProcess p;
            p.start(QStringLiteral("python3"), QStringList{gen} + args);
            QVERIFY2(p.waitForFinished(120000), "gen_trace.py timed out");
            QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        };
        const QString a = tmp.filePath(QStringLiteral("a.json")), b = tmp.filePath(QStringLiteral("b.json"));
        run({QStringLiteral("--vendor"), QStringLiteral("nvidia"), QStringLiteral("--layers"), QStringLiteral("3"),
             QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--fuse"), QStringLiteral("RMSNorm+GEMM,SiLU*mul"),
             QStringLiteral("--seed"), QStringLiteral("5"), QStringLiteral("--out"), a, QStringLiteral("--truth"),
             a + QLatin1String(".truth"), QStringLiteral("--quiet")});
        run({QStringLiteral("--vendor"), QStringLiteral("amd"), QStringLiteral("--layers"), QStringLiteral("3"),
             QStringLiteral("--steps"), QStringLiteral("2"), QStringLiteral("--unfuse"), QStringLiteral("all"),
             QStringLiteral("--seed"), QStringLiteral("6"), QStringLiteral("--out"), b, QStringLiteral("--truth"),
             b + QLatin1String(".truth"), QStringLiteral("--quiet")});
        const QString pair = tmp.filePath(QStringLiteral("pair.json"));
        run({QStringLiteral("--merge-truth"), a + QLatin1String(".truth"), b + QLatin1String(".truth"),
             QStringLiteral("--out"), pair, QStringLiteral("--quiet")});
        const QJsonObject truth = readJson(pair);
        QCOMPARE(truth.value(QLatin1String("differences")).toArray().size(), 2);
        const auto ta = loadAndAnalyze(a.toStdString(), {}), tb = loadAndAnalyze(b.toStdString(), {});
        const Comparison c = compareTraces(*ta, *tb);
        const QStringList missed = missedDifferences(truth, *ta, *tb, c);
        QVERIFY2(missed.isEmpty(), qPrintable(missed.join(QLatin1String(", "))));
        QVERIFY(compareTraces(*tb, *tb).findings.empty());
    }
};

QTEST_GUILESS_MAIN(GeneratedPairs)
#include "tst_generatedpairs.moc"
