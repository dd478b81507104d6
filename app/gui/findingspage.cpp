#include "findingspage.h"

#include "comparisonjob.h"
#include "results.h"

FindingsPage::FindingsPage(const Results *results, QWidget *parent) : QTextBrowser(parent), m_results(results)
{
    setObjectName(QStringLiteral("findingsView"));
    setOpenExternalLinks(true);
    // Kernel names are long unbroken words; without this they run off the right edge.
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    connect(results, &Results::traceChanged, this, &FindingsPage::refresh);
    connect(results, &Results::comparisonChanged, this, &FindingsPage::refresh);
    refresh();
}

void FindingsPage::refresh()
{
    if (!m_results->differsFrom(m_shown))
        return;
    if (const auto comparison = m_results->comparisonResult()) {
        setMarkdown(comparison->markdown);
        return;
    }
    const QString note = m_shown->awaiting
                             ? tr("Comparing the traces…")
                             : tr("Load trace A and trace B to compare them: the findings appear here.");
    setMarkdown(QStringLiteral("*") + note + QStringLiteral("*"));
}
