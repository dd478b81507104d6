#pragma once
// Decompression of a compressed trace (gzip, zstd, xz, bzip2 streams; zip and tar archives, whose
// members may be compressed once more) into a ByteSink, piece by piece, so that a reader thread can
// feed the parser while it decompresses.
#include "trace/tracebuffer.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace fusion {

// Where decompressed bytes go.
class ByteSink {
public:
    virtual ~ByteSink() = default;
    // Writable space for at least `want` more bytes after the current end (may block until the
    // consumer catches up).
    virtual char *room(size_t want) = 0;
    virtual void commit(size_t n) = 0;  // n bytes of room() are now content
    virtual size_t size() const = 0;
};

// Decompresses `path` (compression `c`, sniffed from its bytes) into `out`; for an archive, `member`
// names the entry (empty: the first JSON entry). Throws TraceError past `limit` bytes or on corrupt
// data (a single-member gzip's CRC32 is checked). `input(compressedBytesRead)` is called after each
// piece; returning false stops with Cancelled.
void decompressTrace(const std::string &path, const std::string &member, Compression c, size_t limit,
                     ByteSink &out, const std::function<bool(uint64_t)> &input);

} // namespace fusion
