#include "trace/traceloader.h"
#include "trace/traceerror.h"
#include "trace/traceparser.h"
#include "trace/tracebuffer.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <sys/stat.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <filesystem>
#include <map>
#include <regex>

namespace fusion {

namespace stdfs = std::filesystem;

namespace {
bool isTraceName(std::string_view n)
{
    for (std::string_view ext : {".json", ".json.gz", ".json.zst", ".json.xz", ".json.bz2"})
        if (n.size() >= ext.size() && n.substr(n.size() - ext.size()) == ext)
            return true;
    return false;
}

bool isArchiveName(std::string_view n)
{
    for (std::string_view ext : {".zip", ".tar", ".tar.gz", ".tgz", ".tar.zst", ".tar.xz"})
        if (n.size() >= ext.size() && n.substr(n.size() - ext.size()) == ext)
            return true;
    return false;
}

void sortMembers(std::vector<TraceMember> &m)
{
    std::stable_sort(m.begin(), m.end(), [](const TraceMember &a, const TraceMember &b) {
        const int ra = a.rank < 0 ? INT32_MAX : a.rank, rb = b.rank < 0 ? INT32_MAX : b.rank;
        return ra != rb ? ra < rb : a.display < b.display;
    });
}

// The trace files directly in a folder. Regular files only: a symlink loop cannot recurse.
std::vector<TraceMember> tracesIn(const std::string &folder)
{
    std::error_code ec;
    stdfs::directory_iterator it(folder, stdfs::directory_options::skip_permission_denied, ec);
    if (ec)
        throw TraceError(folder, "cannot list directory: " + ec.message());
    std::vector<TraceMember> out;
    for (const auto &entry : it) {
        const std::string name = entry.path().filename().string();
        std::error_code fe;
        if (entry.is_regular_file(fe) && isTraceName(name))
            out.push_back({entry.path().string(), {}, entry.path().string(), rankFromName(name)});
    }
    return out;
}

// Folders below `root` (a few levels, symlinked folders not followed) holding trace files
// directly, with how many.
std::map<std::string, size_t> foldersWithTraces(const std::string &root)
{
    std::map<std::string, size_t> out;
    std::error_code ec;
    stdfs::recursive_directory_iterator it(root, stdfs::directory_options::skip_permission_denied, ec);
    size_t visited = 0;
    for (; !ec && it != stdfs::recursive_directory_iterator(); it.increment(ec)) {
        if (++visited > 100000)
            break;  // a whole file system below: stop looking
        if (it.depth() >= 4)
            it.disable_recursion_pending();
        std::error_code fe;
        if (it->is_regular_file(fe) && isTraceName(it->path().filename().string()))
            ++out[it->path().parent_path().string()];
    }
    return out;
}

std::string relativeTo(const std::string &folder, const std::string &root)
{
    std::error_code ec;
    const stdfs::path rel = stdfs::relative(folder, root, ec);
    return (ec || rel.empty() ? stdfs::path(folder) : rel).string() + "/";
}

// The name without a compression suffix: "rank0.json.gz" → "rank0.json".
std::string_view uncompressedName(std::string_view n)
{
    for (std::string_view ext : {".gz", ".zst", ".xz", ".bz2"})
        if (n.size() > ext.size() && n.substr(n.size() - ext.size()) == ext)
            return n.substr(0, n.size() - ext.size());
    return n;
}

// "rank0.json" and "rank0.json.gz" side by side are one trace twice, not two ranks: keep the first
// (sorted: the uncompressed one, quicker to read) and say so.
void dropCompressedTwins(std::vector<TraceMember> &members, std::vector<std::string> *warnings)
{
    std::map<std::string_view, const TraceMember *> seen;
    std::vector<TraceMember> kept;
    for (const TraceMember &m : members) {
        const auto [it, fresh] = seen.try_emplace(uncompressedName(m.display), &m);
        if (fresh) {
            kept.push_back(m);
        } else if (warnings) {
            warnings->push_back(m.display + " is a compressed copy of " + it->second->display
                                + ": counted once, read from " + it->second->display);
        }
    }
    members = std::move(kept);
}

std::vector<TraceMember> listArchive(const std::string &path)
{
    std::vector<TraceMember> out;
    archive *a = archive_read_new();
    archive_read_support_filter_all(a);
    archive_read_support_format_all(a);
    if (archive_read_open_filename(a, path.c_str(), 1 << 20) != ARCHIVE_OK) {
        const std::string err = archive_error_string(a) ? archive_error_string(a) : "unreadable archive";
        archive_read_free(a);
        throw TraceError(path, "cannot read archive: " + err);
    }
    archive_entry *e = nullptr;
    int r;
    while ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
        const char *nm = archive_entry_pathname(e);
        if (nm && archive_entry_filetype(e) == AE_IFREG && isTraceName(nm)) {
            const std::string name = nm;
            out.push_back({path, name, path + ":" + name, rankFromName(name)});
        }
        archive_read_data_skip(a);
    }
    const std::string err = r == ARCHIVE_EOF ? "" : archive_error_string(a) ? archive_error_string(a) : "corrupt or truncated archive";
    archive_read_free(a);
    if (!err.empty())
        throw TraceError(path, "cannot read archive: " + err);
    return out;
}
} // namespace

