#include "trace/tracebuffer.h"
#include "util/text.h"
#include "trace/mapguard.h"
#include "trace/traceerror.h"
#include "trace/tracestream.h"

#include <simdjson.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fusion {

namespace {
constexpr size_t kPadding = simdjson::SIMDJSON_PADDING;

size_t pageRound(size_t n)
{
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return (n + page - 1) / page * page;
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

bool isCompressedStream(Compression c)
{
    return c == Compression::Gzip || c == Compression::Zstd || c == Compression::Xz || c == Compression::Bzip2;
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
        m_guard = std::exchange(o.m_guard, -1);
        m_fd = std::exchange(o.m_fd, -1);
        m_compression = o.m_compression;
        m_stream = std::move(o.m_stream);
    }
    return *this;
}

TraceBuffer TraceBuffer::prefix(const TraceBuffer &of, size_t size)
{
    TraceBuffer b;
    b.m_data = const_cast<char *>(of.data());
    b.m_size = std::min(size, of.size());
    b.m_capacity = of.capacity();
    b.m_mapped = of.m_mapped;
    b.m_fd = of.m_fd;  // `of` keeps it open (and closes it): the view must not outlive it
    b.m_borrowed = true;
    b.m_compression = of.m_compression;
    b.m_compressedSize = of.m_compressedSize;
    return b;
}

void TraceBuffer::release()
{
    m_stream.reset();
    if (m_data && !m_borrowed) {
        if (m_mapped) {
            mapguard::unwatch(m_guard);
            munmap(m_data, m_mapLength);
            close(m_fd);
        } else {
            std::free(m_data);
        }
    }
    m_guard = m_fd = -1;
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
    TraceBuffer b;
    b.m_size = json.size();
    b.m_capacity = json.size() + kPadding;
    b.m_data = static_cast<char *>(std::calloc(b.m_capacity, 1));
    if (!b.m_data)
        throw std::bad_alloc();
    std::memcpy(b.m_data, json.data(), json.size());
    return b;
}

const char *TraceBuffer::data() const { return m_stream ? m_stream->data() : m_data; }

size_t TraceBuffer::size() const { return m_stream ? m_stream->finish() : m_size; }

size_t TraceBuffer::capacity() const { return m_stream ? m_stream->finish() + kPadding : m_capacity; }

size_t TraceBuffer::waitFor(size_t want, bool &ended, const Tick &tick) const
{
    if (m_stream)
        return m_stream->waitFor(want, ended, tick);
    ended = true;
    return m_size;
}

void TraceBuffer::discard(size_t from, size_t to) const
{
    if (m_stream) {
        m_stream->discardBefore(to);
        return;
    }
    if (!m_mapped)
        return;
    // Parsed pages of a mapped file are not needed again (a fallback re-reads them from the file).
    // Only whole pages inside the range: two parsers may work on neighbouring ranges.
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const size_t lo = (from + page - 1) / page * page, hi = std::min(to, m_size) / page * page;
    if (lo < hi)
        madvise(m_data + lo, hi - lo, MADV_DONTNEED);
}

void TraceBuffer::copy(char *to, size_t from, size_t length) const
{
    size_t done = 0;
    if (m_mapped && m_fd >= 0) {
        while (done < length) {
            const ssize_t got = pread(m_fd, to + done, length - done, off_t(from + done));
            if (got <= 0)
                break;  // cut short by another program: the mapping's guard tells (mapguard.h)
            done += size_t(got);
        }
    }
    std::memcpy(to + done, data() + from + done, length - done);
}

void TraceBuffer::rewind(const Tick &tick) const
{
    if (m_stream)
        m_stream->rewind(tick);
}

bool TraceBuffer::truncatedWhileRead() const { return mapguard::faulted(m_guard); }

size_t TraceBuffer::sizeEstimate() const
{
    // An archive's compressed size covers all its members, not the one being read: no guess.
    if (m_compression == Compression::Zip || m_compression == Compression::Tar)
        return 0;
    return m_stream ? m_stream->sizeEstimate() : m_size;
}

size_t TraceBuffer::sizeSoFar() const { return m_stream ? m_stream->size() : m_size; }

double TraceBuffer::fractionAt(size_t offset) const
{
    if (m_stream)
        return m_stream->fractionAt(offset);
    return m_size > 0 ? std::min(1.0, double(offset) / double(m_size)) : 1.0;
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
        // Small files, parsed as one document, are faulted in at once; the parser copies the pieces
        // of larger ones out with copy(), and touches few of their pages.
        const int populate = size < (size_t(16) << 20) ? MAP_POPULATE : 0;
        void *file = mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | populate, fd, 0);
        if (file == MAP_FAILED) {
            munmap(base, mapLength);
            throw TraceError(path, std::string("cannot map file: ") + std::strerror(errno));
        }
        madvise(base, size, MADV_SEQUENTIAL);
    }
    data = static_cast<char *>(base);
}

} // namespace

TraceBuffer TraceBuffer::load(const std::string &path, const std::string &member, size_t limit)
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
            throw TraceError(path, "file size " + megabytes(size_t(st.st_size)) + " exceeds the size limit of " + megabytes(limit)
                                       + " (raise the limit with --max-size)");
        }
        try {
            mapFile(path, fd, size_t(st.st_size), b.m_data, b.m_mapLength);
        } catch (...) {
            close(fd);
            throw;
        }
        b.m_fd = fd;
        b.m_mapped = true;
        b.m_guard = mapguard::watch(b.m_data, size_t(st.st_size));
        b.m_size = size_t(st.st_size);
        b.m_capacity = b.m_mapLength;
        return b;
    }
    close(fd);

    // The reader thread starts now; the parser takes the bytes as they come.
    b.m_stream = std::make_unique<TraceStream>(
        path, limit, b.m_compressedSize, [path, member, limit, c](TraceStream &s) {
            decompressTrace(path, member, c, limit, s, [&s](uint64_t read) {
                s.setInput(read);
                return !s.stopping();
            });
        });
    return b;
}

} // namespace fusion
