#include "trace/tracestream.h"
#include "trace/traceerror.h"

#include <simdjson.h>

#include <chrono>
#include <cstring>
#include <limits>
#include <sys/mman.h>

namespace fusion {

namespace {
constexpr size_t kPadding = simdjson::SIMDJSON_PADDING;
// Pages go back in huge-page steps: the region asks for transparent huge pages (fewer faults).
constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kNoLimit = std::numeric_limits<size_t>::max() / 2;
// The room() a single write may ask for past the size limit (the limit check follows the write).
constexpr size_t kSlack = size_t(1) << 20;

constexpr size_t kMinReserve = size_t(64) << 20;
constexpr size_t kMaxRatio = 100;  // decompressed over compressed size, more than traces reach

size_t saturatingAdd(size_t a, size_t b) { return a > kNoLimit - b ? kNoLimit : a + b; }
} // namespace

TraceStream::TraceStream(const std::string &path, size_t limit, size_t compressedSize, Producer producer, size_t lead)
    : m_path(path), m_compressedSize(compressedSize), m_lead(lead), m_producer(std::move(producer))
{
    // Address space only: pages are committed as the reader writes them. Under an address-space
    // limit (ulimit -v) or strict overcommit, a file gets a hundred times its compressed size (at
    // least 64 MB) if that is less than the limit: traces compress far less than a hundredfold,
    // also inside an archive or a second compression. Failing that, half of the most that can be
    // had is reserved, leaving the other half for the parser; halves alone were a poor share when
    // several files are read at once (a pair, a run's ranks): the third found too little left for
    // its buffers or for a thread's stack.
    const auto huge = [](size_t n) { return (n + kHugePage - 1) / kHugePage * kHugePage; };
    m_reserved = huge(saturatingAdd(limit, kSlack + kPadding));
    const auto reserve = [this] {
        return mmap(nullptr, m_reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    };
    void *p = reserve();
    if (p == MAP_FAILED && compressedSize) {
        const size_t ample = compressedSize > kNoLimit / kMaxRatio ? kNoLimit : compressedSize * kMaxRatio;
        const size_t capped = huge(std::max(kMinReserve, saturatingAdd(ample, kSlack + kPadding)));
        if (capped < m_reserved) {
            m_reserved = capped;
            p = reserve();
        }
    }
    if (p == MAP_FAILED) {
        while (p == MAP_FAILED && m_reserved > kMinReserve) {
            m_reserved = std::max(kMinReserve, m_reserved / 2 / kHugePage * kHugePage);
            p = reserve();
        }
        if (p != MAP_FAILED && m_reserved > kMinReserve) {
            munmap(p, m_reserved);
            m_reserved = std::max(kMinReserve, m_reserved / 2 / kHugePage * kHugePage);
            p = reserve();
        }
    }
    if (p == MAP_FAILED)
        throw TraceError(path, std::string("cannot reserve memory to decompress into: ") + std::strerror(errno));
    m_base = static_cast<char *>(p);
    madvise(m_base, m_reserved, MADV_HUGEPAGE);
    start();
}

TraceStream::~TraceStream()
{
    stop();
    munmap(m_base, m_reserved);
}

void TraceStream::start()
{
    m_allowed = m_lead;
    m_thread = std::thread([this] {
        std::exception_ptr error;
        try {
            m_producer(*this);
        } catch (...) {
            error = std::current_exception();
        }
        const size_t end = size();
        std::memset(m_base + end, 0, kPadding);  // simdjson reads past the end
        std::lock_guard lock(m_mutex);
        m_error = error;
        m_ended = true;
        m_changed.notify_all();
    });
}

void TraceStream::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_changed.notify_all();
    }
    if (m_thread.joinable())
        m_thread.join();
}

char *TraceStream::room(size_t want)
{
    std::unique_lock lock(m_mutex);
    // Any room below the allowance will do: waiting for all of `want` to fit could wait forever for a
    // consumer that wants exactly up to the allowance.
    m_changed.wait(lock, [&] { return m_stop || size() < m_allowed; });
    if (m_stop)
        throw Cancelled();
    if (size() + want + kPadding > m_reserved)  // only when less than the size limit could be reserved
        throw TraceError(m_path, "decompressed data exceeds the " + std::to_string(m_reserved >> 20)
                                     + " MB of address space this process could reserve (ulimit -v?)");
    return m_base + size();
}

void TraceStream::commit(size_t n)
{
    std::lock_guard lock(m_mutex);
    m_written.store(size() + n, std::memory_order_release);
    m_changed.notify_all();
}

size_t TraceStream::waitFor(size_t want, bool &ended, const Tick &tick)
{
    std::unique_lock lock(m_mutex);
    if (want > m_allowed) {
        m_allowed = saturatingAdd(want, m_lead);
        m_changed.notify_all();
    }
    while (!m_ended && size() < want) {
        m_changed.wait_for(lock, std::chrono::milliseconds(50));
        if (tick && !m_ended && size() < want) {
            lock.unlock();
            if (!tick())
                throw Cancelled();
            lock.lock();
        }
    }
    if (m_ended && m_error)
        std::rethrow_exception(m_error);
    ended = m_ended;
    if (m_ended)
        trim();
    return size();
}

// Once the file has ended, the reservation past it goes back: a parse of the whole document needs
// that address space more.
void TraceStream::trim()
{
    const size_t keep = (size() + kSlack + kPadding + kHugePage - 1) / kHugePage * kHugePage;  // room() for a rewind
    if (keep < m_reserved) {
        munmap(m_base + keep, m_reserved - keep);
        m_reserved = keep;
    }
}

size_t TraceStream::finish(const Tick &tick)
{
    bool ended = false;
    return waitFor(kNoLimit, ended, tick);
}

void TraceStream::discardBefore(size_t offset)
{
    std::lock_guard lock(m_mutex);
    const size_t upto = offset / kHugePage * kHugePage;
    if (upto <= m_discarded)
        return;
    madvise(m_base + m_discarded, upto - m_discarded, MADV_DONTNEED);
    m_discarded = upto;
    if (saturatingAdd(upto, m_lead) > m_allowed) {
        m_allowed = saturatingAdd(upto, m_lead);
        m_changed.notify_all();
    }
}

void TraceStream::rewind(const Tick &tick)
{
    {
        std::lock_guard lock(m_mutex);
        if (m_ended && m_error)
            std::rethrow_exception(m_error);  // decompressing again would only fail again
    }
    if (m_discarded > 0) {
        stop();
        m_written = 0;
        m_input = 0;
        m_discarded = 0;
        m_stop = false;
        m_ended = false;
        m_error = nullptr;
        start();
    }
    finish(tick);
}

size_t TraceStream::sizeEstimate() const
{
    const uint64_t input = m_input.load(std::memory_order_relaxed);
    return input > 0 ? size_t(double(size()) * double(m_compressedSize) / double(input)) : 0;
}

double TraceStream::fractionAt(size_t offset) const
{
    const size_t written = std::max<size_t>(1, size());
    const double read = m_compressedSize > 0 ? double(m_input.load(std::memory_order_relaxed)) / double(m_compressedSize) : 0.0;
    return std::min(1.0, double(offset) / double(written) * std::min(1.0, read));
}

} // namespace fusion
