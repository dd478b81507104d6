// The event array in two ranges parsed on two threads, and the finishing of a parse: the second
// range's events appended to the first's, the tables sorted and the counts summed.
#include "trace/traceparserimpl.h"
#include "util/taskpool.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>
#include <utility>

namespace fusion::FUSION_PARSER_NS {

namespace {

// From `from`, an element boundary of the event array, the offset of the ']' that closes the array
// (string- and nesting-aware), or npos.
size_t findArrayEnd(std::string_view all, size_t from)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = from; i < all.size(); ++i) {
        const char c = all[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"': inString = true; break;
        case '{': case '[': ++depth; break;
        case '}': case ']':
            if (depth == 0)
                return c == ']' ? i : std::string_view::npos;
            --depth;
            break;
        default: break;
        }
    }
    return std::string_view::npos;
}

struct ChunkFallback {};

} // namespace

// The first `want` bytes (fewer at the end of the file, which sets `ended`); a streamed file may
// still be decompressing, and this waits for them.
std::string_view Parser::readable(size_t want, bool &ended)
{
    return {m_bytes.data(), m_bytes.waitFor(want, ended, tick())};
}

// The event array is cut into ~32 MB chunks at element boundaries and each chunk parsed as its own
// small document, so simdjson's index never grows with the file, and bytes are dropped as soon as
// they are parsed: the pages of a mapped file, the decompressed stretch of a streamed one. A
// boundary is a newline (never inside a JSON string) followed by the first element's own indentation
// and '{', after a ','. A boundary guessed wrong makes a chunk unparseable; any failure falls back to
// parsing the whole document at once.
bool Parser::chunked()
{
    // Chunks big enough to amortise simdjson's setup, small enough that its index (about 4 bytes per
    // structural character) stays in one buffer reused for every chunk.
    const size_t kChunkBytes = m_options.chunkBytes;
    if (kChunkBytes == 0)
        return false;
    bool ended = false;
    std::string_view all = readable(2 * kChunkBytes, ended);
    if (all.size() < 2 * kChunkBytes)
        return false;  // small files: one document is as fast and simpler
    const size_t key = all.find("\"traceEvents\"");
    if (key == std::string_view::npos)
        return false;
    size_t i = all.find_first_not_of(" \t\r\n", key + 13);
    if (i == std::string_view::npos || all[i] != ':')
        return false;
    i = all.find_first_not_of(" \t\r\n", i + 1);
    if (i == std::string_view::npos || all[i] != '[')
        return false;
    const size_t arrayOpen = i;
    const size_t first = all.find_first_not_of(" \t\r\n", arrayOpen + 1);
    if (first == std::string_view::npos || all[first] != '{')
        return false;
    const size_t nl = all.rfind('\n', first);
    if (nl == std::string_view::npos || nl < arrayOpen)
        return false;  // no newline before the first event: a one-line file, parsed whole
    const std::string pattern = std::string(all.substr(nl, first - nl)) + "{";
    const std::string head(all.substr(0, arrayOpen + 1));  // its bytes are dropped as parsing goes on

    // Two chunks on one thread first: a file that ends there is not worth a second thread.
    const size_t probe = boundaryAfter(first + 2 * kChunkBytes, pattern);
    size_t arrayClose = std::string_view::npos;
    if (probe == std::string_view::npos) {
        arrayClose = eventChunks({first}, pattern);
    } else {
        eventChunks({first, probe}, pattern);
        if (twoThreads(probe)) {  // the second half of the rest on a thread of its own, from now
            TaskPool own;
            PoolHelper second(own);
            arrayClose = withHelper(probe, pattern, own, true);
        } else if (m_options.pool && worthSplitting(probe)) {
            arrayClose = withHelper(probe, pattern, *m_options.pool, false);
        } else {
            arrayClose = eventChunks({probe}, pattern);
        }
    }
    all = readable(std::numeric_limits<size_t>::max(), ended);  // the array's end was the file's end: read
    // Everything around the event array (deviceProperties, versions, …) as one small document.
    std::string rest;
    rest.reserve(head.size() + 1 + (all.size() - arrayClose));
    rest.append(head).append(all.substr(arrayClose));
    simdjson::padded_string restBuffer(rest);
    wholeDocument(restBuffer.data(), restBuffer.size(), restBuffer.size() + simdjson::SIMDJSON_PADDING);
    return true;
}

