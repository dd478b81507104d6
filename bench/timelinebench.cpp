// Paints the timeline offscreen into a QImage for a generated pair of traces with 1 million kernels
// each: fully zoomed out and at three zoom levels, with level of detail (cold: geometry rebuilt
// every frame; warm: cached) and, in the same run, the baseline without it (one rect per kernel).
//   timelinebench [KERNELS]        default 1000000 per trace
#include "compare/comparison.h"
#include "timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <cstdio>
#include <random>

using namespace fusion;

namespace {
std::shared_ptr<AnalyzedTrace> generate(size_t kernels, uint32_t seed, int streams)
{
    auto trace = std::make_shared<Trace>();
    trace->label = "synthetic";
    GpuOpTable &k = trace->store.kernels;
    static const char *ops[] = {"Dense GEMM", "Attention prefill", "RMSNorm", "SiLU", "Elementwise", "Reduce",
                                "Copy", "Rotary embedding", "Softmax", "Attention decode", "Other", "RMSNorm+GEMM"};
    constexpr int nOps = int(std::size(ops));
    AnalyzedTrace a;
    for (int o = 0; o < nOps; ++o) {
        KernelClass c;
        c.op = ops[o];
        a.classes.classes.push_back(c);
    }
    std::vector<StrId> names;
    for (int o = 0; o < nOps; ++o)
        names.push_back(trace->store.strings.intern(std::string("kernel_") + ops[o]));
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> op(0, nOps - 1), stream(0, streams - 1);
    std::exponential_distribution<double> dur(1.0 / 4000), gap(1.0 / 1500);  // ~4 µs kernels, ~1.5 µs gaps
    k.start.reserve(kernels);
    Ns t = 1'000'000;
    std::vector<Ns> streamFree(size_t(streams), 0);
    for (size_t i = 0; i < kernels; ++i) {
        const int s = stream(rng);
        // A stream runs one kernel at a time; kernel ids stay sorted by start.
        t = std::max(t + Ns(gap(rng)) / streams, streamFree[size_t(s)] - 3000);
        t = std::max(t, streamFree[size_t(s)]);
        const Ns d = 200 + Ns(dur(rng));
        const int o = op(rng);
        k.start.push_back(t);
        k.dur.push_back(d);
        k.name.push_back(names[size_t(o)]);
        k.stream.push_back(7 + s);
        k.device.push_back(0);
        a.classes.classOfKernel.push_back(uint32_t(o));
        streamFree[size_t(s)] = t + d;
    }
    a.trace = trace;
    // Layers of 5000 kernels each.
    a.layers.layerOfKernel.assign(kernels, -1);
    for (size_t first = 0; first < kernels; first += 5000) {
        Layer l;
        l.index = uint32_t(a.layers.layers.size());
        l.ordinal = l.index;
        l.name = "DecoderLayer_" + std::to_string(l.index);
        const size_t last = std::min(kernels, first + 5000);
        l.start = k.start[first];
        for (size_t i = first; i < last; ++i) {
            l.kernels.push_back(uint32_t(i));
            l.end = std::max(l.end, k.end(i));
            l.total += k.dur[i];
            a.layers.layerOfKernel[i] = int32_t(l.index);
        }
        a.layers.layers.push_back(std::move(l));
    }
    return std::make_shared<AnalyzedTrace>(std::move(a));
}

struct Figures {
    double cold = 0, warm = 0;
};

// ms per frame: `frames` paints, each one pixel further right (so the geometry is rebuilt: cold),
// then the same number at one range (cache hits: warm).
Figures measure(TimelineWidget &w, QImage &image, TimelineZoom::Range range, int frames)
{
    Figures f;
    const double px = range.length() / w.plotRect().width();
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < frames; ++i) {
        w.zoom()->setRange(SideA, {range.start + i * px, range.end + i * px}, false);
        QPainter p(&image);
        w.render(&p);
    }
    f.cold = double(timer.nsecsElapsed()) / 1e6 / frames;
    timer.restart();
    for (int i = 0; i < frames; ++i) {
        QPainter p(&image);
        w.render(&p);
    }
    f.warm = double(timer.nsecsElapsed()) / 1e6 / frames;
    return f;
}
} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const size_t kernels = argc > 1 ? size_t(std::atoll(argv[1])) : 1'000'000;
    QElapsedTimer timer;
    timer.start();
    auto a = generate(kernels, 1, 4), b = generate(kernels, 2, 3);
    auto comparison = std::make_shared<Comparison>();
    for (size_t i = 0; i < std::min(a->layers.layers.size(), b->layers.layers.size()); ++i) {
        LayerPair p;
        p.a = p.b = int32_t(i);
        comparison->layers.pairs.push_back(p);
    }
    std::printf("generated 2 × %zu kernels in %.0f ms\n", kernels, double(timer.nsecsElapsed()) / 1e6);

    TimelineWidget w;
    timer.restart();
    w.setContent(a, b, comparison);
    std::printf("timeline models built in %.0f ms\n", double(timer.nsecsElapsed()) / 1e6);
    w.resize(1600, w.sizeHint().height());
    QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
    const TimelineZoom::Range full = w.zoom()->extent();
    const double centre = full.length() * 0.37;  // somewhere in the middle, not a layer boundary
    struct Level {
        const char *name;
        double fraction;
    };
    const Level levels[] = {{"fully zoomed out", 1.0}, {"1/10", 0.1}, {"1/1000", 1e-3}, {"1/100000", 1e-5}};
    std::printf("%-18s %10s %14s %12s %14s %10s\n", "zoom", "visible", "LOD cold ms", "LOD warm ms",
                "baseline ms", "ratio");
    for (const Level &l : levels) {
        const double len = full.length() * l.fraction;
        const TimelineZoom::Range r = l.fraction >= 1 ? full : TimelineZoom::Range{centre - len / 2, centre + len / 2};
        w.lod().setEnabled(true);
        const Figures lod = measure(w, image, r, 20);
        w.lod().setEnabled(false);
        const Figures base = measure(w, image, r, l.fraction >= 0.1 ? 3 : 20);
        w.lod().setEnabled(true);
        // Kernels in view on trace A, from the model's own binary search.
        size_t visible = 0;
        for (const auto &t : w.model(SideA).tracks()) {
            const auto [f, e] = t.visible(w.zoom()->toTrace(SideA, r.start), w.zoom()->toTrace(SideA, r.end));
            visible += e - f;
        }
        std::printf("%-18s %10zu %14.2f %12.2f %14.2f %9.1f×\n", l.name, visible, lod.cold, lod.warm, base.cold,
                    base.cold / lod.cold);
    }
    std::printf("target: <= 16 ms per frame (cold, geometry rebuilt each frame)\n");
    image.save(QStringLiteral("timelinebench.png"));
    return 0;
}
