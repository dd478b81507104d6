// Sequence alignment: one extra element must become one gap, not shift every later pair.
#include "util/sequencealign.h"

#include <QTest>
#include <algorithm>
#include <climits>
#include <random>
#include <string>

using namespace fusion;

namespace {
// Renders an alignment as "ab|a-|…" pairs for readable expectations.
QString render(const std::string &a, const std::string &b, const std::vector<AlignStep> &steps)
{
    QString out;
    for (const AlignStep &s : steps) {
        out += s.a >= 0 ? QChar(a[size_t(s.a)]) : QChar('-');
        out += s.b >= 0 ? QChar(b[size_t(s.b)]) : QChar('-');
        out += QLatin1Char(' ');
    }
    return out.trimmed();
}

QString align(const std::string &a, const std::string &b, size_t maxCells = 64u << 20)
{
    return render(a, b, alignSequences(a.size(), b.size(), [&](size_t i, size_t j) { return a[i] == b[j]; }, {},
                                       maxCells));
}
// The recurrence written plainly, over whole matrices (a cell outside the band stays unreachable),
// to check the library's rolling two-row form against: same scores, same order of preference
// (diagonal, then up, then left, each only when strictly better), the same walk back.
std::vector<AlignStep> plainAlignment(const std::string &a, const std::string &b, size_t maxCells)
{
    const size_t n = a.size(), m = b.size();
    const detail::Band band(n, m, maxCells);
    const int kNeg = INT_MIN / 4, gap = AlignCosts{}.gap, match = AlignCosts{}.match;
    std::vector<std::vector<int>> score(n + 1, std::vector<int>(m + 1, kNeg));
    std::vector<std::vector<uint8_t>> dir(n + 1, std::vector<uint8_t>(m + 1, detail::Band::Up));
    for (size_t j = band.lo(0); j <= band.hi(0); ++j)
        score[0][j] = int(j) * gap, dir[0][j] = detail::Band::Left;
    for (size_t i = 1; i <= n; ++i)
        for (size_t j = band.lo(i); j <= band.hi(i); ++j) {
            if (j == 0) {
                score[i][j] = int(i) * gap;
                continue;
            }
            int best = kNeg;
            uint8_t d = detail::Band::Up;
            if (score[i - 1][j - 1] > kNeg && a[i - 1] == b[j - 1])
                best = score[i - 1][j - 1] + match, d = detail::Band::Diag;
            if (score[i - 1][j] > kNeg && score[i - 1][j] + gap > best)
                best = score[i - 1][j] + gap, d = detail::Band::Up;
            if (j > band.lo(i) && score[i][j - 1] > kNeg && score[i][j - 1] + gap > best)
                best = score[i][j - 1] + gap, d = detail::Band::Left;
            score[i][j] = best;
            dir[i][j] = d;
        }
    std::vector<AlignStep> out;
    size_t i = n, j = m;
    while (i > 0 || j > 0) {
        uint8_t d = dir[i][j];
        if (i == 0 || j > band.hi(i))
            d = detail::Band::Left;
        else if (j < band.lo(i))
            d = detail::Band::Up;
        if (j == 0 && i > 0)
            d = detail::Band::Up;
        if (d == detail::Band::Diag)
            out.push_back({int32_t(--i), int32_t(--j)});
        else if (d == detail::Band::Up)
            out.push_back({int32_t(--i), -1});
        else
            out.push_back({-1, int32_t(--j)});
    }
    std::reverse(out.begin(), out.end());
    return out;
}
} // namespace

class SequenceAlignTest : public QObject {
    Q_OBJECT
private slots:
    void anExtraKernelBecomesOneGap() { QCOMPARE(align("NQAOU", "NQXAOU"), QStringLiteral("NN QQ -X AA OO UU")); }
    void aMissingKernelBecomesOneGap() { QCOMPARE(align("NRQAO", "NQAO"), QStringLiteral("NN R- QQ AA OO")); }
    void differentTokensAreNeverPaired() { QCOMPARE(align("AB", "AC"), QStringLiteral("AA -C B-")); }
    void emptySidesAreAllGaps()
    {
        QCOMPARE(align("", "AB"), QStringLiteral("-A -B"));
        QCOMPARE(align("AB", ""), QStringLiteral("A- B-"));
    }
    void identicalSequencesPairOneToOne() { QCOMPARE(align("ABCABC", "ABCABC"), QStringLiteral("AA BB CC AA BB CC")); }
    void aBandedAlignmentOfLongSequencesStillFindsTheSingleInsertion()
    {
        // 3000 × 3001 cells exceed the 1 M budget: the banded path must still place one gap.
        std::string a, b;
        for (int i = 0; i < 1000; ++i)
            a += "NQA";
        b = a.substr(0, 1500) + "X" + a.substr(1500);  // (b.insert trips GCC 12's -Wrestrict false positive)
        const auto steps = alignSequences(a.size(), b.size(), [&](size_t i, size_t j) { return a[i] == b[j]; }, {},
                                          1u << 20);
        int gaps = 0, pairs = 0;
        for (const AlignStep &s : steps) {
            gaps += s.a < 0 || s.b < 0;
            pairs += s.a >= 0 && s.b >= 0;
        }
        QCOMPARE(gaps, 1);
        QCOMPARE(pairs, 3000);
    }
    void aBandedAlignmentOfVeryDifferentLengthsStaysWithinItsBudget()
    {
        // 20k against 200k tokens: the full matrix would need 4e9 traceback cells. The band follows
        // the diagonal with a width set by the budget, not by the length difference (which made it
        // the whole matrix and ran out of memory).
        const size_t n = 20000, m = 200000;
        const auto steps = alignSequences(n, m, [](size_t i, size_t j) { return i % 7 == j % 7; }, {}, 1u << 20);
        size_t a = 0, b = 0;
        for (const AlignStep &s : steps) {
            a += s.a >= 0;
            b += s.b >= 0;
        }
        QCOMPARE(a, n);  // every token of both sides appears exactly once
        QCOMPARE(b, m);
    }
    void theRollingRowsGiveThePlainRecurrencesAlignment()
    {
        // Random sequences over a few tokens (many ties), of similar and of very different lengths,
        // with budgets from the whole matrix down to a narrow band.
        std::mt19937 random(7);
        for (int round = 0; round < 300; ++round) {
            const auto sequence = [&](size_t length) {
                std::string s(length, 'A');
                for (char &c : s)
                    c = char('A' + random() % 4);
                return s;
            };
            const std::string a = sequence(random() % 120), b = sequence(random() % 240);
            const size_t maxCells = size_t(50 + random() % 40000);
            const auto library = alignSequences(a.size(), b.size(), [&](size_t i, size_t j) { return a[i] == b[j]; },
                                                {}, maxCells);
            QCOMPARE(render(a, b, library), render(a, b, plainAlignment(a, b, maxCells)));
        }
    }
};

QTEST_GUILESS_MAIN(SequenceAlignTest)
#include "tst_sequencealign.moc"
