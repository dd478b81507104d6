#include "chartpage.h"

#include "gapchartview.h"
#include "opchartview.h"
#include "results.h"

#include "analyzed/analyzedtrace.h"
#include "compare/comparison.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

ChartPage::ChartPage(const Results *results, QWidget *parent) : QWidget(parent), m_results(results)
{
    m_operations = new OpChartView(this);
    m_operations->setObjectName(QStringLiteral("chartView"));
    m_gap = new GapChartView(this);
    m_gap->setObjectName(QStringLiteral("gapChartView"));
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_operations);
    m_stack->addWidget(m_gap);
    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("chartChoice"));
    m_choice->addItem(tr("GPU time per operation"), int(Operations));
    m_choice->addItem(tr("Where the gap comes from (waterfall)"), int(Gap));
    connect(m_choice, &QComboBox::currentIndexChanged, m_stack, &QStackedWidget::setCurrentIndex);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Chart:"), this));
    top->addWidget(m_choice);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_stack, 1);

    connect(results, &Results::traceChanged, this, &ChartPage::refresh);
    connect(results, &Results::comparisonChanged, this, &ChartPage::refresh);
    refresh();
}

void ChartPage::refresh()
{
    if (!m_results->differsFrom(m_shown, false))  // the same whether or not the tables wait
        return;
    const auto a = m_results->trace(SideA), b = m_results->trace(SideB);
    const auto c = m_results->comparison();
    const QString labelA = m_results->label(SideA), labelB = m_results->label(SideB);
    if (c)
        m_operations->setContent(labelA, labelB, c->ops);
    else if (a || b)  // before the comparison, each trace's own classification
        m_operations->setContent(labelA, labelB, OpChartView::opsOfTraces(a.get(), b.get()));
    else
        m_operations->clear(tr("No trace loaded"));
    m_gap->setContent(labelA, labelB, c);
}

void ChartPage::setView(View view)
{
    m_choice->setCurrentIndex(m_choice->findData(int(view)));
}

ChartPage::View ChartPage::view() const
{
    return View(m_choice->currentData().toInt());
}
