#pragma once
// Compares two analysed traces in the background (layer and kernel alignment, fusion detection) and
// prepares what the views show: the paired kernel rows and the markdown report.
#include "backgroundjob.h"
#include "kernelrows.h"

#include <QString>

struct ComparisonResult {
    std::shared_ptr<const fusion::Comparison> comparison;
    std::vector<KernelRow> rows;  // KernelRows::ofComparison
    QString markdown;             // the findings report, in the interface language
};

class ComparisonJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit ComparisonJob(QObject *parent = nullptr);

    quint64 start(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                  const fusion::CompareOptions &options);
    std::shared_ptr<const ComparisonResult> result() const
    {
        return std::static_pointer_cast<const ComparisonResult>(m_value);
    }
};
