#include "util/taskpool.h"

#include <algorithm>
#include <chrono>

namespace fusion {

void detail::PoolJob::run(TaskPool *pool)
{
    execute();
    if (!pool) {
        finished = true;
        return;
    }
    pool->notify([this] { finished = true; });
}

void TaskPool::post(std::shared_ptr<detail::PoolJob> job)
{
    notify([&] { m_queue.push_back(std::move(job)); });
}

void TaskPool::notify(const std::function<void()> &change)
{
    {
        std::lock_guard lock(m_mutex);
        change();
    }
    m_changed.notify_all();
}

void TaskPool::runFirst(std::unique_lock<std::mutex> &lock)
{
    runAt(lock, 0);
}

void TaskPool::runAt(std::unique_lock<std::mutex> &lock, size_t i)
{
    std::shared_ptr<detail::PoolJob> job = std::move(m_queue[i]);
    m_queue.erase(m_queue.begin() + std::ptrdiff_t(i));
    if (!job->claim())
        return;  // its caller ran it already
    lock.unlock();
    job->run(this);
    lock.lock();
}

void TaskPool::helpUntil(const std::function<bool()> &done)
{
    std::unique_lock lock(m_mutex);
    while (!done()) {
        if (m_queue.empty())
            m_changed.wait_for(lock, std::chrono::milliseconds(50));
        else
            runFirst(lock);
    }
}

void TaskPool::helpNow(const TaskKind *kind)
{
    std::unique_lock lock(m_mutex);
    for (size_t waiting = m_queue.size(); waiting > 0; --waiting) {
        const auto it = std::find_if(m_queue.begin(), m_queue.end(), [&](const auto &job) { return !kind || job->kind == kind; });
        if (it == m_queue.end())
            return;
        runAt(lock, size_t(it - m_queue.begin()));
    }
}

PoolHelper::PoolHelper(TaskPool &pool) : m_pool(pool)
{
    m_thread = std::async(std::launch::async, [this] { m_pool.helpUntil([this] { return m_stop; }); });
}

PoolHelper::~PoolHelper()
{
    m_pool.notify([this] { m_stop = true; });
    m_thread.wait();
}

} // namespace fusion
