// Tasks that run on whichever thread gets to them first (util/taskpool.h), and the pair of traces
// that shares one pool (SideBySide): the side done first takes the other side's tasks.
#include "analyzed/analyzedtrace.h"
#include "util/taskpool.h"

#include <QTest>
#include <atomic>
#include <chrono>
#include <future>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace fusion;

namespace {
// Waits (bounded) until `done` holds; a test that would hang fails instead.
template <class Done>
bool waitFor(const Done &done)
{
    for (int i = 0; i < 5000 && !done(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return done();
}
} // namespace

class TaskPoolTest : public QObject {
    Q_OBJECT
private slots:
    void withoutAPoolATaskRunsAtGetOnTheCaller();
    void aHelperRunsATaskWhileTheCallerWorks();
    void getWaitsForATaskAHelperRunsAndPassesItsException();
    void aTaskNobodyStartedIsDroppedAndARunningOneWaitedFor();
    void theSideDoneFirstRunsTheOtherSidesTasks();
    void aSideToldToStopReturnsWithoutWaitingForTheOther();
    void helpNowRunsTheTasksWaitingThenReturns();
    void helpNowWithAKindRunsOnlyTasksOfThatKind();
};

void TaskPoolTest::withoutAPoolATaskRunsAtGetOnTheCaller()
{
    std::thread::id ranOn;
    auto later = TaskPool::later(nullptr, [&] {
        ranOn = std::this_thread::get_id();
        return 42;
    });
    QCOMPARE(ranOn, std::thread::id());  // not yet
    QCOMPARE(later.get(), 42);
    QCOMPARE(ranOn, std::this_thread::get_id());
}

void TaskPoolTest::aHelperRunsATaskWhileTheCallerWorks()
{
    TaskPool pool;
    PoolHelper helper(pool);
    std::atomic<bool> started{false};
    std::thread::id ranOn;
    auto later = TaskPool::later(&pool, [&] {
        ranOn = std::this_thread::get_id();
        started = true;
        return std::string("done");
    });
    // The caller is busy and has not asked for the result: only the helper can have started it.
    QVERIFY(waitFor([&] { return started.load(); }));
    QCOMPARE(later.get(), std::string("done"));
    QVERIFY(ranOn != std::this_thread::get_id());
}

void TaskPoolTest::getWaitsForATaskAHelperRunsAndPassesItsException()
{
    TaskPool pool;
    PoolHelper helper(pool);
    std::atomic<bool> started{false}, release{false};
    auto later = TaskPool::later(&pool, [&]() -> int {
        started = true;
        while (!release)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        throw std::runtime_error("task failed");
    });
    QVERIFY(waitFor([&] { return started.load(); }));
    auto releaser = std::async(std::launch::async, [&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        release = true;
    });
    bool threw = false;
    try {
        later.get();  // the helper has it: get waits for it to end
    } catch (const std::runtime_error &e) {
        threw = std::string(e.what()) == "task failed";
    }
    QVERIFY(threw);
    QVERIFY(release.load());
}

void TaskPoolTest::aTaskNobodyStartedIsDroppedAndARunningOneWaitedFor()
{
    TaskPool pool;  // no helper yet: nothing takes the first task before its Later goes away
    std::atomic<int> droppedRuns{0};
    { auto dropped = TaskPool::later(&pool, [&] { return ++droppedRuns; }); }
    std::atomic<bool> started{false}, done{false};
    {
        PoolHelper helper(pool);  // finds the first task claimed, and takes the second
        {
            auto running = TaskPool::later(&pool, [&] {
                started = true;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                done = true;
                return 0;
            });
            QVERIFY(waitFor([&] { return started.load(); }));
        }  // the Later goes away while its task runs: it waits for it (the task reads the caller's locals)
        QVERIFY(done.load());
    }
    QCOMPARE(droppedRuns.load(), 0);
}

void TaskPoolTest::theSideDoneFirstRunsTheOtherSidesTasks()
{
    SideBySide pair;
    std::atomic<bool> aDone{false};
    bool aHadPool = false, bHadPool = false, taskSeenRunning = false;
    std::thread::id sideA, taskRanOn;
    auto a = std::async(std::launch::async, [&] {
        return pair.side(AnalyzeOptions{}, [&](const AnalyzeOptions &options) {
            aHadPool = options.pool != nullptr;
            sideA = std::this_thread::get_id();
            aDone = true;
            return 1;
        });
    });
    const int b = pair.side(AnalyzeOptions{}, [&](const AnalyzeOptions &options) {
        bHadPool = options.pool != nullptr;
        // Side B posts its task once side A is done and helping, and asks for the result only after
        // the task has started: only side A's thread can have run it.
        if (!waitFor([&] { return aDone.load(); }))
            return -1;
        std::atomic<bool> ran{false};
        auto later = TaskPool::later(options.pool, [&] {
            taskRanOn = std::this_thread::get_id();
            ran = true;
            return 2;
        });
        taskSeenRunning = waitFor([&] { return ran.load(); });
        return later.get();
    });
    QCOMPARE(b, 2);
    QCOMPARE(a.get(), 1);  // side A returned once side B was done
    QVERIFY(aHadPool && bHadPool);
    QVERIFY(taskSeenRunning);
    QCOMPARE(taskRanOn, sideA);
}

// A GUI job that is cancelled must not keep its thread until the other side ends.
void TaskPoolTest::aSideToldToStopReturnsWithoutWaitingForTheOther()
{
    SideBySide pair;
    std::atomic<bool> stop{false}, aReturned{false};
    auto b = std::async(std::launch::async, [&] {
        return pair.side(AnalyzeOptions{}, [&](const AnalyzeOptions &) {
            return waitFor([&] { return aReturned.load(); });  // B ends only after A has returned
        });
    });
    auto a = std::async(std::launch::async, [&] {
        const int r = pair.side(AnalyzeOptions{}, [](const AnalyzeOptions &) { return 1; }, [&] { return stop.load(); });
        aReturned = true;
        return r;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    QVERIFY(!aReturned.load());  // A waits for B while nobody stops it
    stop = true;
    QCOMPARE(a.get(), 1);
    QVERIFY(b.get());  // B saw A return first
}

// A side whose trace is read runs the other side's waiting parse before its own analysis, and does
// not stay for tasks posted after it looked.
void TaskPoolTest::helpNowRunsTheTasksWaitingThenReturns()
{
    TaskPool pool;
    std::vector<int> ran;
    std::optional<Later<int>> posted;  // by the second task, while helpNow runs
    auto first = TaskPool::later(&pool, [&] { return ran.push_back(1), 1; });
    auto second = TaskPool::later(&pool, [&] {
        posted.emplace(TaskPool::later(&pool, [&] { return ran.push_back(3), 3; }));
        return ran.push_back(2), 2;
    });
    pool.helpNow();
    QCOMPARE(ran, (std::vector<int>{1, 2}));
    QCOMPARE(first.get(), 1);
    QCOMPARE(second.get(), 2);
    QCOMPARE(ran, (std::vector<int>{1, 2}));  // the results were there: nothing ran again
    QCOMPARE(posted->get(), 3);               // left for its caller
    QCOMPARE(ran, (std::vector<int>{1, 2, 3}));
    pool.helpNow();  // nothing waits: returns at once
}

// A side whose trace is read helps with the other side's parse only: the other side's analysis
// tasks stay for the other side, so that this side's own analysis starts at once.
void TaskPoolTest::helpNowWithAKindRunsOnlyTasksOfThatKind()
{
    static const TaskKind parse{"parse"}, analysis{"analysis"};
    TaskPool pool;
    std::vector<int> ran;
    auto first = TaskPool::later(&pool, [&] { return ran.push_back(1), 1; }, &analysis);
    auto second = TaskPool::later(&pool, [&] { return ran.push_back(2), 2; }, &parse);
    auto third = TaskPool::later(&pool, [&] { return ran.push_back(3), 3; });
    auto fourth = TaskPool::later(&pool, [&] { return ran.push_back(4), 4; }, &parse);
    pool.helpNow(&parse);
    QCOMPARE(ran, (std::vector<int>{2, 4}));
    pool.helpNow(&parse);  // none of that kind waits: returns at once
    QCOMPARE(ran, (std::vector<int>{2, 4}));
    pool.helpNow();  // any kind, in order
    QCOMPARE(ran, (std::vector<int>{2, 4, 1, 3}));
    QCOMPARE(first.get() + second.get() + third.get() + fourth.get(), 10);
}

QTEST_APPLESS_MAIN(TaskPoolTest)
#include "tst_taskpool.moc"
