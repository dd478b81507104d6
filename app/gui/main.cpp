// fusionscope: the desktop application. Everything but start-up lives in fusionscope_gui.
#include "commandline.h"
#include "mainwindow.h"
#include "settings.h"
#include "translationloader.h"

#include <QApplication>
#include <QFileInfo>
#include <QPixmap>
#include <QTimer>
#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("FusionScope"));
    QApplication::setApplicationName(QStringLiteral("FusionScope"));
    QApplication::setApplicationVersion(QStringLiteral(FUSIONSCOPE_VERSION_STRING));
    QApplication::setDesktopFileName(QStringLiteral("fusionscope"));

    // The language first, so that even --help and command-line errors are translated.
    const QString language = CommandLine::languageOf(argc, argv);
    TranslationLoader::install(language.isEmpty() ? Settings::language() : language);

    const CommandLine cl = CommandLine::parse(QApplication::arguments());
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

    MainWindow window;
    const bool screenshot = !cl.screenshot.isEmpty();
    window.setScreenshotMode(screenshot);
    if (screenshot)
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
    for (int i = 0; i < cl.traces.size(); ++i)
        window.openTrace(i == 0 ? SideA : SideB, cl.traces[i]);

    if (screenshot) {
        const QString file = cl.screenshot;
        auto shoot = [&window, file] {
            // A moment for the last layout pass and chart paint after the final result arrived.
            QTimer::singleShot(300, &window, [&window, file] {
                if (!window.grab().save(file)) {
                    std::fprintf(stderr, "fusionscope: cannot write %s\n", qPrintable(file));
                    QApplication::exit(1);
                    return;
                }
                // Exit 3 when a trace or the comparison failed, as fusionscope-cli does for bad input;
                // the picture (with the error shown in the window) is written either way.
                QApplication::exit(window.hasFailures() ? 3 : 0);
            });
        };
        if (window.isBusy())
            QObject::connect(&window, &MainWindow::idle, &window, shoot, Qt::SingleShotConnection);
        else
            shoot();
    }
    return app.exec();
}
