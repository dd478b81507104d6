// fusionscope-cli's answers to command lines it cannot run as given: one line saying what is wrong
// and where the help is (not the whole usage), options a command does not take, folders whose
// traces are not where it first looks or hold a rank other than the one asked for, and runs of
// several ranks one of which cannot be read.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>

using namespace fusion;

namespace {
const char *kTinyTrace = R"J({"traceEvents": [
  {"ph":"X","cat":"kernel","name":"gemm_kernel","pid":0,"tid":7,"ts":10,"dur":1,"args":{"stream":7}}]})J";
const QString kHint = QStringLiteral("Try 'fusionscope-cli --help' for the commands and their options.");

bool writeFile(const QString &path, const char *text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == qint64(qstrlen(text));
}

// A rank's trace: kernels of another length per rank, and its rank in distributedInfo.
QByteArray rankTrace(int rank)
{
    return QStringLiteral(R"J({"distributedInfo": {"backend": "nccl", "rank": %1, "world_size": 2}, "traceEvents": [
  {"ph":"X","cat":"kernel","name":"gemm_kernel","pid":0,"tid":7,"ts":10,"dur":%2,"args":{"stream":7}}]})J")
        .arg(rank)
        .arg(rank + 1)
        .toUtf8();
}

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

bool writeGzip(const QString &path, const QByteArray &bytes)
{
    gzFile f = gzopen(QFile::encodeName(path).constData(), "wb");
    const bool ok = f && gzwrite(f, bytes.constData(), unsigned(bytes.size())) == int(bytes.size());
    return gzclose(f) == Z_OK && ok;
}

bool tarUp(const QString &archive, const QString &dir, const QStringList &names)
{
    QProcess tar;
    tar.start(QStringLiteral("tar"), QStringList{QStringLiteral("-cf"), archive, QStringLiteral("-C"), dir} + names);
    return tar.waitForFinished(30000) && tar.exitCode() == 0;
}

QString describe(const test::CliOutcome &o)
{
    return QStringLiteral("exit=%1 stderr=[%2] stdout=[%3]")
        .arg(o.exitCode)
        .arg(o.errLines.join(QStringLiteral(" | ")), o.out.left(300));
}
} // namespace

class CliUsageTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void aUsageErrorIsTheProblemAndAHint_data();
    void aUsageErrorIsTheProblemAndAHint();
    void helpPrintsTheWholeUsage();
    void optionsACommandDoesNotTakeAreRejected_data();
    void optionsACommandDoesNotTakeAreRejected();
    void optionsACommandTakesAreAccepted();
    void aMissingRankListsTheRanksThereAre();
    void aFileBesideItsCompressedCopyIsOneRank();
    void tracesInSubfoldersAreFoundOrNamed();
    void aFolderWithoutTracesSaysSo();
    void aRankThatIsNoTraceIsNamed();
    void anArchiveCutInsideAMemberNamesTheMember();
    void aTruncatedCompressedMemberIsNamed();
    void anExportThatFailsLeavesNoFile();
    void aReportIsRenamedIntoPlaceButALinkIsWrittenThrough();

private:
    QTemporaryDir m_dir;
    QString m_trace;
};

void CliUsageTest::initTestCase()
{
    QVERIFY2(QFileInfo::exists(test::cliPath()), qPrintable(test::cliPath() + QStringLiteral(" is not built")));
    m_trace = m_dir.filePath(QStringLiteral("trace.json"));
    QVERIFY(writeFile(m_trace, kTinyTrace));
}

