// triagebench: the triage steps that once grew faster than the trace, each timed next to a baseline
// measured in the same run. Prints one markdown table per mode.
//   triagebench overlap [N...]   N kernels all running at once on 8 streams: the overlap sweep
//                                against its definition (sweepOverlapReference, every running kernel
//                                compared with every other at each step; skipped once it passes 10 s)
//   triagebench windows [N...]   N stage windows, each overlapping the next, and N kernels after the
//                                last one: stage detection against the same with N disjoint windows
#include "stages/stages.h"
#include "trace/traceloader.h"
#include "triage/overlapsweep.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace fusion;
using Clock = std::chrono::steady_clock;

namespace {

// The best of `repeats` runs: the figures are about the algorithm, not about a busy neighbour.
double timeOf(const std::function<void()> &work, int repeats)
{
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = Clock::now();
        work();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return best;
}

std::vector<size_t> sizesOf(int argc, char **argv, std::vector<size_t> defaults)
{
    std::vector<size_t> out;
    for (int i = 2; i < argc; ++i)
        out.push_back(size_t(std::strtoull(argv[i], nullptr, 10)));
    return out.empty() ? defaults : out;
}

// n kernels, one starting every microsecond on streams 0..7 round robin, each running until after
// the last has started: every kernel overlaps every other. 16 names over the five categories.
std::vector<SweepInterval> allOverlapping(size_t n)
{
    std::vector<SweepInterval> iv;
    for (size_t i = 0; i < n; ++i) {
        const Ns start = Ns(i) * 1000;
        iv.push_back({start, Ns(n) * 1000 + Ns(i % 7) * 1000 + start / 2, uint32_t(i % 16), uint32_t(i % 8),
                      OverlapBucket(i % 5)});
    }
    return iv;
}

bool same(const OverlapSweep &a, const OverlapSweep &b)
{
    return a.busy == b.busy && a.overlap == b.overlap && a.maxConcurrentStreams == b.maxConcurrentStreams
           && a.times == b.times && a.hiddenUnder == b.hiddenUnder;
}

int overlap(const std::vector<size_t> &sizes)
{
    std::printf("| kernels | sweep s | ns per kernel | growth ×2 | definition s | definition / sweep | same result |\n"
                "|---|---|---|---|---|---|---|\n");
    double previous = 0;
    bool referenceTooSlow = false;
    for (size_t n : sizes) {
        const auto iv = allOverlapping(n);
        OverlapSweep fast, reference;
        const double s = timeOf([&] { fast = sweepOverlap(iv); }, 7);
        double r = 0;
        if (!referenceTooSlow) {
            r = timeOf([&] { reference = sweepOverlapReference(iv); }, 1);
            referenceTooSlow = r > 10;
        }
        char growth[32] = "", ratio[32] = "", refText[32] = "skipped", check[16] = "—";
        if (previous > 0)
            std::snprintf(growth, sizeof growth, "%.2f", s / previous);
        if (r > 0) {
            std::snprintf(refText, sizeof refText, "%.3f", r);
            std::snprintf(ratio, sizeof ratio, "%.0f", r / s);
            std::snprintf(check, sizeof check, "%s", same(fast, reference) ? "yes" : "NO");
        }
        std::printf("| %zu | %.4f | %.0f | %s | %s | %s | %s |\n", n, s, s * 1e9 / double(n), growth, refText, ratio,
                    check);
        std::fflush(stdout);
        previous = s;
        if (r > 0 && !same(fast, reference))
            return 1;
    }
    return 0;
}

// A trace of n decode windows (GPU annotations) 10 µs apart, each `length` µs long, and n kernels
// in the 20 ms after the last window (the GPU running behind): each kernel is matched to the nearest
// window.
std::shared_ptr<Trace> windowTrace(size_t n, int length)
{
    const auto path = std::filesystem::temp_directory_path() / ("triagebench_windows_" + std::to_string(n) + "_"
                                                                + std::to_string(length) + ".json");
    {
        std::ofstream f(path);
        f << "{\"traceEvents\": [\n";
        for (size_t i = 0; i < n; ++i)
            f << "{\"ph\":\"X\",\"cat\":\"gpu_user_annotation\",\"name\":\"decode\",\"pid\":0,\"tid\":7,\"ts\":" << i * 10
              << ",\"dur\":" << length << "},\n";
        const size_t last = (n - 1) * 10 + size_t(length);
        for (size_t i = 0; i < n; ++i)
            f << "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":" << last + 1 + i
              << ",\"dur\":0.5,\"args\":{\"stream\":7}}" << (i + 1 < n ? ",\n" : "\n");
        f << "]}\n";
    }
    auto t = loadTrace(path.string());
    std::filesystem::remove(path);
    return t;
}

int windows(const std::vector<size_t> &sizes)
{
    std::printf("| windows | overlapping s | disjoint s (baseline) | overlapping / disjoint | growth ×2 |\n"
                "|---|---|---|---|---|\n");
    double previous = 0;
    for (size_t n : sizes) {
        const auto overlapping = windowTrace(n, 15), disjoint = windowTrace(n, 5);
        TraceStages a, b;
        const double so = timeOf([&] { a = detectStages(*overlapping); }, 3);
        const double sd = timeOf([&] { b = detectStages(*disjoint); }, 3);
        char growth[32] = "";
        if (previous > 0)
            std::snprintf(growth, sizeof growth, "%.2f", so / previous);
        std::printf("| %zu | %.4f | %.4f | %.1f | %s |\n", n, so, sd, so / sd, growth);
        std::fflush(stdout);
        previous = so;
        if (a.ofKernel != b.ofKernel)
            return 1;  // every kernel is decode either way
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "overlap")
        return overlap(sizesOf(argc, argv, {1000, 2000, 4000, 8000, 16000, 32000, 64000}));
    if (mode == "windows")
        return windows(sizesOf(argc, argv, {5000, 10000, 20000, 40000}));
    std::fprintf(stderr, "usage: triagebench overlap|windows [N...]\n");
    return 2;
}
