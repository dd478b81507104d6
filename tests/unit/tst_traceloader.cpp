// What a TRACE argument names: a file, a directory or an archive of several ranks; which ranks
// there are and which one is analysed.
#include "testsupport.h"
#include "trace/traceerror.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstring>

using namespace fusion;

namespace {
const char *kTinyTrace = R"J({"traceEvents": [
  {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":10,"dur":1,"args":{"stream":7}}]})J";

bool writeFile(const QString &path, const char *text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == qint64(std::strlen(text));
}

// A trace of one kernel whose distributedInfo says `rank`; `before` goes before it in the file.
QByteArray rankTrace(int rank, const QByteArray &before = {}, bool fieldLast = false)
{
    const QByteArray field = "\"distributedInfo\": {\"backend\": \"nccl\", \"pg_config\": [{\"ranks\": [0, 1], "
                             "\"rank\": 9}], \"rank\": " + QByteArray::number(rank) + "}";
    const QByteArray events = "\"traceEvents\": [" + before
                              + "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,"
                                "\"ts\":10,\"dur\":1,\"args\":{\"stream\":7}}]";
    return "{" + (fieldLast ? events + ", " + field : field + ", " + events) + "}";
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}
} // namespace

class TraceLoaderTest : public QObject {
    Q_OBJECT
private slots:
    void ranksAreReadFromFileNames_data();
    void ranksAreReadFromFileNames();
    void aRankTooLargeForAnIntDoesNotStopTheLoad();
    void aFileBesideItsCompressedCopyIsOneRank();
    void aMissingRankListsTheRanksThereAre();
    void tracesInTheOneSubfolderHoldingThemAreRead();
    void tracesInSeveralSubfoldersAreNamedNotMixed();
    void distributedInfoRankIsItsOwnKey_data();
    void distributedInfoRankIsItsOwnKey();
    void theRankFieldIsPreferredToTheFileName();
    void aRankFieldAfterTheEventsIsNoticedOnLoad();
};

void TraceLoaderTest::ranksAreReadFromFileNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("rank");
    QTest::newRow("rank3") << "trace_rank3.json" << 3;
    QTest::newRow("rank-12") << "run.rank-12.pt.trace.json.gz" << 12;
    QTest::newRow("tp_1") << "qwen_tp_1.json" << 1;
    QTest::newRow("TP-7") << "TP-7.json" << 7;
    QTest::newRow("worker0") << "worker0.json" << 0;
    QTest::newRow("no rank") << "trace.json" << -1;
    QTest::newRow("largest int") << "trace_rank2147483647.json" << 2147483647;
    QTest::newRow("beyond int") << "trace_rank2147483648.json" << -1;
    QTest::newRow("beyond int64") << "trace_rank99999999999999999999999.json" << -1;
}

void TraceLoaderTest::ranksAreReadFromFileNames()
{
    QFETCH(QString, name);
    QFETCH(int, rank);
    QCOMPARE(rankFromName(name.toStdString()), rank);
}

// std::stoi threw out_of_range here, and the CLI printed only "fusionscope-cli: stoi".
void TraceLoaderTest::aRankTooLargeForAnIntDoesNotStopTheLoad()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("trace_rank99999999999.json")), kTinyTrace));
    const auto t = loadTrace(dir.path().toStdString());
    QCOMPARE(t->members.size(), size_t(1));
    QCOMPARE(t->members[0].rank, -1);
    QCOMPARE(t->store.kernels.size(), size_t(1));
}

// rank0.json and rank0.json.gz were two ranks: "3 ranks found" for two, and the summary listed
// rank 0 twice.
void TraceLoaderTest::aFileBesideItsCompressedCopyIsOneRank()
{
    QTemporaryDir dir;
    for (const char *name : {"rank0.json", "rank0.json.gz", "rank1.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));  // the .gz need not be real
    std::vector<std::string> warnings;
    const auto members = listTraceMembers(dir.path().toStdString(), &warnings);
    QCOMPARE(members.size(), size_t(2));
    QCOMPARE(members[0].display, dir.filePath(QStringLiteral("rank0.json")).toStdString());
    QCOMPARE(members[1].rank, 1);
    QCOMPARE(warnings.size(), size_t(1));
    QCOMPARE(warnings[0], dir.filePath(QStringLiteral("rank0.json.gz")).toStdString() + " is a compressed copy of "
                              + members[0].display + ": counted once, read from " + members[0].display);
    const auto t = loadTrace(dir.path().toStdString());
    QVERIFY(std::find(t->warnings.begin(), t->warnings.end(), warnings[0]) != t->warnings.end());
    QVERIFY(std::find(t->warnings.begin(), t->warnings.end(),
                      "2 ranks found; analysing " + members[0].display + " (the lowest rank; --rank chooses)")
            != t->warnings.end());
}

void TraceLoaderTest::aMissingRankListsTheRanksThereAre()
{
    QTemporaryDir dir;
    for (const char *name : {"trace_rank0.json", "trace_rank2.json", "trace_rank3.json", "notes.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    LoadOptions o;
    o.rank = 5;
    try {
        loadTrace(dir.path().toStdString(), o);
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.problem(), std::string("holds no trace for rank 5 (its ranks: 0, 2, 3)"));
    }
    QTemporaryDir unranked;
    QVERIFY(writeFile(unranked.filePath(QStringLiteral("a.json")), kTinyTrace));
    try {
        loadTrace(unranked.path().toStdString(), o);
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.problem(), std::string("holds no trace for rank 5 (neither a distributedInfo.rank field nor a file "
                                          "name there gives a rank: rank<N>, tp<N>, TP-<N>, worker<N>)"));
    }
}

// A profiler's log folder holds one folder per run: "holds no trace files" was wrong.
void TraceLoaderTest::tracesInTheOneSubfolderHoldingThemAreRead()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("run1/plugins")));
    for (const char *name : {"run1/plugins/rank0.json", "run1/plugins/rank1.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    const auto t = loadTrace(dir.path().toStdString());
    QCOMPARE(t->members.size(), size_t(2));
    QCOMPARE(t->source.display, dir.filePath(QStringLiteral("run1/plugins/rank0.json")).toStdString());
    QCOMPARE(t->warnings.front(), "no trace files in " + dir.path().toStdString()
                                      + " itself: reading the 2 in its subfolder run1/plugins/");
}

void TraceLoaderTest::tracesInSeveralSubfoldersAreNamedNotMixed()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("a")));
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("b/c")));
    for (const char *name : {"a/rank0.json", "a/rank1.json", "b/c/trace.json.gz"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    try {
        listTraceMembers(dir.path().toStdString());
        QFAIL("expected a TraceError");
    } catch (const TraceError &e) {
        QCOMPARE(e.file(), dir.path().toStdString());
        QCOMPARE(e.problem(), std::string("directory holds no trace files itself; its subfolders a/ (2), b/c/ (1) "
                                          "do: give one of them"));
    }
}

void TraceLoaderTest::distributedInfoRankIsItsOwnKey_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<int>("rank");  // -1: none
    QTest::newRow("plain") << R"({"backend": "nccl", "rank": 3, "world_size": 8})" << 3;
    QTest::newRow("after nested ranks") << R"({"pg_config": [{"ranks": [0, 1], "rank": 9}], "rank": 1})" << 1;
    QTest::newRow("key in a string") << R"({"note": "a \"rank\": 4 inside", "rank": 5})" << 5;
    QTest::newRow("absent") << R"({"backend": "nccl", "world_size": 8})" << -1;
    QTest::newRow("a string") << R"({"rank": "2"})" << -1;
    QTest::newRow("a fraction") << R"({"rank": 1.5})" << -1;
    QTest::newRow("cut off") << R"({"backend": "nccl", "ra)" << -1;
    QTest::newRow("not an object") << R"([{"rank": 2}])" << -1;
}

