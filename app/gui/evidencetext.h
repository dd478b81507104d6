#pragma once
// The findings' sentences in the interface language: the library words its evidence in English for
// the reports; the GUI words the same facts (sides, kernels per occurrence, occurrences, layers,
// the rule that placed a finding) with tr().
#include <QCoreApplication>
#include <QString>
#include <string>

#include "fusion/findings.h"

class EvidenceText {
    Q_DECLARE_TR_FUNCTIONS(EvidenceText)
public:
    static QString ofFinding(const fusion::FusionFinding &f, const QString &labelA, const QString &labelB);
    static QString ofExtraWork(const fusion::ExtraWork &e, const QString &labelA, const QString &labelB);
    // A method's name as a reader says it ("split inside one op").
    static QString method(fusion::FusionMethod m);
    // "140 µs, 0.03 % of A": a time with its share of a trace's GPU busy time.
    static QString withShare(qint64 ns, qint64 totalNs, const QString &side);
};
