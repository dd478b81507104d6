#include "commandline.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QSize>
#include <cstring>

CommandLine CommandLine::parse(const QStringList &arguments)
{
    CommandLine out;
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Compare two PyTorch-profiler traces and find kernel fusions."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption labelA(QStringLiteral("label-a"), tr("Label of trace A."), tr("label"));
    const QCommandLineOption labelB(QStringLiteral("label-b"), tr("Label of trace B."), tr("label"));
    const QCommandLineOption stage(QStringLiteral("stage"), tr("Stage to compare: prefill, decode or all."), tr("stage"));
    const QCommandLineOption lang(QStringLiteral("lang"), tr("Interface language: en, de, zh_CN."), tr("language"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        tr("Save a picture of the window once the traces are analysed and compared, then exit."),
                                        tr("file.png"));
    const QCommandLineOption tab(QStringLiteral("tab"), tr("View to show: timeline, kernels, layers, fusion, findings, chart, gap, triage."),
                                 tr("view"));
    const QCommandLineOption size(QStringLiteral("size"), tr("Window size, e.g. 1440x900."), tr("WxH"));
    const QCommandLineOption firstView(
        QStringLiteral("time-to-first-view"),
        tr("Print the seconds from start until the traces are analysed, compared and shown, and the peak memory, then exit."));
    parser.addOptions({labelA, labelB, stage, lang, screenshot, tab, size, firstView});
    parser.addPositionalArgument(QStringLiteral("A"), tr("Trace shown on the left."), QStringLiteral("[A"));
    parser.addPositionalArgument(QStringLiteral("B"), tr("Trace shown on the right."), QStringLiteral("[B]]"));
    out.helpText = parser.helpText();
    if (!parser.parse(arguments)) {
        out.error = parser.errorText();
        return out;
    }
    // --help-all (which QCommandLineParser adds by itself) prints the same help: the Qt options it
    // would add are those of QApplication, which --help must not need (it runs without a display).
    out.help = parser.isSet(helpOption) || parser.isSet(QStringLiteral("help-all"));
    out.version = parser.isSet(versionOption);
    out.traces = parser.positionalArguments();
    out.labelA = parser.value(labelA);
    out.labelB = parser.value(labelB);
    out.stage = parser.value(stage).toLower();
    out.language = parser.value(lang);
    out.screenshot = parser.value(screenshot);
    out.tab = parser.value(tab).toLower();
    out.timeToFirstView = parser.isSet(firstView);
    if (out.traces.size() > 2)
        out.error = tr("At most two traces (A and B), got %1.").arg(out.traces.size());
    else if (!out.stage.isEmpty() && out.stage != QLatin1String("all") && out.stage != QLatin1String("prefill")
             && out.stage != QLatin1String("decode"))
        out.error = tr("Unknown stage \"%1\" (prefill, decode, all).").arg(out.stage);
    else if (!out.tab.isEmpty()
             && !QStringList({QStringLiteral("timeline"), QStringLiteral("kernels"), QStringLiteral("layers"), QStringLiteral("fusion"),
                              QStringLiteral("findings"), QStringLiteral("chart"), QStringLiteral("gap"), QStringLiteral("triage")})
                     .contains(out.tab))
        out.error = tr("Unknown view \"%1\" (timeline, kernels, layers, fusion, findings, chart, gap, triage).").arg(out.tab);
    else if (out.timeToFirstView && out.traces.isEmpty())
        out.error = tr("--time-to-first-view needs a trace to show.");
    else if (out.timeToFirstView && !out.screenshot.isEmpty())
        out.error = tr("--time-to-first-view and --screenshot cannot be combined.");
    if (parser.isSet(size)) {
        const auto m = QRegularExpression(QStringLiteral("^(\\d+)x(\\d+)$")).match(parser.value(size));
        if (m.hasMatch())
            out.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        else if (out.error.isEmpty())
            out.error = tr("Bad window size \"%1\" (use WxH, e.g. 1440x900).").arg(parser.value(size));
    }
    return out;
}

QString CommandLine::languageOf(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (std::strncmp(argv[i], "--lang=", 7) == 0)
            return QString::fromLocal8Bit(argv[i] + 7);
    }
    return QString();
}