void TraceLoaderTest::distributedInfoRankIsItsOwnKey()
{
    QFETCH(QString, json);
    QFETCH(int, rank);
    QCOMPARE(rankOfDistributedInfo(json.toStdString()).value_or(-1), rank);
    QCOMPARE(distributedRankInHead("{\"schemaVersion\": 1, \"distributedInfo\" :" + json.toStdString() + ", \"traceEvents\": [")
                 .value_or(-1),
             rank);
}

// PyTorch writes the rank into the trace: it wins over a file name that says otherwise, and a name
// gives the rank of a trace without the field. Members of an archive are read the same way.
void TraceLoaderTest::theRankFieldIsPreferredToTheFileName()
{
    QTemporaryDir dir;
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank-0.json")), rankTrace(1)));
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank-1.json")), rankTrace(0)));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("worker_2.json")), kTinyTrace));
    std::vector<std::string> warnings;
    const auto members = listTraceMembers(dir.path().toStdString(), &warnings);
    QCOMPARE(members.size(), size_t(3));
    const char *files[] = {"rank-1.json", "rank-0.json", "worker_2.json"};
    const RankSource sources[] = {RankSource::Field, RankSource::Field, RankSource::Name};
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(members[size_t(i)].display, dir.filePath(QString::fromLatin1(files[i])).toStdString());
        QCOMPARE(members[size_t(i)].rank, i);
        QCOMPARE(members[size_t(i)].rankSource, sources[i]);
    }
    QVERIFY(std::find(warnings.begin(), warnings.end(),
                      members[1].display + ": distributedInfo.rank is 1 but the file name says 0: listed as rank 1")
            != warnings.end());

    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("-czf"), dir.filePath(QStringLiteral("run.tgz")), QStringLiteral("-C"),
                                      dir.path(), QStringLiteral("rank-0.json"), QStringLiteral("rank-1.json")});
    QVERIFY(tar.waitForFinished(30000) && tar.exitCode() == 0);
    const auto inArchive = listTraceMembers(dir.filePath(QStringLiteral("run.tgz")).toStdString());
    QCOMPARE(inArchive.size(), size_t(2));
    QCOMPARE(inArchive[0].member, std::string("rank-1.json"));
    QCOMPARE(inArchive[0].rankSource, RankSource::Field);
    QCOMPARE(inArchive[1].rank, 1);
}

// The listing reads each trace's first 64 KB; a field written after the events is found once the
// trace is loaded, and the disagreement is said.
void TraceLoaderTest::aRankFieldAfterTheEventsIsNoticedOnLoad()
{
    QTemporaryDir dir;
    QByteArray padding;
    for (int i = 0; i < 1000; ++i)
        padding += "{\"ph\":\"i\",\"cat\":\"cpu_instant_event\",\"name\":\"padding padding padding padding\",\"pid\":0,"
                   "\"tid\":1,\"ts\":5,\"s\":\"t\"},";
    const QString path = dir.filePath(QStringLiteral("trace_rank3.json"));
    QVERIFY(writeBytes(path, rankTrace(5, padding, true)));
    QVERIFY(QFileInfo(path).size() > 64 * 1024);
    const auto t = loadTrace(path.toStdString());
    QCOMPARE(t->source.rank, 3);
    QCOMPARE(t->source.rankSource, RankSource::Name);
    QVERIFY(std::find(t->warnings.begin(), t->warnings.end(),
                      path.toStdString() + ": distributedInfo.rank is 5, found after the part read to list the ranks: it is "
                                           "listed as rank 3 from its file name")
            != t->warnings.end());
}

QTEST_GUILESS_MAIN(TraceLoaderTest)
#include "tst_traceloader.moc"