void CliUsageTest::aUsageErrorIsTheProblemAndAHint_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("problem");
    QTest::newRow("unknown option") << QStringList{"summary", "t.json", "--bogus"} << "unknown option --bogus";
    QTest::newRow("missing value") << QStringList{"summary", "t.json", "--format"} << "option --format needs a value";
    QTest::newRow("bad format") << QStringList{"summary", "t.json", "--format", "xml"}
                                << "unknown format 'xml' (text, json, csv, md; export: perfetto)";
    QTest::newRow("not a number") << QStringList{"summary", "t.json", "--rank", "x"}
                                  << "option --rank expects a number, got 'x'";
    QTest::newRow("unknown command") << QStringList{"frobnicate"}
                                     << "unknown command 'frobnicate' (summary, triage, compare, classify or export)";
    QTest::newRow("no command") << QStringList{} << "no command given (summary, triage, compare, classify or export)";
    QTest::newRow("one trace to compare") << QStringList{"compare", "t.json"} << "compare takes two traces: A B";
    QTest::newRow("ranks but not all") << QStringList{"compare", "a", "b", "--ranks", "2"}
                                       << "option --ranks takes 'all' (--rank N picks one rank)";
    QTest::newRow("rank and ranks") << QStringList{"compare", "a", "b", "--ranks", "all", "--rank", "1"}
                                    << "--rank N compares one rank, --ranks all every rank: give one of them";
    QTest::newRow("export without --out") << QStringList{"export", "t.json"}
                                          << "export needs --out FILE.json (or FILE.json.gz, written compressed)";
    QTest::newRow("export of three traces") << QStringList{"export", "a.json", "b.json", "c.json", "--out", "x.json"}
                                            << "export takes one trace or two: A [B]";
    QTest::newRow("export --format json")
        << QStringList{"export", "t.json", "--format", "json", "--out", "x.json"}
        << "export writes --format perfetto only (Chrome trace JSON for Perfetto UI and chrome://tracing)";
    QTest::newRow("compare --format perfetto")
        << QStringList{"compare", "a.json", "b.json", "--format", "perfetto"}
        << "--format perfetto is written by export (fusionscope-cli export A [B] --out FILE.json)";
}

// The whole 25-line usage after every mistake buried the one line that mattered.
void CliUsageTest::aUsageErrorIsTheProblemAndAHint()
{
    QFETCH(QStringList, args);
    QFETCH(QString, problem);
    const test::CliOutcome o = test::runCli(args, m_dir.path());
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 2, qPrintable(describe(o)));
    QCOMPARE(o.errLines, QStringList({QStringLiteral("fusionscope-cli: ") + problem, kHint}));
    QVERIFY(o.out.isEmpty());
}

void CliUsageTest::helpPrintsTheWholeUsage()
{
    const test::CliOutcome o = test::runCli({QStringLiteral("--help")});
    QVERIFY2(o.finished && o.exitCode == 0 && o.errLines.isEmpty(), qPrintable(describe(o)));
    QVERIFY(o.out.startsWith(QStringLiteral("usage: fusionscope-cli COMMAND")));
    QVERIFY(o.out.contains(QStringLiteral("  --min-share F")));
}

void CliUsageTest::optionsACommandDoesNotTakeAreRejected_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("problem");
    QTest::newRow("summary --stage")
        << QStringList{"summary", "trace.json", "--stage", "decode"}
        << "option --stage does not apply to summary (it takes --format, --out, --registry, --rank, --device, "
           "--max-size, --label-a, --limit)";
    QTest::newRow("triage --label-b")
        << QStringList{"triage", "trace.json", "--label-b=B"}
        << "option --label-b does not apply to triage (it takes --format, --out, --registry, --rank, --device, "
           "--max-size, --label-a, --stage, --scope, --step, --limit, --min-share, --model, --tp)";
    QTest::newRow("compare --min-share")
        << QStringList{"compare", "trace.json", "trace.json", "--min-share", "0.1"}
        << "option --min-share does not apply to compare (it takes --format, --out, --registry, --rank, "
           "--ranks, --device, --max-size, --label-a, --label-b, --stage, --scope, --step, --limit)";
    QTest::newRow("summary --ranks") << QStringList{"summary", "trace.json", "--ranks", "all"}
                                     << "option --ranks does not apply to summary (it takes --format, --out, --registry, "
                                        "--rank, --device, --max-size, --label-a, --limit)";
    QTest::newRow("classify --rank") << QStringList{"classify", "gemm", "--rank", "1"}
                                     << "option --rank does not apply to classify (it takes --format, --out, --registry)";
    QTest::newRow("summary --format md") << QStringList{"summary", "trace.json", "--format", "md"}
                                         << "summary writes text, json or csv, not md";
}

