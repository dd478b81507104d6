// Broken and hostile inputs: the corpus of tools/make_bad_inputs.py, each run through the
// real `fusionscope-cli summary` in a child process with a timeout and an address-space limit. Every
// case ends in exit 3 with exactly one stderr line naming the file and the problem, or in exit 0 with
// a warning when the data is usable; never a signal, a hang or unbounded memory. Also: the registry
// loaders name the line of a bad regex, a bad field or a wrong type.
#include "testsupport.h"
#include "classify/kernelregistry.h"
#include "trace/tracebuffer.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"
#include "triage/fusionfamilies.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace fusion;

namespace {

QString describe(const QString &file, const test::CliOutcome &o)
{
    return QStringLiteral("%1: finished=%2 crashed=%3 exit=%4 stderr=[%5] stdout tail=[%6]")
        .arg(file)
        .arg(o.finished)
        .arg(o.crashed)
        .arg(o.exitCode)
        .arg(o.errLines.join(QStringLiteral(" | ")), o.out.right(300));
}

} // namespace

class BadInputsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void rejected_data();
    void rejected();
    void usableWithWarning_data();
    void usableWithWarning();
    void truncatedAtEveryOffsetIsAnErrorWithItsPosition();
    void bombsStopAtTheLimitAndSayHowToRaiseIt_data();
    void bombsStopAtTheLimitAndSayHowToRaiseIt();
    void aPlainFileOverTheLimitSaysHowToRaiseIt();
    void unreadableFile();
    void validControlsLoad_data();
    void validControlsLoad();
    void chunkedParserSurvivesTheCorpus();
    void kernelRegistryErrorsHaveLineNumbers_data();
    void kernelRegistryErrorsHaveLineNumbers();
    void fusionPatternErrorsHaveLineNumbers_data();
    void fusionPatternErrorsHaveLineNumbers();

private:
    // Exit 3, one stderr line "fusionscope-cli: FILE: PROBLEM…" matching `problem` (a regex); for an
    // archive, FILE may name the member ("run.zip:rank0.json").
    void expectError(const QString &file, const QString &problem, const QStringList &extra = {});
    QTemporaryDir m_dir;
    QString m_corpus;
};

void BadInputsTest::initTestCase()
{
    QVERIFY2(QFileInfo::exists(test::cliPath()), qPrintable(test::cliPath() + QStringLiteral(" is not built")));
    QVERIFY(m_dir.isValid());
    m_corpus = m_dir.filePath(QStringLiteral("corpus"));
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        QSKIP("python3 is not installed: the bad-input corpus cannot be generated");
    QProcess gen;
    gen.start(python, {test::sourceDir() + QStringLiteral("/tools/make_bad_inputs.py"), m_corpus});
    QVERIFY(gen.waitForFinished(300000));
    QVERIFY2(gen.exitStatus() == QProcess::NormalExit && gen.exitCode() == 0,
             gen.readAllStandardError().constData());
}

void BadInputsTest::expectError(const QString &file, const QString &problem, const QStringList &extra)
{
    const test::CliOutcome o = test::runCli(QStringList{QStringLiteral("summary"), file} + extra, m_corpus);
    QVERIFY2(o.finished, qPrintable(QStringLiteral("%1: hung (killed after %2 s)").arg(file).arg(test::kCliTimeoutMs / 1000)));
    QVERIFY2(!o.crashed, qPrintable(describe(file, o)));
    QVERIFY2(o.exitCode == 3, qPrintable(describe(file, o)));
    QVERIFY2(o.errLines.size() == 1, qPrintable(describe(file, o)));
    const QRegularExpression prefix(QStringLiteral("^fusionscope-cli: %1(:[^\\s:][^:]*)?: ").arg(QRegularExpression::escape(file)));
    const QRegularExpressionMatch at = prefix.match(o.errLines[0]);
    QVERIFY2(at.hasMatch(), qPrintable(describe(file, o)));
    const QRegularExpression re(problem);
    QVERIFY2(re.match(o.errLines[0].mid(at.capturedLength())).hasMatch(),
             qPrintable(QStringLiteral("expected /%1/: ").arg(problem) + describe(file, o)));
}