int rankFromName(std::string_view name)
{
    static const std::regex re(R"((?:^|[^A-Za-z])(?:rank|tp|TP-|worker)[-_]?(\d+))", std::regex::icase);
    const std::string s(name);
    std::smatch m;
    if (!std::regex_search(s, m, re))
        return -1;
    // A number too large for an int names no rank we could be asked for (std::stoi threw here).
    int rank = -1;
    const std::string digits = m[1].str();
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
    return ec == std::errc() && end == digits.data() + digits.size() ? rank : -1;
}

std::vector<TraceMember> listTraceMembers(const std::string &path, std::vector<std::string> *warnings)
{
    std::error_code ec;
    const auto status = stdfs::status(path, ec);
    if (ec || !stdfs::exists(status)) {
        // std::filesystem reports a symlink loop as "not found": ask stat() for the real reason.
        struct stat st{};
        const int err = ::stat(path.c_str(), &st) != 0 ? errno : ENOENT;
        throw TraceError(path, err == ENOENT ? std::string("cannot open: no such file or directory")
                                             : "cannot open: " + std::string(std::strerror(err)));
    }
    std::vector<TraceMember> out;
    if (stdfs::is_directory(status)) {
        out = tracesIn(path);
        if (out.empty()) {
            // Profilers often write one folder per run: look below, and read the traces when one
            // folder holds them all; when several do, say which rather than mix runs as ranks.
            const std::map<std::string, size_t> below = foldersWithTraces(path);
            if (below.empty())
                throw TraceError(path, "directory holds no trace files (.json, .json.gz, .json.zst), nor do its subfolders");
            if (below.size() > 1) {
                std::string where;
                size_t shown = 0;
                for (const auto &[folder, count] : below)
                    if (shown++ < 4)
                        where += (where.empty() ? "" : ", ") + relativeTo(folder, path) + " (" + std::to_string(count) + ")";
                if (below.size() > 4)
                    where += ", and " + std::to_string(below.size() - 4) + " more";
                throw TraceError(path, "directory holds no trace files itself; its subfolders " + where
                                           + " do: give one of them");
            }
            out = tracesIn(below.begin()->first);
            if (warnings)
                warnings->push_back("no trace files in " + path + " itself: reading the "
                                    + std::to_string(out.size()) + " in its subfolder "
                                    + relativeTo(below.begin()->first, path));
        }
    } else {
        const std::string name = stdfs::path(path).filename().string();
        if (isArchiveName(name)) {
            out = listArchive(path);
            if (out.empty())
                throw TraceError(path, "archive holds no trace files (.json, .json.gz, .json.zst)");
        } else {
            out.push_back({path, {}, path, rankFromName(name)});
        }
    }
    sortMembers(out);
    dropCompressedTwins(out, warnings);
    return out;
}

