#pragma once
// The toolbar's scope choice: whole profiler steps (the default), the whole file, or one step of
// those the loaded traces hold. Choosing one asks for the traces to be analysed again.
#include "steps/steps.h"

#include <QComboBox>

#include <vector>

class ScopeSelector : public QComboBox {
    Q_OBJECT
public:
    explicit ScopeSelector(QWidget *parent = nullptr);

    fusion::Scope scope() const;
    // The step numbers of the loaded traces (both sides, merged); keeps the choice when it still exists.
    void setSteps(const std::vector<int64_t> &numbers);

signals:
    void scopeChosen(const fusion::Scope &scope);

private:
    void fill(const std::vector<int64_t> &numbers, const fusion::Scope &keep);
    bool m_filling = false;
};
