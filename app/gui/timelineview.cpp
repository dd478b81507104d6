#include "timelineview.h"

#include "compare/comparison.h"
#include "timelinewidget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

TimelineView::TimelineView(QWidget *parent) : QWidget(parent), m_timeline(new TimelineWidget(this))
{
    setObjectName(QStringLiteral("timelineView"));
    m_linked = new QCheckBox(tr("Link A and B"), this);
    m_linked->setChecked(true);
    m_linked->setToolTip(tr("One zoom for both traces; unlinked, each trace zooms and pans on its own"));
    m_align = new QComboBox(this);
    m_align->setObjectName(QStringLiteral("timelineAlign"));
    m_align->setToolTip(tr("Where time 0 lies on each trace"));
    m_align->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_align->setMinimumContentsLength(24);
    // A model has hundreds of layer pairs: typing part of a name or number finds one.
    m_align->setEditable(true);
    m_align->setInsertPolicy(QComboBox::NoInsert);
    m_align->lineEdit()->setPlaceholderText(tr("Search layers"));
    m_align->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_align->completer()->setFilterMode(Qt::MatchContains);
    m_align->completer()->setCaseSensitivity(Qt::CaseInsensitive);
    m_cpuRows = new QCheckBox(tr("CPU launches and annotations"), this);
    m_cpuRows->setChecked(true);
    auto button = [this](const QString &text, const QString &tip) {
        auto *b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        return b;
    };
    m_back = button(tr("Back"), tr("The previous zoom (Backspace, Alt+Left)"));
    m_fit = button(tr("Fit selection"), tr("Zoom to the selected range or kernel (F)"));
    m_reset = button(tr("Reset"), tr("Show everything (Home)"));
    // Stepping through the highlighted kernels of a kernel-table row; shown only while there are some.
    m_previous = button(QString(), tr("The previous highlighted kernel (P)"));
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setObjectName(QStringLiteral("timelinePrevious"));
    m_next = button(QString(), tr("The next highlighted kernel (N)"));
    m_next->setArrowType(Qt::RightArrow);
    m_next->setObjectName(QStringLiteral("timelineNext"));
    m_highlight = new QLabel(this);
    m_highlight->setObjectName(QStringLiteral("timelineHighlight"));

    auto *tools = new QHBoxLayout;
    tools->setContentsMargins(0, 0, 0, 0);
    tools->addWidget(m_linked);
    tools->addSpacing(12);
    tools->addWidget(new QLabel(tr("Align:"), this));
    tools->addWidget(m_align);
    tools->addSpacing(12);
    tools->addWidget(m_cpuRows);
    tools->addSpacing(12);
    auto *keys = new QLabel(tr("Wheel: zoom · drag: pan · Shift-drag: select · W/S A/D F Home"), this);
    keys->setEnabled(false);
    keys->setToolTip(keys->text());
    // A hint, not a control: on a narrow window it is cut rather than widening the window.
    keys->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    keys->setMinimumWidth(0);
    keys->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    tools->addWidget(keys, 1);
    tools->addWidget(m_back);
    tools->addWidget(m_fit);
    tools->addWidget(m_reset);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_timeline);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the timeline pans itself
    scroll->setFrameShape(QFrame::StyledPanel);

    m_stats = new QLabel(this);
    m_stats->setObjectName(QStringLiteral("timelineStats"));
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stats->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(tools);
    layout->addWidget(scroll, 1);
    // The status line: the range statistics, and the place in a highlighted set with its arrows.
    auto *status = new QHBoxLayout;
    status->setContentsMargins(0, 0, 0, 0);
    status->addWidget(m_stats, 1);
    status->addSpacing(12);
    status->addWidget(m_previous);
    status->addWidget(m_highlight);
    status->addWidget(m_next);
    layout->addLayout(status);

    TimelineZoom *zoom = m_timeline->zoom();
    connect(m_linked, &QCheckBox::toggled, zoom, &TimelineZoom::setLinked);
    connect(m_cpuRows, &QCheckBox::toggled, m_timeline, &TimelineWidget::setCpuRowsVisible);
    connect(m_align, &QComboBox::currentIndexChanged, this,
            [this] { m_timeline->showLayerPair(m_align->currentData().toInt()); });
    connect(m_back, &QToolButton::clicked, m_timeline, &TimelineWidget::zoomBack);
    connect(m_fit, &QToolButton::clicked, m_timeline, &TimelineWidget::fitSelection);
    connect(m_reset, &QToolButton::clicked, m_timeline, &TimelineWidget::resetZoom);
    connect(zoom, &TimelineZoom::rangeChanged, this, &TimelineView::updateButtons);
    connect(m_timeline, &TimelineWidget::rangeSelectionChanged, this,
            [this] {
                m_stats->setText(m_timeline->rangeSummary());
                updateButtons();
            });
    connect(m_timeline, &TimelineWidget::kernelSelected, this, &TimelineView::updateButtons);
    connect(m_timeline, &TimelineWidget::selectionChanged, this, &TimelineView::updateButtons);
    connect(m_previous, &QToolButton::clicked, m_timeline, [this] {
        m_timeline->selectPrevious();
        m_timeline->setFocus();
    });
    connect(m_next, &QToolButton::clicked, m_timeline, [this] {
        m_timeline->selectNext();
        m_timeline->setFocus();
    });
    connect(m_timeline, &TimelineWidget::layerSelected, this, &TimelineView::updateButtons);
    m_stats->setText(m_timeline->rangeSummary());
    updateButtons();
}

void TimelineView::setContent(std::shared_ptr<const fusion::AnalyzedTrace> a,
                              std::shared_ptr<const fusion::AnalyzedTrace> b,
                              std::shared_ptr<const fusion::Comparison> comparison, const QString &labelA,
                              const QString &labelB)
{
    {
        QSignalBlocker block(m_align);
        m_align->clear();
        m_align->addItem(tr("Trace starts"), -1);
        if (comparison) {
            const auto &pairs = comparison->layers.pairs;
            for (size_t i = 0; i < pairs.size(); ++i) {
                if (pairs[i].a < 0 || pairs[i].b < 0)
                    continue;
                const QString name = a && size_t(pairs[i].a) < a->layers.layers.size()
                    ? QString::fromStdString(a->layers.layers[size_t(pairs[i].a)].name)
                    : QString();
                m_align->addItem(tr("Layer pair %1 %2").arg(i + 1).arg(name), int(i));
            }
        }
    }
    m_timeline->setLabels(labelA, labelB);
    m_timeline->alignAtLayerPair(-1);
    m_timeline->setContent(std::move(a), std::move(b), std::move(comparison));
    m_align->setCurrentIndex(0);
    updateButtons();
}

void TimelineView::showLayerPair(int pair)
{
    const int item = m_align->findData(pair);
    if (item >= 0 && item != m_align->currentIndex())
        m_align->setCurrentIndex(item);  // the combo's signal zooms
    else
        m_timeline->showLayerPair(pair);
    updateButtons();
}

void TimelineView::updateButtons()
{
    m_back->setEnabled(m_timeline->zoom()->canGoBack());
    m_fit->setEnabled(m_timeline->hasSelection());
    const QString summary = m_timeline->highlightSummary();
    m_highlight->setText(summary);
    for (QWidget *w : {static_cast<QWidget *>(m_previous), static_cast<QWidget *>(m_highlight),
                       static_cast<QWidget *>(m_next)})
        w->setVisible(!summary.isEmpty());
}
