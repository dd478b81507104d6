#pragma once
// Where the data files the program ships with (resources/*.yaml) are found at run time.
#include <string>

namespace fusion {

// The path of resources/<name>. $FUSIONSCOPE_DATA_DIR/<name> (a user's or a test's override) wins;
// then, for a program run from inside its build tree (a development build):
//   the source tree's resources/ folder, the configured install data dir, <exe dir>/../share/fusionscope;
// for any other program (installed, relocated with dpkg -x or a tarball, an AppImage):
//   <exe dir>/../share/fusionscope, the configured install data dir, the source tree's resources/.
// Throws std::runtime_error naming every place it looked when none holds the file.
std::string findResource(const std::string &name);

// For a host that is not the process's executable, e.g. the Python module that python3 loads from
// lib/python3/dist-packages: the folder of the binary that holds this library (it decides, in place
// of the executable's folder, whether this is a development build) and the share/fusionscope folder
// installed with it (in place of <exe dir>/../share/fusionscope). Called once, before any lookup.
void setResourceHost(const std::string &binaryDir, const std::string &shareDir);

} // namespace fusion
