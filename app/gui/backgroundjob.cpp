#include "backgroundjob.h"

#include "trace/traceerror.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QThreadPool>
#include <QTimer>
#include <QtConcurrent>

namespace {
// The jobs' own pool. Not QThreadPool::globalInstance(): Qt's raster paint engine runs parallel
// drawing tasks there and the GUI thread waits for them, so analyses occupying the global pool
// froze painting for as long as they ran (seen: 19 s with two 300 MB traces on two cores).
QThreadPool *jobPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool(QCoreApplication::instance());  // waits for running jobs on exit
        p->setMaxThreadCount(std::max(3, QThread::idealThreadCount()));  // A, B and the comparison
        p->setObjectName(QStringLiteral("FusionScope jobs"));
        return p;
    }();
    return pool;
}
} // namespace

BackgroundJob::BackgroundJob(QObject *parent) : QObject(parent), m_progressTimer(new QTimer(this))
{
    // Polling an atomic keeps the worker free of any Qt object; 50 ms is smooth enough for a bar.
    m_progressTimer->setInterval(50);
    connect(m_progressTimer, &QTimer::timeout, this, [this] { emit progressChanged(progress()); });
}

BackgroundJob::~BackgroundJob()
{
    if (m_control)
        m_control->cancelled = true;
}

bool BackgroundJob::waitForWorkers(int msecs)
{
    return jobPool()->waitForDone(msecs);
}

double BackgroundJob::progress() const
{
    return m_control ? m_control->permille.load(std::memory_order_relaxed) / 1000.0 : 0.0;
}

quint64 BackgroundJob::launch(Work work)
{
    if (m_control)
        m_control->cancelled = true;  // the previous worker stops at its next progress report
    auto control = std::make_shared<JobControl>();
    m_control = control;
    const quint64 id = ++m_id;
    m_running = true;
    m_progressTimer->start();

    QFuture<Outcome> future = QtConcurrent::run(jobPool(), [work = std::move(work), control]() -> Outcome {
        Outcome out;
        try {
            out.value = work(*control);
        } catch (const fusion::Cancelled &) {
            out.cancelled = true;
        } catch (const std::bad_alloc &) {
            out.error = tr("out of memory");
        } catch (const std::exception &e) {
            // TraceError and RegistryError already name the file and the problem in one line.
            out.error = QString::fromStdString(e.what());
        } catch (...) {
            out.error = tr("unexpected error");
        }
        if (control->cancelled)
            out.cancelled = true;
        return out;
    });
    auto *watcher = new QFutureWatcher<Outcome>(this);
    // QPointer: the job may be gone when a very late result arrives; the watcher dies with it anyway,
    // but the guard makes the intent explicit.
    QPointer<BackgroundJob> guard(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [guard, watcher, id] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (guard)
            guard->deliver(id, outcome);
    });
    watcher->setFuture(future);
    return id;
}

void BackgroundJob::deliver(quint64 id, const Outcome &outcome)
{
    if (id != m_id)
        return;  // stale: a newer job was launched, or this one was cancelled
    m_running = false;
    m_progressTimer->stop();
    if (outcome.cancelled) {
        emit cancelled(id);
        return;
    }
    if (!outcome.error.isEmpty()) {
        emit failed(id, outcome.error);
        return;
    }
    m_value = outcome.value;
    emit progressChanged(1.0);
    emit finished(id);
}

void BackgroundJob::cancel()
{
    if (!m_running)
        return;
    m_control->cancelled = true;
    m_running = false;
    m_progressTimer->stop();
    const quint64 id = m_id;
    ++m_id;  // whatever the worker still delivers is now stale
    emit cancelled(id);
}
