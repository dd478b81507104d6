#include "util/freememory.h"

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
