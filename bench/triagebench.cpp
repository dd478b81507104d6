// triagebench: the triage steps that once grew faster than the trace, each timed next to a baseline
// measured in the same run. Prints one markdown table per mode.
//   triagebench windows [N...]   N stage windows, each overlapping the next, and N kernels after the
//                                last one: stage detection against the same with N disjoint windows
#include "stages/stages.h"
#include "trace/traceloader.h"

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
    if (mode == "windows")
        return windows(sizesOf(argc, argv, {5000, 10000, 20000, 40000}));
    std::fprintf(stderr, "usage: triagebench windows [N...]\n");
    return 2;
}
