// fusionscope: the desktop application. Everything but start-up lives in fusionscope_gui.
#include "commandline.h"
#include "mainwindow.h"
#include "messagebar.h"
#include "settings.h"
#include "translationloader.h"
#include "trace/mapguard.h"
#include "util/hugepages.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPixmap>
#include <QTimer>
#include <cstdio>
#include <functional>
#include <memory>
#include <sys/resource.h>

namespace {

// Calls `then` once no job runs any more (right away if none does): what the window shows is final.
void whenIdle(MainWindow &window, const std::function<void()> &then)
{
    if (window.isBusy())
        QObject::connect(&window, &MainWindow::idle, &window, then, Qt::SingleShotConnection);
    else
        then();
}

void takeScreenshot(MainWindow &window, const QString &file)
{
    // A moment for the last layout pass and chart paint after the final result arrived.
    QTimer::singleShot(300, &window, [&window, file] {
        if (!window.grab().save(file)) {
            std::fprintf(stderr, "fusionscope: cannot write %s\n", qPrintable(file));
            QApplication::exit(1);
            return;
        }
        // Exit 3 when a trace or the comparison failed, as fusionscope-cli does for bad input, with
        // the reason on stderr; the picture (with the error shown in the window) is written either way.
        if (window.hasFailures())
            for (const QString &error : window.messageBar()->texts(MessageBar::Error))
                std::fprintf(stderr, "fusionscope: %s\n", qPrintable(error));
        QApplication::exit(window.hasFailures() ? 3 : 0);
    });
}

long peakRssKb()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// --time-to-first-view (bench/run.sh): seconds from start until the window has painted the analysed
// trace, or the comparison of the two, once: what a user waits for. The triage (a tab of its own)
// may still run then, so the seconds until every job has finished follow as idle_seconds.
void timeFirstView(MainWindow &window, int traces, const QElapsedTimer &clock)
{
    auto reported = std::make_shared<bool>(false);
    auto report = [&window, &clock, traces, reported] {
        const bool shown = traces == 1 ? window.trace(SideA) != nullptr : window.comparison() != nullptr;
        if (*reported || !shown)
            return;
        *reported = true;
        window.grab();  // a real paint of every visible widget, with the results now in the models
        std::printf("first_view_seconds=%.3f\npeak_rss_kb=%ld\n", double(clock.nsecsElapsed()) / 1e9, peakRssKb());
        std::fflush(stdout);
    };
    // Queued, so that the handler which applied the results has finished (title, tab counts).
    QObject::connect(&window, &MainWindow::resultsChanged, &window, report, Qt::QueuedConnection);
    whenIdle(window, [&window, &clock, report, reported] {
        report();  // idle may come before the queued report
        if (window.hasFailures() || !*reported) {
            const QString why = window.messageBar()->text();
            std::fprintf(stderr, "fusionscope: %s\n", why.isEmpty() ? "nothing to show" : qPrintable(why));
            QApplication::exit(3);
            return;
        }
        std::printf("idle_seconds=%.3f\nidle_peak_rss_kb=%ld\n", double(clock.nsecsElapsed()) / 1e9, peakRssKb());
        QApplication::exit(0);
    });
}

// Names and language for the application object that exists, then the parsed command line.
CommandLine setUp(int argc, char **argv)
{
    QCoreApplication::setOrganizationName(QStringLiteral("FusionScope"));
    QCoreApplication::setApplicationName(QStringLiteral("FusionScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(FUSIONSCOPE_VERSION_STRING));
    // The language first, so that even --help and command-line errors are translated.
    const QString language = CommandLine::languageOf(argc, argv);
    TranslationLoader::install(language.isEmpty() ? Settings::language() : language);
    return CommandLine::parse(QCoreApplication::arguments());
}

// --help, --version and a command line that cannot be used print and exit without a window. They
// run under a QCoreApplication: a QApplication needs a display, and aborts without one (over ssh, in
// a build that runs help2man, in CI). Qt's own options (-platform, -style, -reverse …) are known to
// QApplication only, which removes them: a command line holding one goes to it as before.
bool needsNoWindow(int argc, char **argv)
{
    QStringList arguments;
    bool qtOption = false;
    for (int i = 0; i < argc; ++i) {
        arguments << QString::fromLocal8Bit(argv[i]);
        qtOption |= i > 0 && argv[i][0] == '-' && argv[i][1] != '-' && argv[i][1] != '\0' && argv[i][2] != '\0';
    }
    const CommandLine cl = CommandLine::parse(arguments);
    return cl.help || cl.version || (!cl.error.isEmpty() && !qtOption);
}

// Prints the help, the version or what is wrong with the command line, and returns the exit code;
// -1 when the command line asks for the window.
int answerWithoutWindow(const CommandLine &cl)
{
    if (!cl.error.isEmpty()) {
        std::fprintf(stderr, "fusionscope: %s\n\n%s", qPrintable(cl.error), qPrintable(cl.helpText));
        return 2;
    }
    if (cl.help) {
        std::fputs(qPrintable(cl.helpText), stdout);
        return 0;
    }
    if (cl.version) {
        std::printf("fusionscope %s\n", FUSIONSCOPE_VERSION_STRING);
        return 0;
    }
    return -1;
}

} // namespace

int main(int argc, char **argv)
{
    // First, before any thread starts: may run the program again with huge pages for malloc.
    fusion::hugepages::useForMalloc(argv);
    QElapsedTimer clock;  // --time-to-first-view counts from here
    clock.start();
    // A trace file truncated by another program while it is read becomes an error, not a crash.
    fusion::mapguard::installHandler();
    if (needsNoWindow(argc, argv)) {
        QCoreApplication app(argc, argv);
        return answerWithoutWindow(setUp(argc, argv));
    }

    QApplication app(argc, argv);
    QApplication::setDesktopFileName(QStringLiteral("fusionscope"));
    const CommandLine cl = setUp(argc, argv);
    if (const int exitCode = answerWithoutWindow(cl); exitCode >= 0)
        return exitCode;  // with Qt's own options, which only QApplication removes

    MainWindow window;
    const bool screenshot = !cl.screenshot.isEmpty();
    // Scripted runs neither read nor write the saved window layout and recent files.
    window.setScreenshotMode(screenshot || cl.timeToFirstView);
    if (screenshot || cl.timeToFirstView)
        window.resize(cl.size.isValid() ? cl.size : QSize(1440, 900));  // reproducible, whatever was saved
    else if (cl.size.isValid())
        window.resize(cl.size);
    window.setLabel(SideA, cl.labelA);
    window.setLabel(SideB, cl.labelB);
    if (!cl.stage.isEmpty()) {
        fusion::Stage stage = fusion::Stage::All;
        fusion::parseStage(cl.stage.toStdString(), stage);
        window.setStage(stage);
    }
    if (!cl.tab.isEmpty())
        window.showView(cl.tab);
    window.show();
    if (cl.traces.size() >= 2)
        window.openPair(cl.traces[0], cl.traces[1]);
    else if (!cl.traces.isEmpty())
        window.openTrace(SideA, cl.traces[0]);

    if (screenshot)
        whenIdle(window, [&window, file = cl.screenshot] { takeScreenshot(window, file); });
    else if (cl.timeToFirstView)
        timeFirstView(window, int(cl.traces.size()), clock);
    return app.exec();
}
