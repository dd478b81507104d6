#include "chartpage.h"

#include "gapchartview.h"
#include "opchartview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

ChartPage::ChartPage(OpChartView *operations, QWidget *parent) : QWidget(parent), m_operations(operations)
{
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
}

void ChartPage::setView(View view)
{
    m_choice->setCurrentIndex(m_choice->findData(int(view)));
}

ChartPage::View ChartPage::view() const
{
    return View(m_choice->currentData().toInt());
}
