// That free heap memory really goes back to the system: a process that has parsed a trace frees
// hundreds of megabytes of blocks glibc would otherwise keep resident for as long as it lives.
#include "util/freememory.h"

#include <QTest>
#include <cstdlib>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <cstring>
#include <fstream>
#include <latch>
#include <string>
#include <thread>
#include <vector>

using namespace fusion;

namespace {
// The process' resident anonymous memory, in KiB, as the kernel counts it.
long anonymousKb()
{
    std::ifstream in("/proc/self/smaps_rollup");
    std::string key;
    long kb = -1;
    while (in >> key) {
        if (key == "Anonymous:") {
            in >> kb;
            break;
        }
        in.ignore(1 << 12, '\n');
    }
    return kb;
}
}

class FreeMemoryTest : public QObject {
    Q_OBJECT
private slots:
    // First: the race it guards against can only happen on the process' first hand-back.
    void manyThreadsHandBackAtOnce();
    void freedHeapBlocksLeaveTheProcess();
};

// Loading the ranks of a directory analyses several traces at once, and each hands back its free
// memory as it ends, so the first hand-backs of a process can come from several threads together.
// Under a sanitizer's allocator that once crashed (glibc's unused heap set up by two threads at
// once); the threads start together on a latch to make that overlap likely.
void FreeMemoryTest::manyThreadsHandBackAtOnce()
{
    constexpr int kThreads = 8;
    std::latch start(kThreads);
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i)
        threads.emplace_back([&start] {
            start.arrive_and_wait();
            returnFreeMemory();
        });
    for (std::thread &t : threads)
        t.join();
    // Nothing to compare: the check is that the process is still here.
}

void FreeMemoryTest::freedHeapBlocksLeaveTheProcess()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer's allocator keeps freed memory in quarantine: nothing for glibc to hand back");
#endif
#ifndef __GLIBC__
    QSKIP("only glibc keeps freed blocks below its mmap threshold resident");
#endif
    if (anonymousKb() < 0)
        QSKIP("/proc/self/smaps_rollup is not readable here");
#ifdef __GLIBC__
    // free() itself gives back what merges into the heap's top above this threshold: set out of
    // reach, so what stays resident is only what returnFreeMemory() can hand back (as with the
    // freed blocks between the tables a loaded trace keeps). It also fixes the mmap threshold at
    // 128 KiB, so the 96 KiB blocks below come from the heap.
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
    // 48 MB in blocks, each touched (and read back, so that the compiler keeps them).
    constexpr size_t kBlock = 96 << 10, kBlocks = 512;
    std::vector<char *> blocks;
    for (size_t i = 0; i < kBlocks; ++i) {
        blocks.push_back(static_cast<char *>(std::malloc(kBlock)));
        std::memset(blocks.back(), int(i), kBlock);
    }
    volatile long sum = 0;
    for (char *b : blocks)
        sum = sum + b[kBlock / 2];
    for (char *b : blocks)
        std::free(b);
    const long before = anonymousKb();
    returnFreeMemory();
    const long after = anonymousKb();
    QVERIFY2(before - after >= 32 << 10, qPrintable(QStringLiteral("resident anonymous memory %1 KiB before, %2 KiB after")
                                                         .arg(before).arg(after)));
}

QTEST_APPLESS_MAIN(FreeMemoryTest)
#include "tst_freememory.moc"
