// Source locations recorded on another machine are found locally by path suffix under the source
// folders, and the editor command gets {file} and {line} substituted.
#include "guitestsupport.h"
#include "sourceopener.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class SourceOpenerTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { fusion::test::prepareGuiTestEnvironment(); }

private slots:
    void aRemotePathIsFoundByItsSuffixUnderASourceFolder();
    void anExistingAbsolutePathIsUsedAsItIs();
    void aFileThatIsNowhereIsNotFound();
    void theEditorCommandGetsFileAndLine_data();
    void theEditorCommandGetsFileAndLine();
};

void SourceOpenerTest::aRemotePathIsFoundByItsSuffixUnderASourceFolder()
{
    QTemporaryDir root;
    QVERIFY(QDir(root.path()).mkpath(QStringLiteral("transformers/models/qwen2")));
    QFile f(root.filePath(QStringLiteral("transformers/models/qwen2/modeling_qwen2.py")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    const QString recorded = QStringLiteral("/opt/venv/lib/python3.10/site-packages/transformers/models/qwen2/modeling_qwen2.py");
    QCOMPARE(SourceOpener::resolve(recorded, {QStringLiteral("/nonexistent"), root.path()}),
             QFileInfo(f).absoluteFilePath());
    QCOMPARE(SourceOpener::resolve(QStringLiteral("transformers/models/qwen2/modeling_qwen2.py"), {root.path()}),
             QFileInfo(f).absoluteFilePath());
}

void SourceOpenerTest::anExistingAbsolutePathIsUsedAsItIs()
{
    QTemporaryDir root;
    const QString path = root.filePath(QStringLiteral("model.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    QCOMPARE(SourceOpener::resolve(path, {}), QFileInfo(path).absoluteFilePath());
}

void SourceOpenerTest::aFileThatIsNowhereIsNotFound()
{
    QTemporaryDir root;
    QCOMPARE(SourceOpener::resolve(QStringLiteral("/remote/only/thing.py"), {root.path()}), QString());
    QCOMPARE(SourceOpener::resolve(QString(), {root.path()}), QString());
}

void SourceOpenerTest::theEditorCommandGetsFileAndLine_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("expected");
    const QString file = QStringLiteral("/src/my model.py");
    QTest::newRow("vs code") << QStringLiteral("code -g {file}:{line}")
                             << QStringList{QStringLiteral("code"), QStringLiteral("-g"), file + QStringLiteral(":42")};
    QTest::newRow("kate") << QStringLiteral("kate {file} --line {line}")
                          << QStringList{QStringLiteral("kate"), file, QStringLiteral("--line"), QStringLiteral("42")};
    QTest::newRow("quoted") << QStringLiteral("\"/opt/my editor/bin/ed\" +{line} {file}")
                            << QStringList{QStringLiteral("/opt/my editor/bin/ed"), QStringLiteral("+42"), file};
    QTest::newRow("no placeholders") << QStringLiteral("xdg-open") << QStringList{QStringLiteral("xdg-open")};
}

void SourceOpenerTest::theEditorCommandGetsFileAndLine()
{
    QFETCH(QString, command);
    QFETCH(QStringList, expected);
    QCOMPARE(SourceOpener::command(command, QStringLiteral("/src/my model.py"), 42), expected);
}

QTEST_MAIN(SourceOpenerTest)
#include "tst_sourceopener.moc"
