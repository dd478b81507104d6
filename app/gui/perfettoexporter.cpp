#include "perfettoexporter.h"

#include "triagejob.h"

#include "compare/comparison.h"
#include "export/outputfile.h"
#include "export/perfettoexport.h"
#include "trace/traceerror.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

namespace {

struct ExportOutcome {
    fusion::PerfettoExportStats stats;
    quint64 fileBytes = 0;
};

} // namespace

PerfettoExporter::PerfettoExporter(QWidget *window, std::function<Source()> source)
    : BackgroundJob(window), m_window(window), m_source(std::move(source))
{
    m_action = new QAction(tr("Export for &Perfetto…"), this);
    m_action->setToolTip(tr("Write the traces, their aligned layers and the findings as a Chrome trace (JSON) "
                            "for Perfetto UI or chrome://tracing"));
    connect(m_action, &QAction::triggered, this, &PerfettoExporter::ask);

    m_progressWidget = new QWidget(window);
    auto *layout = new QHBoxLayout(m_progressWidget);
    layout->setContentsMargins(0, 0, 0, 0);
    m_progress = new QProgressBar(m_progressWidget);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->setMaximumHeight(16);
    m_progress->setFormat(tr("Perfetto export %p%"));
    m_cancel = new QToolButton(m_progressWidget);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the Perfetto export; no file is left behind"));
    m_cancel->setAutoRaise(true);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    m_progressWidget->hide();
    connect(m_cancel, &QToolButton::clicked, this, &BackgroundJob::cancel);
    connect(this, &BackgroundJob::progressChanged, m_progress, [this](double f) { m_progress->setValue(int(f * 1000)); });
    auto done = [this] {
        m_progressWidget->hide();
        updateAction();
    };
    connect(this, &BackgroundJob::cancelled, this, done);
    connect(this, &BackgroundJob::failed, this, [this, done](quint64, const QString &message) {
        done();
        emit exportFailed(tr("The Perfetto export failed: %1").arg(message));
    });
    connect(this, &BackgroundJob::finished, this, [this, done] {
        done();
        const auto outcome = std::static_pointer_cast<const ExportOutcome>(m_value);
        const QLocale locale;
        QString summary = tr("%n event(s)", nullptr, int(outcome->stats.events)) + QStringLiteral(", ")
                          + tr("%n arrow(s)", nullptr, int(outcome->stats.flows)) + QStringLiteral(", ")
                          + locale.formattedDataSize(qint64(outcome->fileBytes));
        emit exported(m_path, summary);
    });
}

void PerfettoExporter::updateAction()
{
    m_action->setEnabled(!isRunning() && m_source().valid());
}

void PerfettoExporter::ask()
{
    const Source source = m_source();
    if (!source.valid())
        return;
    // The folder of the last export, else the home folder.
    const QDir dir = m_path.isEmpty() ? QDir::home() : QFileInfo(m_path).absoluteDir();
    const QString suggested = dir.filePath(source.b ? QStringLiteral("fusionscope-comparison.json.gz")
                                                    : QStringLiteral("fusionscope-trace.json.gz"));
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export for Perfetto"), suggested,
                                                      tr("Chrome trace JSON (*.json.gz *.json)"));
    if (!path.isEmpty())
        exportTo(path);
}

quint64 PerfettoExporter::exportTo(const QString &path)
{
    const Source source = m_source();
    if (!source.valid())
        return 0;
    m_path = path;
    m_progress->setValue(0);
    m_progressWidget->show();
    const quint64 id = launch([source, path = path.toStdString()](JobControl &control) -> std::shared_ptr<void> {
        fusion::PerfettoExportOptions options;
        options.nameA = source.nameA.toStdString();
        options.nameB = source.nameB.toStdString();
        auto outcome = std::make_shared<ExportOutcome>();
        fusion::OutputFile file(path);
        if (source.b) {
            options.progress = [&](double f) { return control.report(f); };
            outcome->stats = fusion::writePerfettoComparison(file.stream(), *source.a, *source.b, *source.comparison, options);
        } else {
            // A triage still under way (or not yet run) is run here: the first half of the progress.
            fusion::TriageFindings findings;
            if (source.triage) {
                findings = source.triage->findings;
            } else {
                const fusion::AnalyzedTrace &t = *source.a;
                findings = fusion::findTriageFindings(*t.trace, t.attribution, t.classes, t.stages, {},
                                                      [&](double f) { return control.report(f / 2); });
            }
            options.progress = [&](double f) { return control.report((source.triage ? 0.0 : 0.5) + f / (source.triage ? 1 : 2)); };
            outcome->stats = fusion::writePerfettoTrace(file.stream(), *source.a, findings, options);
        }
        if (control.cancelled)
            throw fusion::Cancelled();  // cancelled while the last bytes went out: no file
        file.commit();
        outcome->fileBytes = file.fileBytes();
        return outcome;
    });
    updateAction();
    return id;
}
