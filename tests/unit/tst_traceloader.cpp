// What a TRACE argument names: a file, a directory or an archive of several ranks; which ranks
// there are and which one is analysed.
#include "testsupport.h"
#include "trace/traceerror.h"

#include <QDir>
#include <QFile>
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
        QCOMPARE(e.problem(), std::string("holds no trace for rank 5 (no file name there gives a rank: "
                                          "rank<N>, tp<N>, TP-<N>, worker<N>)"));
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

QTEST_GUILESS_MAIN(TraceLoaderTest)
#include "tst_traceloader.moc"