std::string labelFromPath(const std::string &path)
{
    std::string name = stdfs::path(path).filename().string();
    for (std::string_view ext : {".gz", ".zst", ".xz", ".bz2", ".zip", ".tgz", ".tar", ".json", ".trace", ".pt"})
        if (name.size() > ext.size() && std::string_view(name).substr(name.size() - ext.size()) == ext)
            name.resize(name.size() - ext.size());
    return name.empty() ? path : name;
}

std::string Trace::displayLabel() const
{
    return info.platform == Platform::Unknown ? label : label + " (" + platformLabel(info.platform) + ")";
}

std::shared_ptr<Trace> loadTrace(const std::string &path, const LoadOptions &options)
{
    auto trace = std::make_shared<Trace>();
    trace->path = path;
    trace->members = listTraceMembers(path, &trace->warnings);
    const TraceMember *chosen = &trace->members.front();
    if (options.rank >= 0) {
        auto it = std::find_if(trace->members.begin(), trace->members.end(),
                               [&](const TraceMember &m) { return m.rank == options.rank; });
        if (it == trace->members.end()) {
            std::string ranks;
            int last = -1;
            for (const TraceMember &m : trace->members)  // sorted by rank
                if (m.rank >= 0 && m.rank != last)
                    ranks += (ranks.empty() ? "" : ", ") + std::to_string(last = m.rank);
            throw TraceError(path, "holds no trace for rank " + std::to_string(options.rank)
                                       + (ranks.empty() ? " (no file name there gives a rank: rank<N>, tp<N>, TP-<N>, worker<N>)"
                                                        : " (its ranks: " + ranks + ")"));
        }
        chosen = &*it;
    }
    trace->source = *chosen;
    trace->label = !options.label.empty() ? options.label
                   : trace->members.size() > 1 ? labelFromPath(chosen->member.empty() ? chosen->path : chosen->member)
                                               : labelFromPath(path);
    if (trace->members.size() > 1)
        trace->warnings.push_back(std::to_string(trace->members.size()) + " ranks found; analysing "
                                  + chosen->display + (options.rank < 0 ? " (the lowest rank; --rank chooses)" : ""));

    // A compressed file is decompressed while it is parsed: the parser reports progress for both.
    TraceBuffer bytes = TraceBuffer::load(chosen->path, chosen->member, options.maxBytes);
    ParseOptions po;
    po.progress = options.progress;
    po.threads = options.parseThreads;
    ParseResult parsed = parseTrace(bytes, chosen->display, po);
    trace->bytes = bytes.size();
    bytes.release();  // the JSON is not needed once parsed
#ifdef __GLIBC__
    // The parse's buffers (each thread's piece of the file and simdjson's index of it, a few MB
    // each) are below glibc's adaptive mmap threshold and would stay with the process, free but
    // resident, for as long as it lives: hand them back.
    malloc_trim(0);
#endif
    trace->store = std::move(parsed.store);
    for (auto &w : parsed.warnings)
        trace->warnings.push_back(std::move(w));

    trace->info = detectTraceInfo(trace->store);
    if (trace->info.devices.size() > 1) {
        int32_t dev = options.device;
        if (dev < 0) {
            std::map<int32_t, Ns> busy;
            const GpuOpTable &k = trace->store.kernels;
            for (size_t i = 0; i < k.size(); ++i)
                busy[k.device[i]] += k.dur[i];
            dev = std::max_element(busy.begin(), busy.end(), [](auto &a, auto &b) { return a.second < b.second; })->first;
        } else if (!std::count(trace->info.devices.begin(), trace->info.devices.end(), dev)) {
            throw TraceError(chosen->display, "has no kernels on device " + std::to_string(dev));
        }
        trace->warnings.push_back(std::to_string(trace->info.devices.size()) + " GPUs in the trace; analysing device "
                                  + std::to_string(dev) + (options.device < 0 ? " (most kernel time; --device chooses)" : ""));
        trace->store.keepDevice(dev);
        trace->info.device = dev;
    }
    if (options.progress)
        options.progress(1.0);
    return trace;
}

} // namespace fusion
