#include "util/freememory.h"

// Any libc header defines __GLIBC__; without one before the test below, the test is always false
// and nothing is handed back.
#include <cstdlib>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// A sanitizer's allocator replaces malloc, so glibc's own heap is never set up and holds nothing to
// hand back. Worse, malloc_trim would set it up lazily, and two threads doing so at once race: the
// second walks bins the first has not initialised yet (a crash seen in AddressSanitizer builds).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FUSION_SANITIZED_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define FUSION_SANITIZED_ALLOCATOR 1
#endif
#endif

namespace fusion {

void returnFreeMemory()
{
#if defined(__GLIBC__) && !defined(FUSION_SANITIZED_ALLOCATOR)
    malloc_trim(0);
#endif
}

} // namespace fusion
