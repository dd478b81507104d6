#pragma once
// Where the data files the program ships with (resources/*.yaml) are found at run time.
#include <string>

namespace fusion {

// The path of resources/<name>, looked up in this order:
//   1. $FUSIONSCOPE_DATA_DIR/<name>           (a user's or a test's override)
//   2. the source tree's resources/ folder    (development builds run from the build tree)
//   3. the configured install data dir        (share/fusionscope under the install prefix)
//   4. <directory of the executable>/../share/fusionscope   (a relocated install or AppImage)
// Throws std::runtime_error naming every place it looked when none holds the file.
std::string findResource(const std::string &name);

} // namespace fusion
