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

} // namespace fusion
