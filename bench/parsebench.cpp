// fusionscope-bench: times one stage of FusionScope on a trace file and prints figures as
// "key=value" lines for bench/run.sh. Each run is its own process so peak RSS is the stage's own.
//   fusionscope-bench load FILE...   read + parse (+ decompress); several files are loaded at once, as a
//                                    comparison loads its pair
//   fusionscope-bench analyze FILE   load, then summary, classification, attribution, stages + layers,
//                                    inferred attribution (each step's seconds too)
//   fusionscope-bench triage FILE    load and analyse, then what `fusionscope-cli triage` adds: the
//                                    kernel table, fusion families, overlap, module candidates
//   fusionscope-bench compare A B    both traces loaded and analysed in parallel, then the comparison
//                                    (alignment, tables, fusion detection, modules)
#include "compare/comparison.h"
#include "report/triagefindings.h"
#include "triage/kerneltable.h"
#include "trace/traceerror.h"
#include "util/hugepages.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <vector>

using namespace fusion;
using Clock = std::chrono::steady_clock;

static double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

static long peakRssKb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// The process' anonymous resident memory (heap, thread stacks: what the trace's tables cost; the
// mapped file's pages are not in it), from /proc/self/status; -1 when unreadable.
static long anonRssKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("RssAnon:", 0) == 0)
            return std::atol(line.c_str() + 8);
    return -1;
}

// The kernel keeps no peak of the anonymous memory alone: a thread samples it every few milliseconds
// while the work runs (a peak shorter than that can be missed; the parse's are not).
class AnonPeak {
public:
    AnonPeak() : m_thread([this] {
        while (!m_stop.load()) {
            m_peak = std::max(m_peak.load(), anonRssKb());
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }) {}
    ~AnonPeak() { stop(); }
    long stop()
    {
        if (m_thread.joinable()) {
            m_stop = true;
            m_thread.join();
            m_peak = std::max(m_peak.load(), anonRssKb());
        }
        return m_peak;
    }

private:
    std::atomic<bool> m_stop{false};
    std::atomic<long> m_peak{0};
    std::thread m_thread;
};

// Step times from a progress callback, so no timing code needs to live in libanalysis: the pipeline
// reports fixed fractions between its steps (analyzed/analyzedtrace.cpp, compare/comparison.cpp), and
// the last report of a step's fraction is the moment that step ended. A fraction the pipeline no
// longer reports leaves its step out (its time goes to the next step) instead of printing nonsense.
class StepClock {
public:
    struct Step {
        double endsAt;     // progress fraction reported right after the step
        const char *name;  // printed as <name>_seconds
    };
    explicit StepClock(std::vector<Step> steps) : m_steps(std::move(steps)) {}

