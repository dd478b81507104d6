#pragma once
// A file written as a stream — plain, or gzip-compressed through zlib when its name ends in ".gz" —
// into a temporary beside it that is renamed into place only once complete: an export that fails
// or is cancelled half-way never leaves a truncated file under the name asked for, nor replaces an
// older complete one. A name that is not a regular file (/dev/null, a pipe, a symbolic link) is
// written as it is: renaming over it would replace the device, pipe or link itself.
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

namespace fusion {

class OutputFile {
public:
    enum class Compression { ByName, None };  // None: plain text whatever the name
    // Throws std::runtime_error naming the file when it cannot be created.
    explicit OutputFile(std::string path, Compression compression = Compression::ByName);
    ~OutputFile();  // without commit(): the temporary is removed
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    std::ostream &stream();
    // Flushes, ends the gzip stream, closes and renames the temporary to the path; throws
    // std::runtime_error naming the file when any write failed (a full disk, say).
    void commit();
    bool compressed() const;
    uint64_t uncompressedBytes() const;  // what went into stream()
    uint64_t fileBytes() const;          // what reached the disk

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

} // namespace fusion
