#pragma once
// Where the gap between the two traces comes from, as a waterfall: A's time, then each part of the
// decomposition (compare/gapdecomposition.h) as a step up or down, then B's time. The measure is
// chosen above the chart (GPU busy time, wall time, a layer class's windows); the what-if
// projections read below it. Clicking a part's bar selects the kernels it counts.
#include "compare/comparison.h"

#include <QList>
#include <QWidget>
#include <memory>

class QChartView;
class QComboBox;
class QLabel;

class GapChartView : public QWidget {
    Q_OBJECT
public:
    struct Bar {
        QString name;
        fusion::Ns from = 0, to = 0;     // the running total before and after it (totals: 0 → total)
        bool total = false;              // A's or B's time, not a part
        fusion::GapKind kind = fusion::GapKind::Residual;
        std::vector<uint32_t> kernels[2];
    };

    explicit GapChartView(QWidget *parent = nullptr);

    void setContent(const QString &labelA, const QString &labelB, std::shared_ptr<const fusion::Comparison> comparison);
    void clear(const QString &message);

    const QList<Bar> &bars() const { return m_bars; }  // as drawn, top (A) to bottom (B)
    QComboBox *measureChoice() const { return m_measure; }
    QLabel *whatIfLabel() const { return m_whatIf; }
    QChartView *chartView() const { return m_chart; }
    // As a click on bar `index` does: emits kernelsActivated with the kernels the part counts.
    void activateBar(int index);

    // The part's name in the user's language (the library's names are English).
    static QString partName(const fusion::GapPart &part, const QString &labelA, const QString &labelB);

signals:
    void kernelsActivated(const std::vector<uint32_t> &a, const std::vector<uint32_t> &b);

private:
    void showMeasure();
    void updateWhatIf();
    const fusion::GapBreakdown *currentBreakdown() const;

    std::shared_ptr<const fusion::Comparison> m_comparison;
    QString m_label[2];
    QList<Bar> m_bars;
    QComboBox *m_measure;
    QLabel *m_whatIf;
    QChartView *m_chart;
};
