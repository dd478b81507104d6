#include "util/hugepages.h"

#include <cstdlib>
#include <fstream>
#include <string_view>

#include <unistd.h>

namespace fusion::hugepages {

namespace {
constexpr std::string_view kTunable = "glibc.malloc.hugetlb";
}

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
        return std::nullopt;  // set already: this is the second start, or the user chose
    std::string out(tunables);
    if (!out.empty())
        out += ':';
    out += kTunable;
    out += "=1";
    return out;
}

void useForMalloc(char **argv)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
    Setting s;
    s.tunables = std::getenv("GLIBC_TUNABLES");
    s.optOut = std::getenv("FUSIONSCOPE_HUGEPAGES");
    s.preload = std::getenv("LD_PRELOAD");
    std::getline(std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled"), s.thpMode);
    const std::optional<std::string> tunables = tunablesToRestartWith(s);
    if (!tunables || !argv || !argv[0])
        return;
    const std::string before = s.tunables ? s.tunables : "";
    setenv("GLIBC_TUNABLES", tunables->c_str(), 1);
    execv("/proc/self/exe", argv);
    // Not restarted (no /proc, or the program file was replaced): run on with 4 KiB pages.
    if (s.tunables)
        setenv("GLIBC_TUNABLES", before.c_str(), 1);
    else
        unsetenv("GLIBC_TUNABLES");
#else
    (void)argv;  // sanitizers and other C libraries bring their own allocator
#endif
}

bool activeForMalloc()
{
    const char *t = std::getenv("GLIBC_TUNABLES");
    return t && std::string_view(t).find(std::string(kTunable) + "=1") != std::string_view::npos;
}

} // namespace fusion::hugepages
