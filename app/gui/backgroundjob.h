#pragma once
// One cancellable background job at a time (hotspot's JobTracker idea): each launch gets an id, a
// newer launch or cancel() makes the older result drop silently, and results are only touched on the
// GUI thread. The worker shares nothing with the GUI but a JobControl (cancel flag, progress), so a
// job object may be destroyed while its worker still runs.
#include <QObject>
#include <QPointer>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

class QTimer;

struct JobControl {
    std::atomic<bool> cancelled{false};
    std::atomic<int> permille{0};
    // The analysis' progress callback: records the fraction, returns false once cancelled.
    bool report(double fraction)
    {
        permille.store(int(fraction * 1000.0), std::memory_order_relaxed);
        return !cancelled.load(std::memory_order_relaxed);
    }
};

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    explicit BackgroundJob(QObject *parent = nullptr);
    ~BackgroundJob() override;

    void cancel();  // asks the worker to stop; whatever it still produces is dropped
    bool isRunning() const { return m_running; }
    quint64 currentId() const { return m_id; }
    double progress() const;  // of the last job launched, also once it was cancelled
    // Waits until no job's worker runs any more (cancelled ones stop at their next progress report);
    // false when some still run after `msecs`.
    static bool waitForWorkers(int msecs);

signals:
    void progressChanged(double fraction);  // 0..1, at most every 50 ms
    void finished(quint64 id);
    void failed(quint64 id, const QString &message);
    void cancelled(quint64 id);

protected:
    // Runs on a pool thread. Throw fusion::Cancelled to stop; other exceptions become failed().
    using Work = std::function<std::shared_ptr<void>(JobControl &control)>;
    quint64 launch(Work work);
    std::shared_ptr<void> m_value;  // what the last finished job returned

private:
    struct Outcome {
        std::shared_ptr<void> value;
        QString error;
        bool cancelled = false;
    };
    void deliver(quint64 id, const Outcome &outcome);

    std::shared_ptr<JobControl> m_control;
    QTimer *m_progressTimer = nullptr;
    quint64 m_id = 0;
    bool m_running = false;
};
