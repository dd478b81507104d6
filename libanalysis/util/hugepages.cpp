#include "util/hugepages.h"

#include <climits>
#include <cstdlib>
#include <fstream>
#include <string_view>

#include <sys/auxv.h>
#include <unistd.h>

namespace fusion::hugepages {

namespace {
constexpr std::string_view kTunable = "glibc.malloc.hugetlb";
// glibc advises huge pages for its main arena and for blocks it maps on their own, not for the
// arenas of other threads, which grow on 4 KiB pages: the GUI, whose loads run on worker threads,
// had 26 MB of its 235 MB in huge pages while loading a pair (311 of 317 MB with one arena), and
// took a third longer to load it. One arena for every thread keeps all blocks on huge pages.
constexpr std::string_view kArenas = "glibc.malloc.arena_max";
// Set for the second start: it never starts again (whatever glibc made of GLIBC_TUNABLES), and it
// carries the user's own GLIBC_TUNABLES ("-" for none) so that the second start can put it back:
// programs the application starts then inherit the environment the user gave it.
constexpr const char *kRestarted = "FUSIONSCOPE_HUGEPAGES_RESTARTED";
bool g_active = false;

// The program file, unless the process is the dynamic loader run by hand ("ld-linux-x86-64.so.2
// ./fusionscope-cli …"): run again, the loader would take the first argument for the program.
bool runsAsItself()
{
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    const std::string_view path(exe, size_t(n));
    const std::string_view name = path.substr(path.rfind('/') + 1);
    return !name.starts_with("ld-") && !name.starts_with("ld.so");
}
} // namespace

std::optional<std::string> tunablesToRestartWith(const Setting &s)
{
    // "[always]": malloc gets huge pages without asking; "[never]" or unknown: asking changes nothing.
    if (s.thpMode.find("[madvise]") == std::string::npos)
        return std::nullopt;
    if (s.optOut && std::string_view(s.optOut) == "0")
        return std::nullopt;
    if (s.preload && std::string_view(s.preload).find("vgpreload") != std::string_view::npos)
        return std::nullopt;
    const std::string_view tunables = s.tunables ? s.tunables : "";
    if (tunables.find(kTunable) != std::string_view::npos)
        return std::nullopt;  // the user chose
    std::string out(tunables);
    if (!out.empty())
        out += ':';
    out += kTunable;
    out += "=1";
    if (tunables.find(kArenas) == std::string_view::npos) {  // else the user chose that too
        out += ':';
        out += kArenas;
        out += "=1";
    }
    return out;
}

void useForMalloc(char **argv)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    if (const char *before = std::getenv(kRestarted)) {  // the second start: glibc has read its tunables
        g_active = true;
        const std::string user = before;
        if (user == "-")
            unsetenv("GLIBC_TUNABLES");
        else
            setenv("GLIBC_TUNABLES", user.c_str() + 1, 1);
        unsetenv(kRestarted);
        return;
    }
    // Setuid or file capabilities: glibc ignores the tunable there, and a restart would be pointless.
    if (getauxval(AT_SECURE))
        return;
    Setting s;
    s.tunables = std::getenv("GLIBC_TUNABLES");
    s.optOut = std::getenv("FUSIONSCOPE_HUGEPAGES");
    s.preload = std::getenv("LD_PRELOAD");
    std::getline(std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"), s.thpMode);
    const std::optional<std::string> tunables = tunablesToRestartWith(s);
    if (!tunables || !argv || !argv[0] || !runsAsItself())
        return;
    const std::string user = s.tunables ? std::string("=") + s.tunables : std::string("-");
    setenv(kRestarted, user.c_str(), 1);
    setenv("GLIBC_TUNABLES", tunables->c_str(), 1);
    execv("/proc/self/exe", argv);
    // Not restarted (no /proc, say): run on with 4 KiB pages and the environment as it was.
    unsetenv(kRestarted);
    if (s.tunables)
        setenv("GLIBC_TUNABLES", user.c_str() + 1, 1);
    else
        unsetenv("GLIBC_TUNABLES");
#else
    (void)argv;  // sanitizers and other C libraries bring their own allocator
#endif
}

bool activeForMalloc()
{
    return g_active;
}

} // namespace fusion::hugepages
