#include "util/jsonwriter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>

namespace fusion {

// A comparison of two large traces writes hundreds of megabytes of JSON: the writer appends whole
// pieces to its own buffer (no string per value, no formatted insertion, no stream call per piece),
// which made it several times faster than writing through operator<< piece by piece.
namespace {
constexpr size_t kBlock = size_t(1) << 20;
}

void JsonWriter::flush()
{
    if (m_pending.empty() || !m_out)
        return;
    m_out->write(m_pending.data(), std::streamsize(m_pending.size()));
    m_pending.clear();
}

void JsonWriter::emitted()
{
    if (m_pending.size() >= kBlock)
        flush();
}

void JsonWriter::append(JsonWriter &continued)
{
    flush();
    if (m_out)
        m_out->write(continued.m_pending.data(), std::streamsize(continued.m_pending.size()));
    else
        m_pending += continued.m_pending;
    m_first = std::move(continued.m_first);
    m_afterKey = continued.m_afterKey;
}

JsonWriter &JsonWriter::formatInBlocks(size_t count, const std::function<void(JsonWriter &, size_t)> &element)
{
    // Blocks of about 1/256 of the array: a few MB each for the largest documents, few enough tasks.
    const size_t block = std::max<size_t>(count / 256, 1);
    // Both threads take the next block not yet taken, each into its own writer (every block starts
    // from this writer's state: each element writes one value), and this one hands the blocks to
    // the stream in order as they are done. Neither waits for the other while a block is left to
    // format, and at most kAhead blocks wait to be handed on (their text is held meanwhile).
    constexpr size_t kAhead = 6;
    const size_t blocks = (count + block - 1) / block;
    // Each block's writer is made by the thread that takes it, when it takes it: made together, the
    // writers' small allocations shared cache lines between the two threads writing them, and the
    // formatting took a quarter more processor time.
    // A block after the first continues as if an element came before it.
    const std::vector<bool> firstState = m_first;
    std::vector<bool> laterState = m_first;
    laterState.back() = false;
    const bool afterKey = m_afterKey;  // read here: this writer's state changes as blocks are handed on
    std::vector<std::unique_ptr<JsonWriter>> parts(blocks);
    std::vector<uint8_t> done(blocks, 0);
    // A block's buffer starts a quarter larger than the largest block so far: grown from empty, a
    // block of megabytes was copied over a dozen times.
    size_t expect = 0;
    std::mutex mutex;
    std::condition_variable changed;
    size_t next = 0, handedOn = 0;
    bool stop = false;  // a block failed, or this thread left: no block is taken any more
    std::exception_ptr failure;  // of a block the helper formatted
    const auto format = [&](size_t b) {
        for (size_t i = b * block; i < std::min(count, (b + 1) * block); ++i)
            element(*parts[b], i);
    };
    // Takes a block if one is left within reach; false once none is.
    const auto formatNext = [&](std::unique_lock<std::mutex> &lock) {
        if (stop || next == blocks || next >= handedOn + kAhead)
            return false;
        const size_t b = next++;
        const size_t reserve = expect;
        lock.unlock();
        try {
            parts[b].reset(new JsonWriter(m_pretty, b > 0 ? laterState : firstState));
            parts[b]->m_afterKey = afterKey;
            parts[b]->m_pending.reserve(reserve);
            format(b);
        } catch (...) {  // the first failure ends both threads' work; this thread's caller gets it
            lock.lock();
            if (!failure)
                failure = std::current_exception();
            stop = true;
            changed.notify_all();
            throw;
        }
        lock.lock();
        const size_t size = parts[b]->m_pending.size();
        expect = std::max(expect, size + size / 4);
        done[b] = 1;
        changed.notify_all();
        return true;
    };
    auto helper = TaskPool::later(m_pool, [&] {
        std::unique_lock lock(mutex);
        try {
            while (!stop && next < blocks)
                if (!formatNext(lock))
                    changed.wait(lock);
        } catch (...) {  // kept in `failure` for this thread
        }
    });
    struct Stop {  // however this thread leaves: the helper stops taking blocks
        std::mutex &mutex;
        std::condition_variable &changed;
        bool &stop;
        ~Stop()
        {
            std::lock_guard lock(mutex);
            stop = true;
            changed.notify_all();
        }
    } stopHelper{mutex, changed, stop};
    std::unique_lock lock(mutex);
    while (handedOn < blocks) {
        if (failure)
            std::rethrow_exception(failure);
        if (done[handedOn]) {
            const size_t b = handedOn;
            lock.unlock();
            append(*parts[b]);
            parts[b].reset();  // its text is written: freed now
            lock.lock();
            ++handedOn;
            changed.notify_all();
        } else if (!formatNext(lock)) {
            changed.wait(lock);
        }
    }
    lock.unlock();
    helper.get();
    return *this;
}

void JsonWriter::newline()
{
    if (!m_pretty)
        return;
    static constexpr std::string_view kIndent = "\n                                                                ";
    const size_t width = 2 * m_first.size();
    put(kIndent.substr(0, std::min(width, kIndent.size() - 1) + 1));
    if (width > kIndent.size() - 1)
        m_pending.append(width - (kIndent.size() - 1), ' ');
}

void JsonWriter::separator()
{
    emitted();
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back())
            put(',');
        m_first.back() = false;
        newline();
    }
}

