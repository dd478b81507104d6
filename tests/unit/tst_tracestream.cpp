// The hand-over between the reader thread that decompresses a trace and the parser that consumes it:
// neither may wait for the other forever, dropped bytes come back on rewind(), and the reader's
// error reaches the parser. A small lead makes the reader wait for the parser often.
#include "trace/traceerror.h"
#include "trace/tracestream.h"

#include <QTest>

#include <chrono>
#include <future>

using namespace fusion;

namespace {
constexpr size_t kMB = size_t(1) << 20;
constexpr size_t kLead = 4 * kMB;

char patternAt(size_t offset) { return char(offset % 251); }

// Writes `total` bytes of the pattern in 1 MB pieces, as the decompressor does.
TraceStream::Producer patternProducer(size_t total)
{
    return [total](TraceStream &s) {
        for (size_t off = 0; off < total;) {
            const size_t n = std::min(kMB, total - off);
            char *p = s.room(n);
            for (size_t i = 0; i < n; ++i)
                p[i] = patternAt(off + i);
            s.commit(n);
            off += n;
        }
    };
}

bool patternHolds(const TraceStream &s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i += 4093)
        if (s.data()[i] != patternAt(i))
            return false;
    return true;
}
} // namespace

class TraceStreamTest : public QObject {
    Q_OBJECT
private slots:
    void askingForExactlyTheReadersAllowanceDoesNotDeadlock();
    void rewindBringsBackDiscardedBytes();
    void theReadersErrorReachesTheConsumer();
    void aStreamDestroyedWhileItsReaderWaitsStops();
    void aFileGetsAHundredTimesItsSizeWhenTheLimitCannotBeReserved();
};

void TraceStreamTest::askingForExactlyTheReadersAllowanceDoesNotDeadlock()
{
    // The parser asks for odd amounts while it looks for a chunk boundary. Once it asked for more
    // than the reader's allowance, the allowance became want + lead; asking for exactly that next
    // used to leave the reader waiting for room for a whole 1 MB piece, and the parser for its bytes.
    const size_t total = 64 * kMB;
    TraceStream s("pattern.json.gz", 256 * kMB, 0, patternProducer(total), kLead);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    const TraceStream::Tick tick = [&] { return std::chrono::steady_clock::now() < deadline; };
    size_t want = kLead + 12345;
    bool ended = false;
    try {
        while (!ended) {
            const size_t got = s.waitFor(want, ended, tick);
            QVERIFY(ended || got >= want);
            QVERIFY(patternHolds(s, want - kLead, std::min(got, want)));
            s.discardBefore(want - kLead);
            want += kLead;  // the allowance the previous wait set
        }
    } catch (const Cancelled &) {
        QFAIL("the reader and the parser waited for each other for 30 s");
    }
    QCOMPARE(s.size(), total);
}

void TraceStreamTest::rewindBringsBackDiscardedBytes()
{
    const size_t total = 16 * kMB;
    TraceStream s("pattern.json.gz", 256 * kMB, 0, patternProducer(total), kLead);
    bool ended = false;
    QVERIFY(s.waitFor(10 * kMB, ended) >= 10 * kMB);
    s.discardBefore(8 * kMB);  // the first 8 MB go back to the system (they read as zeros now)
    s.rewind();
    QCOMPARE(s.finish(), total);
    QVERIFY(patternHolds(s, 0, total));
    QCOMPARE(s.data()[0], patternAt(0));
    QCOMPARE(s.data()[8 * kMB - 1], patternAt(8 * kMB - 1));
}

void TraceStreamTest::theReadersErrorReachesTheConsumer()
{
    TraceStream s("broken.json.gz", 256 * kMB, 0, [](TraceStream &t) {
        patternProducer(3 * kMB)(t);
        throw TraceError("broken.json.gz", "cannot decompress: corrupt data");
    }, kLead);
    bool ended = false;
    try {
        s.waitFor(10 * kMB, ended);
        QFAIL("no error");
    } catch (const TraceError &e) {
        QCOMPARE(e.problem(), std::string("cannot decompress: corrupt data"));
    }
}

void TraceStreamTest::aStreamDestroyedWhileItsReaderWaitsStops()
{
    auto done = std::async(std::launch::async, [] {
        // Endless input: the reader fills its allowance and waits for a parser that never asks.
        TraceStream s("endless.json.gz", 256 * kMB, 0, [](TraceStream &t) {
            for (;;) {
                t.room(kMB);
                t.commit(kMB);
            }
        }, kLead);
        bool ended = false;
        return s.waitFor(kMB, ended) >= kMB;
    });
    QVERIFY(done.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
    QVERIFY(done.get());
}

// When the size limit cannot be reserved whole (here: more than any address space; in use, ulimit
// -v), a file gets a hundred times its compressed size (at least 64 MB), not half of all the
// process could still have: three files read at once under a 1.5 GB limit once left no room for a
// thread's stack. A limit that can be reserved is reserved whole; no compressed size: halves.
void TraceStreamTest::aFileGetsAHundredTimesItsSizeWhenTheLimitCannotBeReserved()
{
    const size_t impossible = size_t(1) << 60;
    TraceStream large("large.json.gz", impossible, 3 * kMB, patternProducer(kMB), kLead);
    QCOMPARE(large.reservedBytes(), 302 * kMB);  // 300 MB, the reader's 1 MB slack, in 2 MB steps
    TraceStream small("small.json.gz", impossible, 90000, patternProducer(kMB), kLead);
    QCOMPARE(small.reservedBytes(), 64 * kMB);
    QCOMPARE(small.finish(), kMB);
    QVERIFY(patternHolds(small, 0, kMB));
    TraceStream unknown("unknown.json.gz", impossible, 0, patternProducer(kMB), kLead);
    QVERIFY(unknown.reservedBytes() >= size_t(4) << 30);
    TraceStream fits("fits.json.gz", 256 * kMB, 3 * kMB, patternProducer(kMB), kLead);
    QCOMPARE(fits.reservedBytes(), 258 * kMB);
}

QTEST_GUILESS_MAIN(TraceStreamTest)
#include "tst_tracestream.moc"
