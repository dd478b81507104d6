// A distributed run's ranks: fusionscope-cli's per-rank table (summary, triage), compare --rank and
// compare --ranks all, on rank sets that tools/make_rank_set.py derives from the shared BERT traces
// (no public multi-rank trace small enough to keep was found; see the tool for how ranks differ).
//
// The figures were measured once from the derived files by tools/rank_reference.py (its own JSON
// reading and interval unions, not FusionScope's):
//   make_rank_set.py tracelens/h100/gaunernst_bert-small-uncased__1016001.json.gz --out h100
//       --slow 2 --comm 3 --no-field 1
//   make_rank_set.py tracelens/mi300/gaunernst_bert-small-uncased__1016001.json.gz --out mi300
//       --slow 1 --comm 0 --names underscore
//   rank_reference.py h100 --scope all; rank_reference.py mi300 --scope steps
// (every kernel of these traces lies in their one profiler step: both scopes give the same figures).
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace fusion;

namespace {

struct RankFigures {
    int rank;
    const char *source;  // where the rank comes from
    int kernels;
    double kernelUs, busyUs, spanUs, idleUs, commUs, exposedCommUs;
};

const RankFigures kH100[] = {
    {0, "distributedInfo", 60, 302.722, 304.962, 3907.248, 3602.286, 0, 0},
    {1, "file_name", 60, 302.967, 305.207, 3907.825, 3602.618, 0, 0},  // written without distributedInfo
    {2, "distributedInfo", 60, 378.304, 381.104, 4883.904, 4502.800, 0, 0},  // the slow rank
    {3, "distributedInfo", 64, 362.723, 361.131, 3907.702, 3546.571, 60.000, 56.168},  // 4 NCCL kernels
};
constexpr int kH100Slowest = 2;
constexpr double kH100MedianUs = 332.845, kH100Skew = 1.1366;

const RankFigures kMi300[] = {
    {0, "distributedInfo", 64, 442.561, 444.965, 3495.619, 3050.654, 60.000, 60.000},
    {1, "distributedInfo", 60, 478.187, 481.192, 4369.970, 3888.778, 0, 0},
    {2, "distributedInfo", 60, 382.967, 385.371, 3495.542, 3110.171, 0, 0},
    {3, "distributedInfo", 60, 382.187, 384.591, 3495.900, 3111.309, 0, 0},
};
constexpr int kMi300Slowest = 1;
constexpr double kMi300MedianUs = 412.764, kMi300Skew = 1.1585;

bool near(double a, double b, double tolerance = 0.0015) { return std::abs(a - b) <= tolerance; }

QString describe(const test::CliOutcome &o)
{
    return QStringLiteral("exit=%1 stderr=[%2]").arg(o.exitCode).arg(o.errLines.join(QStringLiteral(" | ")));
}

QJsonObject cliJson(const QStringList &args)
{
    const test::CliOutcome o = test::runCli(args);
    if (!o.finished || o.exitCode != 0)
        qWarning("fusionscope-cli %s: %s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(describe(o)));
    return QJsonDocument::fromJson(o.out.toUtf8()).object();
}

// Every row of a "rank_table" against the reference figures.
void checkRankTable(const QJsonObject &table, const RankFigures (&want)[4], int slowest, double medianUs, double skew)
{
    const QJsonArray rows = table[QStringLiteral("rows")].toArray();
    QCOMPARE(rows.size(), 4);
    QCOMPARE(table[QStringLiteral("ranks")].toInt(), 4);
    for (int i = 0; i < 4; ++i) {
        const QJsonObject r = rows[i].toObject();
        const RankFigures &f = want[i];
        const QString where = QStringLiteral("rank %1: ").arg(f.rank) + QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));
        QVERIFY2(r[QStringLiteral("rank")].toInt() == f.rank, qPrintable(where));
        QVERIFY2(r[QStringLiteral("rank_source")].toString() == QLatin1String(f.source), qPrintable(where));
        QVERIFY2(r[QStringLiteral("kernels")].toInt() == f.kernels, qPrintable(where));
        QVERIFY2(near(r[QStringLiteral("kernel_us")].toDouble(), f.kernelUs), qPrintable(where));
        QVERIFY2(near(r[QStringLiteral("busy_us")].toDouble(), f.busyUs), qPrintable(where));
        QVERIFY2(near(r[QStringLiteral("span_us")].toDouble(), f.spanUs), qPrintable(where));
        QVERIFY2(near(r[QStringLiteral("idle_us")].toDouble(), f.idleUs), qPrintable(where));
        QVERIFY2(near(r[QStringLiteral("comm_us")].toDouble(), f.commUs), qPrintable(where));
        QVERIFY2(near(r[QStringLiteral("exposed_comm_us")].toDouble(), f.exposedCommUs), qPrintable(where));
        QVERIFY2(r[QStringLiteral("slowest")].toBool() == (f.rank == slowest), qPrintable(where));
        QVERIFY2(r[QStringLiteral("analysed")].toBool() == (i == 0), qPrintable(where));  // the lowest rank, by default
    }
    QCOMPARE(table[QStringLiteral("slowest_rank")].toInt(), slowest);
    QVERIFY(near(table[QStringLiteral("median_kernel_us")].toDouble(), medianUs));
    QVERIFY2(near(table[QStringLiteral("skew")].toDouble(), skew, 0.0001),
             qPrintable(QString::number(table[QStringLiteral("skew")].toDouble())));
}

} // namespace

class RanksTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void summaryTabulatesEveryRankOfADirectory();
    void anArchiveOfTheRanksReadsTheSame();
    void triageTabulatesTheRanksOverItsScopeInEveryFormat();
    void compareTakesTheLowestRankAndSaysSo();
    void compareRankPicksTheSameRankOnBothSides();
    void compareEveryRankTabulatesEachPair();
    void aSingleTraceIsComparedWithEveryRank();

private:
    void makeRankSet(const QString &trace, const QString &out, const QStringList &options);
    QTemporaryDir m_dir;
    QString m_h100, m_mi300, m_tar;
};

void RanksTest::makeRankSet(const QString &trace, const QString &out, const QStringList &options)
{
    QProcess p;
    p.start(QStringLiteral("python3"), QStringList{test::sourceDir() + QStringLiteral("/tools/make_rank_set.py"), trace,
                                                   QStringLiteral("--out"), out} + options);
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
}

void RanksTest::initTestCase()
{
    REQUIRE_SHARED_TRACES();
    QVERIFY(m_dir.isValid());
    m_h100 = m_dir.filePath(QStringLiteral("h100"));
    m_mi300 = m_dir.filePath(QStringLiteral("mi300"));
    makeRankSet(QString::fromStdString(test::sharedTrace(test::kBertH100)), m_h100,
                {QStringLiteral("--slow"), QStringLiteral("2"), QStringLiteral("--comm"), QStringLiteral("3"),
                 QStringLiteral("--no-field"), QStringLiteral("1")});
    makeRankSet(QString::fromStdString(test::sharedTrace(test::kBertMi300)), m_mi300,
                {QStringLiteral("--slow"), QStringLiteral("1"), QStringLiteral("--comm"), QStringLiteral("0"),
                 QStringLiteral("--names"), QStringLiteral("underscore")});
    m_tar = m_dir.filePath(QStringLiteral("h100.tar.gz"));
    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("-czf"), m_tar, QStringLiteral("-C"), m_h100, QStringLiteral(".")});
    QVERIFY(tar.waitForFinished(60000));
    QCOMPARE(tar.exitCode(), 0);
}

void RanksTest::summaryTabulatesEveryRankOfADirectory()
{
    const QJsonObject s = cliJson({QStringLiteral("summary"), m_h100, QStringLiteral("--format"), QStringLiteral("json")});
    checkRankTable(s[QStringLiteral("rank_table")].toObject(), kH100, kH100Slowest, kH100MedianUs, kH100Skew);
    QCOMPARE(s[QStringLiteral("rank_table")].toObject()[QStringLiteral("scope")].toString(), QStringLiteral("all"));
    const QJsonObject trace = s[QStringLiteral("trace")].toObject();
    QCOMPARE(trace[QStringLiteral("rank")].toInt(), 0);
    QCOMPARE(trace[QStringLiteral("rank_source")].toString(), QStringLiteral("distributedInfo"));
    QCOMPARE(trace[QStringLiteral("ranks")].toArray()[1].toObject()[QStringLiteral("rank_source")].toString(),
             QStringLiteral("file_name"));

    // The text table marks the slowest rank and states the skew.
    const test::CliOutcome text = test::runCli({QStringLiteral("summary"), m_h100});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("rank-2.json.gz  <- slowest")), qPrintable(text.out));
    QVERIFY(text.out.contains(QStringLiteral("Slowest: rank 2 (rank-2.json.gz), 378.304 us kernel time; median 332.845 us; "
                                             "skew (max / median kernel time) 1.137")));

    // CSV: one file per table when --out is a directory.
    const QString csvDir = m_dir.filePath(QStringLiteral("summary-csv/"));
    const test::CliOutcome csv = test::runCli({QStringLiteral("summary"), m_h100, QStringLiteral("--format"),
                                               QStringLiteral("csv"), QStringLiteral("--out"), csvDir});
    QVERIFY2(csv.exitCode == 0, qPrintable(describe(csv)));
    QFile ranks(csvDir + QStringLiteral("ranks.csv"));
    QVERIFY(ranks.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(ranks.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5);
    QVERIFY2(lines[4].startsWith(QStringLiteral("3,")) && lines[4].contains(QStringLiteral(",362.723,")), qPrintable(lines[4]));
    QVERIFY(QFile::exists(csvDir + QStringLiteral("kernels.csv")));
}

