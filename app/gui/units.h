#pragma once
// How times and ratios read on screen: the analysis works in integer nanoseconds, people read µs and ms.
#include "stages/stages.h"

#include <QString>
#include <cstdint>

namespace Units {
QString duration(int64_t ns);        // "850 ns", "12.3 µs", "4.56 ms", "1.23 s" (current locale)
QString signedDuration(int64_t ns);  // "+1.20 ms", "−3.4 µs"
QString ratio(double r);             // "1.85×"; "–" when there is nothing to compare
QString count(uint64_t n);           // 12,345 with the locale's grouping
double microseconds(int64_t ns);     // for CSV: plain number, 3 decimals are exact
QString csvMicroseconds(int64_t ns); // "12.345" in the C locale
QString percent(double fraction);    // 0.123 → "12.3 %" (current locale)
QString stage(fusion::Stage stage, bool untranslated = false);  // "prefill", "decode", "all"
} // namespace Units
