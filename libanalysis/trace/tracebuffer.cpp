#include "trace/tracebuffer.h"
#include "trace/traceerror.h"

#include <archive.h>
#include <archive_entry.h>
#include <simdjson.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

namespace fusion {

namespace {
constexpr size_t kPadding = simdjson::SIMDJSON_PADDING;

size_t pageRound(size_t n)
{
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return (n + page - 1) / page * page;
}

std::string mb(size_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MB"; }

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// A growable heap buffer that keeps kPadding zero bytes after its content.
struct Growable {
    char *data = nullptr;
    size_t size = 0, capacity = 0;
    Growable() = default;
    Growable(const Growable &) = delete;
    Growable &operator=(Growable &&o) noexcept
    {
        std::swap(data, o.data);
        std::swap(size, o.size);
        std::swap(capacity, o.capacity);
        return *this;
    }
    ~Growable() { std::free(data); }
    char *take() { return std::exchange(data, nullptr); }
    void reserve(size_t n)
    {
        if (n + kPadding <= capacity)
            return;
        const size_t cap = n + kPadding;
        char *p = static_cast<char *>(std::realloc(data, cap));
        if (!p)
            throw std::bad_alloc();
        data = p;
        capacity = cap;
    }
    void append(const char *p, size_t n)
    {
        if (size + n + kPadding > capacity)
            reserve(std::max(size + n, capacity + capacity / 2));
        std::memcpy(data + size, p, n);
        size += n;
    }
};

struct ArchiveCloser {
    void operator()(archive *a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveCloser>;

// libarchive's message, which it does not always set.
std::string archiveError(archive *a, const char *fallback)
{
    const char *e = archive_error_string(a);
    return e && *e ? e : fallback;
}

bool looksLikeTraceMember(std::string_view name)
{
    return endsWith(name, ".json") || endsWith(name, ".json.gz") || endsWith(name, ".json.zst")
           || endsWith(name, ".json.xz");
}
} // namespace

Compression sniffCompression(std::string_view b)
{
    auto starts = [&](std::string_view magic) { return b.substr(0, magic.size()) == magic; };
    if (starts("\x1f\x8b"))
        return Compression::Gzip;
    if (starts("\x28\xb5\x2f\xfd"))
        return Compression::Zstd;
    if (starts(std::string_view("\xfd" "7zXZ\0", 6)))
        return Compression::Xz;
    if (starts("BZh"))
        return Compression::Bzip2;
    if (starts("PK\x03\x04") || starts("PK\x05\x06"))
        return Compression::Zip;
    if (b.size() > 262 && b.substr(257, 5) == "ustar")
        return Compression::Tar;
    return Compression::None;
}

const char *compressionName(Compression c)
{
    switch (c) {
    case Compression::None: return "none";
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::Xz: return "xz";
    case Compression::Bzip2: return "bzip2";
    case Compression::Zip: return "zip";
    case Compression::Tar: return "tar";
    case Compression::Unknown: break;
    }
    return "unknown";
}

TraceBuffer::~TraceBuffer() { release(); }

TraceBuffer::TraceBuffer(TraceBuffer &&o) noexcept { *this = std::move(o); }

TraceBuffer &TraceBuffer::operator=(TraceBuffer &&o) noexcept
{
    if (this != &o) {
        release();
        m_data = std::exchange(o.m_data, nullptr);
        m_size = std::exchange(o.m_size, 0);
        m_capacity = std::exchange(o.m_capacity, 0);
        m_mapLength = std::exchange(o.m_mapLength, 0);
        m_compressedSize = o.m_compressedSize;
        m_mapped = o.m_mapped;
        m_borrowed = o.m_borrowed;
        m_compression = o.m_compression;
    }
    return *this;
}

TraceBuffer TraceBuffer::prefix(const TraceBuffer &of, size_t size)
{
    TraceBuffer b;
    b.m_data = of.m_data;
    b.m_size = std::min(size, of.m_size);
    b.m_capacity = of.m_capacity;
    b.m_mapped = of.m_mapped;
    b.m_borrowed = true;
    b.m_compression = of.m_compression;
    b.m_compressedSize = of.m_compressedSize;
    return b;
}

void TraceBuffer::release()
{
    if (m_data && !m_borrowed) {
        if (m_mapped)
            munmap(m_data, m_mapLength);
        else
            std::free(m_data);
    }
    m_data = nullptr;
    m_size = m_capacity = m_mapLength = 0;
}

size_t TraceBuffer::defaultLimit()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    size_t kb = 0;
    while (meminfo >> key >> kb) {
        if (key == "MemAvailable:")
            return kb * 1024;
        meminfo.ignore(256, '\n');
    }
    return size_t(8) << 30;
}

TraceBuffer TraceBuffer::fromString(std::string_view json)
{
    Growable g;
    g.reserve(json.size());
    g.append(json.data(), json.size());
    std::memset(g.data + g.size, 0, g.capacity - g.size);
    TraceBuffer b;
    b.m_size = g.size;
    b.m_capacity = g.capacity;
    b.m_data = g.take();
    return b;
}

namespace {

// Maps a plain file with zeroed padding after it: an anonymous mapping reserves size+padding,
// and the file is mapped over its start, so no byte is copied.
void mapFile(const std::string &path, int fd, size_t size, char *&data, size_t &mapLength)
{
    mapLength = pageRound(size + kPadding);
    void *base = mmap(nullptr, mapLength, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        throw TraceError(path, std::string("cannot map file: ") + std::strerror(errno));
    if (size > 0) {
        // Small files are faulted in at once; big ones page in as the parser streams through them
        // (it drops the pages behind it, so the file never sits in memory whole).
        const int populate = size < (size_t(256) << 20) ? MAP_POPULATE : 0;
        void *file = mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | populate, fd, 0);
        if (file == MAP_FAILED) {
            munmap(base, mapLength);
            throw TraceError(path, std::string("cannot map file: ") + std::strerror(errno));
        }
        madvise(base, size, MADV_SEQUENTIAL);
    }
    data = static_cast<char *>(base);
}

// Decompresses `a` (already opened) into g, member by member, stopping at the chosen entry.
void readEntry(archive *a, const std::string &path, Growable &g, size_t limit, size_t compressedSize,
               const std::function<bool(double)> &progress)
{
    char chunk[1 << 16];
    for (;;) {
        const la_ssize_t n = archive_read_data(a, chunk, sizeof chunk);
        if (n == 0)
            break;
        if (n < 0)
            throw TraceError(path, "cannot decompress: " + archiveError(a, "corrupt or truncated data"));
        if (g.size + size_t(n) > limit)
            throw TraceError(path, "decompressed size exceeds the size limit of " + mb(limit)
                                       + " (a compression bomb? raise the limit with --max-size)");
        g.append(chunk, size_t(n));
        if (progress && compressedSize > 0 && (g.size & ((1u << 24) - 1)) < size_t(n)) {
            const double done = double(archive_filter_bytes(a, -1)) / double(compressedSize);
            if (!progress(std::min(1.0, done)))
                throw Cancelled();
        }
    }
}

size_t gzipSizeHint(const std::string &path, size_t compressedSize)
{
    // The gzip trailer holds the uncompressed size mod 2^32: a good first reservation.
    std::ifstream in(path, std::ios::binary);
    in.seekg(-4, std::ios::end);
    unsigned char t[4] = {};
    in.read(reinterpret_cast<char *>(t), 4);
    const size_t isize = size_t(t[0]) | size_t(t[1]) << 8 | size_t(t[2]) << 16 | size_t(t[3]) << 24;
    // deflate expands at most ~1032:1: a trailer claiming more is corrupt or hostile.
    const size_t most = compressedSize * 1032;
    return isize >= compressedSize ? std::min(isize, most) : compressedSize * 8;
}

// libarchive does not check the gzip trailer: a flipped bit in the data would go unnoticed. For a
// single-member gzip (the trailer's length matches the output) the CRC32 is checked here.
void checkGzipTrailer(const std::string &path, const char *data, size_t size)
{
    std::ifstream in(path, std::ios::binary);
    in.seekg(-8, std::ios::end);
    unsigned char t[8] = {};
    if (!in.read(reinterpret_cast<char *>(t), 8))
        return;
    const uint32_t crc = uint32_t(t[0]) | uint32_t(t[1]) << 8 | uint32_t(t[2]) << 16 | uint32_t(t[3]) << 24;
    const uint32_t isize = uint32_t(t[4]) | uint32_t(t[5]) << 8 | uint32_t(t[6]) << 16 | uint32_t(t[7]) << 24;
    if (isize != uint32_t(size))
        return;  // several gzip members (the trailer is the last one's), or trailing bytes: not checked
    uLong c = crc32(0L, Z_NULL, 0);
    for (size_t done = 0; done < size;) {
        const uInt n = uInt(std::min<size_t>(size - done, size_t(1) << 30));
        c = crc32(c, reinterpret_cast<const Bytef *>(data + done), n);
        done += n;
    }
    if (uint32_t(c) != crc)
        throw TraceError(path, "corrupt gzip file: the CRC32 checksum of the data does not match its trailer");
}

} // namespace

TraceBuffer TraceBuffer::load(const std::string &path, const std::string &member, size_t limit,
                              const std::function<bool(double)> &progress)
{
    struct stat st{};
    if (stat(path.c_str(), &st) != 0)
        throw TraceError(path, std::string("cannot open: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode))
        throw TraceError(path, "is a directory, not a trace file");
    if (!S_ISREG(st.st_mode))  // a FIFO or device would block open() or never end
        throw TraceError(path, "is not a regular file (a pipe, socket or device)");
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw TraceError(path, std::string("cannot open: ") + std::strerror(errno));
    char head[512] = {};
    const ssize_t got = pread(fd, head, sizeof head, 0);
    const Compression c = sniffCompression(std::string_view(head, got > 0 ? size_t(got) : 0));
    if (limit == 0)
        limit = defaultLimit();

    TraceBuffer b;
    b.m_compression = c;
    b.m_compressedSize = size_t(st.st_size);
    if (c == Compression::None) {
        if (size_t(st.st_size) > limit) {
            close(fd);
            throw TraceError(path, "file size " + mb(size_t(st.st_size)) + " exceeds the size limit of " + mb(limit)
                                       + " (raise the limit with --max-size)");
        }
        try {
            mapFile(path, fd, size_t(st.st_size), b.m_data, b.m_mapLength);
        } catch (...) {
            close(fd);
            throw;
        }
        close(fd);
        b.m_mapped = true;
        b.m_size = size_t(st.st_size);
        b.m_capacity = b.m_mapLength;
        return b;
    }
    close(fd);

    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_all(a.get());
    archive_read_support_format_raw(a.get());
    if (archive_read_open_filename(a.get(), path.c_str(), 1 << 20) != ARCHIVE_OK)
        throw TraceError(path, "cannot decompress: " + archiveError(a.get(), "unreadable compressed file"));

    Growable g;
    archive_entry *entry = nullptr;
    bool found = false;
    while (true) {
        const int r = archive_read_next_header(a.get(), &entry);
        if (r == ARCHIVE_EOF)
            break;
        if (r != ARCHIVE_OK && r != ARCHIVE_WARN)  // ARCHIVE_RETRY is not a header either
            throw TraceError(path, "cannot read archive: " + archiveError(a.get(), "corrupt or truncated archive"));
        const bool raw = archive_format(a.get()) == ARCHIVE_FORMAT_RAW;
        const char *nm = archive_entry_pathname(entry);
        const std::string name = nm ? nm : "";
        if (!raw) {
            if (archive_entry_filetype(entry) != AE_IFREG)
                continue;
            if (!member.empty() ? name != member : !looksLikeTraceMember(name))
                continue;
        }
        if (raw && c == Compression::Gzip)
            g.reserve(std::min(limit, gzipSizeHint(path, b.m_compressedSize)));
        readEntry(a.get(), path, g, limit, b.m_compressedSize, progress);
        if (raw && c == Compression::Gzip)
            checkGzipTrailer(path, g.data, g.size);
        found = true;
        break;
    }
    if (!found)
        throw TraceError(path, member.empty() ? "archive holds no trace (.json, .json.gz, .json.zst)"
                                              : "archive has no member named " + member);
    // A member that is itself compressed (e.g. rank0.json.gz inside a tar) is unpacked once more.
    const Compression inner = sniffCompression(std::string_view(g.data, std::min<size_t>(g.size, 512)));
    if (inner == Compression::Gzip || inner == Compression::Zstd || inner == Compression::Xz
        || inner == Compression::Bzip2) {
        ArchivePtr a2(archive_read_new());
        archive_read_support_filter_all(a2.get());
        archive_read_support_format_raw(a2.get());
        if (archive_read_open_memory(a2.get(), g.data, g.size) != ARCHIVE_OK
            || archive_read_next_header(a2.get(), &entry) != ARCHIVE_OK)
            throw TraceError(path, "cannot decompress member: " + archiveError(a2.get(), "corrupt or truncated data"));
        Growable g2;
        readEntry(a2.get(), path, g2, limit, 0, {});
        g = std::move(g2);
    }
    g.reserve(g.size);
    std::memset(g.data + g.size, 0, g.capacity - g.size);
    b.m_size = g.size;
    b.m_capacity = g.capacity;
    b.m_data = g.take();
    return b;
}

} // namespace fusion
