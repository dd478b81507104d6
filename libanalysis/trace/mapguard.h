#pragma once
// A mapped file raises SIGBUS when another process truncates it while it is being read, which would
// kill the application. The guard catches that fault inside a watched mapping, puts a page of zeros
// where the file's page was (the reader then sees bytes that are not JSON, not a crash) and
// remembers it, so that the reader can say what happened. Faults anywhere else go to whatever
// handled SIGBUS before.
// A signal handler belongs to the whole process, so the library does not install one on its own:
// an application calls installHandler() at start. Until then nothing is watched, and a mapped file
// truncated while it is read ends the process with SIGBUS, as it would in any program that maps files.
#include <cstddef>

namespace fusion::mapguard {

void installHandler();  // once per process; later calls do nothing

// Starts watching [begin, begin + length); returns a handle, or -1 when no handler is installed or
// too many mappings are watched at once (that one then stays unguarded).
int watch(const void *begin, size_t length);
void unwatch(int handle);
bool faulted(int handle);  // a page of the watched range went away while it was watched

} // namespace fusion::mapguard
