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
#ifndef FUSIONSCOPE_BINARY_DIR
#define FUSIONSCOPE_BINARY_DIR ""
#endif

namespace fusion {

namespace {
namespace fs = std::filesystem;

struct ResourceHost {
    fs::path binaryDir, shareDir;
};
ResourceHost &resourceHost()
{
    static ResourceHost host;
    return host;
}

fs::path executableDir()
{
    if (!resourceHost().binaryDir.empty())
        return resourceHost().binaryDir;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

// True when `dir` is `root` or lies below it (both made absolute and free of symlinks first).
bool isInside(const fs::path &dir, const fs::path &root)
{
    if (dir.empty() || root.empty())
        return false;
    std::error_code ec;
    const fs::path d = fs::weakly_canonical(dir, ec);
    if (ec)
        return false;
    const fs::path r = fs::weakly_canonical(root, ec);
    if (ec)
        return false;
    auto di = d.begin();
    for (auto ri = r.begin(); ri != r.end(); ++ri, ++di) {
        if (ri->empty()) // a trailing separator
            continue;
        if (di == d.end() || *di != *ri)
            return false;
    }
    return true;
}
} // namespace

void setResourceHost(const std::string &binaryDir, const std::string &shareDir)
{
    resourceHost() = {binaryDir, shareDir};
}

std::string findResource(const std::string &name)
{
    std::vector<std::string> dirs;
    if (const char *env = std::getenv("FUSIONSCOPE_DATA_DIR"); env && *env)
        dirs.emplace_back(env);

    const fs::path exeDir = executableDir();
    const std::string exeShare = !resourceHost().shareDir.empty() ? resourceHost().shareDir.string()
                                 : exeDir.empty()                 ? std::string()
                                                                  : (exeDir / ".." / "share" / "fusionscope").string();
    if (isInside(exeDir, FUSIONSCOPE_BINARY_DIR)) {
        // A development build run from its build tree: the source tree's registries are the
        // current ones; an older installed copy must not shadow them.
        dirs.emplace_back(FUSIONSCOPE_SOURCE_RESOURCES);
        dirs.emplace_back(FUSIONSCOPE_INSTALL_DATADIR);
        dirs.push_back(exeShare);
    } else {
        // An installed or relocated program (make install, dpkg -x, a tarball, an AppImage): its own
        // share/ folder first, so the files it was packaged with win over a source checkout that
        // happens to still exist at the compiled-in path on a developer's machine.
        dirs.push_back(exeShare);
        dirs.emplace_back(FUSIONSCOPE_INSTALL_DATADIR);
        dirs.emplace_back(FUSIONSCOPE_SOURCE_RESOURCES);
    }

    std::string tried;
    for (const std::string &dir : dirs) {
        if (dir.empty())
            continue;
        const fs::path p = fs::path(dir) / name;
        std::error_code ec;
        if (fs::is_regular_file(p, ec))
            return p.lexically_normal().string();
        tried += "\n  " + p.lexically_normal().string();
    }
    throw std::runtime_error("data file '" + name + "' not found; looked for:" + tried +
                             "\n(set FUSIONSCOPE_DATA_DIR to the folder that holds it)");
}

} // namespace fusion