void BadInputsTest::rejected_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("problem");
    const QString truncated = QStringLiteral("^truncated JSON: .* \\(at byte \\d+\\)$");
    QTest::newRow("empty") << "empty.json" << "^file is empty$";
    QTest::newRow("whitespace only") << "whitespace.json" << "^file is empty \\(only whitespace\\)$";
    QTest::newRow("top-level string") << "top_string.json" << "^not a Chrome trace: the top-level value is not an object";
    QTest::newRow("top-level number") << "top_number.json" << "^not a Chrome trace: the top-level value is not an object";
    QTest::newRow("array of numbers") << "top_array_of_numbers.json" << "^the trace has no events";
    QTest::newRow("traceEvents object") << "traceevents_object.json" << "^not a Chrome trace: \"traceEvents\" is not an array$";
    QTest::newRow("traceEvents string") << "traceevents_string.json" << "^not a Chrome trace: \"traceEvents\" is not an array$";
    QTest::newRow("no traceEvents") << "no_traceevents.json" << "no \"traceEvents\" array";
    QTest::newRow("empty traceEvents") << "traceevents_empty.json" << "^the trace has no events$";
    QTest::newRow("100k nested arrays, top") << "deep_nesting_top.json" << "^(invalid JSON: .*depth|the trace has no events)";
    QTest::newRow("100k nested arrays, unclosed") << "deep_nesting_unclosed.json" << truncated;
    QTest::newRow("invalid UTF-8 in a name") << "invalid_utf8.json" << "^invalid JSON: .*UTF-8.* \\(at byte \\d+\\)$";
    QTest::newRow("raw NUL byte in a name") << "nul_raw_in_name.json" << "^invalid JSON: .*escaped.* \\(at byte \\d+\\)$";
    QTest::newRow("gzip with a bad CRC") << "bad_crc.json.gz" << "^corrupt gzip file: the CRC32 checksum";
    QTest::newRow("truncated gzip") << "truncated.json.gz" << "^cannot decompress: .*truncated";
    QTest::newRow("corrupt deflate stream") << "corrupt_deflate.json.gz" << "^(cannot decompress|corrupt gzip file)";
    QTest::newRow("gzip of random bytes") << "gzip_of_garbage.json.gz" << "^not JSON: expected '\\{' or '\\['";
    QTest::newRow("gzip header only") << "truncated_header.json.gz" << "^(not JSON|cannot decompress)";
    QTest::newRow("truncated zstd") << "truncated.json.zst" << "^cannot decompress: .*[Tt]runcated";
    QTest::newRow("zip without JSON") << "no_json.zip" << "^archive holds no trace files";
    QTest::newRow("truncated zip") << "truncated.zip" << "^cannot read archive( member)?: ";
    QTest::newRow("binary file named .json") << "binary.json" << "^not JSON: expected '\\{' or '\\[' .* \\(at byte 0\\)$";
    QTest::newRow("random bytes") << "random.bin" << "^not JSON: ";
    QTest::newRow("empty directory") << "empty_dir" << "^directory holds no trace files";
    QTest::newRow("directory without traces") << "dir_without_traces" << "^directory holds no trace files";
    QTest::newRow("directory with a symlink loop") << "dir_with_loop" << "^directory holds no trace files";
    QTest::newRow("symlink to itself") << "loop.json" << "^cannot open: .*symbolic links";
    QTest::newRow("two symlinks in a loop") << "loop_a.json" << "^cannot open: .*symbolic links";
    QTest::newRow("FIFO (would block)") << "fifo.json" << "^is not a regular file";
    QTest::newRow("missing file") << "no_such_file.json" << "^cannot open: no such file";
    QTest::newRow("durations beyond int64") << "durations_beyond_int64.json"
                                            << "^the events' durations add up to more than 95 years";
    // rocprofv3 JSON and Nsight Systems SQLite exports (their truncations are among truncated_*.json).
    QTest::newRow("rocprofv3 without records") << "rocprofv3_no_records.json" << "^the trace has no records \\(kernel_dispatch";
    QTest::newRow("SQLite without the kernel table") << "nsys_no_kernel_table.sqlite"
                                                     << "^Nsight Systems export without the kernel table CUPTI_ACTIVITY_KIND_KERNEL";
    QTest::newRow("SQLite of something else") << "sqlite_not_nsys.sqlite" << "^a SQLite database, but not an Nsight Systems export";
    QTest::newRow("rocpd SQLite") << "rocpd.db" << "^a rocprofv3 rocpd database, not an Nsight Systems export";
    QTest::newRow("empty .sqlite") << "empty.sqlite" << "^file is empty$";
    const QString damaged = QStringLiteral("database disk image is malformed \\(a corrupt or truncated file\\)$");
    QTest::newRow("corrupt SQLite") << "nsys_corrupt.sqlite" << "^cannot read the table CUPTI_ACTIVITY_KIND_KERNEL: " + damaged;
    QTest::newRow("truncated SQLite") << "nsys_truncated.sqlite" << "^not a readable SQLite database: " + damaged;
}