// The rest of the array from `first` on this thread, and a task on `pool`: the thread that takes it
// parses the second half of what is left then into a store of its own, appended to this one's
// after. `splitNow`: the half is the one left now (a helper thread of its own takes it at once, or
// else this thread once done with its half). Otherwise whoever takes the task (a thread that turns
// idle: the other trace of a pair, read first) splits what is left when it does; should nobody come,
// the task is dropped and the parse is what one thread gives.
size_t Parser::withHelper(size_t first, const std::string &pattern, TaskPool &pool, bool splitNow)
{
    ParseHandoff handoff(first, m_bytes.size(), m_options.chunkBytes);
    const auto boundary = [&](size_t at) { return boundaryAfter(at, pattern); };
    const size_t splitAt = splitNow ? handoff.split(boundary) : std::string_view::npos;
    std::atomic<bool> stop{false};
    ParseOptions laterOptions = m_options;
    laterOptions.progress = [&stop](double) { return !stop.load(std::memory_order_relaxed); };
    Parser later(m_bytes, m_file, laterOptions);
    // Declared after `later` and `handoff`, which it reads: its end waits for a helper running it.
    auto help = TaskPool::later(&pool, [&] {
        const size_t from = splitNow ? splitAt : handoff.split(boundary);
        return from == std::string_view::npos ? from : later.eventChunks({from}, pattern);
    }, &kParseHelp);
    size_t arrayClose = std::string_view::npos;
    try {
        m_laterParsed = &later.m_parsed;
        arrayClose = eventChunks({first}, pattern, &handoff);
        if (handoff.close() != std::string_view::npos) {
            // A helper started after the piece this parser was on: this parser stopped there.
            if (arrayClose != std::string_view::npos)
                throw ChunkFallback{};
            arrayClose = help.get();  // its error, if any
            absorb(std::move(later));
        }
    } catch (...) {
        stop = true;
        handoff.close();
        m_laterParsed = nullptr;
        throw;
    }
    m_laterParsed = nullptr;
    return arrayClose;
}

// Parses the event array's elements from range.first, chunk by chunk, up to range.stop or to the
// array's end; returns the offset of the ']' that closes the array (npos when it stopped before).
// With a handoff, range.stop is where a helper took over, if one did.
size_t Parser::eventChunks(Range range, const std::string &pattern, ParseHandoff *handoff)
{
    const size_t kChunkBytes = m_options.chunkBytes;
    simdjson::padded_string buffer(kChunkBytes + kChunkBytes / 2);
    od::parser parser;
    bool ended = false;
    std::string_view all;
    size_t start = range.first, released = range.first, arrayClose = std::string_view::npos;
    if (handoff)
        range.stop = handoff->reached(start);
    const auto beforeStop = [&] {  // the ',' that ends this range
        all = readable(range.stop, ended);
        return all.find_last_not_of(" \t\r\n", range.stop - 1);
    };
    while (arrayClose == std::string_view::npos && start != range.stop) {
        size_t end = std::string_view::npos, next = std::string_view::npos;
        if (range.stop != std::string_view::npos && start + kChunkBytes >= range.stop) {
            end = beforeStop();
            next = range.stop;
        }
        // The first boundary a chunk ahead; a streamed file is read further until one turns up.
        for (size_t from = start + kChunkBytes; end == std::string_view::npos;) {
            all = readable(from + kChunkBytes / 4, ended);
            for (size_t cand = all.find(pattern, from); cand != std::string_view::npos;
                 cand = all.find(pattern, cand + 1)) {
                const size_t prev = all.find_last_not_of(" \t\r\n", cand);
                if (prev != std::string_view::npos && all[prev] == ',') {
                    end = prev;
                    next = cand + pattern.size() - 1;
                    break;
                }
            }
            if (end != std::string_view::npos || ended)
                break;
            from = std::max(from, all.size() + 1 - std::min(all.size(), pattern.size()));
        }
        if (next != std::string_view::npos && range.stop != std::string_view::npos && next > range.stop) {
            end = beforeStop();
            next = range.stop;
        }
        if (end == std::string_view::npos) {
            // NUL bytes after the document are handled by the whole-file path.
            const size_t lastUseful = all.find_last_not_of(std::string_view(" \t\r\n\0", 5));
            if (lastUseful != std::string_view::npos && all.find('\0', lastUseful) != std::string_view::npos)
                throw ChunkFallback{};
            // The tail: cut it at the last boundary so that the bracket-counting scan for the
            // array's end only walks the final element and what follows the array.
            const std::string_view tail = all.substr(start);
            for (size_t cand = tail.rfind(pattern); cand != std::string_view::npos && cand > 0;
                 cand = tail.rfind(pattern, cand - 1)) {
                const size_t prev = tail.find_last_not_of(" \t\r\n", cand);
                if (prev != std::string_view::npos && tail[prev] == ',' && prev > 0) {
                    end = start + prev;
                    next = start + cand + pattern.size() - 1;
                    break;
                }
            }
        }
        if (end == std::string_view::npos) {
            arrayClose = findArrayEnd(all, start);
            if (arrayClose == std::string_view::npos)
                throw ChunkFallback{};
            end = arrayClose;
        }
        const size_t len = end - start;
        if (len + 2 > buffer.size())
            buffer = simdjson::padded_string(len + 2 + kChunkBytes / 4);
        char *b = buffer.data();
        b[0] = '[';
        m_bytes.copy(b + 1, start, len);
        b[len + 1] = ']';
        od::document doc;
        if (parser.iterate(b, len + 2, buffer.size() + simdjson::SIMDJSON_PADDING).get(doc))
            throw ChunkFallback{};
        od::array arr;
        if (doc.get_array().get(arr))
            throw ChunkFallback{};
        m_chunkBase = b + 1;
        m_chunkOffset = start;
        const uint64_t before = m_result.store.eventCount;
        const uint64_t phBefore = m_eventsWithPh;
        eventArray(arr, doc);
        m_chunkBase = m_bytes.data();
        m_chunkOffset = 0;
        // simdjson's on-demand mode does not check that brackets balance, so a boundary guessed inside
        // an event shows only as a broken args object, bytes left after the array closed, or a
        // chunk whose events lack "ph": each sends the whole file to the one-document path.
        const char *at = nullptr;
        if (m_structureBroken || doc.current_location().get(at) == simdjson::SUCCESS
            || m_eventsWithPh - phBefore != m_result.store.eventCount - before)
            throw ChunkFallback{};
        m_parsed.store(end - range.first, std::memory_order_relaxed);
        const size_t later = m_laterParsed ? m_laterParsed->load(std::memory_order_relaxed) : 0;
        if (!report(m_bytes.fractionAt(end + later)))
            throw Cancelled();
        // Sized, once this store holds the rows of kReserveSample bytes, for everything from its first
        // row on (the first parser's store takes the later half's rows too). Chunks are smaller than
        // the sample: the event mix of a few megabytes (a trace often writes one kind of event after
        // another) would leave some tables without room and others with far too much.
        if (m_rowsFrom == std::string_view::npos)
            m_rowsFrom = range.first;
        if (!m_reserved && end - m_rowsFrom >= kReserveSample && m_bytes.sizeEstimate() > end) {
            m_reserved = true;
            try {
                m_result.store.reserveScaled(1.05 * double(m_bytes.sizeEstimate() - m_rowsFrom) / double(end - m_rowsFrom));
            } catch (const std::bad_alloc &) {
                // Only a saving: the tables grow as they go instead (e.g. under ulimit -v).
            }
        }
        if (next != std::string_view::npos && next >= released + (size_t(1) << 20)) {
            m_bytes.discard(released, next);
            released = next;
        }
        start = next;
        if (handoff)
            range.stop = handoff->reached(start);
    }
    return arrayClose;
}

