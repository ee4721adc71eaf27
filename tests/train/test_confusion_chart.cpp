// The model cards' confusion-matrix PNG (train/confusion_chart.h): the shading follows each row's
// shares, and malformed input is refused.
#include "train/confusion_chart.h"

#include <gtest/gtest.h>

using namespace attn;

TEST(ConfusionChart, ShadesFollowTheRowShares) {
    uint8_t white[3], half[3], full[3];
    confusion_cell_rgb(0.0, white);
    confusion_cell_rgb(0.5, half);
    confusion_cell_rgb(1.0, full);
    EXPECT_EQ(white[0] + white[1] + white[2], 3 * 255);
    EXPECT_LT(full[0] + full[1] + full[2], half[0] + half[1] + half[2]);
    EXPECT_LT(half[0] + half[1] + half[2], 3 * 255);

    // Two classes: class 0 always right, class 1 right 1 time in 4. Among the rendered pixels must
    // be the full shade (row 0's diagonal) and the 0.75 shade (row 1's wrong column).
    ConfusionChart c{"test", {"a", "b"}, {10, 0, 3, 1}};
    std::vector<uint8_t> rgba;
    int w = 0, h = 0;
    ASSERT_TRUE(render_confusion_chart(c, &rgba, &w, &h).ok);
    ASSERT_EQ(rgba.size(), size_t(w) * size_t(h) * 4);
    uint8_t three_quarters[3];
    confusion_cell_rgb(0.75, three_quarters);
    auto count = [&](const uint8_t * want) {
        int64_t n = 0;
        for (size_t i = 0; i < rgba.size(); i += 4) n += rgba[i] == want[0] && rgba[i + 1] == want[1] && rgba[i + 2] == want[2];
        return n;
    };
    EXPECT_GT(count(full), 1000) << "a whole cell";
    EXPECT_GT(count(three_quarters), 1000);

    EXPECT_FALSE(render_confusion_chart({"x", {"a"}, {1}}, &rgba, &w, &h).ok);
    EXPECT_FALSE(render_confusion_chart({"x", {"a", "b"}, {1, 2, 3}}, &rgba, &w, &h).ok);
    EXPECT_FALSE(render_confusion_chart({"x", {"a", "b"}, {1, -2, 3, 4}}, &rgba, &w, &h).ok);
}
