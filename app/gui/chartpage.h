#pragma once
// The Chart tab: one chart at a time, chosen above it — GPU time per operation (OpChartView) or
// where the gap between the traces comes from (GapChartView, a waterfall).
#include <QWidget>

class GapChartView;
class OpChartView;
class QComboBox;
class QStackedWidget;

class ChartPage : public QWidget {
    Q_OBJECT
public:
    enum View { Operations, Gap };

    // Takes `operations` (the chart the tab showed alone before) as its first view.
    explicit ChartPage(OpChartView *operations, QWidget *parent = nullptr);

    OpChartView *operationsView() const { return m_operations; }
    GapChartView *gapView() const { return m_gap; }
    QComboBox *viewChoice() const { return m_choice; }
    void setView(View view);
    View view() const;

private:
    OpChartView *m_operations;
    GapChartView *m_gap;
    QComboBox *m_choice;
    QStackedWidget *m_stack;
};
