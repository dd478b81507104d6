#include "units.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace Units {

QString duration(int64_t ns)
{
    const QLocale locale;
    const double a = std::abs(double(ns));
    if (a < 1e3)
        return QString::number(ns) + QStringLiteral(" ns");
    // Three significant digits is what people compare by eye; more is noise at these scales.
    auto fixed = [&](double v) { return locale.toString(v, 'f', v >= 100 ? 0 : v >= 10 ? 1 : 2); };
    if (a < 1e6)
        return fixed(double(ns) / 1e3) + QStringLiteral(" µs");
    if (a < 1e9)
        return fixed(double(ns) / 1e6) + QStringLiteral(" ms");
    return fixed(double(ns) / 1e9) + QStringLiteral(" s");
}

QString signedDuration(int64_t ns)
{
    if (ns == 0)
        return duration(0);
    // U+2212 MINUS SIGN lines up with '+' in proportional fonts, unlike '-'.
    return (ns > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) + duration(ns > 0 ? ns : -ns);
}

QString ratio(double r)
{
    if (!(r > 0) || !std::isfinite(r))
        return QStringLiteral("\u2013");
    return QLocale().toString(r, 'f', r >= 10 ? 1 : 2) + QStringLiteral("\u00d7");
}

QString count(uint64_t n) { return QLocale().toString(qulonglong(n)); }

double microseconds(int64_t ns) { return double(ns) / 1e3; }

QString csvMicroseconds(int64_t ns) { return QString::number(double(ns) / 1e3, 'f', 3); }

} // namespace Units

QString Units::percent(double fraction)
{
    const double p = fraction * 100.0;
    return QLocale().toString(p, 'f', p >= 10 || p == 0 ? 1 : 2) + QStringLiteral(" %");
}

QString Units::stage(fusion::Stage stage, bool untranslated)
{
    if (untranslated)
        return QString::fromLatin1(fusion::stageName(stage));
    switch (stage) {
    case fusion::Stage::Prefill:
        return QCoreApplication::translate("Units", "prefill");
    case fusion::Stage::Decode:
        return QCoreApplication::translate("Units", "decode");
    case fusion::Stage::Outside:
        return QCoreApplication::translate("Units", "outside the steps");
    case fusion::Stage::All:
        break;
    }
    return QCoreApplication::translate("Units", "all");
}
