#pragma once
// A forward walk over the outer levels of a large JSON document, byte by byte and without building
// anything: it reads keys, skips the values a reader does not want, and cuts long arrays into pieces
// of whole elements that simdjson then parses one at a time. simdjson's index of a document is
// several times the document's size; this way only one piece (a few megabytes) is indexed at once,
// and the bytes behind the walk are dropped (the pages of a mapped file, the decompressed stretch of a
// compressed one, which may still be decompressing ahead of the walk).
#include "trace/tracebuffer.h"

#include <functional>
#include <string>
#include <string_view>

namespace fusion {

class JsonWalk {
public:
    // `tick` runs while waiting for a compressed file's bytes; false cancels (throws Cancelled).
    JsonWalk(const TraceBuffer &bytes, const std::string &file, std::function<bool()> tick);

    size_t offset() const { return m_pos; }
    // The next non-blank byte, not consumed; '\0' at the end of the file.
    char peek();
    void expect(char c, const char *where);  // consumes c or fails naming `where`
    // Iterates an object's members or an array's elements: call with first = true right after the
    // opening bracket was consumed, then after each value. True when a member or element follows
    // (its separator consumed); false once the closing bracket is consumed.
    bool next(char close, bool &first);
    // At a member: its key, with the ':' after it consumed. Escapes are kept as written (keys of
    // profiler output are plain ASCII). Like bytes(), valid until release() passes it.
    std::string_view key();
    // Skips one value; returns where it started (the walk is then just past it).
    size_t skipValue();
    // Inside an array: the next run of whole elements, from `begin` to `end`, at least `target`
    // bytes unless the array ends first; false at the array's end (its ']' consumed).
    bool nextPiece(size_t target, size_t &begin, size_t &end);
    // The bytes [begin, end), waiting for them; valid until release() passes them.
    std::string_view bytes(size_t begin, size_t end);
    void release(size_t upTo);  // nothing before upTo is read again
    bool atEnd();               // only blanks are left

    [[noreturn]] void fail(const std::string &problem, size_t at) const;
    [[noreturn]] void truncated() const;

private:
    // The file's bytes from the start with at least `want` readable, or fewer at its end.
    std::string_view window(size_t want);
    size_t stringEnd(size_t quote);     // just past the closing quote of the string starting at `quote`
    size_t containerEnd(size_t open);   // just past the bracket closing the one at `open`
    size_t scalarEnd(size_t from);      // just past a number or literal

    const TraceBuffer &m_bytes;
    const std::string &m_file;
    std::function<bool()> m_tick;
    size_t m_pos = 0;
    size_t m_released = 0;
    bool m_ended = false;
};

} // namespace fusion
