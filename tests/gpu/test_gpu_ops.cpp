// The GL backend against the scalar oracle: the op table every backend shares
// (tests/backend/op_suite.h) instantiated for WebGL2, where a case also fails if it handed an op
// the backend supports to the CPU; and the kernels of the other texel layout (one float per texel),
// which GlBackend's own ops do not reach but passes chained on the GPU do. Measured on Mesa
// llvmpipe (Mesa 22.3.6, this project's VM), the Scalar layout kernels differ from the reference by
// 8.3e-07 (linear) and 4.8e-07 (matmul), printed by each test as "[gpu] op: max |gl - reference|".
// Products use nn.Linear's weight scale, U(-1/sqrt(K), 1/sqrt(K)), so results are O(1) as in the
// models and one absolute bound (1e-5) holds for every size.
#include "../backend/op_suite.h"
#include "gpu_test_env.h"

#include <cmath>
#include <string>
#include <vector>

using namespace attn;

namespace {

using attn::testing::OpSuite;
INSTANTIATE_TEST_SUITE_P(
    Gl, OpSuite,
    ::testing::Values(attn::testing::BackendUnderTest{
        "webgl2", [](std::string * why) -> Backend * { return gl_test_backend(why); },
        [] {
            std::string why;
            const GlBackend * gl = gl_test_backend(&why);
            return gl ? gl->cpu_fallbacks() : int64_t(0);
        }}),
    attn::testing::backend_name);

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

} // namespace
