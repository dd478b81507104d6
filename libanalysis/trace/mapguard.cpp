#include "trace/mapguard.h"

#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace fusion::mapguard {

namespace {

// Plain atomics in a fixed array: the signal handler may neither lock nor allocate.
struct Slot {
    std::atomic<bool> used{false};
    std::atomic<uintptr_t> begin{0}, end{0};
    std::atomic<bool> faulted{false};
};
constexpr int kSlots = 64;
Slot g_slots[kSlots];
struct sigaction g_previous;
uintptr_t g_pageSize = 4096;
std::once_flag g_installed;
std::atomic<bool> g_handlerInstalled{false};

void onSigbus(int sig, siginfo_t *info, void *context)
{
    const uintptr_t addr = reinterpret_cast<uintptr_t>(info->si_addr);
    // Only a fault from the hardware (si_code > 0), not a SIGBUS sent with kill().
    for (int i = 0; i < kSlots && info->si_code > 0; ++i) {
        Slot &s = g_slots[i];
        // watch()/unwatch() may be halfway on another thread: a range counts only when its end reads
        // the same before and after its begin, and the begin is set.
        const uintptr_t end = s.end.load(), begin = s.begin.load();
        if (begin == 0 || end != s.end.load() || addr < begin || addr >= end)
            continue;
        // mmap is a plain system call on Linux, safe here in practice though not listed by POSIX.
        void *page = reinterpret_cast<void *>(addr & ~(g_pageSize - 1));
        if (mmap(page, g_pageSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            s.faulted = true;
            return;  // the faulting read runs again and finds zeros
        }
    }
    // Not a watched mapping: do what would have happened without the guard.
    if ((g_previous.sa_flags & SA_SIGINFO) && g_previous.sa_sigaction) {
        g_previous.sa_sigaction(sig, info, context);
    } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
    } else {
        signal(SIGBUS, SIG_DFL);  // the default action: the process ends, as it would have
        raise(SIGBUS);
    }
}

void install()
{
    g_pageSize = uintptr_t(sysconf(_SC_PAGESIZE));
    struct sigaction action = {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &g_previous);
    g_handlerInstalled = true;
}

} // namespace

void installHandler() { std::call_once(g_installed, install); }

int watch(const void *begin, size_t length)
{
    if (!g_handlerInstalled.load())
        return -1;
    for (int i = 0; i < kSlots; ++i) {
        Slot &s = g_slots[i];
        if (s.used.exchange(true))
            continue;
        s.faulted = false;
        s.end = 0;  // begin first, end last: see the handler's check
        s.begin = reinterpret_cast<uintptr_t>(begin);
        s.end = reinterpret_cast<uintptr_t>(begin) + length;
        return i;
    }
    return -1;
}

void unwatch(int handle)
{
    if (handle < 0)
        return;
    Slot &s = g_slots[handle];
    s.end = 0;
    s.begin = 0;
    s.used = false;
}

bool faulted(int handle) { return handle >= 0 && g_slots[handle].faulted.load(); }

} // namespace fusion::mapguard
