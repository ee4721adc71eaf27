// The Noam learning-rate schedule against the values of Vaswani et al.'s setting (d_model 512,
// 4000 warm-up steps), to 4 significant digits.
#include "train/schedule.h"

#include <gtest/gtest.h>

#include <cmath>
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

TEST(Schedule, CosineWarmsUpThenFallsToZeroAlongAHalfCosine) {
    // peak 1e-3, 100 warm-up steps, 1100 in all: hand values.
    EXPECT_DOUBLE_EQ(cosine_rate(1, 1e-3, 100, 1100), 1e-5);
    EXPECT_DOUBLE_EQ(cosine_rate(50, 1e-3, 100, 1100), 5e-4);
    EXPECT_DOUBLE_EQ(cosine_rate(100, 1e-3, 100, 1100), 1e-3);
    EXPECT_NEAR(cosine_rate(600, 1e-3, 100, 1100), 5e-4, 1e-15);                  // cos(π/2) = 0
    EXPECT_NEAR(cosine_rate(350, 1e-3, 100, 1100), 1e-3 * (1 + std::sqrt(0.5)) / 2, 1e-15);  // cos(π/4)
    EXPECT_NEAR(cosine_rate(1100, 1e-3, 100, 1100), 0.0, 1e-18);
    EXPECT_NEAR(cosine_rate(5000, 1e-3, 100, 1100), 0.0, 1e-18) << "past the end it stays at 0";
    EXPECT_DOUBLE_EQ(cosine_rate(1, 2e-3, 0, 10), 2e-3 * 0.5 * (1 + std::cos(M_PI * 0.1))) << "no warm-up";
}
