// Fusion detection against ground truth: traces made by tools/gen_trace.py with known fusion
// differences (its truth file says which side fuses what, where, with the fused kernels' names).
// Every finding must be one of the injected differences, found on the right side exactly as often as
// it was injected; a trace compared with itself yields none.
#include "testsupport.h"
#include "compare/comparison.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
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

QString kernelName(const AnalyzedTrace &t, uint32_t id)
{
    const std::string_view n = t.trace->store.str(t.trace->store.kernels.name[id]);
    return QString::fromUtf8(n.data(), qsizetype(n.size()));
}

// Checks the findings against the generator's truth, both ways. A finding belongs to the truth
// difference whose fused kernels it names (on the side the truth says fuses); every finding must
// belong to exactly one difference (no finding the truth does not hold), and the occurrences of a
// difference's findings must add up to exactly what the truth injected inside the model's layers:
// its sites under `layers.N.` times the forward passes (a site outside them, such as the final
// model.norm, lies outside every aligned layer and cannot be compared kernel by kernel).
// Returns what does not hold, one line per problem.
QStringList checkAgainstTruth(const QJsonObject &truth, const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    struct Difference {
        QString operation;
        TraceSide side;
        QSet<QString> fusedKernels;
        uint64_t expected = 0, found = 0;
    };
    std::vector<Difference> diffs;
    const uint64_t passes = uint64_t(truth.value(QLatin1String("forward_passes")).toObject().value(QLatin1String("total")).toInt());
    for (const auto &d : truth.value(QLatin1String("differences")).toArray()) {
        const QJsonObject diff = d.toObject();
        Difference x;
        x.operation = diff.value(QLatin1String("operation")).toString();
        const QString vendor = diff.value(QLatin1String("fused_on")).toString();
        x.side = QString::fromLatin1(platformName(a.trace->info.platform)) == vendor ? TraceSide::A : TraceSide::B;
        for (const auto &n : diff.value(QLatin1String("fused")).toObject().value(QLatin1String("kernels")).toArray())
            x.fusedKernels.insert(n.toString());
        for (const auto &site : diff.value(QLatin1String("sites")).toArray())
            x.expected += site.toString().startsWith(QLatin1String("layers.")) ? passes : 0;
        diffs.push_back(x);
    }
    QStringList problems;
    for (const FusionFinding &f : c.findings) {
        const AnalyzedTrace &t = f.fusedSide == TraceSide::A ? a : b;
        std::vector<Difference *> owners;
        for (Difference &d : diffs) {
            bool all = d.side == f.fusedSide;
            for (uint32_t id : f.fusedSide == TraceSide::A ? f.aKernels : f.bKernels)
                all = all && d.fusedKernels.contains(kernelName(t, id));
            if (all)
                owners.push_back(&d);
        }
        if (owners.size() != 1) {
            problems << QStringLiteral("finding %1 (fused by %2, %3×) belongs to %4 truth differences")
                            .arg(QString::fromStdString(f.operation)).arg(QLatin1Char(char(f.fusedSide))).arg(f.count).arg(owners.size());
            continue;
        }
        owners.front()->found += f.count;
    }
    for (const Difference &d : diffs)
        if (d.found != d.expected)
            problems << QStringLiteral("%1 fused by %2: %3 occurrences found, %4 injected in the layers")
                            .arg(d.operation).arg(QLatin1Char(char(d.side))).arg(d.found).arg(d.expected);
    return problems;
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
        const QStringList problems = checkAgainstTruth(truth, *a, *b, c);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1String("; "))));
        QCOMPARE(c.findings.size(), size_t(4));  // add+RMSNorm, RMSNorm (layer 0 has no add), SwiGLU+GEMM, RoPE
        // The generator fused SwiGLU into the GEMM on the AMD side: reported as such, with high confidence.
        auto it = std::find_if(c.findings.begin(), c.findings.end(),
                               [](const FusionFinding &f) { return f.operation == "SwiGLU+GEMM"; });
        QVERIFY(it != c.findings.end());
        QCOMPARE(it->fusedSide, TraceSide::B);
        QCOMPARE(it->confidence, Confidence::High);
        QCOMPARE(it->count, uint64_t(24));  // truth: 24 occurrences (6 layers × 4 passes)

        // The same nn.Module, more kernels per call on one side: the truth's RMSNorm runs as 8
        // separate kernels per call on NVIDIA ("kernels_per_occurrence": 8.0) and 1 on AMD.
        auto norm = std::find_if(c.modules.begin(), c.modules.end(),
                                 [](const ModuleDifference &m) { return m.module == "LlamaRMSNorm"; });
        QVERIFY(norm != c.modules.end());
        QCOMPARE(norm->unfusedSide, TraceSide::A);
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
        QCOMPARE(rope->fusedSide, TraceSide::A);
        QCOMPARE(rope->count, uint64_t(24));  // truth: 24 occurrences
        QCOMPARE(attention->unfusedSide, TraceSide::B);
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
        const QStringList problems = checkAgainstTruth(truth, *ta, *tb, c);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1String("; "))));
        QVERIFY(compareTraces(*tb, *tb).findings.empty());
    }
};

QTEST_GUILESS_MAIN(GeneratedPairs)
#include "tst_generatedpairs.moc"
