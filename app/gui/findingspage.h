#pragma once
// The Findings tab: the comparison's report as the CLI writes it in Markdown, or a line saying what
// it waits for. It is rewritten only when the comparison, or what it waits for, changed.
#include "results.h"

#include <QTextBrowser>
#include <optional>

class FindingsPage : public QTextBrowser {
    Q_OBJECT
public:
    explicit FindingsPage(const Results *results, QWidget *parent = nullptr);

private:
    void refresh();

    const Results *m_results;
    std::optional<Results::Snapshot> m_shown;
};
