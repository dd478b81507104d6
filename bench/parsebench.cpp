// fusionscope-bench: times one stage of FusionScope on a trace file and prints figures as
// "key=value" lines for bench/run.sh. Each run is its own process so peak RSS is the stage's own.
//   fusionscope-bench load FILE      read + parse (+ decompress)
//   fusionscope-bench analyze FILE   load + classify + attribute + stages + layers
//   fusionscope-bench compare A B    both traces in parallel, then the comparison
#include "compare/comparison.h"
#include "trace/traceerror.h"

#include <chrono>
#include <cstdio>
#include <future>
#include <iostream>
#include <sys/resource.h>

using namespace fusion;
using Clock = std::chrono::steady_clock;

static double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

static long peakRssKb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::cerr << "usage: fusionscope-bench load|analyze FILE | compare A B\n";
        return 2;
    }
    const std::string mode = argv[1];
    try {
        const auto t0 = Clock::now();
        if (mode == "load") {
            const auto t = loadTrace(argv[2]);
            const double s = seconds(t0);
            std::printf("seconds=%.3f\nbytes=%llu\nmb_per_s=%.1f\nevents=%llu\nkernels=%zu\nstore_bytes=%zu\n"
                        "peak_rss_kb=%ld\n",
                        s, (unsigned long long)t->bytes, double(t->bytes) / 1e6 / s,
                        (unsigned long long)t->store.eventCount, t->store.kernels.size(), t->store.approximateBytes(),
                        peakRssKb());
        } else if (mode == "analyze") {
            const auto t = loadTrace(argv[2]);
            const double load = seconds(t0);
            const auto t1 = Clock::now();
            const auto a = analyzeTrace(t);
            std::printf("load_seconds=%.3f\nanalysis_seconds=%.3f\nkernels=%zu\nlayers=%zu\npeak_rss_kb=%ld\n", load,
                        seconds(t1), t->store.kernels.size(), a->layers.layers.size(), peakRssKb());
        } else if (mode == "compare" && argc >= 4) {
            auto fa = std::async(std::launch::async, [&] { return loadAndAnalyze(argv[2], {}); });
            const auto b = loadAndAnalyze(argv[3], {});
            const auto a = fa.get();
            const double loaded = seconds(t0);
            const auto t1 = Clock::now();
            const Comparison c = compareTraces(*a, *b);
            std::printf("load_analyze_seconds=%.3f\ncompare_seconds=%.3f\ntotal_seconds=%.3f\nfindings=%zu\n"
                        "peak_rss_kb=%ld\n",
                        loaded, seconds(t1), seconds(t0), c.findings.size(), peakRssKb());
        } else {
            std::cerr << "unknown mode " << mode << '\n';
            return 2;
        }
    } catch (const std::exception &e) {
        std::cerr << e.what() << '\n';
        return 3;
    }
    return 0;
}
