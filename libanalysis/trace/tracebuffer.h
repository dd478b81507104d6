#pragma once
// The bytes of one uncompressed trace, with the zeroed tail padding simdjson needs.
// Plain files are memory-mapped (no copy: fresh pages are expensive); compressed ones are
// decompressed once into one buffer sized from the gzip trailer when it can be.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace fusion {

enum class Compression { None, Gzip, Zstd, Xz, Bzip2, Zip, Tar, Unknown };
Compression sniffCompression(std::string_view firstBytes);
const char *compressionName(Compression c);

class TraceBuffer {
public:
    TraceBuffer() = default;
    ~TraceBuffer();
    TraceBuffer(TraceBuffer &&o) noexcept;
    TraceBuffer &operator=(TraceBuffer &&o) noexcept;
    TraceBuffer(const TraceBuffer &) = delete;
    TraceBuffer &operator=(const TraceBuffer &) = delete;

    const char *data() const { return m_data; }
    size_t size() const { return m_size; }
    size_t capacity() const { return m_capacity; }  // size + padding, all readable
    std::string_view view() const { return {m_data, m_size}; }
    bool isMapped() const { return m_mapped; }
    Compression compression() const { return m_compression; }
    size_t compressedSize() const { return m_compressedSize; }
    void release();  // frees the bytes early (once parsed)

    // Reads path (a plain or compressed file; for an archive, `member` names the entry, empty =
    // the only/first JSON entry). Throws TraceError. `limit` caps the uncompressed size
    // (0 = the machine's available memory). `progress(fraction)` returning false cancels.
    static TraceBuffer load(const std::string &path, const std::string &member = {}, size_t limit = 0,
                            const std::function<bool(double)> &progress = {});
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
    Compression m_compression = Compression::None;
};

} // namespace fusion