// They were silently ignored: summary --stage decode summarised every stage.
void CliUsageTest::optionsACommandDoesNotTakeAreRejected()
{
    QFETCH(QStringList, args);
    QFETCH(QString, problem);
    const test::CliOutcome o = test::runCli(args, m_dir.path());
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 2, qPrintable(describe(o)));
    QCOMPARE(o.errLines, QStringList({QStringLiteral("fusionscope-cli: ") + problem, kHint}));
}

void CliUsageTest::optionsACommandTakesAreAccepted()
{
    for (const QStringList &args :
         {QStringList{"triage", "trace.json", "--stage", "all", "--model", "llama", "--tp", "2", "--min-share=0.5",
                      "--label-a", "A", "--limit", "3", "--rank", "-1", "--format", "json", "-o", "out.json"},
          QStringList{"compare", "trace.json", "trace.json", "--label-a", "A", "--label-b", "B", "--stage", "all"},
          QStringList{"summary", "trace.json", "--limit", "5", "--max-size", "100", "--device", "0"},
          QStringList{"classify", "gemm", "--format", "json"},
          QStringList{"export", "trace.json", "trace.json", "--label-a", "A", "--label-b", "B", "--stage", "all",
                      "--format", "perfetto", "--out", "pair.json"},
          QStringList{"export", "trace.json", "--model", "llama", "--tp", "2", "--out", "one.json.gz"}}) {
        const test::CliOutcome o = test::runCli(args, m_dir.path());
        QVERIFY2(o.finished && o.exitCode == 0 && o.errLines.isEmpty(),
                 qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + describe(o)));
    }
    // The exports are where --out said, complete (no temporary left beside them).
    QVERIFY(QFileInfo(m_dir.filePath(QStringLiteral("pair.json"))).size() > 0);
    QVERIFY(QFileInfo(m_dir.filePath(QStringLiteral("one.json.gz"))).size() > 0);
    QVERIFY(QDir(m_dir.path()).entryList({QStringLiteral("*.part*")}).isEmpty());
}

// "holds no trace for rank 5" left the user guessing which ranks there are.
void CliUsageTest::aMissingRankListsTheRanksThereAre()
{
    QTemporaryDir dir;
    for (const char *name : {"run_rank0.json", "run_rank1.json", "run_rank3.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), dir.path(), QStringLiteral("--rank"), QStringLiteral("5")});
    QVERIFY2(o.finished && o.exitCode == 3, qPrintable(describe(o)));
    QCOMPARE(o.errLines, QStringList(QStringLiteral("fusionscope-cli: %1: holds no trace for rank 5 (its ranks: 0, 1, 3)")
                                         .arg(dir.path())));
}

void CliUsageTest::aFileBesideItsCompressedCopyIsOneRank()
{
    QTemporaryDir dir;
    for (const char *name : {"rank0.json", "rank0.json.gz", "rank1.json"})
        QVERIFY(writeFile(dir.filePath(QString::fromLatin1(name)), kTinyTrace));
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), dir.path(), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(describe(o)));
    const QJsonObject summary = QJsonDocument::fromJson(o.out.toUtf8()).object();
    const QJsonArray ranks = summary[QStringLiteral("trace")].toObject()[QStringLiteral("ranks")].toArray();
    QCOMPARE(ranks.size(), 2);
    QCOMPARE(ranks[0].toObject()[QStringLiteral("rank")].toInt(), 0);
    QCOMPARE(ranks[1].toObject()[QStringLiteral("rank")].toInt(), 1);
    const QJsonArray warnings = summary[QStringLiteral("warnings")].toArray();
    QVERIFY2(warnings.contains(QStringLiteral("%1/rank0.json.gz is a compressed copy of %1/rank0.json: counted once, "
                                              "read from %1/rank0.json").arg(dir.path())),
             qPrintable(o.out));
    QVERIFY(warnings.contains(QStringLiteral("2 ranks found; analysing %1/rank0.json (the lowest rank; --rank chooses)")
                                  .arg(dir.path())));
}

