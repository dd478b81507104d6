// CSV export: fields quoted where they must be, every table (and the flattened pattern tree) read
// back equal to what was exported, and a file that cannot be written reported, not half-written.
// What was exported is read back by Python's csv module, a reader the product does not ship, so a
// quoting mistake shared by the writer and the product's own parser cannot hide.
#include "csvexport.h"
#include "fusiontreemodel.h"
#include "guitestsupport.h"
#include "kernelfilterproxy.h"
#include "kerneltablemodel.h"
#include "layertablemodel.h"
#include "modelroles.h"
#include "triagetablemodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

using namespace fusion;
using namespace fusion::test;

namespace {

QString cell(const QModelIndex &i)
{
    const QVariant v = i.data(ModelRoles::Export);
    return v.isValid() ? v.toString() : i.data().toString();
}

// Rows of the model as CSV would hold them: depth (for trees), then the export value of each column.
void flatten(const QAbstractItemModel &m, const QModelIndex &parent, int depth, bool tree, QList<QStringList> &out)
{
    for (int r = 0; r < m.rowCount(parent); ++r) {
        QStringList row;
        if (tree)
            row << QString::number(depth);
        for (int c = 0; c < m.columnCount(parent); ++c)
            row << cell(m.index(r, c, parent));
        out << row;
        if (tree)
            flatten(m, m.index(r, 0, parent), depth + 1, tree, out);
    }
}

// The rows Python's csv module reads from `csv` written to a file as the export writes it (UTF-8).
QList<QStringList> pythonCsvRows(const QString &csv)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("table.csv"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(csv.toUtf8()) < 0)
        qFatal("cannot write %s", qPrintable(path));
    f.close();
    QProcess p;
    p.start(QStringLiteral("python3"),
            {QStringLiteral("-c"),
             QStringLiteral("import csv, json, sys\n"
                            "with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:\n"
                            "    print(json.dumps(list(csv.reader(f))))\n"),
             path});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        qFatal("python3 could not read the CSV: %s", p.readAllStandardError().constData());
    QList<QStringList> rows;
    for (const auto &row : QJsonDocument::fromJson(p.readAllStandardOutput()).array()) {
        QStringList cells;
        for (const auto &c : row.toArray())
            cells << c.toString();
        rows << cells;
    }
    return rows;
}

void verifyRoundTrip(const QAbstractItemModel &model, bool tree)
{
    const QList<QStringList> parsed = pythonCsvRows(CsvExport::toCsv(&model));
    QList<QStringList> expected;
    QStringList header;
    if (tree)
        header << QStringLiteral("depth");
    for (int c = 0; c < model.columnCount(); ++c)
        header << model.headerData(c, Qt::Horizontal, ModelRoles::Export).toString();
    expected << header;
    flatten(model, {}, 0, tree, expected);
    QCOMPARE(parsed.size(), expected.size());
    for (int r = 0; r < parsed.size(); ++r)
        QCOMPARE(parsed[r], expected[r]);
}

} // namespace

class CsvExportTest : public QObject {
    Q_OBJECT
public:
    static void initMain() { prepareGuiTestEnvironment(); }

private slots:
    void awkwardFieldsRoundTrip_data();
    void awkwardFieldsRoundTrip();
    void theKernelTableRoundTripsAsShownFilteredAndSorted();
    void theLayerAndTriageTablesRoundTrip();
    void thePatternTreeIsFlattenedDepthFirstWithItsDepth();
    void aFileThatCannotBeWrittenIsReported();
    void writingProducesUtf8WithCrLfLines();
};

void CsvExportTest::awkwardFieldsRoundTrip_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("quoted");
    QTest::newRow("plain") << QStringLiteral("attn_fwd") << false;
    QTest::newRow("template commas")
        << QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
                          "std::array<char*, 1ul> >(int, at::native::FillFunctor<float>, std::array<char*, 1ul>)")
        << true;
    QTest::newRow("quotes") << QStringLiteral("say \"fused\"") << true;
    QTest::newRow("newline") << QStringLiteral("line one\nline two") << true;
    QTest::newRow("leading space") << QStringLiteral(" padded") << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("unicode") << QStringLiteral("Δ µs 简体中文") << false;
}

