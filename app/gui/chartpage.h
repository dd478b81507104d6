#pragma once
// The Chart tab: one chart at a time, chosen above it — GPU time per operation (OpChartView) or
// where the gap between the traces comes from (GapChartView, a waterfall). Both are redrawn only when
// a trace or the comparison changed.
#include "results.h"

#include <QWidget>
#include <optional>

class GapChartView;
class OpChartView;
class QComboBox;
class QStackedWidget;

class ChartPage : public QWidget {
    Q_OBJECT
public:
    enum View { Operations, Gap };

    explicit ChartPage(const Results *results, QWidget *parent = nullptr);

    OpChartView *operationsView() const { return m_operations; }
    GapChartView *gapView() const { return m_gap; }
    QComboBox *viewChoice() const { return m_choice; }
    void setView(View view);
    View view() const;

private:
    void refresh();

    const Results *m_results;
    std::optional<Results::Snapshot> m_shown;
    OpChartView *m_operations;
    GapChartView *m_gap;
    QComboBox *m_choice;
    QStackedWidget *m_stack;
};
