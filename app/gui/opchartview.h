#pragma once
// GPU time per operation, A against B, as a horizontal bar chart: the operations with the most time
// on either side, and the rest folded into one bar, so the chart stays readable for any trace.
#include "compare/comparison.h"

#include <QChartView>
#include <QStringList>

class OpChartView : public QChartView {
    Q_OBJECT
public:
    struct Bar {
        QString op;
        fusion::Ns total[2] = {0, 0};
    };

    explicit OpChartView(QWidget *parent = nullptr);

    // Rows by operation; the first `top` by A+B time get a bar each, the others one "other" bar.
    void setContent(const QString &labelA, const QString &labelB, const std::vector<fusion::OpRow> &ops, int top = 12);
    void clear(const QString &message);
    const QList<Bar> &bars() const { return m_bars; }

    // Operation totals of one or two traces before they are compared (from the classification).
    static std::vector<fusion::OpRow> opsOfTraces(const fusion::AnalyzedTrace *a, const fusion::AnalyzedTrace *b);

private:
    QList<Bar> m_bars;  // as drawn, largest first
};
