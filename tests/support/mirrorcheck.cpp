#include "mirrorcheck.h"

#include <QTest>

namespace fusion::test {

void requireMirror(const Comparison &ab, const Comparison &ba)
{
    QCOMPARE(ab.findings.size(), ba.findings.size());
    for (size_t i = 0; i < ab.findings.size(); ++i) {
        const FusionFinding &x = ab.findings[i], &y = ba.findings[i];
        QCOMPARE(x.operation, y.operation);
        QVERIFY(x.fusedSide != y.fusedSide);
        QCOMPARE(x.count, y.count);
        QCOMPARE(x.timeAtStake, y.timeAtStake);
        QCOMPARE(x.confidence, y.confidence);
        QCOMPARE(x.aKernels, y.bKernels);
        QCOMPARE(x.bKernels, y.aKernels);
    }
    QCOMPARE(ab.extraWork.size(), ba.extraWork.size());
    for (size_t i = 0; i < ab.extraWork.size(); ++i) {
        QVERIFY(ab.extraWork[i].side != ba.extraWork[i].side);
        QCOMPARE(ab.extraWork[i].aKernels, ba.extraWork[i].bKernels);
        QCOMPARE(ab.extraWork[i].total, ba.extraWork[i].total);
        QCOMPARE(ab.extraWork[i].confidence, ba.extraWork[i].confidence);
    }
    QCOMPARE(ab.modules.size(), ba.modules.size());
    for (size_t i = 0; i < ab.modules.size(); ++i) {
        QCOMPARE(ab.modules[i].module, ba.modules[i].module);
        QVERIFY(ab.modules[i].unfusedSide != ba.modules[i].unfusedSide);
        QCOMPARE(ab.modules[i].timeDifference, ba.modules[i].timeDifference);
    }
}

} // namespace fusion::test
