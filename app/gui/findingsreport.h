#pragma once
// The Findings tab: the comparison's report in the interface language. The library writes the same
// report in English for the command line and files; this one words the same facts with tr() and the
// locale's numbers (the waterfall of where the gap comes from is in the Chart tab instead).
#include <QCoreApplication>
#include <QString>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
}

class FindingsReport {
    Q_DECLARE_TR_FUNCTIONS(FindingsReport)
public:
    static QString markdown(const fusion::AnalyzedTrace &a, const fusion::AnalyzedTrace &b, const fusion::Comparison &c);
};
