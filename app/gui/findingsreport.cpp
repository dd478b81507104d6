#include "findingsreport.h"

#include "analyzed/analyzedtrace.h"
#include "compare/comparison.h"
#include "evidencetext.h"
#include "fusiontreemodel.h"
#include "report/comparereport.h"
#include "units.h"

#include <QLocale>
#include <QStringList>

using namespace fusion;

namespace {
QString q(const std::string &s) { return QString::fromStdString(s); }

// Markdown table cells must not break the table.
QString cell(QString s) { return s.replace(QLatin1Char('|'), QStringLiteral("\\|")); }

QString row(const QStringList &cells) { return QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n"); }

// As the pattern tree says it, so the two views word a confidence alike.
QString confidence(Confidence c) { return FusionTreeModel::confidenceData(c, Qt::DisplayRole).toString(); }

QString status(const std::string &s)
{
    if (s == "slower")
        return FindingsReport::tr("slower");
    if (s == "faster")
        return FindingsReport::tr("faster");
    if (s == "similar")
        return FindingsReport::tr("similar");
    if (s == "only A")
        return FindingsReport::tr("only A");
    return s == "only B" ? FindingsReport::tr("only B") : q(s);
}

QString layerName(const AnalyzedTrace &t, int layer)
{
    return layer >= 0 && size_t(layer) < t.layers.layers.size() ? q(t.layers.layers[size_t(layer)].name) : QStringLiteral("–");
}

QString ratio(Ns a, Ns b) { return Units::ratio(a > 0 && b > 0 ? double(b) / double(a) : 0.0); }
} // namespace

QString FindingsReport::markdown(const AnalyzedTrace &a, const AnalyzedTrace &b, const Comparison &c)
{
    const QString la = q(c.labelA), lb = q(c.labelB);
    auto label = [&](TraceSide side) { return side == TraceSide::A ? la : lb; };
    QString md = QStringLiteral("# ") + tr("FusionScope comparison") + QStringLiteral("\n\n");
    md += row({QString(), QStringLiteral("A"), QStringLiteral("B")}) + QStringLiteral("|---|---|---|\n");
    md += row({tr("trace"), cell(la), cell(lb)});
    md += row({tr("GPU"), cell(q(a.trace->info.gpuName)), cell(q(b.trace->info.gpuName))});
    md += row({tr("kernels"), Units::count(a.summary.kernelCount), Units::count(b.summary.kernelCount)});
    md += row({tr("GPU time"), Units::duration(a.summary.kernelTotal), Units::duration(b.summary.kernelTotal)});
    md += row({tr("layers"), Units::count(a.layers.layers.size()), Units::count(b.layers.layers.size())});
    md += QLatin1Char('\n');

    md += QStringLiteral("## ") + tr("Fusion differences") + QStringLiteral("\n\n");
    if (c.findings.empty())
        md += tr("No fusion differences found.") + QStringLiteral("\n\n");
    int i = 1;
    for (const FusionFinding &f : c.findings) {
        const TraceSide unfused = otherSide(f.fusedSide);
        QStringList methods;
        for (FusionMethod m : f.methods)
            methods << EvidenceText::method(m);
        md += QStringLiteral("### %1. ").arg(i++) + tr("%1 — fused by %2").arg(q(f.operation), label(f.fusedSide))
              + QStringLiteral("\n\n");
        md += QStringLiteral("- **") + tr("Time at stake:") + QStringLiteral("** ")
              + tr("%1 on %2 (unfused runs %3, fused kernels %4)")
                    .arg(Units::duration(f.timeAtStake), label(unfused), Units::duration(f.unfusedTotal),
                         Units::duration(f.fusedTotal))
              + QLatin1Char('\n');
        md += QStringLiteral("- **") + tr("Confidence:") + QStringLiteral("** ") + confidence(f.confidence)
              + QStringLiteral(" (") + methods.join(QStringLiteral(", ")) + QStringLiteral(")\n");
        md += QStringLiteral("- **") + tr("Evidence:") + QStringLiteral("** ") + EvidenceText::ofFinding(f, la, lb)
              + QLatin1Char('\n');
        if (!f.fusedKernels.empty())
            md += QStringLiteral("- **") + tr("Fused kernel:") + QStringLiteral("** `") + q(f.fusedKernels.front().substr(0, 160))
                  + QStringLiteral("`\n");
        QStringList pieces;
        for (size_t k = 0; k < f.unfusedComponents.size() && k < 4; ++k)
            pieces << QLatin1Char('`') + q(f.unfusedComponents[k].substr(0, 100)) + QLatin1Char('`');
        if (!pieces.isEmpty())
            md += QStringLiteral("- **") + tr("Unfused pieces:") + QStringLiteral("** ") + pieces.join(QStringLiteral(", "))
                  + QLatin1Char('\n');
        for (const std::string &l : f.locations)
            md += QStringLiteral("- **") + tr("Source:") + QStringLiteral("** `") + q(l) + QStringLiteral("`\n");
        md += QLatin1Char('\n');
    }

    if (!c.extraWork.empty()) {
        md += QStringLiteral("## ") + tr("Extra work") + QStringLiteral("\n\n")
              + tr("Kernels one side runs with no counterpart and no fused kernel on the other side.") + QStringLiteral("\n\n");
        md += row({tr("runs it"), tr("CPU op"), tr("operation"), tr("count"), tr("time"), tr("confidence")})
              + QStringLiteral("|---|---|---|---:|---:|---|\n");
        for (const ExtraWork &e : c.extraWork)
            md += row({cell(label(e.side)), cell(e.cpuOp.empty() ? QStringLiteral("–") : q(e.cpuOp)), cell(q(e.operation)),
                       Units::count(e.count), Units::duration(e.total),
                       confidence(e.confidence) + (e.explained ? QString() : QStringLiteral(" (") + tr("unexplained") + QLatin1Char(')'))});
        md += QLatin1Char('\n');
    }

    if (!c.modules.empty()) {
        md += QStringLiteral("## ") + tr("Modules with more kernels per call on one side") + QStringLiteral("\n\n");
        md += row({tr("module"), tr("A kernels/call"), tr("B kernels/call"), tr("fused by"), tr("impact"), tr("speed gap")})
              + QStringLiteral("|---|---:|---:|---|---:|---:|\n");
        for (const ModuleDifference &m : c.modules)
            md += row({cell(q(m.module)), QLocale().toString(m.aKernelsPerCall, 'f', 1), QLocale().toString(m.bKernelsPerCall, 'f', 1),
                       cell(label(otherSide(m.unfusedSide))),
                       Units::duration(m.timeDifference) + QStringLiteral(" (") + Units::percent(m.impactPercent / 100) + QLatin1Char(')'),
                       Units::duration(m.speedGap)});
        md += QLatin1Char('\n');
    }

    md += QStringLiteral("## ") + tr("Slowest operations (B relative to A)") + QStringLiteral("\n\n");
    md += row({tr("operation"), tr("A count"), tr("B count"), tr("A time"), tr("B time"), tr("B/A"), tr("status")})
          + QStringLiteral("|---|---:|---:|---:|---:|---:|---|\n");
    for (size_t n = 0; n < c.ops.size() && n < 15; ++n) {
        const OpRow &r = c.ops[n];
        md += row({cell(q(r.op)), Units::count(r.aCount), Units::count(r.bCount), Units::duration(r.aTotal),
                   Units::duration(r.bTotal), ratio(r.aPerStep(), r.bPerStep()), status(r.status)});
    }
    md += QLatin1Char('\n') + tr("Status rule: B is slower when B/A > 1.1, faster when B/A < 0.9, else similar.")
          + QStringLiteral("\n\n");

    const std::vector<const LayerPair *> layers = layersByGap(c);
    if (!layers.empty()) {
        md += QStringLiteral("## ") + tr("Layers with the largest gap") + QStringLiteral("\n\n");
        md += row({tr("A layer"), tr("B layer"), tr("A time"), tr("B time"), tr("B/A")}) + QStringLiteral("|---|---|---:|---:|---:|\n");
        for (size_t k = 0; k < layers.size() && k < 10; ++k)
            md += row({cell(layerName(a, layers[k]->a)), cell(layerName(b, layers[k]->b)), Units::duration(layers[k]->aTotal),
                       Units::duration(layers[k]->bTotal), ratio(layers[k]->aTotal, layers[k]->bTotal)});
        md += QLatin1Char('\n');
    }
    md += tr("Where the gap between the traces comes from: Chart tab, waterfall.") + QStringLiteral("\n\n");

    if (!c.warnings.empty()) {
        // The library words its warnings in English; they name files, ops and options.
        md += QStringLiteral("## ") + tr("Warnings") + QStringLiteral("\n\n");
        for (const std::string &w : c.warnings)
            md += QStringLiteral("- ") + q(w) + QLatin1Char('\n');
    }
    return md;
}
