#pragma once
// The Timeline tab: the painted timeline in a scroll area, a tool row (linked axes, alignment,
// CPU rows, back / fit / reset) and a status line underneath: the range-selection statistics and,
// while a set of kernels is highlighted, the current one's place in it with previous / next.
#include "side.h"

#include <QWidget>
#include <memory>

namespace fusion {
struct AnalyzedTrace;
struct Comparison;
}
class QCheckBox;
class QComboBox;
class QLabel;
class QToolButton;
class TimelineWidget;

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);

    void setContent(std::shared_ptr<const fusion::AnalyzedTrace> a, std::shared_ptr<const fusion::AnalyzedTrace> b,
                    std::shared_ptr<const fusion::Comparison> comparison, const QString &labelA,
                    const QString &labelB);
    TimelineWidget *timeline() const { return m_timeline; }
    // Aligns both traces at the layer pair (the Align choice follows) and zooms to it.
    void showLayerPair(int pair);
    QCheckBox *linkedCheck() const { return m_linked; }
    QComboBox *alignCombo() const { return m_align; }
    QLabel *statsLabel() const { return m_stats; }
    QLabel *highlightLabel() const { return m_highlight; }  // "Kernel 3 of 48 in A · …"
    QToolButton *previousButton() const { return m_previous; }
    QToolButton *nextButton() const { return m_next; }

private:
    void updateButtons();

    TimelineWidget *m_timeline;
    QCheckBox *m_linked, *m_cpuRows;
    QComboBox *m_align;
    QToolButton *m_back, *m_fit, *m_reset, *m_previous, *m_next;
    QLabel *m_stats, *m_highlight;
};
