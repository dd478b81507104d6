#pragma once
// Handing free heap memory back to the system.
//
// glibc keeps freed blocks below its adaptive mmap threshold (up to 32 MB each) for reuse, and a
// process that has freed the hundreds of megabytes a parse works in would hold them, free but
// resident, for as long as it lives. Kept, they are what the next allocations reuse without a page
// fault (a fresh page costs a fault and zeroing, ~15 µs per 4 KiB on virtual machines), so memory
// is handed back where nothing of that size follows: once a trace is loaded and analysed, not in
// between, and once a pair is compared, not before (the event store's append is the exception: it
// hands back each large column it has copied, so that the copy does not hold both).
namespace fusion {

void returnFreeMemory();

// Hands free memory back when the scope ends, however it ends (an exception, a cancelled job),
// unless constructed with false.
class ReturnFreeMemoryAtEnd {
public:
    explicit ReturnFreeMemoryAtEnd(bool wanted = true) : m_wanted(wanted) {}
    ~ReturnFreeMemoryAtEnd()
    {
        if (m_wanted)
            returnFreeMemory();
    }
    ReturnFreeMemoryAtEnd(const ReturnFreeMemoryAtEnd &) = delete;
    ReturnFreeMemoryAtEnd &operator=(const ReturnFreeMemoryAtEnd &) = delete;

private:
    bool m_wanted;
};

} // namespace fusion
