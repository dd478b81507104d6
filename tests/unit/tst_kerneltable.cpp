// The triage kernel table on a small hand-written trace: grouping by canonical name, time
// statistics, sites and their shares, stages, the min-share and limit cuts, and the writers.
#include "report/triagereport.h"
#include "testsupport.h"
#include "triage/kerneltable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sstream>

using namespace fusion;

namespace {

std::string ev(const char *cat, const std::string &name, double ts, double dur, int tid, const std::string &args)
{
    return std::string(R"({"ph":"X","cat":")") + cat + R"(","name":)" + JsonWriter::escape(name) + R"(,"pid":)"
           + (std::string(cat) == "kernel" ? "0" : "1") + R"(,"tid":)" + std::to_string(tid) + R"(,"ts":)"
           + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":{)" + args + "}}";
}
std::string frame(const std::string &name, double ts, double dur) { return ev("python_function", name, ts, dur, 1, ""); }
std::string cpuOp(const std::string &name, double ts, double dur, int ext)
{
    return ev("cpu_op", name, ts, dur, 1, R"("External id":)" + std::to_string(ext));
}
std::string kernel(const std::string &name, double ts, double dur, int ext)
{
    return ev("kernel", name, ts, dur, 7,
              R"("stream":7)" + (ext >= 0 ? R"(,"External id":)" + std::to_string(ext) : std::string()));
}

// Two GEMM instantiations that differ only in their argument list (one canonical name) launched
// from two sites, an elementwise kernel, a tiny kernel, and one kernel with no link.
//   gemm: 30 (attn) + 10 (mlp) + 20 (attn, other raw name) = 60 µs; add: 25 µs; tiny: 0.5 µs;
//   orphan gemm-like "late_kernel": 14.5 µs → 100 µs in all.
std::shared_ptr<Trace> sampleTrace(const char *annotation = nullptr)
{
    std::string json = R"({"traceEvents":[)";
    if (annotation)
        json += ev("gpu_user_annotation", annotation, 0, 1000, 1, "") + ",";
    json += frame("model.py(10): attention", 0, 100) + "," + cpuOp("aten::addmm", 1, 5, 1) + ","
            + cpuOp("aten::addmm", 10, 5, 3) + "," + cpuOp("aten::add", 20, 5, 4) + ","
            + frame("model.py(50): mlp", 200, 100) + "," + cpuOp("aten::mm", 201, 5, 2) + ","
            + cpuOp("aten::nonzero", 210, 5, 5) + ","
            + kernel("void gemm_kernel<128>(float*, int)", 300, 30, 1) + ","
            + kernel("void gemm_kernel<128>(float*, int)", 340, 10, 2) + ","
            + kernel("void gemm_kernel<128>(half*, int)", 360, 20, 3) + ","
            + kernel("vectorized_elementwise_add", 390, 25, 4) + "," + kernel("tiny", 420, 0.5, 5) + ","
            + kernel("late_kernel", 430, 14.5, -1) + "]}";
    return test::loadJson(json);
}

// Hand-made classification: op per kernel name (the registry is tested on its own).
TraceClassification classesOf(const Trace &t)
{
    TraceClassification c;
    for (size_t i = 0; i < t.store.kernels.size(); ++i) {
        const std::string_view name = t.store.str(t.store.kernels.name[i]);
        KernelClass k;
        if (name.find("gemm") != std::string_view::npos) {
            k.op = "Dense GEMM";
            k.category = "gemm";
        } else if (name.find("add") != std::string_view::npos) {
            k.op = "Elementwise";
            k.category = "elementwise";
        }
        c.classOfKernel.push_back(uint32_t(c.classes.size()));
        c.classes.push_back(k);
    }
    return c;
}

struct Built {
    std::shared_ptr<Trace> trace;
    TraceClassification classes;
    TraceAttribution attribution;
    TraceStages stages;
    KernelTable table;
};

Built build(const KernelTableOptions &o, const char *annotation = nullptr)
{
    Built b;
    b.trace = sampleTrace(annotation);
    b.classes = classesOf(*b.trace);
    b.attribution = attributeKernels(*b.trace);
    b.stages = detectStages(*b.trace);
    b.table = buildKernelTable(*b.trace, b.classes, b.attribution, b.stages, o);
    return b;
}

const KernelTableRow *rowNamed(const StageKernelTable &st, const std::string &name)
{
    for (const KernelTableRow &r : st.rows)
        if (r.name == name)
            return &r;
    return nullptr;
}

} // namespace

class KernelTableTest : public QObject {
    Q_OBJECT
private slots:
    void rowsGroupRawNamesUnderTheirCanonicalName();
    void sitesSplitARowByLocationWithTheirShares();
    void unlinkedKernelsFormTheUnresolvedSite();
    void sitesTellHowMuchOfTheirTimeWasInferred();
    void minShareAndLimitHideRowsAndCountThem();
    void stagesGetTablesOfTheirOwn();
    void jsonHasTheDocumentedShape();
    void textMarkdownAndCsvShowTheRows();
};

void KernelTableTest::rowsGroupRawNamesUnderTheirCanonicalName()
{
    KernelTableOptions o;
    o.minShare = 0;
    const Built b = build(o);
    QCOMPARE(b.table.stages.size(), size_t(1));
    const StageKernelTable &st = b.table.stages[0];
    QCOMPARE(st.stage, Stage::All);
    QCOMPARE(st.kernelCount, uint64_t(6));
    QCOMPARE(st.total, Ns(100'000));
    QCOMPARE(st.rows.size(), size_t(4));
    const KernelTableRow &gemm = st.rows[0];  // most time first
    QCOMPARE(gemm.name, std::string("void gemm_kernel<128>"));
    QCOMPARE(gemm.rawNames.size(), size_t(2));
    QCOMPARE(b.trace->store.str(gemm.rawNames[0]), std::string_view("void gemm_kernel<128>(float*, int)"));  // 40 µs
    QCOMPARE(gemm.op, std::string("Dense GEMM"));
    QCOMPARE(gemm.category, std::string("gemm"));
    QCOMPARE(gemm.count, uint64_t(3));
    QCOMPARE(gemm.total, Ns(60'000));
    QCOMPARE(gemm.min, Ns(10'000));
    QCOMPARE(gemm.max, Ns(30'000));
    QCOMPARE(gemm.avgNs(), 20'000.0);
    QCOMPARE(gemm.share, 0.6);
    QCOMPARE(gemm.kernelIds, (std::vector<uint32_t>{0, 1, 2}));
    QCOMPARE(st.rows[1].name, std::string("vectorized_elementwise_add"));
    QCOMPARE(st.rows[3].name, std::string("tiny"));
    QCOMPARE(st.rows[3].op, std::string("Other"));
}

void KernelTableTest::sitesSplitARowByLocationWithTheirShares()
{
    KernelTableOptions o;
    o.minShare = 0;
    const Built b = build(o);
    const KernelTableRow &gemm = b.table.stages[0].rows[0];
    QCOMPARE(gemm.sites.size(), size_t(2));
    const SourceLocation &first = b.attribution.locations[gemm.sites[0].location];
    QCOMPARE(first.display, std::string("model.py:10 attention"));
    QCOMPARE(gemm.sites[0].total, Ns(50'000));
    QCOMPARE(gemm.sites[0].count, uint64_t(2));
    QVERIFY(qAbs(gemm.sites[0].share - 5.0 / 6.0) < 1e-12);
    QCOMPARE(b.trace->store.str(gemm.sites[0].cpuOp), std::string_view("aten::addmm"));
    QCOMPARE(b.attribution.locations[gemm.sites[1].location].display, std::string("model.py:50 mlp"));
    QCOMPARE(b.trace->store.str(gemm.sites[1].cpuOp), std::string_view("aten::mm"));
    QVERIFY(!gemm.sites[0].inferred);
}

void KernelTableTest::unlinkedKernelsFormTheUnresolvedSite()
{
    KernelTableOptions o;
    o.minShare = 0;
    const Built b = build(o);
    const KernelTableRow *late = rowNamed(b.table.stages[0], "late_kernel");
    QVERIFY(late);
    QCOMPARE(late->sites.size(), size_t(1));
    QCOMPARE(late->sites[0].location, 0u);
    QCOMPARE(b.attribution.locations[0].display, std::string("unresolved"));
    QCOMPARE(late->sites[0].cpuOp, StringPool::empty);
    QVERIFY(qAbs(b.table.unresolvedShare - 0.145) < 1e-12);
    QVERIFY(qAbs(b.table.linkedShare - 0.855) < 1e-12);
}

void KernelTableTest::sitesTellHowMuchOfTheirTimeWasInferred()
{
    Built b = build(KernelTableOptions{});
    // As the layer engine does: the unlinked kernel takes the attention site of kernel 0.
    b.attribution.kind[5] = AttributionKind::Inferred;
    b.attribution.location[5] = b.attribution.location[0];
    b.attribution.recomputeShares(b.trace->store.kernels);
    KernelTableOptions o;
    o.minShare = 0;
    const KernelTable t = buildKernelTable(*b.trace, b.classes, b.attribution, b.stages, o);
    const KernelTableRow *late = rowNamed(t.stages[0], "late_kernel");
    QVERIFY(late);
    QCOMPARE(b.attribution.locations[late->sites[0].location].display, std::string("model.py:10 attention"));
    QVERIFY(late->sites[0].inferred);
    QCOMPARE(late->sites[0].inferredShare, 1.0);
    QVERIFY(!t.stages[0].rows[0].sites[0].inferred);
    QVERIFY(qAbs(t.inferredShare - 0.145) < 1e-12);
    QCOMPARE(t.unresolvedShare, 0.0);
    std::ostringstream text;
    writeTriageText(text, *b.trace, b.attribution, t);
    QVERIFY(text.str().find("at model.py:10 attention (inferred)") != std::string::npos);
}

void KernelTableTest::minShareAndLimitHideRowsAndCountThem()
{
    KernelTableOptions o;  // default 1 %: "tiny" (0.5 %) goes
    Built b = build(o);
    QCOMPARE(b.table.stages[0].rows.size(), size_t(3));
    QCOMPARE(b.table.stages[0].hiddenRows, size_t(1));
    QCOMPARE(b.table.stages[0].hiddenTotal, Ns(500));
    o.limit = 1;
    b = build(o);
    QCOMPARE(b.table.stages[0].rows.size(), size_t(1));
    QCOMPARE(b.table.stages[0].hiddenRows, size_t(3));
    QCOMPARE(b.table.stages[0].hiddenTotal, Ns(40'000));
}

void KernelTableTest::stagesGetTablesOfTheirOwn()
{
    KernelTableOptions o;
    o.minShare = 0;
    Built b = build(o, "decode");
    QCOMPARE(b.table.stages.size(), size_t(1));
    QCOMPARE(b.table.stages[0].stage, Stage::Decode);
    QCOMPARE(b.table.stages[0].kernelCount, uint64_t(6));
    QCOMPARE(b.table.stageMethod, std::string("annotation (time window)"));
    o.stage = Stage::Prefill;  // asked for, absent: an empty table rather than none
    b = build(o, "decode");
    QCOMPARE(b.table.stages.size(), size_t(1));
    QCOMPARE(b.table.stages[0].stage, Stage::Prefill);
    QCOMPARE(b.table.stages[0].kernelCount, uint64_t(0));
    QVERIFY(b.table.stages[0].rows.empty());
}

void KernelTableTest::jsonHasTheDocumentedShape()
{
    KernelTableOptions o;
    o.minShare = 0;
    const Built b = build(o);
    std::ostringstream out;
    JsonWriter w(out);
    writeTriageJson(w, *b.trace, b.attribution, b.table);
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(out.str()), &err);
    QCOMPARE(err.error, QJsonParseError::NoError);
    const QJsonObject root = doc.object();
    QVERIFY(root.value("trace").isObject());
    QVERIFY(root.value("trace").toObject().contains("platform"));
    const QJsonObject stage = root.value("stages").toArray().at(0).toObject();
    QCOMPARE(stage.value("stage").toString(), QStringLiteral("all"));
    const QJsonArray table = stage.value("kernel_table").toArray();
    QCOMPARE(table.size(), 4);
    const QJsonObject gemm = table.at(0).toObject();
    for (const char *key : {"name", "raw_names", "op", "category", "count", "total_us", "share", "avg_us", "min_us",
                            "max_us", "locations"})
        QVERIFY2(gemm.contains(QLatin1String(key)), key);
    QCOMPARE(gemm.value("name").toString(), QStringLiteral("void gemm_kernel<128>"));
    QCOMPARE(gemm.value("raw_names").toArray().size(), 2);
    QCOMPARE(gemm.value("count").toInt(), 3);
    QCOMPARE(gemm.value("total_us").toDouble(), 60.0);
    QCOMPARE(gemm.value("share").toDouble(), 0.6);
    QCOMPARE(gemm.value("avg_us").toDouble(), 20.0);
    const QJsonObject site = gemm.value("locations").toArray().at(0).toObject();
    QCOMPARE(site.value("location").toString(), QStringLiteral("model.py:10 attention"));
    QCOMPARE(site.value("share").toDouble(), 0.8333);
    QCOMPARE(site.value("cpu_op").toString(), QStringLiteral("aten::addmm"));
    QCOMPARE(site.value("inferred").toBool(), false);
    QCOMPARE(site.value("inferred_share").toDouble(), 0.0);
    QCOMPARE(site.value("stack").toArray().last().toString(), QStringLiteral("model.py:10 attention"));
    const QJsonObject late = table.at(2).toObject();
    QCOMPARE(late.value("name").toString(), QStringLiteral("late_kernel"));
    QCOMPARE(late.value("locations").toArray().at(0).toObject().value("location").toString(), QStringLiteral("unresolved"));
    const QJsonObject attribution = root.value("attribution").toObject();
    QCOMPARE(attribution.value("linked_share").toDouble(), 0.855);
    QCOMPARE(attribution.value("inferred_share").toDouble(), 0.0);
    QCOMPARE(attribution.value("unresolved_share").toDouble(), 0.145);
}

void KernelTableTest::textMarkdownAndCsvShowTheRows()
{
    KernelTableOptions o;
    const Built b = build(o);
    std::ostringstream text, md, csv;
    writeTriageText(text, *b.trace, b.attribution, b.table);
    writeTriageMarkdown(md, *b.trace, b.attribution, b.table);
    writeTriageCsv(csv, *b.trace, b.attribution, b.table);
    QVERIFY(text.str().find("at model.py:10 attention (site share 83%)  [aten::addmm]") != std::string::npos);
    QVERIFY(text.str().find("1 more rows") != std::string::npos);
    QVERIFY(md.str().find("| `void gemm_kernel<128>` | Dense GEMM | gemm | 60.000 | 60.0% | 3 |") != std::string::npos);
    QVERIFY(md.str().find("model.py:10 attention (site share 83%)<br>model.py:50 mlp (site share 17%)") != std::string::npos);
    std::istringstream lines(csv.str());
    std::string header, first;
    std::getline(lines, header);
    std::getline(lines, first);
    QCOMPARE(header, std::string("stage,name,op,category,count,total_us,share,avg_us,min_us,max_us,location_1,site_share_1,"
                                 "cpu_op_1,inferred_share_1,location_2,site_share_2,cpu_op_2,inferred_share_2,raw_names"));
    QCOMPARE(first, std::string("all,void gemm_kernel<128>,Dense GEMM,gemm,3,60.000,0.6000,20.000,10.000,30.000,"
                                "model.py:10 attention,0.8333,aten::addmm,0.0000,model.py:50 mlp,0.1667,aten::mm,0.0000,"
                                "\"void gemm_kernel<128>(float*, int) ; void gemm_kernel<128>(half*, int)\""));
}

QTEST_GUILESS_MAIN(KernelTableTest)
#include "tst_kerneltable.moc"