void BadInputsTest::rejected()
{
    QFETCH(QString, file);
    QFETCH(QString, problem);
    if (file.endsWith(QLatin1String(".zst")) && !QFileInfo::exists(m_corpus + QLatin1Char('/') + file))
        QSKIP("zstd is not installed: .zst cases not generated");
    if (file == QLatin1String("fifo.json") && !QFileInfo::exists(m_corpus + QLatin1Char('/') + file))
        QSKIP("no FIFO on this file system");
    expectError(file, problem);
}

void BadInputsTest::usableWithWarning_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("warning");
    QTest::newRow("trailing garbage") << "trailing_garbage.json" << "ignored bytes after the end of the JSON document";
    QTest::newRow("trailing NUL bytes") << "trailing_nuls.json" << "ignored 4097 NUL/blank bytes after the end";  // the final newline and 4096 NULs
    QTest::newRow("wrong field types") << "bad_field_types.json" << "events skipped";
    QTest::newRow("NaN and Infinity") << "nan_inf.json" << "3 events skipped";
    QTest::newRow("only bad events") << "all_events_bad.json" << "3 events skipped";
    QTest::newRow("100k nested arrays in args") << "deep_nesting.json" << "1 events skipped";
    QTest::newRow("key ending in an escaped backslash") << "escaped_key_last.json" << "1 events skipped";
    QTest::newRow("durations of 95 years") << "absurd_durations.json"
                                           << "4 events skipped: durations longer than a week";
}

void BadInputsTest::usableWithWarning()
{
    QFETCH(QString, file);
    QFETCH(QString, warning);
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), file}, m_corpus);
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 0, qPrintable(describe(file, o)));
    const qsizetype w = o.out.indexOf(QStringLiteral("\nWarnings:\n"));
    QVERIFY2(w >= 0, qPrintable(describe(file, o)));
    QVERIFY2(o.out.indexOf(warning, w) > w, qPrintable(QStringLiteral("no warning '%1': ").arg(warning) + describe(file, o)));
}

void BadInputsTest::truncatedAtEveryOffsetIsAnErrorWithItsPosition()
{
    const QStringList files = QDir(m_corpus).entryList({QStringLiteral("truncated_*.json")}, QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= 50, qPrintable(QString::number(files.size())));
    const QRegularExpression re(QStringLiteral("^(truncated JSON: .*|invalid JSON: .*|file is empty.*) \\(at byte (\\d+)\\)$"));
    for (const QString &file : files) {
        const test::CliOutcome o = test::runCli({QStringLiteral("summary"), file}, m_corpus);
        QVERIFY2(o.finished && !o.crashed && o.exitCode == 3 && o.errLines.size() == 1, qPrintable(describe(file, o)));
        const QString prefix = QStringLiteral("fusionscope-cli: ") + file + QStringLiteral(": ");
        QVERIFY2(o.errLines[0].startsWith(prefix), qPrintable(describe(file, o)));
        const auto m = re.match(o.errLines[0].mid(prefix.size()));
        QVERIFY2(m.hasMatch(), qPrintable(describe(file, o)));
        // The position is within the file (a cut-off file is reported at its end).
        const qint64 size = QFileInfo(m_corpus + QLatin1Char('/') + file).size();
        QVERIFY2(m.captured(2).toLongLong() <= size, qPrintable(describe(file, o)));
        if (m.captured(1).startsWith(QLatin1String("truncated")))
            QCOMPARE(m.captured(2).toLongLong(), size);
    }
}

void BadInputsTest::bombsStopAtTheLimitAndSayHowToRaiseIt_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("gzip bomb") << "bomb.json.gz";
    QTest::newRow("zip bomb") << "bomb.zip";
}

