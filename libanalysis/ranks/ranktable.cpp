#include "ranks/ranktable.h"

#include "classify/traceclassification.h"
#include "trace/traceerror.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

namespace fusion {

namespace {

// The rank's figures, measured as the analysed rank's are; a step the rank lacks leaves them empty.
RankRow measureMember(const Trace &trace, const TraceClassification &classes, const TraceSteps &steps, const Scope &scope)
{
    RankRow row;
    row.member = trace.source;
    if (scope.kind == Scope::Kind::Steps && scope.step && !steps.steps.empty()
        && std::none_of(steps.steps.begin(), steps.steps.end(), [&](const Step &st) { return st.number == *scope.step; })) {
        row.note = "no profiler step " + std::to_string(*scope.step);
        return row;
    }
    row.time = scopeGpuTime(trace, classes, steps, scope);
    return row;
}

} // namespace

void rankStatistics(RankTable &table)
{
    std::vector<Ns> times;
    table.slowest = -1;
    for (size_t i = 0; i < table.rows.size(); ++i) {
        const RankRow &r = table.rows[i];
        if (!r.note.empty())
            continue;
        times.push_back(r.time.kernelTime);
        if (table.slowest < 0 || r.time.kernelTime > table.rows[size_t(table.slowest)].time.kernelTime)
            table.slowest = int(i);
    }
    table.medianKernelTime = 0;
    table.skew = 0;
    if (times.empty())
        return;
    std::sort(times.begin(), times.end());
    const size_t n = times.size();
    table.medianKernelTime = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    if (table.medianKernelTime > 0)
        table.skew = double(times.back()) / double(table.medianKernelTime);
}

RankTable measureRanks(const Trace &analysed, const TraceClassification &classes, const TraceSteps &steps,
                       const RankTableOptions &options)
{
    RankTable table;
    table.scope = options.scope;
    const std::vector<TraceMember> &members = analysed.members;
    table.rows.resize(members.size());
    std::vector<size_t> todo;
    for (size_t i = 0; i < members.size(); ++i) {
        const TraceMember &m = members[i];
        if (m.path == analysed.source.path && m.member == analysed.source.member) {
            table.rows[i] = measureMember(analysed, classes, steps, options.scope);
            table.rows[i].analysed = true;
        } else {
            todo.push_back(i);
        }
    }
    const auto registry = options.registry ? options.registry : KernelRegistry::builtin();
    std::atomic<size_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    std::mutex lock;
    std::vector<std::exception_ptr> errors(members.size());
    LoadOptions load = options.load;
    load.rank = -1;
    load.label.clear();
    load.progress = [&](double) { return !stop.load(); };
    auto work = [&] {
        for (size_t k; !stop.load() && (k = next.fetch_add(1)) < todo.size();) {
            const size_t i = todo[k];
            try {
                // One rank at a time per worker: the trace is dropped once measured.
                const auto trace = loadTraceMember(analysed.path, members, i, load);
                const TraceClassification c = classifyTrace(*trace, *registry);
                table.rows[i] = measureMember(*trace, c, detectSteps(*trace, c), options.scope);
            } catch (const Cancelled &) {
                stop = true;  // asked to, or another member failed
            } catch (...) {
                errors[i] = std::current_exception();
                stop = true;  // the first bad member stops the others: its error is the answer
            }
            const size_t finished = ++done;
            std::lock_guard<std::mutex> guard(lock);
            if (options.progress && !stop.load() && !options.progress(double(finished) / double(todo.size())))
                stop = true;
        }
    };
    // At most four traces in memory at once, however many cores there are.
    unsigned workers = options.workers ? options.workers : std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    workers = unsigned(std::min<size_t>(workers, todo.size()));
    std::vector<std::thread> threads;
    for (unsigned w = 1; w < workers; ++w)
        threads.emplace_back(work);
    if (workers)
        work();
    for (std::thread &t : threads)
        t.join();
    for (const std::exception_ptr &e : errors)
        if (e)
            std::rethrow_exception(e);
    if (stop.load())
        throw Cancelled();
    rankStatistics(table);
    return table;
}

} // namespace fusion
