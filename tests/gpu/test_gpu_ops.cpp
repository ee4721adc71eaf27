// Every GL op against the scalar oracle (the reference backend) on odd sizes and sizes around
// multiples of 4 (the packed layout's texels), every mask kind and fully masked rows. Bound: max abs diff <= 1e-5 for
// every op. Products use nn.Linear's weight scale, U(-1/sqrt(K), 1/sqrt(K)), so results are O(1)
// as in the models; with unscaled U(-1, 1) weights the float32 sums over K = 257 reach about 1e-5
// of the double-accumulating reference by size alone. Measured on Mesa llvmpipe (Mesa 22.3.6,
// this project's VM), printed by each test as "[gpu] op: max |gl - reference| = ...":
//   linear (packed) 3.7e-07, linear (Scalar layout kernel) 8.3e-07, matmul (packed) 9.5e-07,
//   matmul (Scalar layout kernel) 4.8e-07, add 0, mul 0, relu 0, gelu 4.8e-07, tanh 1.2e-07,
//   sigmoid 6e-08 (bound 1e-6 for those three), softmax_rows 6e-08, layer_norm 3.3e-06,
//   embedding 0
#include "gpu_test_env.h"

#include <cmath>
#include <string>
#include <vector>

using namespace attn;

namespace {

constexpr double kTol = 1e-5;

// Weights (rows of length K) at nn.Linear's initial scale.
Tensor weights(Shape s, int64_t K, uint64_t seed) {
    const float bound = 1.0f / std::sqrt(float(K));
    return random_uniform(s, seed, -bound, bound);
}

std::string dims(std::initializer_list<int64_t> d) {
    std::string s;
    for (int64_t v : d) s += (s.empty() ? "" : "x") + std::to_string(v);
    return s;
}

using GpuOps = GpuTest;

TEST_F(GpuOps, LinearWithAndWithoutBias) {
    MaxDiff diff("linear");
    for (int64_t N : {1, 3, 33, 65})
        for (int64_t M : {1, 7, 33})
            for (int64_t K : {1, 3, 65, 257}) {
                SCOPED_TRACE(dims({N, M, K}));
                Tensor x = random_uniform({N, K}, 1, -1, 1), w = weights({M, K}, K, 2);
                Tensor b = random_uniform({M}, 3, -1, 1);
                Tensor y({N, M}), want({N, M});
                gl->linear(x, w, b, y);
                ref->linear(x, w, b, want);
                EXPECT_LE(diff.add(y, want), kTol);
                gl->linear(x, w, ConstView(), y);
                ref->linear(x, w, ConstView(), want);
                EXPECT_LE(diff.add(y, want), kTol);
            }
    // Leading dims of x are rows: x(2, 3, K).
    Tensor x = random_uniform({2, 3, 65}, 4, -1, 1), w = weights({7, 65}, 65, 5);
    Tensor y({2, 3, 7}), want({2, 3, 7});
    gl->linear(x, w, ConstView(), y);
    ref->linear(x, w, ConstView(), want);
    EXPECT_LE(diff.add(y, want), kTol);
    EXPECT_EQ(new_fallbacks(), 0) << gl->last_error();
}

// GlBackend's linear and matmul run the packed kernels; passes chained with the other kernels
// use the Scalar ones: test those directly.
TEST_F(GpuOps, LinearScalarLayoutKernel) {
    MaxDiff diff("linear (Scalar layout kernel)");
    for (int64_t N : {1, 33})
        for (int64_t M : {1, 7})
            for (int64_t K : {3, 257}) {
                SCOPED_TRACE(dims({N, M, K}));
                Tensor x = random_uniform({N, K}, 1, -1, 1), w = weights({M, K}, K, 2);
                Tensor b = random_uniform({M}, 3, -1, 1);
                GpuTensor gx, gw, gb, gy;
                ASSERT_TRUE(GpuTensor::upload(x, &gx));
                ASSERT_TRUE(GpuTensor::upload(w, &gw));
                ASSERT_TRUE(GpuTensor::upload(b, &gb));
                ASSERT_TRUE(GpuTensor::create({N, M}, &gy));
                Tensor y({N, M}), want({N, M});
                for (const GpuTensor * bias : {static_cast<const GpuTensor *>(&gb), static_cast<const GpuTensor *>(nullptr)}) {
                    ASSERT_TRUE(gl->kernels().linear(gx, gw, bias, gy));
                    ASSERT_TRUE(gy.read(y));
                    ref->linear(x, w, bias ? ConstView(b) : ConstView(), want);
                    EXPECT_LE(diff.add(y, want), kTol);
                }
            }
}

TEST_F(GpuOps, MatmulScalarLayoutKernel) {
    MaxDiff diff("matmul (Scalar layout kernel)");
    for (int64_t M : {1, 7})
        for (int64_t N : {3, 33})
            for (int64_t K : {1, 257})
                for (bool trans_b : {false, true}) {
                    SCOPED_TRACE(dims({M, N, K}) + (trans_b ? " bT" : ""));
                    Tensor a = random_uniform({2, M, K}, 6, -1, 1);
                    Tensor b = trans_b ? weights({2, N, K}, K, 7) : weights({2, K, N}, K, 7);
                    GpuTensor ga, gb, gc;
                    ASSERT_TRUE(GpuTensor::upload(a, &ga));
                    ASSERT_TRUE(GpuTensor::upload(b, &gb));
                    ASSERT_TRUE(GpuTensor::create({2, M, N}, &gc));
                    ASSERT_TRUE(gl->kernels().matmul(ga, gb, trans_b, gc));
                    Tensor c({2, M, N}), want({2, M, N});
                    ASSERT_TRUE(gc.read(c));
                    ref->matmul(a, b, trans_b, want);
                    EXPECT_LE(diff.add(c, want), kTol);
                }
}

// Rgba4 pads rows to a multiple of 4 columns; reading back must drop the padding exactly.
TEST_F(GpuOps, Rgba4LayoutRoundTrip) {
    for (int64_t C : {1, 3, 4, 5, 8, 257}) {
        SCOPED_TRACE(dims({3, C}));
        Tensor x = random_normal({3, C}, 30), back({3, C});
        GpuTensor t;
        ASSERT_TRUE(GpuTensor::upload(x, &t, TexelLayout::Rgba4));
        EXPECT_EQ(t.texture_width(), (C + 3) / 4);
        ASSERT_TRUE(t.read(back));
        EXPECT_EQ(max_abs_diff(back, x), 0.0);
    }
}

TEST_F(GpuOps, MatmulBothLayoutsBatchesAndBroadcast) {
    MaxDiff diff("matmul");
    for (int64_t M : {1, 7, 33})
        for (int64_t N : {1, 3, 4, 5, 65})
            for (int64_t K : {1, 4, 7, 257})
                for (bool trans_b : {false, true})
                    for (int64_t b_batches : {2, 1}) {  // 1: one b broadcast over a's 2 batches
                        SCOPED_TRACE(dims({M, N, K, b_batches}) + (trans_b ? " bT" : ""));
                        Tensor a = random_uniform({2, M, K}, 6, -1, 1);
                        Tensor b = trans_b ? weights({b_batches, N, K}, K, 7) : weights({b_batches, K, N}, K, 7);
                        Tensor c({2, M, N}), want({2, M, N});
                        gl->matmul(a, b, trans_b, c);
                        ref->matmul(a, b, trans_b, want);
                        EXPECT_LE(diff.add(c, want), kTol);
                    }
    EXPECT_EQ(new_fallbacks(), 0) << gl->last_error();
}

TEST_F(GpuOps, AddSameShapeAndRowBroadcast) {
    MaxDiff diff("add");
    for (int64_t R : {1, 3, 65})
        for (int64_t C : {1, 7, 257}) {
            SCOPED_TRACE(dims({R, C}));
            Tensor a = random_normal({R, C}, 8), b = random_normal({R, C}, 9), row = random_normal({C}, 10);
            Tensor y({R, C}), want({R, C});
            gl->add(a, b, y);
            ref->add(a, b, want);
            EXPECT_EQ(diff.add(y, want), 0.0);  // one float addition: exact on both sides
            gl->add(a, row, y);
            ref->add(a, row, want);
            EXPECT_EQ(diff.add(y, want), 0.0);
        }
}

TEST_F(GpuOps, MulSameShapeAndRowBroadcast) {
    MaxDiff diff("mul");
    for (int64_t R : {1, 3, 65})
        for (int64_t C : {1, 7, 257}) {
            SCOPED_TRACE(dims({R, C}));
            Tensor a = random_normal({R, C}, 27), b = random_normal({R, C}, 28), row = random_normal({C}, 29);
            Tensor y({R, C}), want({R, C});
            gl->mul(a, b, y);
            ref->mul(a, b, want);
            EXPECT_EQ(diff.add(y, want), 0.0);  // one float product: exact on both sides
            gl->mul(a, row, y);
            ref->mul(a, row, want);
            EXPECT_EQ(diff.add(y, want), 0.0);
        }
}

// tanh and sigmoid over [-100, 100]: far enough out that a naive e^x form would overflow, and the
// saturated tails must reach ±1 / 0 and 1 exactly enough.
TEST_F(GpuOps, TanhAndSigmoidOverWideRange) {
    MaxDiff tanh_diff("tanh"), sigmoid_diff("sigmoid");
    const int64_t n = 4001;
    Tensor x({1, n});
    for (int64_t i = 0; i < n; i++) x[i] = -100.0f + 200.0f * float(i) / float(n - 1);
    Tensor y({1, n}), want({1, n});
    gl->tanh(x, y);
    ref->tanh(x, want);
    EXPECT_LE(tanh_diff.add(y, want), 1e-6);
    gl->sigmoid(x, y);
    ref->sigmoid(x, want);
    EXPECT_LE(sigmoid_diff.add(y, want), 1e-6);
    Tensor r = random_normal({7, 33}, 30, 3.0f), yr({7, 33}), wr({7, 33});
    gl->tanh(r, yr);
    ref->tanh(r, wr);
    EXPECT_LE(tanh_diff.add(yr, wr), 1e-6);
    gl->sigmoid(r, yr);
    ref->sigmoid(r, wr);
    EXPECT_LE(sigmoid_diff.add(yr, wr), 1e-6);
    EXPECT_EQ(new_fallbacks(), 0);
}

TEST_F(GpuOps, Relu) {
    MaxDiff diff("relu");
    Tensor x = random_normal({33, 65}, 11);
    x[0] = -0.0f;
    x[1] = 0.0f;
    Tensor y({33, 65}), want({33, 65});
    gl->relu(x, y);
    ref->relu(x, want);
    EXPECT_EQ(diff.add(y, want), 0.0);
}

// The erf approximation in shaders/gelu.glsl is good to 1.5e-7; the grid covers both tails,
// where it must reach 0 and x without cancellation.
TEST_F(GpuOps, GeluExactFormOverWideRange) {
    MaxDiff diff("gelu");
    const int64_t n = 4001;
    Tensor x({1, n});
    for (int64_t i = 0; i < n; i++) x[i] = -10.0f + 20.0f * float(i) / float(n - 1);
    Tensor y({1, n}), want({1, n});
    gl->gelu(x, y);
    ref->gelu(x, want);
    EXPECT_LE(diff.add(y, want), 1e-6);
    Tensor r = random_normal({7, 33}, 12, 3.0f), yr({7, 33}), wr({7, 33});
    gl->gelu(r, yr);
    ref->gelu(r, wr);
    EXPECT_LE(diff.add(yr, wr), 1e-6);
}

TEST_F(GpuOps, SoftmaxRowsEveryMaskKind) {
    MaxDiff diff("softmax_rows");
    for (int64_t R : {1, 3, 7})
        for (int64_t C : {1, 3, 33, 257}) {
            SCOPED_TRACE(dims({R, C}));
            Tensor x = random_normal({2, R, C}, 13, 4.0f);  // rank 3: the mask row is row % R
            Tensor y({2, R, C}), want({2, R, C});
            // Columns: a padding -inf on the last column (C > 1), finite values elsewhere.
            Tensor cols = random_normal({C}, 14);
            if (C > 1) cols[C - 1] = -INFINITY;
            // Full: the first row entirely removed, others with one removed position.
            Tensor full = random_normal({R, C}, 15);
            for (int64_t c = 0; c < C; c++) full[c] = -INFINITY;
            if (R > 1) full[C + C / 2] = -INFINITY;
            const Mask masks[] = {Mask::none(), Mask::columns(cols), Mask::full(full), Mask::causal()};
            for (const Mask & m : masks) {
                SCOPED_TRACE("mask kind " + std::to_string(int(m.kind)));
                gl->softmax_rows(x, 0.125f, m, y);
                ref->softmax_rows(x, 0.125f, m, want);
                EXPECT_LE(diff.add(y, want), kTol);
            }
            // The fully masked rows are exact zeros (not NaN).
            gl->softmax_rows(x, 0.125f, Mask::full(full), y);
            for (int64_t c = 0; c < C; c++) EXPECT_EQ(y[c], 0.0f);
        }
    // Causal with fewer rows than columns: 2 new queries after 5 cached keys.
    Tensor x = random_normal({2, 7}, 16), y({2, 7}), want({2, 7});
    gl->softmax_rows(x, 1.0f, Mask::causal(), y);
    ref->softmax_rows(x, 1.0f, Mask::causal(), want);
    EXPECT_LE(diff.add(y, want), kTol);
    EXPECT_EQ(y[6], 0.0f);  // row 0 sits at position 5: key 6 is in its future
    EXPECT_EQ(new_fallbacks(), 0) << gl->last_error();
}

TEST_F(GpuOps, LayerNormOffsetRows) {
    MaxDiff diff("layer_norm");
    for (int64_t N : {1, 3, 33})
        for (int64_t D : {1, 7, 65, 257}) {
            SCOPED_TRACE(dims({N, D}));
            Tensor x = random_normal({N, D}, 17, 2.0f);
            for (int64_t i = 0; i < x.numel(); i++) x[i] += 3.0f;  // a mean far from 0: tests the two passes
            Tensor gamma = random_normal({D}, 18), beta = random_normal({D}, 19);
            Tensor y({N, D}), want({N, D});
            gl->layer_norm(x, gamma, beta, 1e-5f, y);
            ref->layer_norm(x, gamma, beta, 1e-5f, want);
            EXPECT_LE(diff.add(y, want), kTol);
        }
}

TEST_F(GpuOps, EmbeddingGathersExactRows) {
    MaxDiff diff("embedding");
    Tensor table = random_normal({50, 33}, 20);
    const std::vector<int32_t> ids = {0, 49, 7, 7, 23, 1, 48};
    const int64_t T = int64_t(ids.size());
    Tensor y({T, 33}), want({T, 33});
    gl->embedding(table, ids.data(), T, y);
    ref->embedding(table, ids.data(), T, want);
    EXPECT_EQ(diff.add(y, want), 0.0);
}

} // namespace
