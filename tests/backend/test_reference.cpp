// Hand-computed cases for the scalar oracle: each expected value was worked out on paper (shown
// in the comments), so the oracle itself is checked against something independent of the code.
#include "backend/reference/ref_backend.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

namespace {
RefBackend ref;
constexpr float kExact = 1e-6f;  // results below are exact in float or within one rounding
}

TEST(Reference, LinearByHand) {
    // x = [[1, 2]], w = [[1, 0], [0, 1], [1, 1]], b = [0.5, -1, 0]
    // y = [1*1 + 2*0 + .5, 1*0 + 2*1 - 1, 1 + 2 + 0] = [1.5, 1, 3]
    Tensor x({1, 2}, {1, 2}), w({3, 2}, {1, 0, 0, 1, 1, 1}), b({3}, {0.5f, -1, 0}), y({1, 3});
    ref.linear(x, w, b, y);
    EXPECT_NEAR(y[0], 1.5f, kExact);
    EXPECT_NEAR(y[1], 1.0f, kExact);
    EXPECT_NEAR(y[2], 3.0f, kExact);
}

TEST(Reference, MatmulAndTransposedByHand) {
    // [[1, 2], [3, 4]] · [[5, 6], [7, 8]] = [[19, 22], [43, 50]]
    Tensor a({2, 2}, {1, 2, 3, 4}), b({2, 2}, {5, 6, 7, 8}), c({2, 2});
    ref.matmul(a, b, false, c);
    EXPECT_EQ(c[0], 19); EXPECT_EQ(c[1], 22); EXPECT_EQ(c[2], 43); EXPECT_EQ(c[3], 50);
    // with bᵀ = [[5, 7], [6, 8]]: [[1*5 + 2*6, 1*7 + 2*8], [3*5 + 4*6, 3*7 + 4*8]] = [[17, 23], [39, 53]]
    ref.matmul(a, b, true, c);
    EXPECT_EQ(c[0], 17); EXPECT_EQ(c[1], 23); EXPECT_EQ(c[2], 39); EXPECT_EQ(c[3], 53);
}

TEST(Reference, SoftmaxByHand) {
    // softmax([0, ln 3]) = [1/4, 3/4]; with scale 2: softmax([0, 2 ln 3]) = [1/10, 9/10]
    Tensor x({1, 2}, {0.0f, std::log(3.0f)}), y({1, 2});
    ref.softmax_rows(x, 1.0f, Mask::none(), y);
    EXPECT_NEAR(y[0], 0.25f, kExact);
    EXPECT_NEAR(y[1], 0.75f, kExact);
    ref.softmax_rows(x, 2.0f, Mask::none(), y);
    EXPECT_NEAR(y[0], 0.1f, kExact);
    EXPECT_NEAR(y[1], 0.9f, kExact);
}

TEST(Reference, SoftmaxLargeLogitsDoNotOverflow) {
    // exp(1000) overflows float; after subtracting the max it is softmax([0, -1]).
    Tensor x({1, 2}, {1000.0f, 999.0f}), y({1, 2});
    ref.softmax_rows(x, 1.0f, Mask::none(), y);
    EXPECT_NEAR(y[0], 1.0f / (1.0f + std::exp(-1.0f)), kExact);
}

TEST(Reference, CausalMaskIsLowerTriangularAndExactlyZero) {
    // All-zero scores, 3x3 causal: rows become [1,0,0], [1/2,1/2,0], [1/3,1/3,1/3].
    Tensor x({3, 3}), y({3, 3});
    ref.softmax_rows(x, 1.0f, Mask::causal(), y);
    const float expect[9] = {1, 0, 0, 0.5f, 0.5f, 0, 1 / 3.0f, 1 / 3.0f, 1 / 3.0f};
    for (int i = 0; i < 9; i++) EXPECT_NEAR(y[i], expect[i], kExact) << i;
    EXPECT_EQ(y[1], 0.0f);  // exactly, not 1e-30
    EXPECT_EQ(y[5], 0.0f);
}

TEST(Reference, CausalMaskWithCachedKeysSeesEverythingBefore) {
    // One new query after 2 cached keys (R=1, C=3): it sits at position 2 and sees all 3 keys.
    Tensor x({1, 3}), y({1, 3});
    ref.softmax_rows(x, 1.0f, Mask::causal(), y);
    for (int i = 0; i < 3; i++) EXPECT_NEAR(y[i], 1 / 3.0f, kExact);
}

TEST(Reference, ColumnAndFullMasks) {
    // Column mask removes key 1: softmax([0, -inf, 0]) = [1/2, 0, 1/2].
    Tensor x({1, 3}), y({1, 3}), cm({3}, {0, -INFINITY, 0});
    ref.softmax_rows(x, 1.0f, Mask::columns(cm), y);
    EXPECT_NEAR(y[0], 0.5f, kExact); EXPECT_EQ(y[1], 0.0f); EXPECT_NEAR(y[2], 0.5f, kExact);
    // Full additive mask [0, ln 3]: softmax([0, ln 3]) = [1/4, 3/4].
    Tensor x2({1, 2}), y2({1, 2}), fm({1, 2}, {0.0f, std::log(3.0f)});
    ref.softmax_rows(x2, 1.0f, Mask::full(fm), y2);
    EXPECT_NEAR(y2[0], 0.25f, kExact);
}

