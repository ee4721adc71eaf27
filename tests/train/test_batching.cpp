// Token-budget batching (budget, coverage, determinism, epochs, padding waste) and the padded
// batch layout on a hand example.
#include "train/batching.h"

#include "core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

using namespace attn;

namespace {

// n examples with source lengths 1..40 and target lengths 1..35, deterministic.
std::vector<Example> corpus(size_t n, uint64_t seed) {
    Rng rng(seed);
    std::vector<Example> out(n);
    for (Example & e : out) {
        e.src.assign(1 + rng.below(40), 7);
        e.tgt.assign(1 + rng.below(35), 9);
    }
    return out;
}

void expect_each_once(const std::vector<std::vector<size_t>> & batches, size_t n) {
    std::vector<int> seen(n, 0);
    for (const auto & b : batches)
        for (size_t i : b) {
            ASSERT_LT(i, n);
            seen[i]++;
        }
    for (size_t i = 0; i < n; i++) EXPECT_EQ(seen[i], 1) << "example " << i;
}

} // namespace

TEST(Batching, BudgetCoverageAndLowPadding) {
    const auto ex = corpus(500, 1);
    const int64_t budget = 300;
    const auto batches = make_token_batches(ex, budget, 42, 0);
    expect_each_once(batches, ex.size());
    int64_t padded = 0, useful = 0;
    for (const auto & b : batches) {
        ASSERT_FALSE(b.empty());
        EXPECT_LE(batch_cost(ex, b), budget);
        padded += batch_cost(ex, b);
        for (size_t i : b) useful += padded_length(ex[i]);
    }
    // Length-sorted buckets: the padded cost is within a few % of the examples' own lengths (a random
    // grouping of lengths 1..40 would waste about half).
    EXPECT_LT(double(padded) / double(useful), 1.1);
    // Batches are nearly full: greedy cutting leaves less than one example's worth per batch.
    EXPECT_LT(batches.size(), size_t(useful / budget * 13 / 10 + 2));
}

TEST(Batching, DeterministicPerEpochDifferentAcrossEpochs) {
    const auto ex = corpus(300, 2);
    const auto a = make_token_batches(ex, 256, 7, 0);
    EXPECT_EQ(a, make_token_batches(ex, 256, 7, 0));
    const auto b = make_token_batches(ex, 256, 7, 1);
    expect_each_once(b, ex.size());
    EXPECT_NE(a, b);
    EXPECT_NE(a, make_token_batches(ex, 256, 8, 0));  // another seed, another order
    // Not just the order of batches: equal-length examples meet different partners.
    auto sorted = [](std::vector<std::vector<size_t>> v) {
        std::sort(v.begin(), v.end());
        return v;
    };
    EXPECT_NE(sorted(a), sorted(b));
}

TEST(Batching, OverlongExampleGetsItsOwnBatch) {
    std::vector<Example> ex = corpus(50, 3);
    Example big;
    big.src.assign(500, 1);
    big.tgt.assign(3, 1);
    ex.push_back(big);
    const auto batches = make_token_batches(ex, 200, 1, 0);
    expect_each_once(batches, ex.size());
    int own = 0;
    for (const auto & b : batches) {
        if (b.size() == 1 && b[0] == ex.size() - 1) own++;
        if (b.size() > 1) {
            EXPECT_LE(batch_cost(ex, b), 200);
        }
    }
    EXPECT_EQ(own, 1);
    // Budget ≤ 0: one example per batch. No examples: no batches.
    for (const auto & b : make_token_batches(ex, 0, 1, 0)) EXPECT_EQ(b.size(), 1u);
    EXPECT_TRUE(make_token_batches({}, 100, 1, 0).empty());
}

TEST(Batching, CostCountsTargetPlusOne) {
    // |src| 3, |tgt| 4: the decoder runs over BOS + 4 tokens = 5 positions.
    Example e{{1, 2, 3}, {4, 5, 6, 7}};
    EXPECT_EQ(padded_length(e), 5);
    std::vector<Example> ex{e, Example{{1, 2, 3, 4, 5, 6}, {1}}};
    EXPECT_EQ(batch_cost(ex, {0, 1}), 2 * 6);
}

TEST(Batching, PaddedBatchByHand) {
    const int32_t pad = 0, bos = 1, eos = 2;
    std::vector<Example> ex{{{5, 6, 7}, {8, 9}}, {{10}, {11, 12, 13}}};
    PaddedBatch b = make_padded_batch(ex, {1, 0}, pad, bos, eos);
    ASSERT_EQ(b.B, 2);
    ASSERT_EQ(b.S, 3);  // longest source
    ASSERT_EQ(b.T, 4);  // longest target + 1
    EXPECT_EQ(b.src, (std::vector<int32_t>{10, 0, 0, /**/ 5, 6, 7}));
    EXPECT_EQ(b.tgt_in, (std::vector<int32_t>{1, 11, 12, 13, /**/ 1, 8, 9, 0}));
    EXPECT_EQ(b.tgt_out, (std::vector<int32_t>{11, 12, 13, 2, /**/ 8, 9, 2, 0}));
    EXPECT_EQ(b.src_len, (std::vector<int>{1, 3}));
    EXPECT_EQ(b.tgt_len, (std::vector<int>{4, 3}));
    EXPECT_EQ(b.target_tokens, 7);
    ASSERT_EQ(b.src_key_mask.shape(), Shape({2, 3}));
    ASSERT_EQ(b.tgt_key_mask.shape(), Shape({2, 4}));
    const float ninf = -INFINITY;
    const float src_mask[6] = {0, ninf, ninf, 0, 0, 0};
    const float tgt_mask[8] = {0, 0, 0, 0, 0, 0, 0, ninf};
    for (int i = 0; i < 6; i++) EXPECT_EQ(b.src_key_mask[i], src_mask[i]) << i;
    for (int i = 0; i < 8; i++) EXPECT_EQ(b.tgt_key_mask[i], tgt_mask[i]) << i;

    PaddedBatch empty = make_padded_batch(ex, {}, pad, bos, eos);
    EXPECT_EQ(empty.B, 0);
    EXPECT_EQ(empty.target_tokens, 0);
}
