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
    const QString fused = f.fusedSide == TraceSide::A ? labelA : labelB, unfused = f.fusedSide == TraceSide::A ? labelB : labelA;
    const QString where = tr("%1× in %2").arg(f.count).arg(layers(f.layerPairs.size(), f.comparableLayers));
    return tr("%1 runs %n kernel(s) where %2 runs %3 (%4), %5.", nullptr, int(f.fusedPerRun))
        .arg(fused, unfused, QString::number(f.unfusedPerRun), QString::fromStdString(f.operation), where);
}

QString EvidenceText::ofExtraWork(const ExtraWork &e, const QString &labelA, const QString &labelB)
{
    const QString side = e.side == TraceSide::A ? labelA : labelB, other = e.side == TraceSide::A ? labelB : labelA;
    const QString where = tr("%1× in %2").arg(e.count).arg(layers(e.layerPairs.size(), e.comparableLayers));
    if (e.explained)
        return tr("%1 runs %2 (%3) where %4 runs no such op, %5.")
            .arg(side, QString::fromStdString(e.cpuOp), QString::fromStdString(e.operation), other, where);
    return tr("%1 runs %2 kernels that have no counterpart in %3 and no CPU-side evidence says why, %4.")
        .arg(side, QString::fromStdString(e.operation), other, where);
}

QString EvidenceText::method(FusionMethod m)
{
    switch (m) {
    case FusionMethod::SplitInsideOp: return tr("split inside one op");
    case FusionMethod::OpFusedAway: return tr("op fused away");
    case FusionMethod::NamedFusedKernel: return tr("named fused kernel");
    case FusionMethod::ManyToOne: return tr("many kernels to one");
    case FusionMethod::ExplicitFusedOp: return tr("fused kernel by name");
    case FusionMethod::SequencePattern: return tr("kernel sequence");
    case FusionMethod::CountImbalance: return tr("count imbalance");
    case FusionMethod::Chain: return tr("op chain");
    }
    return QString::fromLatin1(fusionMethodName(m));
}

QString EvidenceText::withShare(qint64 ns, qint64 totalNs, const QString &side)
{
    if (totalNs <= 0)
        return Units::duration(ns);
    return tr("%1, %2 of %3").arg(Units::duration(ns), Units::percent(double(ns) / double(totalNs)), side);
}