// A profiler's log folder with one folder per run said "directory holds no trace files".
void CliUsageTest::tracesInSubfoldersAreFoundOrNamed()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("logs/run1")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("logs/run1/worker0.pt.trace.json")), kTinyTrace));
    const QString logs = dir.filePath(QStringLiteral("logs"));
    test::CliOutcome o = test::runCli({QStringLiteral("summary"), logs});
    QVERIFY2(o.finished && o.exitCode == 0 && o.errLines.isEmpty(), qPrintable(describe(o)));
    QVERIFY2(o.out.contains(QStringLiteral("no trace files in %1 itself: reading the 1 in its subfolder run1/").arg(logs)),
             qPrintable(o.out));
    QVERIFY(o.out.contains(QStringLiteral("gemm_kernel")));

    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("logs/run2")));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("logs/run2/worker0.pt.trace.json")), kTinyTrace));
    o = test::runCli({QStringLiteral("summary"), logs});
    QVERIFY2(o.finished && o.exitCode == 3, qPrintable(describe(o)));
    QCOMPARE(o.errLines, QStringList(QStringLiteral("fusionscope-cli: %1: directory holds no trace files itself; its "
                                                    "subfolders run1/ (1), run2/ (1) do: give one of them")
                                         .arg(logs)));
}

void CliUsageTest::aFolderWithoutTracesSaysSo()
{
    QTemporaryDir empty, notes;
    QVERIFY(writeFile(notes.filePath(QStringLiteral("notes.txt")), "rank 0 was slow"));
    for (const QString &dir : {empty.path(), notes.path()}) {
        const test::CliOutcome o = test::runCli({QStringLiteral("summary"), dir});
        QVERIFY2(o.finished && o.exitCode == 3, qPrintable(describe(o)));
        QCOMPARE(o.errLines, QStringList(QStringLiteral("fusionscope-cli: %1: directory holds no trace files (.json, "
                                                        ".json.gz, .json.zst, .sqlite), nor do its subfolders")
                                             .arg(dir)));
    }
}

// Every rank is read for the table of ranks: a member that is no trace stops the command with its name.
void CliUsageTest::aRankThatIsNoTraceIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank0.json")), rankTrace(0)));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("rank1.json")), "rank 1 crashed before writing its trace"));
    for (const char *command : {"summary", "triage"}) {
        const test::CliOutcome o = test::runCli({QString::fromLatin1(command), dir.path()});
        QVERIFY2(o.finished && !o.crashed && o.exitCode == 3 && o.errLines.size() == 1, qPrintable(describe(o)));
        QVERIFY2(o.errLines[0].startsWith(QStringLiteral("fusionscope-cli: %1: ").arg(dir.filePath(QStringLiteral("rank1.json")))),
                 qPrintable(o.errLines[0]));
        QVERIFY(o.out.isEmpty());
    }
}

void CliUsageTest::anArchiveCutInsideAMemberNamesTheMember()
{
    QTemporaryDir dir;
    // Large enough that the cut falls inside rank1.json's data, past its header.
    QByteArray big = rankTrace(1);
    big.insert(big.indexOf("\"traceEvents\""), "\"padding\": \"" + QByteArray(20000, 'x') + "\", ");
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank0.json")), rankTrace(0)));
    QVERIFY(writeBytes(dir.filePath(QStringLiteral("rank1.json")), big));
    const QString archive = dir.filePath(QStringLiteral("run.tar"));
    QVERIFY(tarUp(archive, dir.path(), {QStringLiteral("rank0.json"), QStringLiteral("rank1.json")}));
    QVERIFY(QFile::resize(archive, 512 * 4 + 10000));  // rank0.json: header and a block; rank1.json: header, 10 KB of 20
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), archive});
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 3 && o.errLines.size() == 1, qPrintable(describe(o)));
    QVERIFY2(o.errLines[0].startsWith(QStringLiteral("fusionscope-cli: %1:rank1.json: cannot read archive member: ").arg(archive)),
             qPrintable(o.errLines[0]));
}

