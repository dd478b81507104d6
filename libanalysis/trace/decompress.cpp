#include "trace/decompress.h"
#include "trace/archiveptr.h"
#include "trace/traceerror.h"
#include "util/text.h"

#include <archive_entry.h>

#include <cstring>
#include <fstream>
#include <memory>
#include <vector>
#include <zlib.h>

namespace fusion {

namespace {

constexpr size_t kPiece = size_t(1) << 20;  // what one archive_read_data() call may write


bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool looksLikeTraceMember(std::string_view name)
{
    return endsWith(name, ".json") || endsWith(name, ".json.gz") || endsWith(name, ".json.zst")
           || endsWith(name, ".json.xz");
}

// A member that is itself compressed is gathered here whole before it is unpacked once more.
class HeapSink : public ByteSink {
public:
    char *room(size_t want) override
    {
        if (m_size + want > m_bytes.size())
            m_bytes.resize(std::max(m_size + want, m_bytes.size() + m_bytes.size() / 2));
        return m_bytes.data() + m_size;
    }
    void commit(size_t n) override { m_size += n; }
    size_t size() const override { return m_size; }
    const char *data() const { return m_bytes.data(); }

private:
    std::vector<char> m_bytes;
    size_t m_size = 0;
};

struct Reader {
    const std::string &path;
    size_t limit;
    const std::function<bool(uint64_t)> &input;

    void add(ByteSink &out, const char *from, size_t n) const
    {
        checkLimit(out, n);
        std::memcpy(out.room(n), from, n);
        out.commit(n);
    }
    void checkLimit(const ByteSink &out, size_t n) const
    {
        if (out.size() + n > limit)
            throw TraceError(path, "decompressed size exceeds the size limit of " + megabytes(limit)
                                       + " (a compression bomb? raise the limit with --max-size)");
    }
    // The rest of the current entry of `a` into out, writing straight into its room (no copy).
    void entry(archive *a, ByteSink &out, uLong *crc) const
    {
        for (;;) {
            char *p = out.room(kPiece);
            const la_ssize_t n = archive_read_data(a, p, kPiece);
            if (n == 0)
                return;
            if (n < 0)
                throw TraceError(path, "cannot decompress: " + archiveError(a, "corrupt or truncated data"));
            checkLimit(out, size_t(n));
            if (crc)
                *crc = crc32(*crc, reinterpret_cast<const Bytef *>(p), uInt(n));
            out.commit(size_t(n));
            if (input && !input(uint64_t(archive_filter_bytes(a, -1))))
                throw Cancelled();
        }
    }
};

// libarchive does not check the gzip trailer: a flipped bit in the data would go unnoticed. For a
// single-member gzip (the trailer's length matches the output) the CRC32 is checked here.
void checkGzipTrailer(const std::string &path, uLong crc, size_t size)
{
    std::ifstream in(path, std::ios::binary);
    in.seekg(-8, std::ios::end);
    unsigned char t[8] = {};
    if (!in.read(reinterpret_cast<char *>(t), 8))
        return;
    const uint32_t want = uint32_t(t[0]) | uint32_t(t[1]) << 8 | uint32_t(t[2]) << 16 | uint32_t(t[3]) << 24;
    const uint32_t isize = uint32_t(t[4]) | uint32_t(t[5]) << 8 | uint32_t(t[6]) << 16 | uint32_t(t[7]) << 24;
    if (isize != uint32_t(size))
        return;  // several gzip members (the trailer is the last one's), or trailing bytes: not checked
    if (uint32_t(crc) != want)
        throw TraceError(path, "corrupt gzip file: the CRC32 checksum of the data does not match its trailer");
}

} // namespace

void decompressTrace(const std::string &path, const std::string &member, Compression c, size_t limit,
                     ByteSink &out, const std::function<bool(uint64_t)> &input)
{
    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_all(a.get());
    archive_read_support_format_raw(a.get());
    if (archive_read_open_filename(a.get(), path.c_str(), 1 << 20) != ARCHIVE_OK)
        throw TraceError(path, "cannot decompress: " + archiveError(a.get(), "unreadable compressed file"));

    const Reader reader{path, limit, input};
    archive_entry *entry = nullptr;
    for (;;) {
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
        // Only a plain gzip stream has a trailer whose CRC covers exactly these bytes.
        uLong crc = crc32(0L, Z_NULL, 0);
        uLong *const check = raw && c == Compression::Gzip ? &crc : nullptr;
        // The first piece tells whether the member (e.g. rank0.json.gz inside a tar) is compressed too.
        std::vector<char> first(kPiece);
        const la_ssize_t n = archive_read_data(a.get(), first.data(), first.size());
        if (n < 0)
            throw TraceError(path, "cannot decompress: " + archiveError(a.get(), "corrupt or truncated data"));
        if (check)
            crc = crc32(crc, reinterpret_cast<const Bytef *>(first.data()), uInt(n));
        const Compression inner = sniffCompression(std::string_view(first.data(), std::min<size_t>(size_t(n), 512)));
        if (!isCompressedStream(inner)) {
            reader.add(out, first.data(), size_t(n));
            reader.entry(a.get(), out, check);
            if (check)
                checkGzipTrailer(path, crc, out.size());
            return;
        }
        HeapSink packed;
        reader.add(packed, first.data(), size_t(n));
        reader.entry(a.get(), packed, check);
        if (check)
            checkGzipTrailer(path, crc, packed.size());
        ArchivePtr a2(archive_read_new());
        archive_read_support_filter_all(a2.get());
        archive_read_support_format_raw(a2.get());
        if (archive_read_open_memory(a2.get(), packed.data(), packed.size()) != ARCHIVE_OK
            || archive_read_next_header(a2.get(), &entry) != ARCHIVE_OK)
            throw TraceError(path, "cannot decompress member: " + archiveError(a2.get(), "corrupt or truncated data"));
        const uint64_t whole = uint64_t(archive_filter_bytes(a.get(), -1));
        const std::function<bool(uint64_t)> done = [&](uint64_t) { return !input || input(whole); };
        const Reader innerReader{path, limit, done};
        innerReader.entry(a2.get(), out, nullptr);
        return;
    }
    throw TraceError(path, member.empty() ? "archive holds no trace (.json, .json.gz, .json.zst)"
                                          : "archive has no member named " + member);
}

} // namespace fusion
