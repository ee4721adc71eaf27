// The op table (op_suite.h) for the CPU backends, and Compute's dispatch around them: every op
// against the scalar oracle on Eigen and on our SIMD kernels, natively and in wasm under node.
#include "op_suite.h"

#include "backend/backend.h"
#include "backend/compute.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

using attn::testing::OpSuite;
INSTANTIATE_TEST_SUITE_P(Backends, OpSuite,
                         ::testing::Values(attn::testing::cpu_backend(BackendKind::Eigen), attn::testing::cpu_backend(BackendKind::Simd)),
                         attn::testing::backend_name);

// ---- Compute: dispatch, fallback, verify ------------------------------------------------------

TEST(Compute, VerifyRecordsErrorAndTimingCountsCalls) {
    Compute cc(BackendKind::Eigen);
    cc.set_verify(true);
    cc.set_timing(true);
    Tensor x = random_normal({33, 65}, 30), w = random_normal({7, 65}, 31), y({33, 7});
    cc.linear(x, w, ConstView(), y);
    EXPECT_EQ(cc.stats(Op::Linear).calls, 1);
    EXPECT_GT(cc.stats(Op::Linear).max_abs_error, 0.0);  // float vs double sums differ a little
    EXPECT_LT(cc.stats(Op::Linear).max_abs_error, 1e-4);
    EXPECT_GE(cc.stats(Op::Linear).ms, 0.0);
}

TEST(Compute, DeclinedOpFallsBackToReference) {
    Compute cc(BackendKind::Eigen);  // Eigen declines embedding
    Tensor table = random_normal({4, 3}, 32), y({1, 3});
    const int32_t id = 2;
    cc.embedding(table, &id, 1, y);
    EXPECT_EQ(cc.stats(Op::Embedding).fallbacks, 1);
    EXPECT_EQ(y[0], table[6]);
}

} // namespace
