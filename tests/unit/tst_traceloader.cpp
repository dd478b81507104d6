// What a TRACE argument names: a file, a directory or an archive of several ranks; which ranks
// there are and which one is analysed.
#include "testsupport.h"
#include "trace/traceerror.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
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

QTEST_GUILESS_MAIN(TraceLoaderTest)
#include "tst_traceloader.moc"
