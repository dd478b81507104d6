#pragma once
// The single-trace triage of one analysed trace in the background: the kernel table by canonical
// name, the known fusion families and the overlap opportunities. Kept apart from AnalysisJob because
// it can take several times as long as the analysis itself (4.4 s against 1 s on a 300 MB trace),
// and the panes, tables and comparison need not wait for it.
#include "backgroundjob.h"
#include "report/triagefindings.h"
#include "triage/kerneltable.h"

#include <QString>
#include <functional>

namespace fusion {
struct AnalyzedTrace;
}

struct TriageResult {
    std::shared_ptr<const fusion::AnalyzedTrace> analyzed;  // the trace the tables describe
    fusion::KernelTable kernels;        // every row, no share cut: the GUI sorts and filters
    fusion::TriageFindings findings;    // fusion families and overlap
};

class TriageJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit TriageJob(QObject *parent = nullptr);

    quint64 start(std::shared_ptr<const fusion::AnalyzedTrace> analyzed);
    std::shared_ptr<const TriageResult> result() const { return std::static_pointer_cast<const TriageResult>(m_value); }

    // The same work on the calling thread (tests). progress: 0..1 after each step (kernel table,
    // families, overlap per stage, module candidates); returning false stops it with fusion::Cancelled.
    static std::shared_ptr<TriageResult> run(std::shared_ptr<const fusion::AnalyzedTrace> analyzed,
                                             const std::function<bool(double)> &progress = {});
};