void RanksTest::anArchiveOfTheRanksReadsTheSame()
{
    const QJsonObject s = cliJson({QStringLiteral("summary"), m_tar, QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonObject table = s[QStringLiteral("rank_table")].toObject();
    checkRankTable(table, kH100, kH100Slowest, kH100MedianUs, kH100Skew);
    QCOMPARE(table[QStringLiteral("rows")].toArray()[3].toObject()[QStringLiteral("name")].toString(),
             m_tar + QStringLiteral(":./rank-3.json.gz"));
}

void RanksTest::triageTabulatesTheRanksOverItsScopeInEveryFormat()
{
    const QJsonObject t = cliJson({QStringLiteral("triage"), m_mi300, QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonObject table = t[QStringLiteral("rank_table")].toObject();
    checkRankTable(table, kMi300, kMi300Slowest, kMi300MedianUs, kMi300Skew);
    QCOMPARE(table[QStringLiteral("scope")].toString(), QStringLiteral("steps"));
    const test::CliOutcome md = test::runCli({QStringLiteral("triage"), m_mi300, QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY2(md.exitCode == 0, qPrintable(QStringLiteral("exit %1: %2").arg(md.exitCode).arg(md.errLines.join(u'\n'))));
    QVERIFY(md.out.contains(QStringLiteral("## Ranks")));
    QVERIFY2(md.out.contains(QStringLiteral("| 1 | distributedInfo.rank | `trace_rank1_.json.gz` | 60 | 478.187 | 481.192 |")),
             qPrintable(md.out.left(3000)));
    const test::CliOutcome text = test::runCli({QStringLiteral("triage"), m_mi300});
    QVERIFY(text.out.contains(QStringLiteral("trace_rank1_.json.gz  <- slowest")));
}

void RanksTest::compareTakesTheLowestRankAndSaysSo()
{
    const test::CliOutcome text = test::runCli({QStringLiteral("compare"), m_h100, m_mi300});
    QVERIFY2(text.exitCode == 0, qPrintable(describe(text)));
    QCOMPARE(text.out.section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("Ranks: rank 0 of A's 4 traces against rank 0 of B's 4 traces (the lowest of each; "
                            "--rank N picks another, --ranks all compares every pair)"));
    const QJsonObject c = cliJson({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonObject ranks = c[QStringLiteral("compared_ranks")].toObject();
    QCOMPARE(ranks[QStringLiteral("a")].toInt(), 0);
    QCOMPARE(ranks[QStringLiteral("b")].toInt(), 0);
    QCOMPARE(ranks[QStringLiteral("a_ranks")].toInt(), 4);
    QCOMPARE(ranks[QStringLiteral("chosen_by")].toString(), QStringLiteral("lowest"));
    const QJsonObject gap = c[QStringLiteral("gap")].toObject();
    QVERIFY(near(gap[QStringLiteral("a_us")].toDouble(), kH100[0].busyUs));
    QVERIFY(near(gap[QStringLiteral("b_us")].toDouble(), kMi300[0].busyUs));
}

void RanksTest::compareRankPicksTheSameRankOnBothSides()
{
    const QJsonObject c = cliJson({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--rank"), QStringLiteral("2"),
                                   QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(c[QStringLiteral("compared_ranks")].toObject()[QStringLiteral("chosen_by")].toString(), QStringLiteral("option"));
    QCOMPARE(c[QStringLiteral("a")].toObject()[QStringLiteral("trace")].toObject()[QStringLiteral("rank")].toInt(), 2);
    QCOMPARE(c[QStringLiteral("b")].toObject()[QStringLiteral("trace")].toObject()[QStringLiteral("rank")].toInt(), 2);
    const QJsonObject gap = c[QStringLiteral("gap")].toObject();
    QVERIFY(near(gap[QStringLiteral("a_us")].toDouble(), kH100[2].busyUs));
    QVERIFY(near(gap[QStringLiteral("b_us")].toDouble(), kMi300[2].busyUs));
    // A rank the run does not hold: the ranks it does.
    const test::CliOutcome missing = test::runCli({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--rank"), QStringLiteral("7")});
    QCOMPARE(missing.exitCode, 3);
    QCOMPARE(missing.errLines, QStringList(QStringLiteral("fusionscope-cli: %1: holds no trace for rank 7 (its ranks: 0, 1, 2, 3)").arg(m_h100)));
}

void RanksTest::compareEveryRankTabulatesEachPair()
{
    const QJsonObject c = cliJson({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--ranks"), QStringLiteral("all"),
                                   QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonArray pairs = c[QStringLiteral("rank_pairs")].toArray();
    QCOMPARE(pairs.size(), 4);
    for (int r = 0; r < 4; ++r) {
        const QJsonObject p = pairs[r].toObject();
        const QString where = QString::fromUtf8(QJsonDocument(p).toJson(QJsonDocument::Compact));
        QVERIFY2(p[QStringLiteral("rank")].toInt() == r && p[QStringLiteral("compared")].toBool(), qPrintable(where));
        QVERIFY2(near(p[QStringLiteral("a_us")].toDouble(), kH100[r].busyUs), qPrintable(where));
        QVERIFY2(near(p[QStringLiteral("b_us")].toDouble(), kMi300[r].busyUs), qPrintable(where));
        QVERIFY2(near(p[QStringLiteral("gap_us")].toDouble(), kMi300[r].busyUs - kH100[r].busyUs), qPrintable(where));
        QVERIFY2(near(p[QStringLiteral("a_kernel_us")].toDouble(), kH100[r].kernelUs), qPrintable(where));
        QVERIFY2(near(p[QStringLiteral("b_kernel_us")].toDouble(), kMi300[r].kernelUs), qPrintable(where));
        QVERIFY2(p[QStringLiteral("biggest_part")].isObject(), qPrintable(where));
    }
    // Its largest part is the largest of that rank's own comparison (rank 3: no NCCL kernel on B).
    const QJsonObject rank3 = cliJson({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--rank"), QStringLiteral("3"),
                                       QStringLiteral("--format"), QStringLiteral("json")});
    QJsonObject largest;
    for (const QJsonValue &v : rank3[QStringLiteral("gap")].toObject()[QStringLiteral("parts")].toArray())
        if (largest.isEmpty() || std::abs(v.toObject()[QStringLiteral("us")].toDouble()) > std::abs(largest[QStringLiteral("us")].toDouble()))
            largest = v.toObject();
    const QJsonObject part = pairs[3].toObject()[QStringLiteral("biggest_part")].toObject();
    QCOMPARE(part[QStringLiteral("name")].toString(), largest[QStringLiteral("name")].toString());
    QCOMPARE(part[QStringLiteral("kind")].toString(), largest[QStringLiteral("kind")].toString());

    const test::CliOutcome text = test::runCli({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--ranks"), QStringLiteral("all")});
    QVERIFY2(text.exitCode == 0, qPrintable(describe(text)));
    QVERIFY2(text.out.contains(QStringLiteral("      2       381.104       385.371        +4.267    +1.1%  ")), qPrintable(text.out));
    const test::CliOutcome both = test::runCli({QStringLiteral("compare"), m_h100, m_mi300, QStringLiteral("--ranks"),
                                                QStringLiteral("all"), QStringLiteral("--rank"), QStringLiteral("1")});
    QCOMPARE(both.exitCode, 2);
}

void RanksTest::aSingleTraceIsComparedWithEveryRank()
{
    const QString single = QString::fromStdString(test::sharedTrace(test::kBertMi300));
    const QJsonObject c = cliJson({QStringLiteral("compare"), m_h100, single, QStringLiteral("--ranks"), QStringLiteral("all"),
                                   QStringLiteral("--format"), QStringLiteral("json")});
    const QJsonArray pairs = c[QStringLiteral("rank_pairs")].toArray();
    QCOMPARE(pairs.size(), 4);
    QCOMPARE(c[QStringLiteral("b_ranks")].toInt(), 1);
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(pairs[r].toObject()[QStringLiteral("b_name")].toString(), single);
        QVERIFY(near(pairs[r].toObject()[QStringLiteral("a_us")].toDouble(), kH100[r].busyUs));
    }
}

QTEST_GUILESS_MAIN(RanksTest)
#include "tst_ranks.moc"
