#include "trace/tracemembers.h"
#include "trace/archiveptr.h"
#include "trace/traceerror.h"
#include "trace/tracebuffer.h"

#include <archive_entry.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sys/stat.h>

namespace fusion {

namespace stdfs = std::filesystem;

namespace {

// Kineto writes distributedInfo after deviceProperties, before the events: a few KB in.
constexpr size_t kHead = 64 * 1024;

bool endsWith(std::string_view n, std::string_view ext)
{
    return n.size() >= ext.size() && n.substr(n.size() - ext.size()) == ext;
}

bool isTraceName(std::string_view n)
{
    for (std::string_view ext : {".json", ".json.gz", ".json.zst", ".json.xz", ".json.bz2", ".sqlite"})
        if (endsWith(n, ext))
            return true;
    return false;
}

bool isArchiveName(std::string_view n)
{
    for (std::string_view ext : {".zip", ".tar", ".tar.gz", ".tgz", ".tar.zst", ".tar.xz"})
        if (endsWith(n, ext))
            return true;
    return false;
}

// Up to kHead bytes of the current entry of `a`; false when its data cannot be read.
bool readEntryHead(archive *a, std::string &out)
{
    out.resize(kHead);
    size_t got = 0;
    while (got < kHead) {
        const la_ssize_t n = archive_read_data(a, out.data() + got, kHead - got);
        if (n < 0) {
            out.resize(got);
            return false;
        }
        if (n == 0)
            break;
        got += size_t(n);
    }
    out.resize(got);
    return true;
}

// The beginning of `bytes` decompressed, when they are the start of a compressed stream (a cut-off
// stream still gives what comes before the cut).
std::string decompressedHead(const std::string &bytes)
{
    if (!isCompressedStream(sniffCompression(bytes)))
        return bytes;
    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_raw(a.get());
    archive_entry *e = nullptr;
    std::string out;
    if (archive_read_open_memory(a.get(), bytes.data(), bytes.size()) == ARCHIVE_OK
        && archive_read_next_header(a.get(), &e) == ARCHIVE_OK)
        readEntryHead(a.get(), out);
    return out;
}

// The first kHead bytes of a trace file's JSON; empty when they cannot be read (loading the file
// says why). Of a compressed file, what its first kHead bytes decompress to: JSON shrinks several
// times, so that is more than kHead.
std::string fileHead(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::string bytes(kHead, '\0');
    in.read(bytes.data(), std::streamsize(bytes.size()));
    bytes.resize(size_t(std::max<std::streamsize>(in.gcount(), 0)));
    return decompressedHead(bytes);
}

// The rank from the head when it holds distributedInfo.rank, else from the name.
TraceMember makeMember(std::string path, std::string member, std::string display, std::string_view name,
                       std::string_view head)
{
    TraceMember m{std::move(path), std::move(member), std::move(display), -1, RankSource::None, rankFromName(name)};
    if (const std::optional<int> field = distributedRankInHead(head); field && *field >= 0) {
        m.rank = *field;
        m.rankSource = RankSource::Field;
    } else if (m.nameRank >= 0) {
        m.rank = m.nameRank;
        m.rankSource = RankSource::Name;
    }
    return m;
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
        if (entry.is_regular_file(fe) && isTraceName(name)) {
            const std::string p = entry.path().string();
            out.push_back(makeMember(p, {}, p, name, fileHead(p)));
        }
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
        if (n.size() > ext.size() && endsWith(n, ext))
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

// Two traces of one rank are two runs mixed, or a copy: both are kept (sorted by name), and --rank
// reads the first.
void warnAboutSharedRanks(const std::vector<TraceMember> &members, std::vector<std::string> *warnings)
{
    for (size_t i = 1; i < members.size() && warnings; ++i)
        if (members[i].rank >= 0 && members[i].rank == members[i - 1].rank
            && (i < 2 || members[i - 2].rank != members[i].rank))
            warnings->push_back("rank " + std::to_string(members[i].rank) + " is claimed by " + members[i - 1].display
                                + " and " + members[i].display + " (" + rankSourceLabel(members[i].rankSource)
                                + "): --rank " + std::to_string(members[i].rank) + " reads the first");
}

// A member whose distributedInfo.rank and file name disagree: the field wins, and the user hears of it.
void warnAboutNameMismatches(const std::vector<TraceMember> &members, std::vector<std::string> *warnings)
{
    for (const TraceMember &m : members)
        if (warnings && m.rankSource == RankSource::Field && m.nameRank >= 0 && m.nameRank != m.rank)
            warnings->push_back(m.display + ": distributedInfo.rank is " + std::to_string(m.rank)
                                + " but the file name says " + std::to_string(m.nameRank) + ": listed as rank "
                                + std::to_string(m.rank));
}

std::vector<TraceMember> listArchive(const std::string &path)
{
    std::vector<TraceMember> out;
    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_all(a.get());
    if (archive_read_open_filename(a.get(), path.c_str(), 1 << 20) != ARCHIVE_OK)
        throw TraceError(path, "cannot read archive: " + archiveError(a.get(), "unreadable archive"));
    archive_entry *e = nullptr;
    std::string last;  // the member read before an error: the archive breaks inside it
    int r;
    while ((r = archive_read_next_header(a.get(), &e)) == ARCHIVE_OK || r == ARCHIVE_WARN) {
        const char *nm = archive_entry_pathname(e);
        last = nm ? nm : "";
        if (nm && archive_entry_filetype(e) == AE_IFREG && isTraceName(nm)) {
            std::string head;
            if (!readEntryHead(a.get(), head))
                throw TraceError(path + ":" + last, "cannot read archive member: "
                                                        + archiveError(a.get(), "corrupt or truncated data"));
            out.push_back(makeMember(path, last, path + ":" + last, last, decompressedHead(head)));
        }
        if (archive_read_data_skip(a.get()) != ARCHIVE_OK)
            throw TraceError(path + ":" + last, "cannot read archive member: "
                                                    + archiveError(a.get(), "corrupt or truncated data"));
    }
    if (r != ARCHIVE_EOF)
        throw TraceError(last.empty() ? path : path + ":" + last,
                         std::string(last.empty() ? "cannot read archive: " : "cannot read archive past this member: ")
                             + archiveError(a.get(), "corrupt or truncated archive"));
    return out;
}

size_t skipSpace(std::string_view s, size_t i)
{
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
        ++i;
    return i;
}

// The index after the JSON string starting at s[i] (a quote), or npos when it is cut off.
size_t skipString(std::string_view s, size_t i)
{
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}

} // namespace

// Indexed by RankSource: None, Field, Name.
const char *rankSourceName(RankSource s)
{
    static const char *const names[] = {"none", "distributedInfo", "file_name"};
    return names[size_t(s)];
}

const char *rankSourceLabel(RankSource s)
{
    static const char *const labels[] = {"unknown", "distributedInfo.rank", "file name"};
    return labels[size_t(s)];
}

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

std::optional<int> rankOfDistributedInfo(std::string_view s)
{
    size_t i = skipSpace(s, 0);
    if (i >= s.size() || s[i] != '{')
        return std::nullopt;
    ++i;
    int depth = 1;  // only the object's own keys count, not those of its pg_config entries
    bool expectKey = true;
    while (i < s.size() && depth > 0) {
        const char c = s[i];
        if (c == '"') {
            const size_t end = skipString(s, i);
            if (end == std::string_view::npos)
                return std::nullopt;
            const std::string_view text = s.substr(i + 1, end - i - 2);
            i = skipSpace(s, end);
            if (depth == 1 && expectKey && i < s.size() && s[i] == ':') {
                i = skipSpace(s, i + 1);
                if (text == "rank") {
                    int rank = 0;
                    const auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), rank);
                    if (ec != std::errc() || (p < s.data() + s.size() && (*p == '.' || *p == 'e' || *p == 'E')))
                        return std::nullopt;
                    return rank;
                }
                expectKey = false;
            }
            continue;
        }
        if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']')
            --depth;
        else if (c == ',' && depth == 1)
            expectKey = true;
        ++i;
    }
    return std::nullopt;
}

std::optional<int> distributedRankInHead(std::string_view head)
{
    constexpr std::string_view key = "\"distributedInfo\"";
    const size_t at = head.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    const size_t colon = skipSpace(head, at + key.size());
    if (colon >= head.size() || head[colon] != ':')
        return std::nullopt;
    return rankOfDistributedInfo(head.substr(colon + 1));
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
                throw TraceError(path, "directory holds no trace files (.json, .json.gz, .json.zst, .sqlite), nor do its subfolders");
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
                throw TraceError(path, "archive holds no trace files (.json, .json.gz, .json.zst, .sqlite)");
        } else {
            // A single file: its rank only matters for reports, so its head is read for it too; not
            // from a FIFO or a device, where reading would block (loading says what it is).
            out.push_back(makeMember(path, {}, path, name, stdfs::is_regular_file(status) ? fileHead(path) : std::string()));
        }
    }
    sortMembers(out);
    dropCompressedTwins(out, warnings);
    if (out.size() > 1) {
        warnAboutSharedRanks(out, warnings);
        warnAboutNameMismatches(out, warnings);
    }
    return out;
}

} // namespace fusion
