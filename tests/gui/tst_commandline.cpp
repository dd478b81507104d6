// fusionscope's command line: traces, labels, stage, language, screenshot, view, size and
// --time-to-first-view, and clear errors for what it cannot use.
#include "commandline.h"
#include "guitestsupport.h"

#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

class CommandLineTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { fusion::test::prepareGuiTestEnvironment(); }

private slots:
    void everyOptionIsRead();
    void noArgumentsOpenAnEmptyWindow();
    void timeToFirstViewIsRead();
    void badCommandLinesSayWhatIsWrong_data();
    void badCommandLinesSayWhatIsWrong();
    void theLanguageIsFoundBeforeTheApplicationExists();
    void aScreenshotOfAMissingTraceSaysWhyOnStderr();
    void helpVersionAndErrorsNeedNoDisplay_data();
    void helpVersionAndErrorsNeedNoDisplay();
};

void CommandLineTest::everyOptionIsRead()
{
    const CommandLine cl = CommandLine::parse(
        {QStringLiteral("fusionscope"), QStringLiteral("a.json.gz"), QStringLiteral("b.json"),
         QStringLiteral("--label-a"), QStringLiteral("H100"), QStringLiteral("--label-b=MI300X"),
         QStringLiteral("--stage"), QStringLiteral("Decode"), QStringLiteral("--lang"), QStringLiteral("de"),
         QStringLiteral("--screenshot"), QStringLiteral("/tmp/shot.png"), QStringLiteral("--tab"),
         QStringLiteral("fusion"), QStringLiteral("--size"), QStringLiteral("1280x800")});
    QVERIFY2(cl.error.isEmpty(), qPrintable(cl.error));
    QCOMPARE(cl.traces, QStringList({QStringLiteral("a.json.gz"), QStringLiteral("b.json")}));
    QCOMPARE(cl.labelA, QStringLiteral("H100"));
    QCOMPARE(cl.labelB, QStringLiteral("MI300X"));
    QCOMPARE(cl.stage, QStringLiteral("decode"));
    QCOMPARE(cl.language, QStringLiteral("de"));
    QCOMPARE(cl.screenshot, QStringLiteral("/tmp/shot.png"));
    QCOMPARE(cl.tab, QStringLiteral("fusion"));
    QCOMPARE(cl.size, QSize(1280, 800));
    QVERIFY(!cl.help && !cl.version);
}

void CommandLineTest::noArgumentsOpenAnEmptyWindow()
{
    const CommandLine cl = CommandLine::parse({QStringLiteral("fusionscope")});
    QVERIFY(cl.error.isEmpty());
    QVERIFY(cl.traces.isEmpty());
    QVERIFY(cl.screenshot.isEmpty());
    QVERIFY(cl.helpText.contains(QStringLiteral("--screenshot")));
    QVERIFY(cl.helpText.contains(QStringLiteral("--label-a")));
}

void CommandLineTest::timeToFirstViewIsRead()
{
    const CommandLine cl = CommandLine::parse({QStringLiteral("fusionscope"), QStringLiteral("--time-to-first-view"),
                                               QStringLiteral("a.json"), QStringLiteral("b.json.gz")});
    QVERIFY2(cl.error.isEmpty(), qPrintable(cl.error));
    QVERIFY(cl.timeToFirstView);
    QCOMPARE(cl.traces.size(), 2);
    QVERIFY(!CommandLine::parse({QStringLiteral("fusionscope"), QStringLiteral("a.json")}).timeToFirstView);
    QVERIFY(cl.helpText.contains(QStringLiteral("--time-to-first-view")));
}

void CommandLineTest::badCommandLinesSayWhatIsWrong_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("three traces") << QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}
                                  << QStringLiteral("two");
    QTest::newRow("unknown stage") << QStringList{QStringLiteral("--stage"), QStringLiteral("warmup")}
                                   << QStringLiteral("warmup");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--colour")} << QStringLiteral("colour");
    QTest::newRow("missing value") << QStringList{QStringLiteral("--label-a")} << QStringLiteral("label-a");
    QTest::newRow("unknown view") << QStringList{QStringLiteral("--tab"), QStringLiteral("flamegraph")}
                                  << QStringLiteral("flamegraph");
    QTest::newRow("bad size") << QStringList{QStringLiteral("--size"), QStringLiteral("big")} << QStringLiteral("big");
    QTest::newRow("first view of nothing") << QStringList{QStringLiteral("--time-to-first-view")}
                                           << QStringLiteral("trace");
    QTest::newRow("first view and screenshot")
        << QStringList{QStringLiteral("--time-to-first-view"), QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                       QStringLiteral("a.json")}
        << QStringLiteral("screenshot");
}

