// Paints the timeline offscreen into a QImage and times what a user waits for: the first frame of a
// view (nothing cached), the same view again, a pan by half a screen from a painted view, and a
// hover hit test (the tooltip's lookup). Each with the level-of-detail tiles cached and, in the same
// run, without the cache (the tiles of the view built for every frame and every hover: the baseline).
// Times are medians of wall time and of the thread's CPU time (the machine may be shared), in ms.
//   timelinebench [KERNELS]          a generated pair, KERNELS per trace (default 1000000)
//   timelinebench --real A B         a real pair, loaded and analysed first (e.g. bench/run.sh's tiles)
#include "compare/comparison.h"
#include "timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
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

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Timing {
    double wall = 0, cpu = 0;  // medians, ms
};

// Runs prepare(i) untimed and then step(i), n times; the medians of step's times.
Timing timeSteps(int n, const std::function<void(int)> &prepare, const std::function<void(int)> &step)
{
    std::vector<double> wall, cpu;
    QElapsedTimer timer;
    for (int i = 0; i < n; ++i) {
        prepare(i);
        const double c0 = threadCpuMs();
        timer.start();
        step(i);
        wall.push_back(double(timer.nsecsElapsed()) / 1e6);
        cpu.push_back(threadCpuMs() - c0);
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0.0 : v[v.size() / 2];
    };
    return {median(wall), median(cpu)};
}

struct Figures {
    Timing cold, warm, pan, hover;
};

struct Bench {
    TimelineWidget &w;
    QImage image;

    void paint()
    {
        QPainter p(&image);
        w.render(&p);
    }
    void show(TimelineZoom::Range r) { w.zoom()->setRange(SideA, r, false); }

    // The points a hover visits: 64 across every kernel track of both traces.
    std::vector<QPoint> hoverPoints() const
    {
        std::vector<QPoint> points;
        const QRect plot = w.plotRect();
        for (Side s : {SideA, SideB})
            for (int t = 0; t < int(w.model(s).tracks().size()); ++t) {
                if (w.model(s).tracks()[size_t(t)].kind != TimelineTrack::Kernels)
                    continue;
                const int y = w.trackRect(s, t).center().y();
                for (int i = 0; i < 64; ++i)
                    points.emplace_back(plot.left() + (plot.width() - 1) * i / 63, y);
            }
        return points;
    }

    Figures measure(TimelineZoom::Range r, bool caching, int frames)
    {
        TimelineLod &lod = w.lod();
        lod.setCaching(caching);
        Figures f;
        const double half = r.length() / 2;
        // Cold: the first frame of the view, nothing cached.
        f.cold = timeSteps(frames, [&](int) { lod.invalidate(); show(r); }, [&](int) { paint(); });
        // Warm: the same view painted again.
        f.warm = timeSteps(frames, [&](int) { show(r); paint(); }, [&](int) { paint(); });
        // A pan by half a screen from a painted view (alternately right and left of it).
        f.pan = timeSteps(frames, [&](int) { lod.invalidate(); show(r); paint(); },
                          [&](int i) {
                              const double d = i % 2 ? -half : half;
                              show({r.start + d, r.end + d});
                              paint();
                          });
        // Hover: the tooltip's hit test over a painted view, one point a step.
        const std::vector<QPoint> points = hoverPoints();
        show(r);
        paint();
        size_t hits = 0;
        f.hover = timeSteps(int(points.size()), [](int) {},
                            [&](int i) { hits += !w.toolTipAt(points[size_t(i)]).isEmpty(); });
        if (hits == 0)
            std::printf("  (no kernel under any hover point)\n");
        lod.setCaching(true);
        return f;
    }
};

void printRow(const char *what, Timing cached, Timing uncached)
{
    std::printf("  %-8s %9.3f %9.3f %11.3f %11.3f %7.1f×\n", what, cached.wall, cached.cpu, uncached.wall,
                uncached.cpu, uncached.cpu / std::max(cached.cpu, 1e-6));
}

