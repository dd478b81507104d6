#pragma once
// fusionscope [A [B]] [--label-a X] [--label-b Y] [--stage S] [--lang L] [--screenshot FILE.png] [--tab T]
//             [--size WxH] [--time-to-first-view]
#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <QStringList>

struct CommandLine {
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
public:
    QStringList traces;    // at most two: A, then B
    QString labelA, labelB;
    QString stage;         // "", "all", "prefill", "decode"
    QString language;      // "" = setting or system locale
    QString screenshot;    // render the window once everything is analysed, save, exit
    QString tab;           // the view to show first: kernels, layers, fusion, findings, chart
    QSize size;            // --size WxH, for screenshots
    bool timeToFirstView = false;  // print how long until the result was shown, exit (bench/run.sh)
    bool help = false, version = false;
    QString error;         // why the command line is unusable (then exit 2)
    QString helpText;

    static CommandLine parse(const QStringList &arguments);
    // Only --lang, read before QApplication exists so that --help can be translated.
    static QString languageOf(int argc, char **argv);
};
