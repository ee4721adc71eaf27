// GL attention (scores with mask -> softmax -> · V, three draws) against the reference: the
// probabilities and the output, batches and heads, every mask kind, a batch whose keys are all
// padding. Bound 1e-5; measured on llvmpipe: probs 1.8e-07, out 7.2e-07 (printed by the test).
#include "gpu_test_env.h"

#include <cmath>
#include <string>

using namespace attn;

namespace {

using GpuAttention = GpuTest;

TEST_F(GpuAttention, ProbsAndOutputEveryMask) {
    MaxDiff probs_diff("attention probs"), out_diff("attention out");
    for (int64_t B : {1, 2})
        for (int heads : {1, 2, 4})
            for (int64_t Tq : {1, 7, 33})
                for (int64_t Tk : {1, 7, 33}) {
                    const int64_t dh = 8, D = heads * dh;
                    SCOPED_TRACE("B=" + std::to_string(B) + " H=" + std::to_string(heads) + " Tq=" +
                                 std::to_string(Tq) + " Tk=" + std::to_string(Tk));
                    Tensor q = random_normal({B, Tq, D}, 21), k = random_normal({B, Tk, D}, 22);
                    Tensor v = random_normal({B, Tk, D}, 23);
                    // Columns per batch: batch 1 (if any) has every key padded, batch 0 its last one.
                    Tensor cols({B, Tk});
                    if (Tk > 1) cols[Tk - 1] = -INFINITY;
                    for (int64_t j = 0; j < Tk && B > 1; j++) cols[Tk + j] = -INFINITY;
                    Tensor cols_1d = random_normal({Tk}, 24);
                    Tensor full = random_normal({Tq, Tk}, 25);
                    full[0] = -INFINITY;
                    const Mask masks[] = {Mask::none(), Mask::columns(cols), Mask::columns(cols_1d), Mask::full(full),
                                          Mask::causal()};
                    for (const Mask & m : masks) {
                        if (m.kind == Mask::Kind::Causal && Tq > Tk) continue;  // queries must not outnumber keys
                        SCOPED_TRACE("mask kind " + std::to_string(int(m.kind)));
                        Tensor probs({B, heads, Tq, Tk}), out({B, Tq, D});
                        Tensor want_probs({B, heads, Tq, Tk}), want_out({B, Tq, D});
                        const float scale = 1.0f / std::sqrt(float(dh));
                        gl->attention(q, k, v, heads, scale, m, probs, out);
                        ref->attention(q, k, v, heads, scale, m, want_probs, want_out);
                        EXPECT_LE(probs_diff.add(probs, want_probs), 1e-5);
                        EXPECT_LE(out_diff.add(out, want_out), 1e-5);
                    }
                }
    EXPECT_EQ(new_fallbacks(), 0) << gl->last_error();
}

// Rank-2 inputs mean B = 1 (one sentence, as in decoding).
TEST_F(GpuAttention, RankTwoIsOneBatch) {
    MaxDiff diff("attention rank 2");
    Tensor q = random_normal({3, 16}, 26), k = random_normal({5, 16}, 27), v = random_normal({5, 16}, 28);
    Tensor probs({1, 2, 3, 5}), out({3, 16}), want_probs({1, 2, 3, 5}), want_out({3, 16});
    gl->attention(q, k, v, 2, 0.25f, Mask::causal(), probs, out);
    ref->attention(q, k, v, 2, 0.25f, Mask::causal(), want_probs, want_out);
    EXPECT_LE(diff.add(probs, want_probs), 1e-5);
    EXPECT_LE(diff.add(out, want_out), 1e-5);
}

} // namespace
