// The Noam learning-rate schedule against the values of Vaswani et al.'s setting (d_model 512,
// 4000 warm-up steps), to 4 significant digits.
#include "train/schedule.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace attn;

TEST(Schedule, NoamMatchesPaperSetting) {
    struct Case {
        int64_t step;
        const char * rate;
    };
    // 512^-0.5 · min(step^-0.5, step · 4000^-1.5)
    const Case cases[] = {{1, "1.747e-07"}, {1000, "1.747e-04"}, {4000, "6.988e-04"}, {8000, "4.941e-04"},
                          {100000, "1.398e-04"}};
    for (const Case & c : cases) {
        char got[32];
        std::snprintf(got, sizeof got, "%.3e", noam_rate(c.step, 512, 4000));  // 4 significant digits
        EXPECT_STREQ(got, c.rate) << "step " << c.step;
    }
}

TEST(Schedule, NoamPeaksAtWarmupAndScales) {
    const double peak = noam_rate(4000, 512, 4000);
    EXPECT_LT(noam_rate(3999, 512, 4000), peak);
    EXPECT_LT(noam_rate(4001, 512, 4000), peak);
    EXPECT_DOUBLE_EQ(noam_rate(4000, 512, 4000, 2.0), 2.0 * peak);
    // Step 0 is treated as step 1 (no zero rate, no division by zero); warmup 0 as 1.
    EXPECT_DOUBLE_EQ(noam_rate(0, 512, 4000), noam_rate(1, 512, 4000));
    EXPECT_GT(noam_rate(10, 512, 0), 0.0);
}
