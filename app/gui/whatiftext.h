#pragma once
// The what-if projections of a comparison (compare/gap.h) in words: one line each, shared by the
// Chart tab's waterfall and the Fusion patterns tab's header.
#include "compare/comparison.h"
#include "side.h"

#include <QCoreApplication>
#include <QStringList>

struct WhatIfText {
    Q_DECLARE_TR_FUNCTIONS(WhatIfText)
public:
    // "<b>If MI300X fused like H100</b>: MI300X would take 29.1 ms, −0.51 ms, −1.72 %" (rich text;
    // labels[side] names each side).
    static QString line(const fusion::WhatIf &w, const QString (&labels)[2]);
    // The lines of every projection, or of the "fused like the other side" ones only.
    static QStringList lines(const fusion::Comparison &c, const QString (&labels)[2], bool fusionOnly);
    // The assumptions behind the projections, once for all of them.
    static QString assumptions();
    // The Fusion patterns tab's header: what fusing like the other side would save each side.
    static QString fusionHeader(const fusion::Comparison &c, const QString (&labels)[2]);
};
