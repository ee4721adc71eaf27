// Alignment error rate, computed by hand on small cases.
#include "text/aer.h"

#include <gtest/gtest.h>

using namespace attn;

TEST(Aer, LinksAreRowArgmaxAndSkipEmptyRows) {
    const float w[3 * 3] = {0.1f, 0.7f, 0.2f,   // target 0 -> source 1
                            0.0f, 0.0f, 0.0f,   // padding row: no link
                            0.5f, 0.2f, 0.3f};  // target 2 -> source 0
    EXPECT_EQ(links_from_attention(w, 3, 3), (std::vector<Link>{{0, 1}, {2, 0}}));
}

TEST(Aer, ByHand) {
    const std::vector<Link> sure = {{0, 0}, {1, 1}, {2, 2}}, possible = {{2, 3}};
    // Perfect: A = S -> 1 - (3 + 3) / (3 + 3) = 0.
    EXPECT_DOUBLE_EQ(alignment_error_rate(sure, sure, possible), 0.0);
    // A = {(0,0), (1,2), (2,3)}: |A∩S| = 1, |A∩P| = 2 ((0,0) and the possible (2,3)) ->
    // 1 - (1 + 2) / (3 + 3) = 0.5
    EXPECT_DOUBLE_EQ(alignment_error_rate({{0, 0}, {1, 2}, {2, 3}}, sure, possible), 0.5);
    // Nothing right: 1.
    EXPECT_DOUBLE_EQ(alignment_error_rate({{0, 2}, {1, 0}}, sure, possible), 1.0);
    // Nothing to score at all.
    EXPECT_DOUBLE_EQ(alignment_error_rate({}, {}, {}), 1.0);
}
