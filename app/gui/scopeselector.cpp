#include "scopeselector.h"

#include "settings.h"

namespace {
// Item data: -1 whole steps, -2 whole file, else a step number.
constexpr qlonglong kWholeSteps = -1, kWholeFile = -2;
} // namespace

ScopeSelector::ScopeSelector(QWidget *parent) : QComboBox(parent)
{
    setObjectName(QStringLiteral("scopeFilter"));
    setToolTip(tr("Which kernels every table, finding and chart covers: those of whole profiler steps "
                  "(ProfilerStep#N: the tail of an iteration the profiler caught only in part is left out), "
                  "every kernel of the file, or one step. Traces without steps are always analysed whole."));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    fusion::Scope start;
    if (!Settings::wholeStepsOnly())
        start.kind = fusion::Scope::Kind::All;
    fill({}, start);
    connect(this, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        const fusion::Scope s = scope();
        if (!s.step)  // a step is a look at one trace's moment, not a preference to keep
            Settings::setWholeStepsOnly(s.kind == fusion::Scope::Kind::Steps);
        emit scopeChosen(s);
    });
}

fusion::Scope ScopeSelector::scope() const
{
    fusion::Scope s;
    const qlonglong v = currentData().toLongLong();
    if (v == kWholeFile)
        s.kind = fusion::Scope::Kind::All;
    else if (v >= 0)
        s.step = v;
    return s;
}

void ScopeSelector::setSteps(const std::vector<int64_t> &numbers)
{
    fill(numbers, scope());
}

void ScopeSelector::fill(const std::vector<int64_t> &numbers, const fusion::Scope &keep)
{
    m_filling = true;
    clear();
    addItem(tr("Whole steps"), kWholeSteps);
    addItem(tr("Whole file"), kWholeFile);
    for (int64_t n : numbers)
        addItem(tr("Step %1").arg(n), qlonglong(n));
    const qlonglong want = keep.kind == fusion::Scope::Kind::All ? kWholeFile : keep.step ? qlonglong(*keep.step) : kWholeSteps;
    const int at = findData(want);
    setCurrentIndex(at >= 0 ? at : 0);
    m_filling = false;
}