void CommandLineTest::badCommandLinesSayWhatIsWrong()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mentions);
    arguments.prepend(QStringLiteral("fusionscope"));
    const CommandLine cl = CommandLine::parse(arguments);
    QVERIFY(!cl.error.isEmpty());
    QVERIFY2(cl.error.contains(mentions), qPrintable(cl.error));
}

void CommandLineTest::theLanguageIsFoundBeforeTheApplicationExists()
{
    char program[] = "fusionscope", lang[] = "--lang", de[] = "de", zh[] = "--lang=zh_CN", file[] = "a.json";
    char *withSpace[] = {program, file, lang, de};
    QCOMPARE(CommandLine::languageOf(4, withSpace), QStringLiteral("de"));
    char *withEquals[] = {program, zh};
    QCOMPARE(CommandLine::languageOf(2, withEquals), QStringLiteral("zh_CN"));
    char *without[] = {program, file};
    QCOMPARE(CommandLine::languageOf(2, without), QString());
}

// It exited 3 with nothing on stderr: a script saw the failure but not its reason.
void CommandLineTest::aScreenshotOfAMissingTraceSaysWhyOnStderr()
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("no_such_trace.json"));
    const QString shot = dir.filePath(QStringLiteral("shot.png"));
    const fusion::test::CliOutcome o = fusion::test::runCli(
        {QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--screenshot"), shot, missing}, {},
        fusion::test::binaryDir() + QStringLiteral("/app/gui/fusionscope"));
    QVERIFY2(o.finished && !o.crashed, qPrintable(o.errLines.join(QLatin1Char('\n'))));
    QCOMPARE(o.exitCode, 3);
    // Qt may add notes of its own (no XDG_RUNTIME_DIR…); ours are the lines that start with the name.
    const QStringList ours = o.errLines.filter(QRegularExpression(QStringLiteral("^fusionscope: ")));
    QCOMPARE(ours, QStringList(QStringLiteral("fusionscope: Trace A could not be loaded: %1: cannot open: no such file "
                                              "or directory").arg(missing)));
    QVERIFY(QFileInfo::exists(shot));  // the window, with the error shown, is still pictured
}

void CommandLineTest::helpVersionAndErrorsNeedNoDisplay_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("stdoutHas");
    QTest::addColumn<QString>("stderrHas");
    QTest::newRow("--help") << QStringList{QStringLiteral("--help")} << 0 << QStringLiteral("--screenshot <file.png>")
                            << QString();
    QTest::newRow("-h in German") << QStringList{QStringLiteral("-h"), QStringLiteral("--lang"), QStringLiteral("de")} << 0
                                  << QStringLiteral("--screenshot") << QString();
    // The version CMake's project() declares, passed in by tests/gui/CMakeLists.txt.
    QTest::newRow("--version") << QStringList{QStringLiteral("--version")} << 0
                               << QStringLiteral("fusionscope " FUSIONSCOPE_PROJECT_VERSION "\n") << QString();
    QTest::newRow("--help-all") << QStringList{QStringLiteral("--help-all")} << 0 << QStringLiteral("--label-a <label>")
                                << QString();
    // Qt's own options are QApplication's: it removes them, and --version is answered after it.
    QTest::newRow("-platform offscreen --version")
        << QStringList{QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("--version")} << 0
        << QStringLiteral("fusionscope " FUSIONSCOPE_PROJECT_VERSION "\n") << QString();
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--colour")} << 2 << QString()
                                    << QStringLiteral("fusionscope: Unknown option 'colour'.");
}

// The real program, run the way help2man, a build script or an ssh session runs it: no X or Wayland
// display and no platform chosen. A QApplication would abort there (SIGABRT, exit 134).
void CommandLineTest::helpVersionAndErrorsNeedNoDisplay()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, stdoutHas);
    QFETCH(QString, stderrHas);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "LANGUAGE", "LC_ALL", "LC_MESSAGES"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(FUSIONSCOPE_GUI_PROGRAM), arguments);
    QVERIFY2(p.waitForFinished(30000), "fusionscope did not finish");
    const QString out = QString::fromUtf8(p.readAllStandardOutput()), err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitStatus() == QProcess::NormalExit, qPrintable(QStringLiteral("crashed: ") + err));
    QVERIFY2(p.exitCode() == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
    QVERIFY2(out.contains(stdoutHas), qPrintable(out));
    QVERIFY2(err.contains(stderrHas), qPrintable(err));
}

QTEST_MAIN(CommandLineTest)
#include "tst_commandline.moc"