void BadInputsTest::bombsStopAtTheLimitAndSayHowToRaiseIt()
{
    QFETCH(QString, file);
    QVERIFY(QFileInfo(m_corpus + QLatin1Char('/') + file).size() < 1 << 20);  // tiny file…
    expectError(file, QStringLiteral("^decompressed size exceeds the size limit of 50 MB .*--max-size"),
                {QStringLiteral("--max-size"), QStringLiteral("50")});
    // …that is a valid (if empty) trace once the limit allows its 200 MB.
    if (test::kSanitized)
        return;
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), file, QStringLiteral("--max-size"), QStringLiteral("300")}, m_corpus);
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 3 && o.errLines.size() == 1, qPrintable(describe(file, o)));
    // A zip's error names its member ("bomb.zip:trace.json").
    const QRegularExpression re(QStringLiteral("^fusionscope-cli: %1(:trace\\.json)?: the trace has no events$")
                                    .arg(QRegularExpression::escape(file)));
    QVERIFY2(re.match(o.errLines[0]).hasMatch(), qPrintable(describe(file, o)));
}

void BadInputsTest::aPlainFileOverTheLimitSaysHowToRaiseIt()
{
    expectError(QStringLiteral("huge_name.json"), QStringLiteral("^file size 10 MB exceeds the size limit of 1 MB .*--max-size"),
                {QStringLiteral("--max-size"), QStringLiteral("1")});
}

void BadInputsTest::unreadableFile()
{
    const QString path = m_corpus + QStringLiteral("/no_permission.json");
    if (::access(QFile::encodeName(path).constData(), R_OK) == 0)
        QSKIP("running as root (or with CAP_DAC_OVERRIDE): chmod 000 does not stop reading, case skipped");
    expectError(QStringLiteral("no_permission.json"), QStringLiteral("^cannot open: Permission denied$"));
}

