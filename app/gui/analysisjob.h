#pragma once
// Loads and analyses one trace in the background (read, parse, classify, attribute, stages, layers)
// and prepares its kernel-table rows, so the GUI thread only swaps finished values in.
#include "backgroundjob.h"
#include "steps/steps.h"
#include "kernelrows.h"

#include <QString>

namespace fusion {
class SideBySide;
}

struct TraceResult {
    std::shared_ptr<const fusion::AnalyzedTrace> analyzed;
    std::vector<KernelRow> rows;  // KernelRows::ofTrace on the job's side
};

class AnalysisJob : public BackgroundJob {
    Q_OBJECT
public:
    struct Request {
        QString path;
        QString label;         // empty: from the file name
        QString registryFile;  // user kernel registry read before the built-in one; empty: none
        fusion::Scope scope;   // whole profiler steps, the whole file, or one step
        int member = -1;       // a run of several ranks: which trace (index into its listing); -1: the lowest rank
        int parseThreads = 0;  // see fusion::LoadOptions: 1 while the other side loads too
        // Set when both sides are opened together (both jobs get it): the side done first runs the
        // other's remaining analyses, and delivers its result when both are done or it is cancelled.
        std::shared_ptr<fusion::SideBySide> pair;
    };

    explicit AnalysisJob(Side side, QObject *parent = nullptr);

    quint64 start(const Request &request);
    const Request &request() const { return m_request; }
    Side side() const { return m_side; }
    // The last finished result (null before the first one).
    std::shared_ptr<const TraceResult> result() const { return std::static_pointer_cast<const TraceResult>(m_value); }

private:
    Side m_side;
    Request m_request;
};