TEST(Reference, FullyMaskedRowIsZerosNotNaN) {
    Tensor x({1, 2}), y({1, 2}), cm({2}, {-INFINITY, -INFINITY});
    ref.softmax_rows(x, 1.0f, Mask::columns(cm), y);
    EXPECT_EQ(y[0], 0.0f);
    EXPECT_EQ(y[1], 0.0f);
}

TEST(Reference, LayerNormByHand) {
    // x = [1, 2, 3, 4]: mean 2.5, var = (2.25 + .25 + .25 + 2.25)/4 = 1.25, eps 0
    // y = (x - 2.5)/sqrt(1.25) * gamma + beta; gamma = 2, beta = 1 -> 1 + 2*(x-2.5)/1.1180340
    Tensor x({1, 4}, {1, 2, 3, 4}), g({4}, {2, 2, 2, 2}), b({4}, {1, 1, 1, 1}), y({1, 4});
    ref.layer_norm(x, g, b, 0.0f, y);
    const float s = 1.0f / std::sqrt(1.25f);
    EXPECT_NEAR(y[0], 1 + 2 * -1.5f * s, 1e-5f);
    EXPECT_NEAR(y[3], 1 + 2 * 1.5f * s, 1e-5f);
}

TEST(Reference, ActivationsByHand) {
    Tensor x({4}, {-2, -0.5f, 0, 1}), y({4});
    ref.relu(x, y);
    EXPECT_EQ(y[0], 0); EXPECT_EQ(y[1], 0); EXPECT_EQ(y[2], 0); EXPECT_EQ(y[3], 1);
    ref.sigmoid(x, y);
    EXPECT_NEAR(y[2], 0.5f, kExact);
    EXPECT_NEAR(y[3], 0.7310585786f, kExact);  // 1/(1+e^-1)
    ref.tanh(x, y);
    EXPECT_NEAR(y[3], 0.7615941559f, kExact);  // tanh 1
    // GELU(1) = 0.5·(1 + erf(1/√2)) = 0.5·(1 + 0.6826894921) = 0.8413447461
    ref.gelu(x, y);
    EXPECT_NEAR(y[3], 0.8413447461f, kExact);
    EXPECT_NEAR(y[0], -2 * 0.0227501319f, kExact);  // -2·Φ(-2)
}

TEST(Reference, AddMulBroadcastAndEmbedding) {
    Tensor a({2, 2}, {1, 2, 3, 4}), b({2}, {10, 20}), y({2, 2});
    ref.add(a, b, y);
    EXPECT_EQ(y[0], 11); EXPECT_EQ(y[1], 22); EXPECT_EQ(y[2], 13); EXPECT_EQ(y[3], 24);
    ref.mul(a, b, y);
    EXPECT_EQ(y[3], 80);
    Tensor table({3, 2}, {0, 1, 10, 11, 20, 21}), e({2, 2});
    const int32_t ids[2] = {2, 0};
    ref.embedding(table, ids, 2, e);
    EXPECT_EQ(e[0], 20); EXPECT_EQ(e[1], 21); EXPECT_EQ(e[2], 0); EXPECT_EQ(e[3], 1);
}

TEST(Reference, AttentionByHand) {
    // One head, dh = 2, Tq = 1, Tk = 2. q = [1, 0], k = [[ln 3, 0], [0, 0]], scale 1:
    // scores = [ln 3, 0] -> probs [3/4, 1/4]; v = [[4, 0], [0, 8]] -> out = [3, 2].
    const float l3 = std::log(3.0f);
    Tensor q({1, 2}, {1, 0}), k({2, 2}, {l3, 0, 0, 0}), v({2, 2}, {4, 0, 0, 8});
    Tensor probs({1, 1, 1, 2}), out({1, 2});
    ref.attention(q, k, v, 1, 1.0f, Mask::none(), probs, out);
    EXPECT_NEAR(probs[0], 0.75f, kExact);
    EXPECT_NEAR(probs[1], 0.25f, kExact);
    EXPECT_NEAR(out[0], 3.0f, 1e-5f);
    EXPECT_NEAR(out[1], 2.0f, 1e-5f);
}

TEST(Reference, AttentionScaleIsOneOverSqrtDk) {
    // dh = 64, q = k = all ones except key 1 = zeros: scores [64, 0]; ×1/8 -> [8, 0].
    // probs = [1/(1+e^-8), e^-8/(1+e^-8)]: the ÷√d_k = ÷8 of the paper, visible in the weights.
    Tensor q({1, 64}), k({2, 64}), v({2, 64});
    q.fill(1.0f);
    for (int c = 0; c < 64; c++) k[c] = 1.0f;
    Tensor probs({1, 1, 1, 2}), out({1, 64});
    RefBackend().attention(q, k, v, 1, 1.0f / 8.0f, Mask::none(), probs, out);
    EXPECT_NEAR(probs[0], 1.0f / (1.0f + std::exp(-8.0f)), kExact);
}

TEST(Reference, AdditiveScoresByHand) {
    // A = 2, va = [1, -1]: score(i,j) = tanh(ws_i0 + uh_j0) - tanh(ws_i1 + uh_j1)
    // ws = [[0.5, 0]], uh = [[0, 0], [0.5, 1]] -> [tanh .5 - tanh 0, tanh 1 - tanh 1] = [0.4621172, 0]
    Tensor ws({1, 2}, {0.5f, 0}), uh({2, 2}, {0, 0, 0.5f, 1}), va({2}, {1, -1}), s({1, 2});
    ref.additive_scores(ws, uh, va, s);
    EXPECT_NEAR(s[0], 0.4621171573f, kExact);
    EXPECT_NEAR(s[1], 0.0f, kExact);
}
