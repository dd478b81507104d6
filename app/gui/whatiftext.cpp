#include "whatiftext.h"

#include "units.h"

#include <cstdlib>

using fusion::WhatIf;

QString WhatIfText::line(const WhatIf &w, const QString (&labels)[2])
{
    const Side side = sideOf(w.side), other = otherSide(side);
    const bool fused = w.scenario.find("fused") != std::string::npos;
    const QString x = labels[side].toHtmlEscaped(), y = labels[other].toHtmlEscaped();
    const QString title = fused ? tr("If %1 fused like %2").arg(x, y) : tr("If %1's kernels ran at %2's speed").arg(x, y);
    if (fused && w.items.empty())
        return tr("<b>%1</b>: %2 does no fusion that %3 lacks.").arg(title, y, x);
    // The change in time, signed: a saving reads as a minus.
    const int64_t change = w.projected - w.base;
    const QString percent = (change > 0 ? QStringLiteral("+") : change < 0 ? QStringLiteral("\u2212") : QString())
                            + Units::percent(std::abs(w.savingPercent()) / 100.0);
    return tr("<b>%1</b>: %2 would take %3, %4, %5")
        .arg(title, x, Units::duration(w.projected), Units::signedDuration(change), percent);
}

QStringList WhatIfText::lines(const fusion::Comparison &c, const QString (&labels)[2], bool fusionOnly)
{
    QStringList out;
    for (const WhatIf &w : c.gap.whatIf)
        if (!fusionOnly || w.scenario.find("fused") != std::string::npos)
            out << line(w, labels);
    return out;
}

QString WhatIfText::fusionHeader(const fusion::Comparison &c, const QString (&labels)[2])
{
    return lines(c, labels, true).join(QStringLiteral("<br>"));
}

QString WhatIfText::assumptions()
{
    return tr("Fused like the other side: each of its fusions replaces this side's unfused kernels by the fused "
              "kernel's cost there, scaled by this side's time over the other's for that operation's paired "
              "kernels (a fusion that would cost more is left out). At the other side's speed: every paired kernel "
              "takes its counterpart's time, so operations this side runs faster get slower; fusions and extra "
              "work stay. Either way the busy time is assumed to change by the kernel time saved.");
}