// Whether the rest from `first` is parsed on two threads from the start: a file read whole, asked
// for two, or (by default) large enough on a machine with two cores.
bool Parser::twoThreads(size_t first) const
{
    const int threads = m_options.threads ? m_options.threads : std::thread::hardware_concurrency() >= 2 ? 2 : 1;
    return threads >= 2 && worthSplitting(first);
}

// Whether the bytes from `first` on are all there (not streamed) and enough for two parsers: eight
// chunks, or any size when two threads were asked for.
bool Parser::worthSplitting(size_t first) const
{
    bool ended = false;
    const size_t size = m_bytes.waitFor(0, ended);
    return ended && !m_bytes.isStreamed() && (m_options.threads == 2 || size - first >= 8 * m_options.chunkBytes);
}

// The start of the first event at or after `from` in a file read whole (npos: none, or not read whole).
size_t Parser::boundaryAfter(size_t from, const std::string &pattern) const
{
    bool ended = false;
    const std::string_view all(m_bytes.data(), m_bytes.waitFor(0, ended));
    if (!ended)
        return std::string_view::npos;
    for (size_t cand = all.find(pattern, from); cand != std::string_view::npos; cand = all.find(pattern, cand + 1)) {
        const size_t prev = all.find_last_not_of(" \t\r\n", cand);
        if (prev != std::string_view::npos && all[prev] == ',')
            return cand + pattern.size() - 1;
    }
    return std::string_view::npos;
}

// Takes the rows and counts of the parser that read the bytes after this one's.
void Parser::absorb(Parser &&later)
{
    m_result.store.append(std::move(later.m_result.store), m_order);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < CatCount; ++c)
            m_kinds[r][c] += later.m_kinds[r][c];
    for (const auto &[k, n] : later.m_otherKinds)
        m_otherKinds[k] += n;
    m_order += later.m_order;
    m_eventsWithPh += later.m_eventsWithPh;
    m_badEvents += later.m_badEvents;
    m_longEvents += later.m_longEvents;
    m_longest = std::max(m_longest, later.m_longest);
    m_durationTotal += later.m_durationTotal;
    m_sawEvents = m_sawEvents || later.m_sawEvents;
}

