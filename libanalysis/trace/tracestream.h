#pragma once
// The bytes of a compressed trace, decompressed by a reader thread while the parser consumes them:
// decompression runs on the second core, and memory holds only the stretch between what the parser
// has finished with and what the reader has written, not the whole file.
//
// The bytes live in one reserved (not committed) region as large as the size limit, so they never
// move; pages the parser is done with are returned to the system. The reader stays at most `lead`
// bytes ahead of what the parser has asked for. rewind() makes every byte readable again for a parse that must see the
// whole document, re-decompressing what was returned.
#include "trace/decompress.h"

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace fusion {

class TraceStream final : public ByteSink {
public:
    // Writes the whole uncompressed file through room()/commit(); run on the reader thread.
    using Producer = std::function<void(TraceStream &)>;
    using Tick = std::function<bool()>;  // called while waiting; false cancels (throws Cancelled)

    // Room for the reader to run ahead of the parser, so that neither waits for the other, small
    // enough that memory stays a fraction of a large file.
    static constexpr size_t kDefaultLead = size_t(96) << 20;

    TraceStream(const std::string &path, size_t limit, size_t compressedSize, Producer producer,
                size_t lead = kDefaultLead);
    ~TraceStream() override;
    TraceStream(const TraceStream &) = delete;
    TraceStream &operator=(const TraceStream &) = delete;

    const char *data() const { return m_base; }
    // Waits until the first `want` bytes are written or the file has ended; returns how many are
    // written, and sets `ended` when that is all there will be. Rethrows the reader's error.
    size_t waitFor(size_t want, bool &ended, const Tick &tick = {});
    size_t finish(const Tick &tick = {});  // waits for the end; the size
    void discardBefore(size_t offset);     // the consumer will not read before offset again
    void rewind(const Tick &tick = {});    // every byte readable again; waits for the end
    double fractionAt(size_t offset) const;
    size_t sizeEstimate() const;  // from the compression ratio so far; 0 before any input
    size_t reservedBytes() const { return m_reserved; }  // address space held for the data
    bool stopping() const { return m_stop.load(std::memory_order_relaxed); }
    void setInput(uint64_t compressedBytesRead) { m_input.store(compressedBytesRead, std::memory_order_relaxed); }

    // ByteSink, for the reader thread.
    char *room(size_t want) override;
    void commit(size_t n) override;
    size_t size() const override { return m_written.load(std::memory_order_acquire); }

private:
    void start();
    void stop();
    void trim();

    const std::string m_path;
    char *m_base = nullptr;
    size_t m_reserved = 0;
    const size_t m_compressedSize;
    const size_t m_lead;
    Producer m_producer;
    std::thread m_thread;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::atomic<size_t> m_written{0};
    std::atomic<uint64_t> m_input{0};
    std::atomic<bool> m_stop{false};
    size_t m_allowed = 0;    // the reader may write up to here
    size_t m_discarded = 0;  // pages before this went back to the system
    bool m_ended = false;
    std::exception_ptr m_error;
};

} // namespace fusion
