// Registered with WILL_FAIL: if this "passes" under CTest, failures are being swallowed
// (e.g. node returning 0 after an abort), and every other green result is suspect.
#include <gtest/gtest.h>

TEST(Harness, FailureIsReported) { EXPECT_EQ(1 + 1, 3) << "deliberate failure"; }
