// The German and Simplified Chinese catalogues are complete (every message translated, placeholders
// kept), the embedded catalogues really switch the interface, and English spells plurals out.
#include "compare/comparison.h"
#include "evidencetext.h"
#include "findingsreport.h"
#include "guitestsupport.h"
#include "kernelpage.h"
#include "mainwindow.h"
#include "translationloader.h"

#include <QFile>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QXmlStreamReader>

class TranslationsTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { fusion::test::prepareGuiTestEnvironment(); }

private slots:
    void everyMessageIsTranslated_data();
    void everyMessageIsTranslated();
    void germanTranslatesTheWindow();
    void chineseTranslatesTheWindow();
    void englishSpellsPluralsOut();
    void findingsAreWordedInTheInterfaceLanguage();
    void cleanupTestCase() { TranslationLoader::install(QStringLiteral("en")); }

private:
    static QStringList menuTitles(const MainWindow &w);
};

void TranslationsTest::everyMessageIsTranslated_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("German") << QStringLiteral("fusionscope_de.ts");
    QTest::newRow("Simplified Chinese") << QStringLiteral("fusionscope_zh_CN.ts");
}

void TranslationsTest::everyMessageIsTranslated()
{
    QFETCH(QString, file);
    QFile f(QStringLiteral(FUSIONSCOPE_TRANSLATIONS_DIR "/") + file);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
    QXmlStreamReader xml(&f);
    int messages = 0;
    QStringList problems;
    QString context, source;
    static const QRegularExpression placeholder(QStringLiteral("%(\\d|n)"));
    auto placeholders = [](const QString &s) {
        QStringList out;
        for (auto it = placeholder.globalMatch(s); it.hasNext();)
            out << it.next().captured(0);
        out.sort();
        out.removeDuplicates();
        return out;
    };
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
            ++messages;
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            // Numerus translations hold <numerusform> children; read them all.
            QStringList forms;
            QString text;
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    forms << xml.readElementText();
                else if (xml.isCharacters())
                    text += xml.text();
            }
            if (forms.isEmpty())
                forms << text.trimmed();
            const QString where = context + QStringLiteral(": ") + source;
            if (type == QLatin1String("unfinished") || type == QLatin1String("vanished")
                || type == QLatin1String("obsolete"))
                problems << type + QStringLiteral(" — ") + where;
            for (const QString &form : std::as_const(forms)) {
                if (form.isEmpty())
                    problems << QStringLiteral("empty — ") + where;
                else if (placeholders(form) != placeholders(source))
                    problems << QStringLiteral("placeholders differ — ") + where + QStringLiteral(" → ") + form;
            }
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(messages > 100, qPrintable(QString::number(messages)));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

QStringList TranslationsTest::menuTitles(const MainWindow &w)
{
    QStringList titles;
    for (QAction *a : w.menuBar()->actions())
        titles << a->text();
    return titles;
}

void TranslationsTest::germanTranslatesTheWindow()
{
    QCOMPARE(TranslationLoader::install(QStringLiteral("de")), QStringLiteral("de"));
    MainWindow w;
    w.setScreenshotMode(true);
    QCOMPARE(menuTitles(w).first(), QStringLiteral("&Datei"));
    QVERIFY(w.tabs()->tabText(w.tabs()->indexOf(w.kernelPage())).startsWith(QStringLiteral("Kernel")));
    QCOMPARE(QLocale().language(), QLocale::German);
}

void TranslationsTest::chineseTranslatesTheWindow()
{
    QCOMPARE(TranslationLoader::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    MainWindow w;
    w.setScreenshotMode(true);
    QVERIFY2(menuTitles(w).first().contains(QStringLiteral("文件")), qPrintable(menuTitles(w).first()));
}

void TranslationsTest::englishSpellsPluralsOut()
{
    QCOMPARE(TranslationLoader::install(QStringLiteral("en")), QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("TracePane", "%n warning(s)", nullptr, 1), QStringLiteral("1 warning"));
    QCOMPARE(QCoreApplication::translate("TracePane", "%n warning(s)", nullptr, 3), QStringLiteral("3 warnings"));
    // A language FusionScope does not ship falls back to English, plurals included.
    QCOMPARE(TranslationLoader::install(QStringLiteral("fr")), QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("TracePane", "%n warning(s)", nullptr, 2), QStringLiteral("2 warnings"));
}

// The GUI words each finding from its facts; in English it must say exactly what the library's
// report says (the bundled pair has fusion findings with one and with several kernels per run, and
// extra work), and in German it must be German.
void TranslationsTest::findingsAreWordedInTheInterfaceLanguage()
{
    using namespace fusion::test;
    const auto a = analyze(QString(sourceDir() + QStringLiteral("/resources/samples/sample_nvidia.json.gz")).toStdString(), SideA);
    const auto b = analyze(QString(sourceDir() + QStringLiteral("/resources/samples/sample_amd.json.gz")).toStdString(), SideB);
    const auto c = compare(*a, *b);
    const fusion::Comparison &cmp = *c->comparison;
    const QString la = QString::fromStdString(cmp.labelA), lb = QString::fromStdString(cmp.labelB);
    QVERIFY(cmp.findings.size() >= 4);
    QCOMPARE(TranslationLoader::install(QStringLiteral("en")), QStringLiteral("en"));
    for (const fusion::FusionFinding &f : cmp.findings)
        QCOMPARE(EvidenceText::ofFinding(f, la, lb), QString::fromStdString(f.evidence));
    for (const fusion::ExtraWork &e : cmp.extraWork)
        QCOMPARE(EvidenceText::ofExtraWork(e, la, lb), QString::fromStdString(e.evidence));
    // The Findings tab's report holds the same sentences, and its headings follow the language.
    const QString english = FindingsReport::markdown(*a->analyzed, *b->analyzed, cmp);
    for (const fusion::FusionFinding &f : cmp.findings)
        QVERIFY(english.contains(QString::fromStdString(f.evidence)));
    QVERIFY(english.contains(QStringLiteral("## Fusion differences")));
    QCOMPARE(TranslationLoader::install(QStringLiteral("de")), QStringLiteral("de"));
    const QString report = FindingsReport::markdown(*a->analyzed, *b->analyzed, cmp);
    QVERIFY(report.contains(QStringLiteral("## Fusionsunterschiede")) && report.contains(QStringLiteral("Mögliche Einsparung:")));
    QVERIFY(!report.contains(QStringLiteral("Fusion differences")));
    const QString german = EvidenceText::ofFinding(cmp.findings.front(), la, lb);
    QVERIFY2(german.contains(QStringLiteral(" führt ")) && german.contains(QStringLiteral("verglichenen Schicht")),
             qPrintable(german));
    QCOMPARE(EvidenceText::method(fusion::FusionMethod::SplitInsideOp), QStringLiteral("innerhalb einer Operation aufgeteilt"));
    TranslationLoader::install(QStringLiteral("en"));
}

QTEST_MAIN(TranslationsTest)
#include "tst_translations.moc"
