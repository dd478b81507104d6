#include "gapchartview.h"
#include "whatiftext.h"

#include "side.h"
#include "units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QScrollArea>
#include <QLegendMarker>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>
#include <algorithm>

using namespace fusion;

namespace {

constexpr int kBusy = -2, kWall = -1;  // measure choices; 0, 1, …: the layer classes
const QColor kSlower(0xc0, 0x39, 0x2b), kFaster(0x2e, 0x8b, 0x57);

} // namespace

GapChartView::GapChartView(QWidget *parent) : QWidget(parent)
{
    m_measure = new QComboBox(this);
    m_measure->setObjectName(QStringLiteral("gapMeasure"));
    m_measure->setToolTip(tr("Which time the waterfall decomposes"));
    m_measure->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_whatIf = new QLabel(this);
    m_whatIf->setObjectName(QStringLiteral("gapWhatIf"));
    m_whatIf->setWordWrap(true);
    m_whatIf->setTextFormat(Qt::RichText);
    m_chart = new QChartView(this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(200);
    // The what-ifs can run to many lines: they scroll instead of pushing the window taller.
    auto *whatIfArea = new QScrollArea(this);
    whatIfArea->setWidget(m_whatIf);
    whatIfArea->setWidgetResizable(true);
    whatIfArea->setFrameShape(QFrame::NoFrame);
    whatIfArea->setMaximumHeight(m_whatIf->fontMetrics().lineSpacing() * 8);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Measure:"), this));
    top->addWidget(m_measure);
    top->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_chart, 1);
    layout->addWidget(whatIfArea);
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this] { showMeasure(); });
    clear(QString());
}

QString GapChartView::partName(const GapPart &p, const QString &labelA, const QString &labelB)
{
    const QString subject = QString::fromStdString(p.subject);
    const QString side = p.side == fusion::TraceSide::B ? labelB : labelA;
    QString name;
    switch (p.kind) {
    case GapKind::Fusion: name = tr("fusion: %1, fused by %2").arg(subject, side); break;
    case GapKind::ExtraWork: name = tr("extra work: %1 on %2").arg(subject, side); break;
    case GapKind::KernelSpeed: name = tr("kernel speed: %1").arg(subject); break;
    case GapKind::Idle: name = subject.isEmpty() ? tr("idle") : tr("idle in %1 layers").arg(subject); break;
    case GapKind::OutsideLayers: name = tr("outside the aligned layers"); break;
    case GapKind::Residual: name = tr("residual"); break;
    }
    return p.ordinal > 1 ? name + QStringLiteral(" (%1)").arg(p.ordinal) : name;
}

void GapChartView::clear(const QString &message)
{
    m_comparison.reset();
    m_bars.clear();
    m_measure->blockSignals(true);
    m_measure->clear();
    m_measure->blockSignals(false);
    m_measure->setEnabled(false);
    m_whatIf->clear();
    auto *chart = new QChart;
    chart->setTitle(message);
    chart->legend()->hide();
    chart->setAnimationOptions(QChart::NoAnimation);
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;  // setChart does not take the old chart's ownership away from us
}

void GapChartView::setContent(const QString &labelA, const QString &labelB, std::shared_ptr<const Comparison> comparison)
{
    if (!comparison) {
        clear(tr("Load trace A and trace B to see where the gap between them comes from"));
        return;
    }
    const int was = m_measure->currentData().isValid() ? m_measure->currentData().toInt() : kBusy;
    clear(QString());
    m_comparison = std::move(comparison);
    m_label[SideA] = labelA;
    m_label[SideB] = labelB;
    const GapDecomposition &g = m_comparison->gap;
    m_measure->blockSignals(true);
    m_measure->addItem(tr("GPU busy time"), kBusy);
    if (g.hasWall)
        m_measure->addItem(tr("Wall time of the profiled window"), kWall);
    for (size_t i = 0; i < g.layerClasses.size(); ++i)
        m_measure->addItem(tr("Windows of the %1 layers").arg(QString::fromStdString(g.layerClasses[i].name)), int(i));
    m_measure->setCurrentIndex(std::max(0, m_measure->findData(was)));
    m_measure->blockSignals(false);
    m_measure->setEnabled(true);
    updateWhatIf();
    showMeasure();
}

const GapBreakdown *GapChartView::currentBreakdown() const
{
    if (!m_comparison)
        return nullptr;
    const GapDecomposition &g = m_comparison->gap;
    const int which = m_measure->currentData().toInt();
    if (which == kWall && g.hasWall)
        return &g.wall;
    if (which >= 0 && size_t(which) < g.layerClasses.size())
        return &g.layerClasses[size_t(which)].gap;
    return &g.busy;
}

