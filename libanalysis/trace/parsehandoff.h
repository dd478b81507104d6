#pragma once
// Where a parser of the rest of an event array meets a thread that turns up, part-way through, to
// take part of it. The owner says where each of its pieces starts; the helper picks where it is to
// start, at a piece boundary past the piece the owner is parsing, and the owner stops there.
#include <cstddef>
#include <mutex>
#include <string_view>

namespace fusion {

class ParseHandoff {
public:
    static constexpr size_t npos = std::string_view::npos;
    // The owner starts at `start` in a file of `size` bytes that it parses in pieces of about `piece`
    // bytes, each ending at the first boundary at least `piece` bytes after its start.
    ParseHandoff(size_t start, size_t size, size_t piece) : m_start(start), m_size(size), m_piece(piece) {}

    // The owner is about to parse a piece from `start` (npos: it has reached the array's end, and
    // nobody may start after it any more). Returns where it is to stop: npos, or the helper's start.
    size_t reached(size_t start)
    {
        std::lock_guard lock(m_mutex);
        m_start = start;
        if (start == npos)
            m_closed = true;
        return m_split;
    }

    // The helper: where it starts, the boundary that `boundaryAfter(from)` finds after the middle of
    // what is left (searched without the lock: it may have to read far), or npos when the owner is
    // done, less than four pieces are left (not worth a second store and its append), or the owner
    // got past that boundary meanwhile.
    template <class BoundaryAfter>
    size_t split(const BoundaryAfter &boundaryAfter)
    {
        size_t from = npos;
        {
            std::lock_guard lock(m_mutex);
            if (m_closed || m_start >= m_size || m_size - m_start < 4 * m_piece)
                return npos;
            from = m_start + (m_size - m_start) / 2;  // two pieces or more past the owner
        }
        const size_t at = boundaryAfter(from);
        std::lock_guard lock(m_mutex);
        // The owner's piece from m_start ends at the first boundary a piece on, never after `at`.
        if (m_closed || at == npos || m_start >= m_size || at < m_start + m_piece)
            return npos;
        m_split = at;
        return at;
    }

    // The owner is done: returns where the helper started, or npos if none did.
    size_t close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        return m_split;
    }

private:
    std::mutex m_mutex;
    size_t m_start;
    const size_t m_size, m_piece;
    size_t m_split = npos;
    bool m_closed = false;
};

} // namespace fusion
