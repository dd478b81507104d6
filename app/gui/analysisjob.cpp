#include "analysisjob.h"

#include "classify/kernelregistry.h"
#include "analyzed/analyzedtrace.h"
#include "trace/traceerror.h"

#include <QFile>

AnalysisJob::AnalysisJob(Side side, QObject *parent) : BackgroundJob(parent), m_side(side) {}

quint64 AnalysisJob::start(const Request &request)
{
    m_request = request;
    // Plain std::strings into the worker: nothing of Qt crosses the thread boundary but values.
    const std::string path = QFile::encodeName(request.path).toStdString();
    const std::string label = request.label.toStdString();
    const std::string registry = QFile::encodeName(request.registryFile).toStdString();
    const Side side = m_side;
    const fusion::Scope scope = request.scope;
    const int member = request.member;
    const int threads = request.parseThreads;
    std::shared_ptr<fusion::SideBySide> pair = request.pair;
    return launch([path, label, registry, side, scope, member, threads, pair](JobControl &control) -> std::shared_ptr<void> {
        fusion::LoadOptions load;
        load.label = label;
        load.parseThreads = threads;
        load.progress = [&control](double f) { return control.report(f * 0.95); };
        fusion::AnalyzeOptions analyze;
        analyze.scope = scope;
        // A pair is compared next: the comparison job hands the freed memory back after it.
        analyze.returnFreeMemory = !pair;
        // Everything that may throw happens in here: a side of a pair must reach side() (which the
        // other side waits for) whatever becomes of it.
        auto loadAndAnalyze = [&](fusion::AnalyzeOptions options) {
            if (!registry.empty())
                options.registry = fusion::KernelRegistry::load({registry});
            if (member < 0)
                return fusion::loadAndAnalyze(path, load, options);
            // Another rank of the run: listed again, as the run may have changed on disk since.
            std::vector<std::string> warnings;
            const std::vector<fusion::TraceMember> members = fusion::listTraceMembers(path, &warnings);
            if (size_t(member) >= members.size())
                throw fusion::TraceError(path, "holds " + std::to_string(members.size()) + " traces now: the rank chosen is gone");
            return fusion::loadAndAnalyzeMember(path, members, size_t(member), load, options, warnings);
        };
        auto result = std::make_shared<TraceResult>();
        result->analyzed = pair ? pair->side(analyze, loadAndAnalyze, [&control] { return bool(control.cancelled); })
                                : loadAndAnalyze(analyze);
        if (control.cancelled)
            throw fusion::Cancelled();
        result->rows = KernelRows::ofTrace(*result->analyzed, side);
        control.report(1.0);
        return result;
    });
}
