#pragma once
// Which of the two traces: A is the left pane, B the right one. Used as an array index everywhere.
#include "util/traceside.h"

#include <QColor>

enum Side : int { SideA = 0, SideB = 1 };

inline Side otherSide(Side s) { return s == SideA ? SideB : SideA; }
inline Side sideOf(fusion::TraceSide s) { return s == fusion::TraceSide::B ? SideB : SideA; }
// One colour per side, used by the pane badges and the chart so A and B read the same everywhere.
inline QColor sideColor(Side s) { return s == SideA ? QColor(0x2f, 0x6d, 0xb5) : QColor(0xd9, 0x70, 0x1c); }