    std::function<bool(double)> callback()
    {
        return [this](double f) {
            for (const Step &s : m_steps)
                if (std::abs(f - s.endsAt) < 1e-9)
                    m_reached[s.name] = Clock::now();
            return true;
        };
    }
    // The steps' seconds; `rest`, if given, names the time from the last step to now.
    void print(Clock::time_point start, const char *rest = nullptr) const
    {
        Clock::time_point from = start;
        for (const Step &s : m_steps) {
            const auto it = m_reached.find(s.name);
            if (it == m_reached.end())
                continue;
            std::printf("%s_seconds=%.3f\n", s.name, std::chrono::duration<double>(it->second - from).count());
            from = it->second;
        }
        if (rest)
            std::printf("%s_seconds=%.3f\n", rest, seconds(from));
    }

private:
    std::vector<Step> m_steps;
    std::map<std::string, Clock::time_point> m_reached;
};

// anon_kb: the anonymous memory once loaded (the tables the analyses read), peak_anon_kb: its peak
// while loading; both include the process' own few MB (libraries' heaps, stacks).
static int load(const std::vector<const char *> &paths)
{
    AnonPeak anon;
    const auto t0 = Clock::now();
    // Several traces load side by side with a parse thread each, as a comparison loads its two; a
    // pair as SideBySide loads it, the side done first taking part of the other's parse.
    LoadOptions options;
    options.parseThreads = paths.size() > 1 ? 1 : 0;
    SideBySide pair;
    auto load = [&](size_t i) {
        if (paths.size() != 2)
            return loadTrace(paths[i], options);
        return pair.side({}, [&](const AnalyzeOptions &analyze) {
            LoadOptions lo = options;
            lo.pool = analyze.pool;
            return loadTrace(paths[i], lo);
        });
    };
    std::vector<std::future<std::shared_ptr<Trace>>> later;
    for (size_t i = 1; i < paths.size(); ++i)
        later.push_back(std::async(std::launch::async, load, i));
    std::vector<std::shared_ptr<Trace>> traces{load(0)};
    for (auto &f : later)
        traces.push_back(f.get());
    const double s = seconds(t0);
    const long peakAnon = anon.stop();
    unsigned long long bytes = 0, events = 0;
    size_t kernels = 0, storeBytes = 0;
    for (const auto &t : traces) {
        bytes += t->bytes;
        events += t->store.eventCount;
        kernels += t->store.kernels.size();
        storeBytes += t->store.approximateBytes();
    }
    std::printf("seconds=%.3f\nbytes=%llu\nmb_per_s=%.1f\nevents=%llu\nkernels=%zu\nstore_bytes=%zu\npeak_rss_kb=%ld\n"
                "anon_kb=%ld\npeak_anon_kb=%ld\nhuge_page_malloc=%d\n",
                s, bytes, double(bytes) / 1e6 / s, events, kernels, storeBytes, peakRssKb(), anonRssKb(), peakAnon,
                int(hugepages::activeForMalloc()));
    return 0;
}

static int analyze(const char *path)
{
    const auto t0 = Clock::now();
    const auto t = loadTrace(path);
    const double loaded = seconds(t0);
    StepClock steps({{0.1, "summary"}, {0.3, "classification"}, {0.6, "attribution"}, {0.8, "layers"},
                     {1.0, "inference"}});
    AnalyzeOptions options;
    options.progress = steps.callback();
    const auto t1 = Clock::now();
    const auto a = analyzeTrace(t, options);
    const double analysed = seconds(t1);
    std::printf("load_seconds=%.3f\nbytes=%llu\nanalysis_seconds=%.3f\n", loaded, (unsigned long long)t->bytes, analysed);
    steps.print(t1);
    std::printf("kernels=%zu\nlayers=%zu\npeak_rss_kb=%ld\n", t->store.kernels.size(), a->layers.layers.size(),
                peakRssKb());
    return 0;
}

static int triage(const char *path)
{
    const auto t0 = Clock::now();
    const auto a = loadAndAnalyze(path, {});
    const double analysed = seconds(t0);
    const auto t1 = Clock::now();
    const KernelTable table = buildKernelTable(*a->trace, a->classes, a->attribution, a->stages, {});
    const double tabled = seconds(t1);
    StepClock steps({{0.05, "scope"}, {0.4, "families"}, {0.7, "overlap"}, {1.0, "modules"}});
    const auto t2 = Clock::now();
    const TriageFindings findings = findTriageFindings(*a->trace, a->attribution, a->classes, a->stages, {},
                                                       steps.callback());
    std::printf("load_analyze_seconds=%.3f\nkernel_table_seconds=%.3f\n", analysed, tabled);
    steps.print(t2);
    std::printf("triage_seconds=%.3f\ntotal_seconds=%.3f\nkernels=%zu\nmodule_candidates=%zu\npeak_rss_kb=%ld\n",
                seconds(t1), seconds(t0), a->trace->store.kernels.size(), findings.modules.candidates.size(),
                peakRssKb());
    return 0;
}

static int compare(const char *pathA, const char *pathB)
{
    const auto t0 = Clock::now();
    // As fusionscope-cli compare loads them: a parse thread each, and the analyses on two threads
    // for the trace whose partner is done.
    LoadOptions load;
    load.parseThreads = 1;
    SideBySide pair;
    auto side = [&](const char *path) {
        return pair.side({}, [&](const AnalyzeOptions &analyze) { return loadAndAnalyze(path, load, analyze); });
    };
    auto fa = std::async(std::launch::async, side, pathA);
    const auto b = side(pathB);
    const auto a = fa.get();
    const double loaded = seconds(t0);
    StepClock steps({{0.7, "alignment"}, {0.8, "tables"}, {0.95, "fusion"}});
    CompareOptions options;
    options.progress = steps.callback();
    const auto t1 = Clock::now();
    const Comparison c = compareTraces(*a, *b, options);
    const double compared = seconds(t1);
    std::printf("load_analyze_seconds=%.3f\ncompare_seconds=%.3f\n", loaded, compared);
    steps.print(t1, "modules");
    std::printf("total_seconds=%.3f\nkernels_a=%zu\nkernels_b=%zu\nlayer_pairs=%zu\nfindings=%zu\npeak_rss_kb=%ld\n",
                seconds(t0), a->trace->store.kernels.size(), b->trace->store.kernels.size(), c.layers.pairs.size(),
                c.findings.size(), peakRssKb());
    return 0;
}

int main(int argc, char **argv)
{
    // As the applications do, so that the figures are theirs.
    hugepages::useForMalloc(argv);
    const std::string mode = argc >= 2 ? argv[1] : "";
    try {
        if (mode == "load" && argc >= 3)
            return load(std::vector<const char *>(argv + 2, argv + argc));
        if (mode == "analyze" && argc == 3)
            return analyze(argv[2]);
        if (mode == "triage" && argc == 3)
            return triage(argv[2]);
        if (mode == "compare" && argc == 4)
            return compare(argv[2], argv[3]);
    } catch (const std::exception &e) {
        std::cerr << e.what() << '\n';
        return 3;
    }
    std::cerr << "usage: fusionscope-bench load FILE... | analyze FILE | triage FILE | compare A B\n";
    return 2;
}
