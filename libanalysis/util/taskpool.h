#pragma once
// Tasks that run on whichever thread gets to them first: a thread that has nothing else to do and
// helps (helpUntil), or the thread that needs the result (Later::get). Two traces loaded side by
// side rarely finish together; with one pool between them, the side done first takes the other's
// remaining analyses instead of idling, and no task waits for a thread to be free.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <type_traits>

namespace fusion {

class TaskPool;

// What a task is, for a thread that helps with one kind only (TaskPool::helpNow): compared by
// address, so that each kind is one named constant.
struct TaskKind {
    const char *name;
};

namespace detail {

class PoolJob {
public:
    virtual ~PoolJob() = default;
    // True for the one caller that is to run the job; every later caller gets false.
    bool claim() { return !m_claimed.test_and_set(); }
    void run(TaskPool *pool);  // the claimer only
    bool finished = false;     // under the pool's mutex (or the runner's alone, without a pool)
    const TaskKind *kind = nullptr;

private:
    virtual void execute() = 0;
    std::atomic_flag m_claimed = ATOMIC_FLAG_INIT;
};

template <class R>
class PoolTask final : public PoolJob {
public:
    template <class F>  // kept as it is: no std::function around it, so it need not be copyable
    explicit PoolTask(F f) : m_task(std::move(f)), m_result(m_task.get_future()) {}
    std::future<R> &result() { return m_result; }

private:
    void execute() override { m_task(); }  // an exception is kept for get()
    std::packaged_task<R()> m_task;
    std::future<R> m_result;
};

} // namespace detail

// A task's result, computed by a helper or else at get(). Its destructor waits for a task a helper
// is running (the task may read the caller's locals) and drops one nobody started.
template <class R>
class Later {
public:
    Later(TaskPool *pool, std::shared_ptr<detail::PoolTask<R>> task) : m_pool(pool), m_task(std::move(task)) {}
    Later(Later &&) noexcept = default;
    Later &operator=(Later &&) = delete;
    ~Later() { settle(false); }
    R get()
    {
        settle(true);
        return m_task->result().get();
    }

private:
    void settle(bool run);
    TaskPool *m_pool;
    std::shared_ptr<detail::PoolTask<R>> m_task;
};

class TaskPool {
public:
    // f runs on a helper or at the returned Later's get(), whichever comes first. Without a pool
    // (nullptr) it runs at get().
    template <class F>
    static auto later(TaskPool *pool, F f, const TaskKind *kind = nullptr) -> Later<std::invoke_result_t<F>>
    {
        using R = std::invoke_result_t<F>;
        auto task = std::make_shared<detail::PoolTask<R>>(std::move(f));
        task->kind = kind;
        if (pool)
            pool->post(task);
        return Later<R>(pool, std::move(task));
    }

    // Runs posted tasks until done() holds; done is checked under the pool's lock whenever a task
    // ends or notify() is called, and at least every 50 ms (for conditions nobody notifies).
    void helpUntil(const std::function<bool()> &done);
    // Runs waiting tasks, at most as many as wait when it is called (a task posted meanwhile may
    // take the place of one another thread took), then returns: it never waits. Given a kind, only
    // the tasks of that kind (still at most as many as wait, of any kind, when it is called).
    void helpNow(const TaskKind *kind = nullptr);
    // Changes state that a helpUntil condition reads, under the pool's lock, and wakes the helpers.
    void notify(const std::function<void()> &change);

private:
    friend class detail::PoolJob;
    void post(std::shared_ptr<detail::PoolJob> job);
    void runFirst(std::unique_lock<std::mutex> &lock);  // the queue's first task, unless taken; lock held
    void runAt(std::unique_lock<std::mutex> &lock, size_t i);  // the same for the i-th

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::shared_ptr<detail::PoolJob>> m_queue;
};

// One helper thread for a pool, for the lifetime of this object: the second core of one analysis.
class PoolHelper {
public:
    explicit PoolHelper(TaskPool &pool);
    ~PoolHelper();
    PoolHelper(const PoolHelper &) = delete;
    PoolHelper &operator=(const PoolHelper &) = delete;

private:
    TaskPool &m_pool;
    bool m_stop = false;  // under the pool's lock
    std::future<void> m_thread;
};

template <class R>
void Later<R>::settle(bool run)
{
    if (!m_task)
        return;
    if (m_task->claim()) {
        if (run)
            m_task->run(m_pool);
    } else if (m_pool) {  // a helper has it: help with the rest until it is done
        m_pool->helpUntil([task = m_task.get()] { return task->finished; });
    }
}

} // namespace fusion
