#include "core/rng.h"
#include "core/tensor.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

using namespace attn;

TEST(Tensor, ShapeRowsColsAndString) {
    Shape s{2, 3, 4};
    EXPECT_EQ(s.numel(), 24);
    EXPECT_EQ(s.last(), 4);
    EXPECT_EQ(s.rows(), 6);
    EXPECT_EQ(s.str(), "(2, 3, 4)");
    EXPECT_EQ(Shape({2, 3, 4}), s);
    EXPECT_NE(Shape({6, 4}), s);
}

TEST(Tensor, StorageIsZeroedAlignedAndCopiedDeeply) {
    Tensor t({3, 5});
    EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % Tensor::kAlignment, 0u);
    for (int64_t i = 0; i < t.numel(); i++) ASSERT_EQ(t[i], 0.0f);
    t[7] = 2.5f;
    Tensor copy = t;
    copy[7] = -1.0f;
    EXPECT_EQ(t[7], 2.5f);
    EXPECT_EQ(t.view().row(1)[2], 2.5f);  // row-major: element (1, 2) is index 7
}

TEST(Tensor, ReshapeKeepsData) {
    Tensor t({2, 6}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    t.reshape({3, 4});
    EXPECT_EQ(t.cols(), 4);
    EXPECT_EQ(t.view().row(2)[1], 9.0f);
}

TEST(Rng, SplitMix64MatchesPublishedSequence) {
    // splitmix64 from state 0: first output 0xE220A8397B1DCDAF (the reference sequence).
    Rng r(0);
    EXPECT_EQ(r.next_u64(), 0xE220A8397B1DCDAFull);
}

TEST(Rng, NormalHasUnitMomentsAndIsDeterministic) {
    Tensor a = random_normal({20000}, 42), b = random_normal({20000}, 42);
    double mean = 0, var = 0;
    for (int64_t i = 0; i < a.numel(); i++) {
        ASSERT_EQ(a[i], b[i]);
        mean += a[i];
    }
    mean /= a.numel();
    for (int64_t i = 0; i < a.numel(); i++) var += (a[i] - mean) * (a[i] - mean);
    var /= a.numel();
    EXPECT_NEAR(mean, 0.0, 0.03);  // 4.2 standard errors of 1/sqrt(20000)
    EXPECT_NEAR(var, 1.0, 0.05);
}
