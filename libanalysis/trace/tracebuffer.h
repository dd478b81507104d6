#pragma once
// The bytes of one uncompressed trace, with the zeroed tail padding simdjson needs.
// Plain files are memory-mapped (no copy: fresh pages are expensive); compressed ones are streamed:
// a reader thread decompresses them while the parser consumes the bytes (see TraceStream).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace fusion {

class TraceStream;

enum class Compression { None, Gzip, Zstd, Xz, Bzip2, Zip, Tar, Unknown };
Compression sniffCompression(std::string_view firstBytes);
bool isCompressedStream(Compression c);  // gzip, zstd, xz, bzip2: one stream, not an archive
const char *compressionName(Compression c);

class TraceBuffer {
public:
    TraceBuffer() = default;
    ~TraceBuffer();
    TraceBuffer(TraceBuffer &&o) noexcept;
    TraceBuffer &operator=(TraceBuffer &&o) noexcept;
    TraceBuffer(const TraceBuffer &) = delete;
    TraceBuffer &operator=(const TraceBuffer &) = delete;

    const char *data() const;
    size_t size() const;      // a streamed file's size is known at its end: this waits for it
    size_t capacity() const;  // size + padding, all readable
    std::string_view view() const { return {data(), size()}; }
    bool isMapped() const { return m_mapped; }
    bool isStreamed() const { return bool(m_stream); }
    Compression compression() const { return m_compression; }
    size_t compressedSize() const { return m_compressedSize; }
    void release();  // frees the bytes early (once parsed)
    // Another process truncated the mapped file while it was being read (see mapguard.h): the bytes
    // past the cut read as zeros.
    bool truncatedWhileRead() const;

    // The parser's side of streaming; other buffers are whole from the start. Dropping bytes does not
    // change the content: a mapped file's pages come back from the file, a streamed file's from
    // rewind(). `tick` runs about every 50 ms while waiting; returning false throws Cancelled.
    using Tick = std::function<bool()>;
    // Waits until the first `want` bytes can be read or the file has ended; returns how many can, and
    // sets `ended` when that is all of them. Rethrows the reader's TraceError.
    size_t waitFor(size_t want, bool &ended, const Tick &tick = {}) const;
    // The parser will not read [from, to) again; a streamed file's parser nothing before `to`.
    void discard(size_t from, size_t to) const;
    void rewind(const Tick &tick = {}) const;  // every byte readable again, the file's end reached
    double fractionAt(size_t offset) const;    // how far through the work offset is, for progress
    size_t sizeEstimate() const;               // the size, or for a streamed file a guess (0: none yet)
    size_t sizeSoFar() const;                  // the size, or what a streamed file has produced yet
    // Copies `length` bytes from offset `from` (all readable) to `to`. A mapped file's are read from
    // the file rather than through the mapping: a parser copying its pieces out then faults in no
    // page of the mapping (on virtual machines a page fault costs ~15 µs; reading a page-cached
    // gigabyte this way took 0.1 s against 0.6 s through the mapping).
    void copy(char *to, size_t from, size_t length) const;

    // Reads path (a plain or compressed file; for an archive, `member` names the entry, empty =
    // the only/first JSON entry). Throws TraceError; for a compressed file, its errors (corrupt data,
    // more than `limit` bytes) come from the calls above. `limit` caps the uncompressed size (0 = the
    // machine's available memory).
    static TraceBuffer load(const std::string &path, const std::string &member = {}, size_t limit = 0);
    static TraceBuffer fromString(std::string_view json);  // tests
    // The first `size` bytes of `of`, without a copy; `of` must outlive it (its padding stays valid
    // because the bytes after `size` are readable too).
    static TraceBuffer prefix(const TraceBuffer &of, size_t size);
    static size_t defaultLimit();

private:
    char *m_data = nullptr;
    size_t m_size = 0, m_capacity = 0, m_mapLength = 0, m_compressedSize = 0;
    bool m_mapped = false;
    bool m_borrowed = false;  // a prefix() view: frees nothing
    int m_guard = -1;         // mapguard handle of a mapped file
    int m_fd = -1;            // a mapped file, open for copy()
    std::unique_ptr<TraceStream> m_stream;
    Compression m_compression = Compression::None;
};

} // namespace fusion
