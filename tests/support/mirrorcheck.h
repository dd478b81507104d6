#pragma once
// compare(B, A) must be compare(A, B) with the sides swapped: the same findings and extra work, in
// the same order, sides flipped, kernel ids swapped. Fails the current test otherwise (check
// QTest::currentTestFailed() after calling).
#include "compare/comparison.h"

namespace fusion::test {

void requireMirror(const Comparison &ab, const Comparison &ba);

} // namespace fusion::test
