#pragma once
// Handing free heap memory back to the system.
//
// glibc keeps freed blocks below its adaptive mmap threshold (up to 32 MB each) for reuse, and a
// process that has freed the hundreds of megabytes a parse works in would hold them, free but
// resident, for as long as it lives. Kept, they are what the next allocations reuse without a page
// fault (a fresh page costs a fault and zeroing, ~15 µs per 4 KiB on virtual machines), so memory
// is handed back where nothing of that size follows: once a trace is loaded and analysed, not in
// between (the event store's append is the exception: it hands back each large column it has
// copied, so that the copy does not hold both).
namespace fusion {

void returnFreeMemory();

} // namespace fusion