JsonWriter &JsonWriter::beginObject()
{
    separator();
    put('{');
    m_first.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::endObject()
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    put('}');
    if (m_first.empty()) {
        if (m_pretty)
            put('\n');
        flush();  // the outermost value is whole
    }
    return *this;
}

JsonWriter &JsonWriter::beginArray()
{
    separator();
    put('[');
    m_first.push_back(true);
    return *this;
}

JsonWriter &JsonWriter::endArray()
{
    const bool empty = m_first.back();
    m_first.pop_back();
    if (!empty)
        newline();
    put(']');
    if (m_first.empty()) {
        if (m_pretty)
            put('\n');
        flush();  // the outermost value is whole
    }
    return *this;
}

JsonWriter &JsonWriter::key(std::string_view k)
{
    separator();
    writeEscaped(k);
    put(std::string_view(": ", m_pretty ? 2 : 1));
    m_afterKey = true;
    return *this;
}

std::string JsonWriter::escape(std::string_view s)
{
    std::string out;
    appendEscaped(out, s);
    return out;
}

void JsonWriter::appendEscaped(std::string &out, std::string_view s)
{
    out.reserve(out.size() + s.size() + 2);
    out += '"';
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += char(c);
                }
            }
            ++i;
            continue;
        }
        // Copy a well-formed UTF-8 sequence; replace anything else with U+FFFD.
        const int len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        bool ok = len > 0 && i + size_t(len) <= s.size() && c >= 0xC2 && c <= 0xF4;
        for (int k = 1; ok && k < len; ++k)
            ok = (static_cast<unsigned char>(s[i + size_t(k)]) & 0xC0) == 0x80;
        if (ok) {
            out.append(s.substr(i, size_t(len)));
            i += size_t(len);
        } else {
            out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    out += '"';
}

void JsonWriter::writeEscaped(std::string_view s)
{
    // Most strings need no escaping: plain ASCII without quotes, backslashes or control bytes. The
    // test has no early exit and a byte-wide flag, so the compiler checks many bytes at once in byte
    // lanes (kernel names run to hundreds of bytes; a wider flag widened every byte's test to 32 bits).
    uint8_t escapes = 0;
    for (const char ch : s) {
        const auto c = static_cast<uint8_t>(ch);
        escapes |= uint8_t(c < 0x20) | uint8_t(c >= 0x80) | uint8_t(c == '"') | uint8_t(c == '\\');
    }
    if (!escapes) {
        put('"');
        put(s);
        put('"');
    } else {
        appendEscaped(m_pending, s);
    }
}

JsonWriter &JsonWriter::value(std::string_view s)
{
    separator();
    writeEscaped(s);
    return *this;
}

template <typename Int>
void JsonWriter::writeInteger(Int v)
{
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    put(std::string_view(buf, size_t(end - buf)));
}

JsonWriter &JsonWriter::value(int64_t v)
{
    separator();
    writeInteger(v);
    return *this;
}

JsonWriter &JsonWriter::value(uint64_t v)
{
    separator();
    writeInteger(v);
    return *this;
}

JsonWriter &JsonWriter::value(double v, int decimals)
{
    separator();
    if (!std::isfinite(v)) {
        put("null");
        return *this;
    }
    // Fixed notation as printf's "%.*f" writes it (exactly rounded), without printf's cost.
    char buf[400];  // the largest double has 309 digits before the point
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, std::clamp(decimals, 0, 17));
    int n = ec == std::errc() ? int(end - buf) : std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    n = std::clamp(n, 0, int(sizeof buf) - 1);
    // Trim trailing zeros so 12.500 prints as 12.5 and 3.000 as 3.
    if (std::string_view(buf, size_t(n)).find('.') != std::string_view::npos) {
        while (buf[n - 1] == '0')
            --n;
        if (buf[n - 1] == '.')
            --n;
    }
    if (std::string_view(buf, size_t(n)) == "-0")
        buf[0] = '0', n = 1;
    put(std::string_view(buf, size_t(n)));
    return *this;
}

JsonWriter &JsonWriter::value(bool v)
{
    separator();
    put(v ? "true" : "false");
    return *this;
}

JsonWriter &JsonWriter::null()
{
    separator();
    put("null");
    return *this;
}

JsonWriter &JsonWriter::raw(std::string_view json)
{
    separator();
    put(json);
    return *this;
}

std::string usText(int64_t ns)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", toUs(ns));
    return buf;
}

std::string exactUsText(int64_t ns)
{
    const bool negative = ns < 0;
    // Through unsigned so that INT64_MIN has a magnitude too.
    const uint64_t magnitude = negative ? uint64_t(0) - uint64_t(ns) : uint64_t(ns);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%llu.%03llu", negative ? "-" : "", static_cast<unsigned long long>(magnitude / 1000),
                  static_cast<unsigned long long>(magnitude % 1000));
    return buf;
}

} // namespace fusion

namespace fusion {

void writeIdArray(JsonWriter &w, const std::vector<uint32_t> &ids)
{
    w.beginArray();
    for (uint32_t id : ids)
        w.value(uint64_t(id));
    w.endArray();
}

} // namespace fusion
