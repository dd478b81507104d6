#pragma once
// File → Export for Perfetto: the comparison (or one trace with its triage findings) written as
// Chrome-trace JSON that Perfetto UI and chrome://tracing open, on a background job with a progress
// bar and a cancel button in the status bar; the window stays usable meanwhile.
#include "backgroundjob.h"

#include <QString>
#include <functional>
#include <memory>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
}
struct TriageResult;
class QAction;
class QProgressBar;
class QToolButton;
class QWidget;

class PerfettoExporter : public BackgroundJob {
    Q_OBJECT
public:
    // What is exported: two traces and their comparison, or one trace (b null) and its triage
    // (null: the job runs it).
    struct Source {
        std::shared_ptr<const fusion::AnalyzedTrace> a, b;
        std::shared_ptr<const fusion::Comparison> comparison;
        std::shared_ptr<const TriageResult> triage;
        QString nameA, nameB;  // the processes' names; empty: "A · <GPU>"
        bool valid() const { return a && (!b || comparison); }
    };
    // `window`: the dialogs' parent and the status bar's owner; `source`: what is on screen now.
    PerfettoExporter(QWidget *window, std::function<Source()> source);

    QAction *action() const { return m_action; }
    QWidget *progressWidget() const { return m_progressWidget; }
    // Enables the action when there is something to export and no export runs.
    void updateAction();
    // Starts the export to `path` without asking (the action asks for the file first).
    quint64 exportTo(const QString &path);

signals:
    void exported(const QString &path, const QString &summary);
    void exportFailed(const QString &message);

private:
    void ask();
    QWidget *m_window;
    std::function<Source()> m_source;
    QAction *m_action;
    QWidget *m_progressWidget;
    QProgressBar *m_progress;
    QToolButton *m_cancel;
    QString m_path;
};
