#include "opchartview.h"

#include "side.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QLegendMarker>
#include <QValueAxis>
#include <algorithm>
#include <map>

using namespace fusion;

OpChartView::OpChartView(QWidget *parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    clear(QString());
}

void OpChartView::clear(const QString &message)
{
    m_bars.clear();
    auto *chart = new QChart;
    chart->setTitle(message);
    chart->legend()->hide();
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart *old = this->chart();
    setChart(chart);
    delete old;  // setChart does not take the old chart's ownership away from us
}

std::vector<OpRow> OpChartView::opsOfTraces(const AnalyzedTrace *a, const AnalyzedTrace *b)
{
    std::map<std::string, OpRow> byOp;
    const AnalyzedTrace *traces[2] = {a, b};
    for (int s = 0; s < 2; ++s) {
        const AnalyzedTrace *t = traces[s];
        if (!t)
            continue;
        const GpuOpTable &k = t->trace->store.kernels;
        const bool classified = t->classes.classOfKernel.size() == k.size();
        const bool scoped = t->stages.ofKernel.size() == k.size();
        for (uint32_t id = 0; id < k.size(); ++id) {
            if (scoped && t->stages.ofKernel[id] == Stage::Outside)
                continue;  // left out by the scope, as in every other view
            OpRow &r = byOp[classified ? t->classes.opOf(id) : std::string("Other")];
            (s == 0 ? r.aCount : r.bCount)++;
            (s == 0 ? r.aTotal : r.bTotal) += k.dur[id];
        }
    }
    std::vector<OpRow> rows;
    for (auto &[op, r] : byOp) {
        r.op = op;
        r.aSteps = a ? stepsInScope(a->steps, a->scope) : 1;
        r.bSteps = b ? stepsInScope(b->steps, b->scope) : 1;
        rows.push_back(r);
    }
    std::sort(rows.begin(), rows.end(),
              [](const OpRow &x, const OpRow &y) { return x.aTotal + x.bTotal > y.aTotal + y.bTotal; });
    return rows;
}

void OpChartView::setContent(const QString &labelA, const QString &labelB, const std::vector<OpRow> &ops, int top)
{
    std::vector<OpRow> sorted = ops;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const OpRow &x, const OpRow &y) { return x.aTotal + x.bTotal > y.aTotal + y.bTotal; });
    m_bars.clear();
    Bar rest;
    int restOps = 0;
    for (size_t i = 0; i < sorted.size(); ++i) {
        if (int(i) < top || sorted.size() <= size_t(top) + 1) {
            Bar b;
            b.op = QString::fromStdString(sorted[i].op);
            // Per profiler step, so that a trace holding more steps than the other is not taller for it.
            b.total[0] = sorted[i].aPerStep();
            b.total[1] = sorted[i].bPerStep();
            m_bars.append(b);
        } else {
            rest.total[0] += sorted[i].aPerStep();
            rest.total[1] += sorted[i].bPerStep();
            ++restOps;
        }
    }
    if (restOps > 0) {
        rest.op = tr("%n other operation(s)", nullptr, restOps);
        m_bars.append(rest);
    }
    if (m_bars.isEmpty()) {
        clear(tr("No kernels to chart"));
        return;
    }

    Ns max = 0;
    for (const Bar &b : m_bars)
        max = std::max({max, b.total[0], b.total[1]});
    // One unit for the whole axis: ms unless every bar is below a millisecond.
    const bool ms = max >= 1'000'000;
    const double scale = ms ? 1e6 : 1e3;

    auto *setA = new QBarSet(labelA);
    auto *setB = new QBarSet(labelB);
    setA->setColor(sideColor(SideA));
    setB->setColor(sideColor(SideB));
    setA->setBorderColor(sideColor(SideA).darker(120));
    setB->setBorderColor(sideColor(SideB).darker(120));
    QStringList categories;
    // A horizontal bar chart draws its first category at the bottom; the largest op belongs on top.
    for (auto it = m_bars.crbegin(); it != m_bars.crend(); ++it) {
        *setA << double(it->total[0]) / scale;
        *setB << double(it->total[1]) / scale;
        QString name = it->op;
        if (name.size() > 40)
            name = name.left(38) + QStringLiteral("…");
        categories << name;
    }
    Ns sideTotal[2] = {0, 0};
    for (const Bar &b : m_bars) {
        sideTotal[0] += b.total[0];
        sideTotal[1] += b.total[1];
    }
    auto *series = new QHorizontalBarSeries;
    // B's set first: within a category the first set is drawn lowest, so A ends up above B. A side
    // without kernels (not loaded) gets no bars and no legend entry.
    if (sideTotal[1] > 0)
        series->append(setB);
    else
        delete setB;
    if (sideTotal[0] > 0)
        series->append(setA);
    else
        delete setA;
    series->setBarWidth(0.8);

    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->addSeries(series);
    chart->setTitle(tr("GPU time per operation"));
    auto *axisY = new QBarCategoryAxis;
    axisY->append(categories);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto *axisX = new QValueAxis;
    const bool perStep = !sorted.empty() && sorted.front().aSteps != sorted.front().bSteps;
    axisX->setTitleText(perStep ? (ms ? tr("GPU time per profiler step (ms)") : tr("GPU time per profiler step (µs)"))
                                : (ms ? tr("GPU time (ms)") : tr("GPU time (µs)")));
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    axisX->setRange(0, double(max) / scale * 1.05);
    axisX->applyNiceNumbers();
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setReverseMarkers(true);  // A first in the legend, as in the panes
    QChart *old = this->chart();
    setChart(chart);
    delete old;
}