void CliUsageTest::aTruncatedCompressedMemberIsNamed()
{
    QTemporaryDir dir;
    QVERIFY(writeGzip(dir.filePath(QStringLiteral("rank0.json.gz")), rankTrace(0)));
    const QString cut = dir.filePath(QStringLiteral("rank1.json.gz"));
    QVERIFY(writeGzip(cut, rankTrace(1)));
    QVERIFY(QFile::resize(cut, QFileInfo(cut).size() / 2));
    const QString archive = dir.filePath(QStringLiteral("run.tar"));
    QVERIFY(tarUp(archive, dir.path(), {QStringLiteral("rank0.json.gz"), QStringLiteral("rank1.json.gz")}));
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), archive});
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 3 && o.errLines.size() == 1, qPrintable(describe(o)));
    QVERIFY2(o.errLines[0].startsWith(QStringLiteral("fusionscope-cli: %1:rank1.json.gz: ").arg(archive)),
             qPrintable(o.errLines[0]));
}

// A failed export must not leave a truncated file (nor replace a good one) under the name asked for.
void CliUsageTest::anExportThatFailsLeavesNoFile()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QVERIFY(writeFile(bad, "{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"kernel\""));
    const QString out = m_dir.filePath(QStringLiteral("bad_export.json"));
    test::CliOutcome o = test::runCli({QStringLiteral("export"), bad, QStringLiteral("--out"), out});
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 3, qPrintable(describe(o)));
    QCOMPARE(o.errLines.size(), 1);
    QVERIFY2(o.errLines.front().startsWith(QStringLiteral("fusionscope-cli: ") + bad + QStringLiteral(": truncated JSON")),
             qPrintable(o.errLines.front()));
    QVERIFY(!QFileInfo::exists(out));
    QVERIFY(QDir(m_dir.path()).entryList({QStringLiteral("*.part*")}).isEmpty());

    const QString nowhere = m_dir.filePath(QStringLiteral("no/such/dir/x.json"));
    o = test::runCli({QStringLiteral("export"), m_trace, QStringLiteral("--out"), nowhere});
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 3, qPrintable(describe(o)));
    QCOMPARE(o.errLines, QStringList(QStringLiteral("fusionscope-cli: %1: cannot write: No such file or directory").arg(nowhere)));
}

// A report is written beside its name and renamed into place once whole (so a run that fails keeps
// the report from before); a name that is no regular file, such as a symbolic link, is written
// through, since renaming over it would replace the link itself.
void CliUsageTest::aReportIsRenamedIntoPlaceButALinkIsWrittenThrough()
{
    const QString target = m_dir.filePath(QStringLiteral("report_target.json"));
    const QString link = m_dir.filePath(QStringLiteral("report_link.json"));
    QVERIFY(writeFile(target, "old"));
    QVERIFY(QFile::link(target, link));
    for (const QString &out : {target, link}) {
        const test::CliOutcome o = test::runCli({QStringLiteral("summary"), m_trace, QStringLiteral("--format"),
                                                 QStringLiteral("json"), QStringLiteral("--out"), out});
        QVERIFY2(o.finished && !o.crashed && o.exitCode == 0, qPrintable(describe(o)));
    }
    QVERIFY(QFileInfo(link).isSymLink());
    QFile f(target);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().startsWith("{\n  \""));
    QVERIFY(QDir(m_dir.path()).entryList({QStringLiteral("*.part*")}).isEmpty());
}

QTEST_GUILESS_MAIN(CliUsageTest)
#include "tst_cliusage.moc"
