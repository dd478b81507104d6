#pragma once
// A mapped file raises SIGBUS when another process truncates it while it is being read, which would
// kill the application. The guard catches that fault inside a watched mapping, puts a page of zeros
// where the file's page was (the reader then sees bytes that are not JSON, not a crash) and
// remembers it, so that the reader can say what happened. Faults anywhere else go to whatever
// handled SIGBUS before.
#include <cstddef>

namespace fusion::mapguard {

// Starts watching [begin, begin + length); returns a handle, or -1 when too many mappings are
// watched at once (that one then stays unguarded).
int watch(const void *begin, size_t length);
void unwatch(int handle);
bool faulted(int handle);  // a page of the watched range went away while it was watched

} // namespace fusion::mapguard