void CsvExportTest::awkwardFieldsRoundTrip()
{
    QFETCH(QString, text);
    QFETCH(bool, quoted);
    const QString field = CsvExport::field(text);
    QCOMPARE(field.startsWith(QLatin1Char('"')), quoted);
    QStandardItemModel model(1, 3);
    model.setHorizontalHeaderLabels({QStringLiteral("a,b"), QStringLiteral("text"), QStringLiteral("c")});
    model.setItem(0, 0, new QStandardItem(QStringLiteral("x")));
    model.setItem(0, 1, new QStandardItem(text));
    model.setItem(0, 2, new QStandardItem(QStringLiteral("y")));
    const QList<QStringList> rows = pythonCsvRows(CsvExport::toCsv(&model));
    QCOMPARE(CsvExport::parse(CsvExport::toCsv(&model)), rows);  // the product's own reader agrees
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0], QStringList({QStringLiteral("a,b"), QStringLiteral("text"), QStringLiteral("c")}));
    QCOMPARE(rows[1], QStringList({QStringLiteral("x"), text, QStringLiteral("y")}));
}

void CsvExportTest::theKernelTableRoundTripsAsShownFilteredAndSorted()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA), b = analyze(qwenTrace(SideB), SideB);
    const auto c = compare(*a, *b);
    KernelTableModel model;
    KernelFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setContent(a->analyzed, b->analyzed, c->rows);
    verifyRoundTrip(proxy, false);
    proxy.setText(QStringLiteral("elementwise"));
    proxy.sort(KernelTableModel::Ratio, Qt::AscendingOrder);
    QVERIFY(proxy.rowCount() > 0 && proxy.rowCount() < model.rowCount());
    verifyRoundTrip(proxy, false);
    // Numbers are plain µs, not "1.23 ms": a spreadsheet can sum them.
    const QList<QStringList> rows = CsvExport::parse(CsvExport::toCsv(&proxy));
    QCOMPARE(rows[0][KernelTableModel::TotalA], QStringLiteral("total_a_us"));
    bool ok = false;
    rows[1][KernelTableModel::TotalA].toDouble(&ok);
    QVERIFY(ok);
}

void CsvExportTest::theLayerAndTriageTablesRoundTrip()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA), b = analyze(qwenTrace(SideB), SideB);
    const auto c = compare(*a, *b);
    LayerTableModel layers;
    layers.setContent(a->analyzed, b->analyzed, c->comparison);
    verifyRoundTrip(layers, false);
    QCOMPARE(CsvExport::parse(CsvExport::toCsv(&layers)).size(), 24 + 1);
    TriageTableModel triage;
    triage.setContent(TriageJob::run(b->analyzed), SideB);
    verifyRoundTrip(triage, false);
}

void CsvExportTest::thePatternTreeIsFlattenedDepthFirstWithItsDepth()
{
    REQUIRE_SHARED_TRACES();
    const auto a = analyze(qwenTrace(SideA), SideA), b = analyze(qwenTrace(SideB), SideB);
    const auto c = compare(*a, *b);
    FusionTreeModel tree;
    tree.setContent(a->analyzed, b->analyzed, c->comparison);
    QVERIFY(tree.rowCount() > 0);
    verifyRoundTrip(tree, true);
    const QList<QStringList> rows = CsvExport::parse(CsvExport::toCsv(&tree));
    QCOMPARE(rows[0].first(), QStringLiteral("depth"));
    QCOMPARE(rows[1].first(), QStringLiteral("0"));  // the first row: no fusion, the zero-fill as extra work
    QVERIFY(c->comparison->findings.empty());
    QCOMPARE(rows[1][1], QStringLiteral("Extra work: aten::fill_ (Memory)"));
    QCOMPARE(rows[2].first(), QStringLiteral("1"));  // its first child
}

void CsvExportTest::aFileThatCannotBeWrittenIsReported()
{
    QStandardItemModel model(1, 1);
    QString error;
    QVERIFY(!CsvExport::write(&model, QStringLiteral("/nonexistent/dir/table.csv"), &error));
    QVERIFY(!error.isEmpty());
}

void CsvExportTest::writingProducesUtf8WithCrLfLines()
{
    QStandardItemModel model(2, 1);
    model.setHorizontalHeaderLabels({QStringLiteral("µs")});
    model.setItem(0, 0, new QStandardItem(QStringLiteral("简体")));
    model.setItem(1, 0, new QStandardItem(QStringLiteral("b")));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.csv"));
    QVERIFY(CsvExport::write(&model, path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("\xc2\xb5s\r\n\xe7\xae\x80\xe4\xbd\x93\r\nb\r\n"));
}

QTEST_MAIN(CsvExportTest)
#include "tst_csvexport.moc"
