// The bit-parallel token alignment against the cell-by-cell one (itself checked against the plain
// recurrence in tst_sequencealign): the very same steps, band included, on made-up sequences and on
// a real trace's kernel names.
#include "testsupport.h"
#include "trace/traceloader.h"
#include "util/tokenalign.h"

#include <QTest>
#include <random>

using namespace fusion;

namespace {

template <class Token>
std::vector<AlignStep> cellByCell(const std::vector<Token> &a, const std::vector<Token> &b, size_t maxCells)
{
    return alignSequences(a.size(), b.size(), [&](size_t i, size_t j) { return a[i] == b[j]; }, {}, maxCells);
}

QString firstDifference(const std::vector<AlignStep> &x, const std::vector<AlignStep> &y)
{
    for (size_t k = 0; k < std::min(x.size(), y.size()); ++k)
        if (x[k].a != y[k].a || x[k].b != y[k].b)
            return QStringLiteral("step %1: (%2, %3) against (%4, %5)")
                .arg(k).arg(x[k].a).arg(x[k].b).arg(y[k].a).arg(y[k].b);
    return QStringLiteral("%1 steps against %2").arg(x.size()).arg(y.size());
}

bool same(const std::vector<AlignStep> &x, const std::vector<AlignStep> &y)
{
    return x.size() == y.size()
           && std::equal(x.begin(), x.end(), y.begin(), [](AlignStep p, AlignStep q) { return p.a == q.a && p.b == q.b; });
}

// A trace's kernels in miniature: one layer's sequence repeated, some kernels replaced or left out.
std::vector<uint32_t> traceLike(std::mt19937 &random, const std::vector<uint32_t> &layer, size_t layers)
{
    std::vector<uint32_t> out;
    for (size_t l = 0; l < layers; ++l)
        for (uint32_t k : layer) {
            const unsigned r = random() % 100;
            if (r < 3)
                continue;
            out.push_back(r < 6 ? uint32_t(random() % 40) : k);
        }
    return out;
}

} // namespace

class TokenAlignTest : public QObject {
    Q_OBJECT
private slots:
    void emptySidesAreAllGaps()
    {
        const std::vector<uint32_t> none, three{1, 2, 3};
        QVERIFY(same(alignTokens(none, three), detail::allGaps(0, 3)));
        QVERIFY(same(alignTokens(three, none), detail::allGaps(3, 0)));
    }

    // Few tokens (many ties, where the preferences decide), lengths alike and far apart, budgets
    // from the whole matrix down to a band a few columns wide; 64-column words cut anywhere.
    void randomSequencesGiveTheCellByCellSteps()
    {
        std::mt19937 random(3);
        for (int round = 0; round < 2000; ++round) {
            const uint32_t tokens = 1 + random() % 6;
            const auto sequence = [&](size_t length) {
                std::vector<uint64_t> s(length);
                for (uint64_t &t : s)
                    t = uint64_t(random() % tokens) << 40;  // wide tokens: the 64-bit instantiation
                return s;
            };
            const auto a = sequence(random() % 300), b = sequence(random() % 600);
            const size_t maxCells = round % 4 == 0 ? size_t(64) << 20 : size_t(20 + random() % 30000);
            const auto fast = alignTokens(a, b, {}, maxCells), slow = cellByCell(a, b, maxCells);
            QVERIFY2(same(fast, slow), qPrintable(QStringLiteral("round %1 (%2 x %3, %4 cells): %5")
                                                      .arg(round).arg(a.size()).arg(b.size()).arg(maxCells)
                                                      .arg(firstDifference(fast, slow))));
        }
    }

    // More rows than columns in a narrow band: its left edge stays in one column for several rows,
    // where a pair must not reach back to a cell left of the band of the row above.
    void narrowBandsOverLongerRowsGiveTheCellByCellSteps()
    {
        std::mt19937 random(1);
        for (int round = 0; round < 8000; ++round) {
            const size_t m = 1 + random() % 200, n = m + random() % 200;
            const uint32_t tokens = 1 + random() % 3;
            std::vector<uint32_t> a(n), b(m);
            for (uint32_t &t : a)
                t = random() % tokens;
            for (uint32_t &t : b)
                t = random() % tokens;
            const size_t maxCells = 20 + random() % (4 * n);
            QVERIFY2(same(alignTokens(a, b, {}, maxCells), cellByCell(a, b, maxCells)),
                     qPrintable(QStringLiteral("round %1").arg(round)));
        }
    }

    void traceShapedSequencesGiveTheCellByCellSteps()
    {
        std::mt19937 random(5);
        for (int round = 0; round < 40; ++round) {
            std::vector<uint32_t> layer(8 + random() % 40);
            for (uint32_t &k : layer)
                k = random() % 12;
            const auto a = traceLike(random, layer, 20 + random() % 60), b = traceLike(random, layer, 40 + random() % 80);
            const size_t maxCells = size_t(1) << (14 + random() % 8);
            QVERIFY2(same(alignTokens(a, b, {}, maxCells), cellByCell(a, b, maxCells)),
                     qPrintable(QStringLiteral("round %1").arg(round)));
        }
    }

    // What the inferred attribution aligns on a real trace: the kernels without a launch (before the
    // profiled steps) against those with one, by name, banded as a long trace's would be.
    void aRealTracesKernelsGiveTheCellByCellSteps()
    {
        REQUIRE_SHARED_TRACES();
        for (const char *path : {"tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz",
                                 "tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"}) {
            const auto trace = loadTrace(test::sharedTrace(path));
            const GpuOpTable &k = trace->store.kernels;
            std::vector<uint32_t> names(k.name.begin(), k.name.end());
            const std::vector<uint32_t> front(names.begin(), names.begin() + long(names.size() / 3)),
                back(names.begin() + long(names.size() / 3), names.end());
            for (size_t maxCells : {size_t(64) << 20, size_t(20000), size_t(60000), size_t(200000)})
                QVERIFY2(same(alignTokens(front, back, {}, maxCells), cellByCell(front, back, maxCells)),
                         qPrintable(QStringLiteral("%1, %2 cells").arg(path).arg(maxCells)));
        }
    }

    // Costs other than the defaults: still a longest common subsequence while a pair gains and a gap costs.
    void otherCostsGiveTheCellByCellSteps()
    {
        std::mt19937 random(9);
        for (int round = 0; round < 200; ++round) {
            std::vector<uint32_t> a(random() % 200), b(random() % 200);
            for (uint32_t &t : a)
                t = random() % 3;
            for (uint32_t &t : b)
                t = random() % 3;
            const AlignCosts costs{int(1 + random() % 5), -int(1 + random() % 5)};
            const size_t maxCells = size_t(100 + random() % 20000);
            const auto slow = alignSequences(a.size(), b.size(), [&](size_t i, size_t j) { return a[i] == b[j]; },
                                             costs, maxCells);
            QVERIFY2(same(alignTokens(a, b, costs, maxCells), slow), qPrintable(QStringLiteral("round %1").arg(round)));
        }
    }
};

QTEST_APPLESS_MAIN(TokenAlignTest)
#include "tst_tokenalign.moc"
