#pragma once
// Which of the two compared traces. The values are the letters the outputs use ("a", "b"), so a
// writer turns a side into text with sideName() and nothing else.
#include <string>

namespace fusion {

enum class TraceSide : char { A = 'a', B = 'b' };

constexpr TraceSide otherSide(TraceSide s) { return s == TraceSide::A ? TraceSide::B : TraceSide::A; }
inline std::string sideName(TraceSide s) { return std::string(1, char(s)); }

} // namespace fusion
