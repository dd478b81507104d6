#include "trace/jsonwalk.h"

#include "trace/traceerror.h"

#include <cstring>

namespace fusion {

namespace {
// How far ahead of the walk a byte loop asks for bytes: a compressed file is waited for in steps
// this big rather than byte by byte.
constexpr size_t kStep = size_t(1) << 20;

bool blank(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
} // namespace

JsonWalk::JsonWalk(const TraceBuffer &bytes, const std::string &file, std::function<bool()> tick)
    : m_bytes(bytes), m_file(file), m_tick(std::move(tick))
{
}

std::string_view JsonWalk::window(size_t want)
{
    bool ended = false;
    const size_t n = m_bytes.waitFor(want, ended, m_tick);
    m_ended = ended;
    return {m_bytes.data(), n};
}

void JsonWalk::fail(const std::string &problem, size_t at) const
{
    throw TraceError(m_file, problem, int64_t(at));
}

void JsonWalk::truncated() const
{
    fail("truncated JSON: the file ends inside a string, object or array", m_bytes.sizeSoFar());
}

char JsonWalk::peek()
{
    for (;;) {
        const std::string_view all = window(m_pos + 4096);
        while (m_pos < all.size()) {
            if (!blank(all[m_pos]))
                return all[m_pos];
            ++m_pos;
        }
        if (m_ended)
            return '\0';
    }
}

bool JsonWalk::atEnd()
{
    return peek() == '\0' && m_pos >= window(m_pos + 1).size();
}

void JsonWalk::expect(char c, const char *where)
{
    const char got = peek();
    if (got == c) {
        ++m_pos;
        return;
    }
    if (atEnd())
        truncated();
    fail(std::string("invalid JSON: expected '") + c + "' " + where, m_pos);
}

bool JsonWalk::next(char close, bool &first)
{
    const char c = peek();
    if (c == close) {
        ++m_pos;
        return false;
    }
    if (first) {
        first = false;
        return true;
    }
    if (c == ',') {
        ++m_pos;
        return true;
    }
    if (atEnd())
        truncated();
    fail(std::string("invalid JSON: expected ',' or '") + close + "'", m_pos);
}

std::string_view JsonWalk::key()
{
    if (peek() != '"') {
        if (atEnd())
            truncated();
        fail("invalid JSON: expected a key (a string)", m_pos);
    }
    const size_t begin = m_pos;
    m_pos = stringEnd(begin);
    const std::string_view k = window(m_pos).substr(begin + 1, m_pos - begin - 2);
    expect(':', "after a key");
    return k;
}

size_t JsonWalk::stringEnd(size_t quote)
{
    for (size_t from = quote + 1;;) {
        const std::string_view all = window(from + kStep);
        const char *d = all.data();
        const void *q = from < all.size() ? std::memchr(d + from, '"', all.size() - from) : nullptr;
        if (!q) {
            if (m_ended)
                truncated();
            from = all.size();
            continue;
        }
        const size_t at = size_t(static_cast<const char *>(q) - d);
        size_t k = at;
        while (k > quote + 1 && d[k - 1] == '\\')
            --k;
        if ((at - k) % 2 == 0)  // not escaped: an even run of backslashes before it
            return at + 1;
        from = at + 1;
    }
}

size_t JsonWalk::containerEnd(size_t open)
{
    size_t depth = 0, i = open, stringStart = 0;
    bool inString = false;
    for (;;) {
        const std::string_view all = window(i + kStep);
        const char *d = all.data();
        const size_t n = all.size();
        while (i < n) {
            if (inString) {
                const void *q = std::memchr(d + i, '"', n - i);
                if (!q) {
                    i = n;
                    break;
                }
                const size_t at = size_t(static_cast<const char *>(q) - d);
                size_t k = at;
                while (k > stringStart + 1 && d[k - 1] == '\\')
                    --k;
                inString = (at - k) % 2 != 0;
                i = at + 1;
                continue;
            }
            switch (d[i++]) {
            case '"':
                inString = true;
                stringStart = i - 1;
                break;
            case '{':
            case '[':
                ++depth;
                break;
            case '}':
            case ']':
                if (--depth == 0)
                    return i;
                break;
            default:
                break;
            }
        }
        if (m_ended)
            truncated();
    }
}

size_t JsonWalk::scalarEnd(size_t from)
{
    for (size_t i = from;;) {
        const std::string_view all = window(i + 64);
        for (; i < all.size(); ++i) {
            const char c = all[i];
            if (c == ',' || c == '}' || c == ']' || blank(c))
                return i;
        }
        if (m_ended)
            return i;
    }
}

size_t JsonWalk::skipValue()
{
    const char c = peek();
    const size_t begin = m_pos;
    if (c == '"')
        m_pos = stringEnd(begin);
    else if (c == '{' || c == '[')
        m_pos = containerEnd(begin);
    else
        m_pos = scalarEnd(begin);
    if (m_pos == begin) {
        if (atEnd())
            truncated();
        fail("invalid JSON: expected a value", begin);
    }
    return begin;
}

bool JsonWalk::nextPiece(size_t target, size_t &begin, size_t &end)
{
    if (peek() == ']') {
        ++m_pos;
        return false;
    }
    begin = m_pos;
    for (;;) {
        skipValue();
        end = m_pos;
        const char c = peek();
        if (c == ']')
            return true;  // consumed by the next call
        if (c != ',') {
            if (atEnd())
                truncated();
            fail("invalid JSON: expected ',' or ']' after an array element", m_pos);
        }
        ++m_pos;
        if (end - begin >= target)
            return true;
    }
}

std::string_view JsonWalk::bytes(size_t begin, size_t end)
{
    const std::string_view all = window(end);
    if (all.size() < end)
        truncated();
    return all.substr(begin, end - begin);
}

void JsonWalk::release(size_t upTo)
{
    if (upTo >= m_released + kStep) {
        m_bytes.discard(m_released, upTo);
        m_released = upTo;
    }
}

} // namespace fusion
