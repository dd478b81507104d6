#pragma once
// One colour per operation class, the same in every session and for both traces: a fixed palette for
// the classes the kernel registry names most, a colour derived from the name for the rest.
#include <QColor>
#include <QString>

QColor opColour(const QString &op);