int run(TimelineWidget &w, const char *title)
{
    w.resize(1600, w.sizeHint().height());
    Bench b{w, QImage(w.size(), QImage::Format_ARGB32_Premultiplied)};
    size_t kernels = 0;
    for (Side s : {SideA, SideB})
        kernels += w.model(s).kernelCount();
    std::printf("%s: %zu kernels in both traces, %d px wide plot\n", title, kernels, w.plotRect().width());
    const TimelineZoom::Range full = w.zoom()->extent();
    const double centre = full.start + full.length() * 0.37;  // somewhere in the middle, not a layer boundary
    struct Level {
        const char *name;
        double fraction;
    };
    const Level levels[] = {{"fully zoomed out", 1.0}, {"1/10", 0.1}, {"1/1000", 1e-3}, {"1/100000", 1e-5}};
    for (const Level &l : levels) {
        const double len = full.length() * l.fraction;
        const TimelineZoom::Range r = l.fraction >= 1 ? full : TimelineZoom::Range{centre - len / 2, centre + len / 2};
        b.show(r);
        size_t visible = 0;
        for (Side s : {SideA, SideB})
            for (const auto &t : w.model(s).tracks()) {
                const auto [f, e] = t.visible(w.zoom()->toTrace(s, r.start), w.zoom()->toTrace(s, r.end));
                visible += t.kind == TimelineTrack::Kernels ? e - f : 0;
            }
        const int frames = l.fraction >= 1 ? 15 : 25;
        const Figures cached = b.measure(r, true, frames), uncached = b.measure(r, false, frames);
        std::printf("%s (%zu kernels in view), ms     cached: wall   cpu    uncached: wall    cpu   ratio (cpu)\n",
                    l.name, visible);
        printRow("cold", cached.cold, uncached.cold);
        printRow("warm", cached.warm, uncached.warm);
        printRow("pan 1/2", cached.pan, uncached.pan);
        printRow("hover", cached.hover, uncached.hover);
    }
    // What the cache holds after a user's session: zoomed in from the whole view to 1/100000 in
    // wheel notches at three places, panned by a quarter screen at each step.
    TimelineLod &lod = w.lod();
    lod.invalidate();
    size_t peak = 0;
    for (double at : {0.2, 0.37, 0.8}) {
        TimelineZoom::Range r = full;
        while (r.length() > full.length() * 1e-5) {
            const double len = r.length() * 0.8, c = full.start + full.length() * at;
            r = {c - len / 2, c + len / 2};
            for (double d : {0.0, 0.25, 0.5}) {
                b.show({r.start + d * len, r.end + d * len});
                b.paint();
                peak = std::max(peak, lod.bytes());
            }
        }
    }
    std::printf("cache after zooming in at three places: %.1f MB in %zu tiles (peak %.1f MB, budget %.0f MB)\n\n",
                double(lod.bytes()) / 1e6, lod.tileCount(), double(peak) / 1e6,
                double(TimelineLod::kDefaultBudget) / 1e6);
    b.show(full);
    b.paint();
    b.image.save(QStringLiteral("timelinebench.png"));
    return 0;
}

std::shared_ptr<Comparison> layerPairs(const AnalyzedTrace &a, const AnalyzedTrace &b)
{
    auto comparison = std::make_shared<Comparison>();
    for (size_t i = 0; i < std::min(a.layers.layers.size(), b.layers.layers.size()); ++i) {
        LayerPair p;
        p.a = p.b = int32_t(i);
        comparison->layers.pairs.push_back(p);
    }
    return comparison;
}
} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QElapsedTimer timer;
    timer.start();
    std::shared_ptr<AnalyzedTrace> a, b;
    std::string title;
    if (argc > 3 && std::strcmp(argv[1], "--real") == 0) {
        a = loadAndAnalyze(argv[2], {});
        b = loadAndAnalyze(argv[3], {});
        title = std::string("real pair ") + argv[2] + " / " + argv[3];
        std::printf("loaded and analysed the pair in %.0f ms\n", double(timer.nsecsElapsed()) / 1e6);
    } else {
        const size_t kernels = argc > 1 ? size_t(std::atoll(argv[1])) : 1'000'000;
        a = generate(kernels, 1, 4);
        b = generate(kernels, 2, 3);
        title = "generated pair";
        std::printf("generated 2 × %zu kernels in %.0f ms\n", kernels, double(timer.nsecsElapsed()) / 1e6);
    }
    TimelineWidget w;
    timer.restart();
    w.setContent(a, b, layerPairs(*a, *b));
    std::printf("timeline models built in %.0f ms\n", double(timer.nsecsElapsed()) / 1e6);
    return run(w, title.c_str());
}
