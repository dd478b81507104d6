#pragma once
// libarchive readers owned by a unique_ptr, and their error messages (which libarchive does not
// always set), for the code that lists and decompresses traces.
#include <archive.h>

#include <memory>
#include <string>

namespace fusion {

struct ArchiveCloser {
    void operator()(archive *a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveCloser>;

inline std::string archiveError(archive *a, const char *fallback)
{
    const char *e = archive_error_string(a);
    return e && *e ? e : fallback;
}

} // namespace fusion