void BadInputsTest::validControlsLoad_data()
{
    QTest::addColumn<QString>("file");
    for (const char *f : {"valid.json", "valid.json.gz", "valid.json.zst", "valid.zip", "duplicate_keys.json",
                          "duplicate_traceevents.json", "escaped_key.json", "nul_escaped_in_name.json", "huge_name.json",
                          "deep_objects.json", "trace_rank99999999999.json", "rocprofv3_valid.json", "nsys_valid.sqlite"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void BadInputsTest::validControlsLoad()
{
    QFETCH(QString, file);
    if (!QFileInfo::exists(m_corpus + QLatin1Char('/') + file))
        QSKIP("not generated (zstd missing)");
    const test::CliOutcome o = test::runCli({QStringLiteral("summary"), file}, m_corpus);
    QVERIFY2(o.finished && !o.crashed && o.exitCode == 0 && o.errLines.isEmpty(), qPrintable(describe(file, o)));
    if (file.startsWith(QLatin1String("valid")) || file.startsWith(QLatin1String("duplicate"))
        || file.startsWith(QLatin1String("trace_rank")) || file.contains(QLatin1String("_valid")))
        QVERIFY2(o.out.contains(QStringLiteral("ampere_sgemm_128x64_nn")), qPrintable(describe(file, o)));
    if (file == QLatin1String("huge_name.json"))
        QVERIFY2(o.out.contains(QStringLiteral("kkkkkkkk")) && o.out.size() < 100000, qPrintable(describe(file, o).left(2000)));
}

// The CLI parses small files as one document; the chunked path (32 MB pieces in real use) gets the
// same corpus with tiny chunks, in process: errors are TraceErrors, never a crash.
void BadInputsTest::chunkedParserSurvivesTheCorpus()
{
    const QStringList files = QDir(m_corpus).entryList({QStringLiteral("*.json")}, QDir::Files | QDir::NoSymLinks);
    int parsed = 0;
    for (const QString &file : files) {
        if (file == QLatin1String("no_permission.json") || file == QLatin1String("fifo.json"))
            continue;
        QFile f(m_corpus + QLatin1Char('/') + file);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        const TraceBuffer buf = TraceBuffer::fromString(std::string_view(bytes.constData(), size_t(bytes.size())));
        for (size_t chunk : {size_t(64), size_t(1000), size_t(0)}) {
            ParseOptions po;
            po.chunkBytes = chunk;
            try {
                const ParseResult r = parseTrace(buf, file.toStdString(), po);
                QVERIFY(r.store.eventCount > 0);
                ++parsed;
            } catch (const TraceError &e) {
                QCOMPARE(QString::fromStdString(e.file()), file);
                QVERIFY(!e.problem().empty());
            }
        }
        // The valid trace gives the same events whichever path parsed it.
        if (file == QLatin1String("valid.json")) {
            ParseOptions small;
            small.chunkBytes = 64;
            QCOMPARE(parseTrace(buf, "a", small).store.kernels.size(), parseTrace(buf, "b").store.kernels.size());
        }
    }
    QVERIFY(parsed > 10);
}

void BadInputsTest::kernelRegistryErrorsHaveLineNumbers_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad regex") << "rules:\n  - pattern: 'ok'\n    op: A\n  - pattern: '(unclosed'\n    op: B\n" << 4
                               << "bad regular expression '(unclosed'";
    QTest::newRow("bad unless regex") << "rules:\n  - pattern: 'ok'\n    op: A\n    unless: 'x{2,1}'\n" << 4 << "in 'unless'";
    QTest::newRow("op is a mapping") << "rules:\n  - pattern: 'ok'\n    op: {name: A}\n" << 3 << "field 'op' must be a string, not a mapping";
    QTest::newRow("op missing") << "rules:\n  - pattern: 'ok'\n    opp: A\n" << 3 << "unknown field 'opp'";
    QTest::newRow("rules is a scalar") << "version: 1\nrules: 12\n" << 2 << "'rules' must be a list, not a scalar";
    QTest::newRow("rule is a list") << "rules:\n  - [a, b]\n" << 2 << "a rule must be a mapping";
    QTest::newRow("key is a list") << "rules:\n  - pattern: x\n    op: A\n    ? [a]\n    : b\n" << 4 << "a field name must be a plain word";
    QTest::newRow("tab indentation") << "rules:\n  - pattern: x\n\t op: A\n" << 3 << "not valid YAML";
}

void BadInputsTest::kernelRegistryErrorsHaveLineNumbers()
{
    QFETCH(QString, yaml);
    QFETCH(int, line);
    QFETCH(QString, message);
    try {
        KernelRegistry::fromYaml(yaml.toStdString(), "user.yaml");
        QFAIL("accepted");
    } catch (const RegistryError &e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.startsWith(QStringLiteral("user.yaml:%1: ").arg(line)), qPrintable(what));
        QVERIFY2(what.contains(message), qPrintable(what));
    }
}

void BadInputsTest::fusionPatternErrorsHaveLineNumbers_data()
{
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    const QString head = QStringLiteral("families:\n  - name: f\n    origin: mainline\n");
    QTest::newRow("bad origin") << "families:\n  - name: f\n    origin: sideways\n" << 3 << "origin must be mainline";
    QTest::newRow("tp_min not a number") << head + "    tp_min: many\n" << 4 << "bad value for tp_min";
    QTest::newRow("min_share a list") << head + "    min_share: [1]\n" << 4 << "bad value for min_share";
    QTest::newRow("unknown matcher key") << head + "    active_keywords:\n      match: {kernal: [x]}\n" << 5 << "unknown matcher key 'kernal'";
    QTest::newRow("matcher key is a list") << head + "    active_keywords:\n      match:\n        ? [a]\n        : b\n" << 6
                                           << "a matcher key must be a plain word";
    QTest::newRow("split_groups a string") << head + "    split_groups: rmsnorm\n" << 4 << "split_groups must be a list";
    QTest::newRow("sequence a list") << head + "    split_groups: [[a], [b]]\n    sequence: [0, 1]\n" << 5 << "sequence must be a mapping";
    QTest::newRow("sequence out of range") << head + "    split_groups: [[a]]\n    sequence: {first: 0, then: 3}\n" << 5 << "must index split_groups";
    QTest::newRow("models a list") << head + "    models: [llama]\n" << 4 << "models must be a mapping";
    QTest::newRow("keywords hold a mapping") << head + "    active_keywords: [a, {b: c}]\n" << 4 << "keywords must hold strings";
    QTest::newRow("broken YAML") << head + "    rationale: [unclosed\n" << 5 << "not valid YAML";
}

void BadInputsTest::fusionPatternErrorsHaveLineNumbers()
{
    QFETCH(QString, yaml);
    QFETCH(int, line);
    QFETCH(QString, message);
    try {
        FusionPatterns::fromYaml(yaml.toStdString(), "patterns.yaml");
        QFAIL("accepted");
    } catch (const FusionPatternError &e) {
        const QString what = QString::fromUtf8(e.what());
        QVERIFY2(what.startsWith(QStringLiteral("patterns.yaml:%1: ").arg(line)), qPrintable(what));
        QVERIFY2(what.contains(message), qPrintable(what));
    }
}

QTEST_GUILESS_MAIN(BadInputsTest)
#include "tst_badinputs.moc"
