#include "evidencetext.h"

#include "compare/comparison.h"
#include "units.h"

using namespace fusion;

namespace {
QString layers(size_t layers, uint32_t comparable)
{
    return EvidenceText::tr("%1 of %n compared layer(s)", nullptr, int(comparable)).arg(layers);
}
} // namespace

QString EvidenceText::ofFinding(const FusionFinding &f, const QString &labelA, const QString &labelB)
{
    const QString fused = f.fusedSide == 'a' ? labelA : labelB, unfused = f.fusedSide == 'a' ? labelB : labelA;
    const QString where = tr("%1× in %2").arg(f.count).arg(layers(f.layerPairs.size(), f.comparableLayers));
    return tr("%1 runs %n kernel(s) where %2 runs %3 (%4), %5.", nullptr, int(f.fusedPerRun))
        .arg(fused, unfused, QString::number(f.unfusedPerRun), QString::fromStdString(f.operation), where);
}

QString EvidenceText::ofExtraWork(const ExtraWork &e, const QString &labelA, const QString &labelB)
{
    const QString side = e.side == 'a' ? labelA : labelB, other = e.side == 'a' ? labelB : labelA;
    const QString where = tr("%1× in %2").arg(e.count).arg(layers(e.layerPairs.size(), e.comparableLayers));
    if (e.explained)
        return tr("%1 runs %2 (%3) where %4 runs no such op, %5.")
            .arg(side, QString::fromStdString(e.cpuOp), QString::fromStdString(e.operation), other, where);
    return tr("%1 runs %2 kernels that have no counterpart in %3 and no CPU-side evidence says why, %4.")
        .arg(side, QString::fromStdString(e.operation), other, where);
}

QString EvidenceText::method(const std::string &name)
{
    // The rules that place a finding, then the count-based methods that agree with it.
    static const struct { const char *name, *words; } methods[] = {
        {"split_inside_op", QT_TR_NOOP("split inside one op")},
        {"op_fused_away", QT_TR_NOOP("op fused away")},
        {"named_fused_kernel", QT_TR_NOOP("named fused kernel")},
        {"many_to_one", QT_TR_NOOP("many kernels to one")},
        {"explicit_fused_op", QT_TR_NOOP("fused kernel by name")},
        {"sequence_pattern", QT_TR_NOOP("kernel sequence")},
        {"count_imbalance", QT_TR_NOOP("count imbalance")},
        {"chain", QT_TR_NOOP("op chain")},
    };
    for (const auto &m : methods)
        if (name == m.name)
            return tr(m.words);
    return QString::fromStdString(name);
}

QString EvidenceText::withShare(qint64 ns, qint64 totalNs, const QString &side)
{
    if (totalNs <= 0)
        return Units::duration(ns);
    return tr("%1, %2 of %3").arg(Units::duration(ns), Units::percent(double(ns) / double(totalNs)), side);
}
