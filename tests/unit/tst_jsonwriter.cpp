// The JSON every CLI report and export is written with, byte for byte: escapes, numbers, and the
// indentation of deep documents. The expected texts are written out by hand.
#include "util/jsonwriter.h"

#include <QTest>
#include <climits>
#include <sstream>
#include <thread>

using namespace fusion;

class JsonWriterTest : public QObject {
    Q_OBJECT
private slots:
    void stringsAreEscapedAndInvalidUtf8Replaced();
    void numbers();
    void deepDocumentsIndentTwoSpacesALevel();
    void compactDocuments();
    void idArraysReadAsValuesWritten();
    void largeDocumentsReachTheStreamWhole();
    void arraysFormattedOnTwoThreadsReadAsOneWritersText();
    void blocksTakenByEitherThreadComeOutInOrder();
};

void JsonWriterTest::stringsAreEscapedAndInvalidUtf8Replaced()
{
    QCOMPARE(JsonWriter::escape("plain ascii"), std::string("\"plain ascii\""));
    QCOMPARE(JsonWriter::escape("a\"b\\c\nd\re\tf"), std::string(R"("a\"b\\c\nd\re\tf")"));
    QCOMPARE(JsonWriter::escape(std::string_view("\x01\x1f", 2)), std::string(R"("\u0001\u001f")"));
    QCOMPARE(JsonWriter::escape("µs → ok"), std::string("\"µs → ok\""));  // valid UTF-8 is kept
    QCOMPARE(JsonWriter::escape("bad \xC3 \xFF end"), std::string("\"bad \xEF\xBF\xBD \xEF\xBF\xBD end\""));
    // Written by the writer as values and keys, the same bytes.
    std::ostringstream out;
    JsonWriter w(out, false);
    w.beginObject().field("k\"ey", std::string_view("v\xC3")).field("plain", "text").endObject();
    QCOMPARE(out.str(), std::string("{\"k\\\"ey\":\"v\xEF\xBF\xBD\",\"plain\":\"text\"}"));
}

void JsonWriterTest::numbers()
{
    std::ostringstream out;
    JsonWriter w(out, false);
    w.beginArray()
        .value(int64_t(INT64_MIN)).value(uint64_t(UINT64_MAX)).value(0)
        .value(12.5).value(3.0).value(-0.0001).value(2.0 / 3.0, 4).value(1e300, 0).value(0.0 / 0.0)
        .value(true).value(false).null()
        .endArray();
    // 1e300 with no decimals is the double's exact decimal expansion (as Python's '%.0f' % 1e300 prints it).
    const std::string big = "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160";
    QCOMPARE(out.str(), "[-9223372036854775808,18446744073709551615,0,12.5,3,0,0.6667," + big + ",null,true,false,null]");
}

void JsonWriterTest::deepDocumentsIndentTwoSpacesALevel()
{
    // 40 levels: deeper than any report, and deeper than the writer's ready-made indentation.
    std::ostringstream out;
    JsonWriter w(out);
    for (int i = 0; i < 40; ++i)
        w.beginArray();
    w.value(1);
    for (int i = 0; i < 40; ++i)
        w.endArray();
    std::string want;
    for (int i = 0; i < 40; ++i)
        want += (i ? "\n" + std::string(size_t(2 * i), ' ') : std::string()) + "[";
    want += "\n" + std::string(80, ' ') + "1";
    for (int i = 39; i >= 0; --i)
        want += "\n" + std::string(size_t(2 * i), ' ') + "]";
    want += "\n";
    QCOMPARE(out.str(), want);
}

void JsonWriterTest::compactDocuments()
{
    std::ostringstream pretty, compact;
    for (auto [stream, isPretty] : {std::pair{&pretty, true}, std::pair{&compact, false}}) {
        JsonWriter w(*stream, isPretty);
        w.beginObject().field("a", 1).key("b").beginArray().endArray().key("c").beginObject().endObject().endObject();
    }
    QCOMPARE(pretty.str(), std::string("{\n  \"a\": 1,\n  \"b\": [],\n  \"c\": {}\n}\n"));
    QCOMPARE(compact.str(), std::string("{\"a\":1,\"b\":[],\"c\":{}}"));
}

// Kernel id lists (writeIdArray), against hand-written documents: at any depth, empty or not, after a
// key or as an element, pretty or compact; 0 and the largest id whole.
void JsonWriterTest::idArraysReadAsValuesWritten()
{
    std::ostringstream pretty, compact;
    for (auto [stream, isPretty] : {std::pair{&pretty, true}, std::pair{&compact, false}}) {
        JsonWriter w(*stream, isPretty);
        w.beginObject().key("ids");
        writeIdArray(w, {0, 7, 4294967295u});
        w.key("none");
        writeIdArray(w, {});
        w.key("deep").beginArray();
        writeIdArray(w, {12});
        writeIdArray(w, {3, 45});
        w.endArray().endObject();
    }
    QCOMPARE(pretty.str(), std::string("{\n  \"ids\": [\n    0,\n    7,\n    4294967295\n  ],\n  \"none\": [],\n"
                                       "  \"deep\": [\n    [\n      12\n    ],\n    [\n      3,\n      45\n    ]\n  ]\n}\n"));
    QCOMPARE(compact.str(), std::string("{\"ids\":[0,7,4294967295],\"none\":[],\"deep\":[[12],[3,45]]}"));
}

// The writer gathers text in blocks of 1 MiB: a document of several blocks reaches the stream
// whole as soon as its outermost value ends (the writer still alive), in order; what a writer holds
// when it goes away mid-document reaches the stream too.
void JsonWriterTest::largeDocumentsReachTheStreamWhole()
{
    std::ostringstream out;
    std::string want = "[";
    {
        JsonWriter w(out, false);
        w.beginArray();
        for (int i = 0; i < 400000; ++i) {
            w.value(int64_t(i) * 7).value("name with \"quotes\"");
            want += std::to_string(int64_t(i) * 7) + ",\"name with \\\"quotes\\\"\",";
        }
        want.back() = ']';
        w.endArray();
        QVERIFY(want.size() > 4u << 20);
        QCOMPARE(out.str().size(), want.size());
        QVERIFY(out.str() == want);
    }
    std::ostringstream partial;
    {
        JsonWriter w(partial, false);
        w.beginObject().field("a", 1).key("b");
    }
    QCOMPARE(partial.str(), std::string("{\"a\":1,\"b\":"));
}

// elements() with a pool formats blocks of an array on two threads; the document must be the one a
// single writer writes: every comma, indent and nesting level where it belongs, in the element order.
void JsonWriterTest::arraysFormattedOnTwoThreadsReadAsOneWritersText()
{
    TaskPool pool;
    PoolHelper helper(pool);
    // Compact: the expected text built by hand. 1000 elements in blocks of 3 (1000 / 256), small
    // arrays (< 64: one thread) and an empty one.
    for (const size_t count : {size_t(0), size_t(5), size_t(64), size_t(1000)}) {
        std::ostringstream out;
        {
            JsonWriter w(out, false);
            w.setPool(&pool);
            w.beginObject().field("n", uint64_t(count)).key("items").beginArray();
            w.elements(count, [](JsonWriter &e, size_t i) { e.beginObject().field("i", uint64_t(i)).key("sq").beginArray().value(uint64_t(i * i)).endArray().endObject(); });
            w.endArray().field("after", true).endObject();
        }
        std::string want = "{\"n\":" + std::to_string(count) + ",\"items\":[";
        for (size_t i = 0; i < count; ++i)
            want += (i ? "," : "") + std::string("{\"i\":") + std::to_string(i) + ",\"sq\":[" + std::to_string(i * i) + "]}";
        want += "],\"after\":true}";
        QCOMPARE(out.str(), want);
    }
    // Pretty, three levels deep: the same text as without a pool.
    std::ostringstream one, two;
    for (auto *out : {&one, &two}) {
        JsonWriter w(*out);
        if (out == &two)
            w.setPool(&pool);
        w.beginObject().key("outer").beginArray().beginObject().key("rows").beginArray();
        w.elements(700, [](JsonWriter &e, size_t i) {
            e.beginObject().field("name", "row " + std::to_string(i)).key("ids").beginArray();
            for (size_t k = 0; k < i % 4; ++k)
                e.value(uint64_t(k));
            e.endArray().endObject();
        });
        w.endArray().endObject().endArray().endObject();
    }
    QVERIFY(one.str().find("\n        {\n          \"name\": \"row 699\"") != std::string::npos);  // four levels in
    QCOMPARE(two.str(), one.str());
}

// Blocks go to whichever thread is free, and some take far longer than others: the text still
// reads as one writer's, also after elements written before, with a pool whose only thread is
// busy elsewhere (this thread then formats every block), and when an element throws.
void JsonWriterTest::blocksTakenByEitherThreadComeOutInOrder()
{
    const auto element = [](JsonWriter &e, size_t i) {
        e.beginObject().field("i", uint64_t(i)).key("pad").value(std::string(i % 97 == 0 ? 20000 : i % 7, 'x')).endObject();
    };
    const auto document = [&](TaskPool *pool) {
        std::ostringstream out;
        {
            JsonWriter w(out);
            w.setPool(pool);
            w.beginObject().key("items").beginArray();
            w.value("before");
            w.elements(5000, element);
            w.value("after");
            w.endArray().endObject();
        }
        return out.str();
    };
    const std::string one = document(nullptr);
    QVERIFY(one.find("\"before\",\n    {\n      \"i\": 0,") != std::string::npos);
    TaskPool pool;
    {
        PoolHelper helper(pool);
        for (int round = 0; round < 5; ++round)
            QCOMPARE(document(&pool), one);
    }
    TaskPool idle;  // no helper thread: every block is this thread's
    QCOMPARE(document(&idle), one);
    PoolHelper helper(pool);
    for (int round = 0; round < 20; ++round) {  // whichever thread meets the bad elements first
        std::ostringstream out;
        JsonWriter w(out);
        w.setPool(&pool);
        w.beginArray();
        bool threw = false;
        try {
            w.elements(3000, [&](JsonWriter &e, size_t i) {
                if (i >= 2500)
                    throw std::runtime_error("element " + std::to_string(i));
                element(e, i);
            });
        } catch (const std::runtime_error &) {
            threw = true;
        }
        QVERIFY(threw);
    }
    // Only the helper fails (this thread is slow, so the helper surely takes a block): the
    // failure reaches this thread, which stops waiting for the block that never came.
    const auto self = std::this_thread::get_id();
    std::ostringstream out;
    JsonWriter w(out);
    w.setPool(&pool);
    w.beginArray();
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, w.elements(3000, [&](JsonWriter &e, size_t i) {
        if (std::this_thread::get_id() != self)
            throw std::runtime_error("helper");
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        element(e, i);
    }));
}

QTEST_APPLESS_MAIN(JsonWriterTest)
#include "tst_jsonwriter.moc"
