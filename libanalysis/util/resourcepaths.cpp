#include "util/resourcepaths.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

#ifndef FUSIONSCOPE_SOURCE_RESOURCES
#define FUSIONSCOPE_SOURCE_RESOURCES ""
#endif
#ifndef FUSIONSCOPE_INSTALL_DATADIR
#define FUSIONSCOPE_INSTALL_DATADIR ""
#endif

namespace fusion {

namespace {
std::string executableDir()
{
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
}
} // namespace

std::string findResource(const std::string &name)
{
    std::vector<std::string> dirs;
    if (const char *env = std::getenv("FUSIONSCOPE_DATA_DIR"); env && *env)
        dirs.emplace_back(env);
    dirs.emplace_back(FUSIONSCOPE_SOURCE_RESOURCES);
    dirs.emplace_back(FUSIONSCOPE_INSTALL_DATADIR);
    if (const std::string exe = executableDir(); !exe.empty())
        dirs.push_back(exe + "/../share/fusionscope");

    std::string tried;
    for (const std::string &dir : dirs) {
        if (dir.empty())
            continue;
        const std::filesystem::path p = std::filesystem::path(dir) / name;
        std::error_code ec;
        if (std::filesystem::is_regular_file(p, ec))
            return p.lexically_normal().string();
        tried += "\n  " + p.lexically_normal().string();
    }
    throw std::runtime_error("data file '" + name + "' not found; looked for:" + tried +
                             "\n(set FUSIONSCOPE_DATA_DIR to the folder that holds it)");
}

} // namespace fusion