void GapChartView::showMeasure()
{
    const GapBreakdown *g = currentBreakdown();
    if (!g)
        return;
    m_bars.clear();
    Bar first;
    first.name = tr("A: %1").arg(m_label[SideA]);
    first.total = true;
    first.to = g->aTotal;
    m_bars.append(first);
    Ns running = g->aTotal;
    for (const GapPart &p : g->parts) {
        Bar b;
        b.name = partName(p, m_label[SideA], m_label[SideB]);
        b.kind = p.kind;
        b.from = running;
        running += p.gap();
        b.to = running;
        b.kernels[SideA] = p.aKernels;
        b.kernels[SideB] = p.bKernels;
        m_bars.append(b);
    }
    Bar last;
    last.name = tr("B: %1").arg(m_label[SideB]);
    last.total = true;
    last.to = g->bTotal;
    m_bars.append(last);

    // The axis spans the running totals with a margin rather than starting at 0: the parts are
    // small beside the totals, and a bar from 0 would flatten them into slivers.
    Ns lo = std::min(g->aTotal, g->bTotal), hi = std::max(g->aTotal, g->bTotal);
    for (const Bar &b : m_bars)
        if (!b.total)
            lo = std::min({lo, b.from, b.to}), hi = std::max({hi, b.from, b.to});
    const Ns pad = std::max<Ns>((hi - lo) / 6, 1000);
    const double lower = double(std::max<Ns>(0, lo - pad)), upper = double(hi + pad);
    const bool ms = hi >= 1'000'000;
    const double scale = ms ? 1e6 : 1e3;

    auto *base = new QBarSet(QString());
    auto *totalA = new QBarSet(m_label[SideA]);
    auto *totalB = new QBarSet(m_label[SideB]);
    auto *up = new QBarSet(tr("B takes longer"));
    auto *down = new QBarSet(tr("B takes less time"));
    base->setColor(Qt::transparent);
    base->setBorderColor(Qt::transparent);
    totalA->setColor(sideColor(SideA));
    totalB->setColor(sideColor(SideB));
    up->setColor(kSlower);
    down->setColor(kFaster);
    QStringList categories;
    // A horizontal bar chart draws its first category at the bottom: B's total goes in first.
    for (int i = int(m_bars.size()) - 1; i >= 0; --i) {
        const Bar &b = m_bars[i];
        const Ns start = b.total ? 0 : std::min(b.from, b.to), length = b.total ? b.to : std::abs(b.to - b.from);
        // The invisible base lifts the visible piece to where the running total stands; the part
        // of it below the axis' start is cut off with the axis.
        *base << double(start) / scale;
        *totalA << (b.total && i == 0 ? double(length) / scale : 0.0);
        *totalB << (b.total && i > 0 ? double(length) / scale : 0.0);
        *up << (!b.total && b.to > b.from ? double(length) / scale : 0.0);
        *down << (!b.total && b.to < b.from ? double(length) / scale : 0.0);
        QString name = b.name;
        if (name.size() > 48)
            name = name.left(46) + QStringLiteral("…");
        const QString value = b.total ? Units::duration(b.to) : Units::signedDuration(b.to - b.from);
        categories << QStringLiteral("%1  %2").arg(name, value);
    }
    auto *series = new QHorizontalStackedBarSeries;
    series->append({base, totalA, totalB, up, down});
    series->setBarWidth(0.75);
    for (QBarSet *set : series->barSets()) {
        connect(set, &QBarSet::clicked, this, [this](int index) { activateBar(int(m_bars.size()) - 1 - index); });
        connect(set, &QBarSet::hovered, this, [this](bool on, int index) {
            const int i = int(m_bars.size()) - 1 - index;
            if (!on || i < 0 || i >= m_bars.size()) {
                QToolTip::hideText();
                return;
            }
            const Bar &b = m_bars[i];
            QToolTip::showText(QCursor::pos(),
                               b.total ? QStringLiteral("%1: %2").arg(b.name, Units::duration(b.to))
                                       : tr("%1\nB − A: %2\n%3 → %4\nClick to select its %n kernel(s)", nullptr,
                                            int(b.kernels[SideA].size() + b.kernels[SideB].size()))
                                             .arg(b.name, Units::signedDuration(b.to - b.from), Units::duration(b.from),
                                                  Units::duration(b.to)));
        });
    }

    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->addSeries(series);
    chart->setTitle(tr("Where the gap comes from: %1 → %2 (%3)")
                        .arg(m_label[SideA], m_label[SideB], Units::signedDuration(g->bTotal - g->aTotal)));
    auto *axisY = new QBarCategoryAxis;
    axisY->append(categories);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto *axisX = new QValueAxis;
    const int which = m_measure->currentData().toInt();
    const QString unit = ms ? tr("ms") : tr("µs");
    axisX->setTitleText(which == kBusy ? tr("GPU busy time (%1)").arg(unit)
                        : which == kWall ? tr("Wall time (%1)").arg(unit)
                                         : tr("Time in the layers' windows (%1)").arg(unit));
    axisX->setRange(lower / scale, upper / scale);
    axisX->setLabelFormat(ms ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    for (QLegendMarker *m : chart->legend()->markers(series))
        if (m->label().isEmpty())
            m->setVisible(false);  // the invisible base
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

void GapChartView::updateWhatIf()
{
    if (!m_comparison)
        return;
    QStringList lines = WhatIfText::lines(*m_comparison, m_label, false);
    // The assumptions once for both sides, so that the chart keeps the room its rows need.
    lines << QStringLiteral("<span style=\"color:gray\">%1</span>").arg(WhatIfText::assumptions());
    if (m_comparison->stepsA != m_comparison->stepsB)
        lines << tr("%1 holds %2 profiler steps, %3 holds %4: each total covers its own steps.")
                     .arg(m_label[SideA].toHtmlEscaped())
                     .arg(m_comparison->stepsA)
                     .arg(m_label[SideB].toHtmlEscaped())
                     .arg(m_comparison->stepsB);
    m_whatIf->setText(tr("What if (GPU busy time):")
                      + QStringLiteral("<br>") + lines.join(QStringLiteral("<br>")));
}

void GapChartView::activateBar(int index)
{
    if (index < 0 || index >= m_bars.size() || m_bars[index].total)
        return;
    emit kernelsActivated(m_bars[index].kernels[SideA], m_bars[index].kernels[SideB]);
}
