// Sequence alignment: one extra element must become one gap, not shift every later pair.
#include "util/sequencealign.h"

#include <QTest>
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
};

QTEST_GUILESS_MAIN(SequenceAlignTest)
#include "tst_sequencealign.moc"
