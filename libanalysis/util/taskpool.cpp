#include "util/taskpool.h"

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
    std::shared_ptr<detail::PoolJob> job = std::move(m_queue.front());
    m_queue.pop_front();
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

void TaskPool::helpNow()
{
    std::unique_lock lock(m_mutex);
    for (size_t waiting = m_queue.size(); waiting > 0 && !m_queue.empty(); --waiting)
        runFirst(lock);
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
