#include "util/freememory.h"

// Any libc header defines __GLIBC__; without one before the test below, the test is always false
// and nothing is handed back.
#include <cstdlib>
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace fusion {

void returnFreeMemory()
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

} // namespace fusion
