#pragma once
// Large heap blocks on transparent huge pages.
//
// Loading a trace and analysing it fill hundreds of megabytes of freshly allocated columns and
// scratch arrays, and every 4 KiB page of them costs a page fault on first touch. On virtual machines
// a fault is expensive (about 15 µs on the 2-core CI machine: a quarter of a second for the 64 MB
// traceback of one sequence alignment), and the Linux default (huge pages only where a program asks
// for them) never gives glibc's malloc any. glibc backs its blocks with huge pages when its
// `glibc.malloc.hugetlb=1` tunable is set, but tunables are read only when a program starts. So an
// application calls useForMalloc() first thing in main(): when huge pages would help and nobody
// decided otherwise, it starts the program again, in place, with the tunable added to its
// environment (and one malloc arena for all threads, whose blocks glibc would otherwise leave on
// 4 KiB pages). The library never does this on its own: re-running a process belongs to the program.
#include <optional>
#include <string>

namespace fusion::hugepages {

// What the process' environment and machine say, for the decision below.
struct Setting {
    const char *tunables = nullptr;  // GLIBC_TUNABLES
    const char *optOut = nullptr;    // FUSIONSCOPE_HUGEPAGES ("0" keeps 4 KiB pages)
    const char *preload = nullptr;   // LD_PRELOAD (valgrind's tools preload their own malloc)
    std::string thpMode;             // /sys/kernel/mm/transparent_hugepage/enabled, e.g. "always [madvise] never"
};

// The GLIBC_TUNABLES value to start again with, or nothing when the program should run on as it
// is: huge pages only when advised (where the tunable is what asks for them), no hugetlb tunable
// of the user's, no opt-out, no valgrind.
std::optional<std::string> tunablesToRestartWith(const Setting &setting);

// Starts the program again with huge pages for malloc when tunablesToRestartWith says so; returns
// (and the program runs on unchanged) when it does not, for setuid programs, when the process is
// the dynamic loader run by hand, or when the restart fails. In the second start it puts the
// user's GLIBC_TUNABLES back, so that programs started from the application do not inherit the
// tunable, and returns. `argv` is main's.
void useForMalloc(char **argv);

// Whether this process is the second start, with huge pages for malloc (the benchmarks report it).
bool activeForMalloc();

} // namespace fusion::hugepages