void Parser::reset()
{
    m_chunkBase = m_bytes.data();
    m_chunkOffset = 0;
    m_result = ParseResult{};
    std::memset(m_kinds, 0, sizeof m_kinds);
    m_otherKinds.clear();
    m_order = 0;
    m_structureBroken = false;
    m_eventsWithPh = 0;
    m_badEvents = 0;
    m_longEvents = 0;
    m_longest = 0;
    m_durationTotal = 0;
    m_sawEvents = false;
    m_parsed = 0;
    m_laterParsed = nullptr;
    m_reserved = false;
    m_rowsFrom = std::string_view::npos;
}

ParseResult Parser::run()
{
    // The start tells what this is; the rest of a streamed file may still be on its way.
    bool ended = false;
    std::string_view all = readable(64 * 1024, ended);
    size_t firstNonSpace = all.find_first_not_of(" \t\r\n");
    if (firstNonSpace == std::string_view::npos && !ended) {
        m_bytes.rewind(tick());
        all = m_bytes.view();
        ended = true;
        firstNonSpace = all.find_first_not_of(" \t\r\n");
    }
    if (all.empty())
        fail("file is empty");
    if (firstNonSpace == std::string_view::npos)
        fail("file is empty (only whitespace)");
    if (all[firstNonSpace] != '{' && all[firstNonSpace] != '[') {
        if (std::string_view("\"-0123456789tfn").find(all[firstNonSpace]) != std::string_view::npos)
            fail("not a Chrome trace: the top-level value is not an object or an array", all.data() + firstNonSpace);
        fail("not JSON: expected '{' or '[' but the file starts with something else", all.data() + firstNonSpace);
    }
    const bool object = all[firstNonSpace] == '{';
    if (ended) {
        if (auto trimmed = withoutNulTail())
            return std::move(*trimmed);
    }

    bool done = false;
    try {
        done = object && chunked();
    } catch (const ChunkFallback &) {
    } catch (const TraceError &) {
        // The exact error, with its offset in the file, comes from parsing the whole document.
    }
    if (!done) {
        m_bytes.rewind(tick());  // a streamed file's dropped bytes are decompressed once more
        if (auto trimmed = withoutNulTail())
            return std::move(*trimmed);
        // simdjson indexes a document with 32-bit offsets: beyond 4 GB only the chunked path works.
        if (m_bytes.size() > 0xFFFFFFFFull - 64)
            fail("larger than 4 GB and not laid out one event after another on new lines (as Kineto writes them), or invalid JSON: cannot be read");
        reset();
        wholeDocument(m_bytes.data(), m_bytes.size(), m_bytes.capacity());
    }
    finish();
    return std::move(m_result);
}

// NUL bytes after the document (a file preallocated or cut short by a crash) are not JSON; the
// document before them is usable. Needs the whole file.
std::optional<ParseResult> Parser::withoutNulTail()
{
    const std::string_view all = m_bytes.view();
    const size_t lastUseful = all.find_last_not_of(std::string_view(" \t\r\n\0", 5));
    if (lastUseful == std::string_view::npos || all[lastUseful] == '\0' || lastUseful + 1 == all.size()
        || all.find_first_not_of(std::string_view(" \t\r\n", 4), lastUseful + 1) == std::string_view::npos)
        return std::nullopt;
    const TraceBuffer trimmed = TraceBuffer::prefix(m_bytes, lastUseful + 1);  // no copy of the file
    const size_t nuls = all.size() - lastUseful - 1;
    Parser inner(trimmed, m_file, m_options);
    ParseResult r = inner.run();
    r.warnings.push_back("ignored " + std::to_string(nuls) + " NUL/blank bytes after the end of the JSON document");
    return r;
}

void Parser::finish()
{
    if (m_result.store.eventCount == 0)
        fail("the trace has no events");
    if (m_badEvents > 0)
        m_result.warnings.push_back(std::to_string(m_badEvents)
                                    + " events skipped (not objects, or complete events without a valid ts/dur)");
    if (m_longEvents > 0)
        m_result.warnings.push_back(std::to_string(m_longEvents) + " events skipped: durations longer than a week "
                                    "cannot be real (the longest: " + std::to_string(m_longest / 86'400'000'000'000)
                                    + " days)");
    if (m_durationTotal > double(kMaxTime))
        fail("the events' durations add up to more than " + std::to_string(kMaxTime / 31'557'600'000'000'000)
             + " years: not a real profile");
    EventStore &s = m_result.store;
    const char phNames[3] = {'X', 's', 'f'};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < CatCount; ++c)
            if (m_kinds[r][c] && c != CatOther)
                s.eventKinds[std::string(1, char(phNames[r])) + "/" + kCatNames[c]] += m_kinds[r][c];
    for (auto &[k, n] : m_otherKinds)
        s.eventKinds[k] += n;
    s.finalize();
}

} // namespace fusion::FUSION_PARSER_NS
