#include "op_suite.h"

#include "backend/compute.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace attn::testing {

BackendUnderTest cpu_backend(BackendKind kind) {
    return {backend_kind_name(kind), [kind](std::string *) -> Backend * {
                static std::map<BackendKind, std::unique_ptr<Backend>> made;
                auto & b = made[kind];
                if (!b) b = make_backend(kind);
                return b.get();
            },
            nullptr};
}

std::string backend_name(const ::testing::TestParamInfo<BackendUnderTest> & info) { return info.param.name; }

void OpSuite::SetUp() {
    std::string why;
    be = GetParam().get(&why);
    if (!be) {
        GTEST_SKIP() << GetParam().name << ": " << why;
    }
    if (GetParam().fallbacks) m_fallbacks_before = GetParam().fallbacks();
}

void OpSuite::TearDown() {
    if (be && GetParam().fallbacks) {
        EXPECT_EQ(GetParam().fallbacks() - m_fallbacks_before, 0) << "ops handed to the CPU";
    }
}

namespace {

const int64_t kSizes[] = {1, 3, 7, 33, 65, 257};

struct Diff { double max_abs = 0, ref_max = 0; bool nan = false; };
Diff compare(ConstView got, ConstView want) {
    Diff d;
    for (int64_t i = 0; i < want.numel(); i++) {
        if (std::isnan(got.data[i]) != std::isnan(want.data[i])) d.nan = true;
        d.max_abs = std::fmax(d.max_abs, std::fabs(double(got.data[i]) - want.data[i]));
        d.ref_max = std::fmax(d.ref_max, std::fabs(double(want.data[i])));
    }
    return d;
}

#define EXPECT_CLOSE(got, want, tol)                                                          \
    do {                                                                                      \
        const Diff d_ = compare(got, want);                                                   \
        EXPECT_FALSE(d_.nan) << "NaN mismatch";                                               \
        EXPECT_LE(d_.max_abs, (tol)) << "max |ref| = " << d_.ref_max;                         \
    } while (0)

// Dot products of length K in float: error grows about like sqrt(K) · eps · |result| for random
// signs; 2e-6·sqrt(K)·(1 + max|ref|) is ~30x the typical error and still catches any wrong index.
double product_tol(int64_t K, ConstView ref) {
    return 2e-6 * std::sqrt(double(K)) * (1.0 + compare(ref, ref).ref_max);
}

} // namespace

TEST_P(OpSuite, Linear) {
    for (int64_t N : kSizes)
        for (int64_t M : {1, 7, 33, 257})
            for (int64_t K : {1, 3, 65, 257}) {
                SCOPED_TRACE("N=" + std::to_string(N) + " M=" + std::to_string(M) + " K=" + std::to_string(K));
                Tensor x = random_normal({N, K}, 1), w = random_normal({M, K}, 2), b = random_normal({M}, 3);
                Tensor y({N, M}), y_ref({N, M});
                be->linear(x, w, b, y);
                ref->linear(x, w, b, y_ref);
                EXPECT_CLOSE(y, y_ref, product_tol(K, y_ref));
                be->linear(x, w, ConstView(), y);  // no bias
                ref->linear(x, w, ConstView(), y_ref);
                EXPECT_CLOSE(y, y_ref, product_tol(K, y_ref));
            }
    // Leading dims of x are rows: x(2, 3, K).
    Tensor x = random_normal({2, 3, 65}, 4), w = random_normal({7, 65}, 5), y({2, 3, 7}), y_ref({2, 3, 7});
    be->linear(x, w, ConstView(), y);
    ref->linear(x, w, ConstView(), y_ref);
    EXPECT_CLOSE(y, y_ref, product_tol(65, y_ref));
}

// Compact weights: the backend against the reference's widen-then-multiply, F16 and I8, through the
// register path (N ≤ 4) and the blocked GEMM path; and the reference itself against linear() on
// the widened matrix, so the oracle's compact op means what linear means.
TEST_P(OpSuite, LinearCompact) {
    if (!be->supports(Op::LinearCompact)) GTEST_SKIP() << be->name() << " runs linear_compact on the reference";
    for (CompactType type : {CompactType::F16, CompactType::I8})
        for (int64_t N : kSizes)
            for (int64_t M : {1, 7, 33, 257})
                for (int64_t K : {1, 3, 65, 257}) {
                    SCOPED_TRACE(std::string(compact_type_name(type)) + " N=" + std::to_string(N) +
                                 " M=" + std::to_string(M) + " K=" + std::to_string(K));
                    const CompactTensor w = CompactTensor::quantize(random_normal({M, K}, 2), type);
                    Tensor x = random_normal({N, K}, 1), b = random_normal({M}, 3);
                    Tensor y({N, M}), y_ref({N, M}), y_wide({N, M});
                    be->linear_compact(x, w.view(), b, y);
                    ref->linear_compact(x, w.view(), b, y_ref);
                    EXPECT_CLOSE(y, y_ref, product_tol(K, y_ref));
                    ref->linear(x, w.widen(), b, y_wide);
                    EXPECT_CLOSE(y_ref, y_wide, product_tol(K, y_wide));
                    be->linear_compact(x, w.view(), ConstView(), y);  // no bias
                    ref->linear_compact(x, w.view(), ConstView(), y_ref);
                    EXPECT_CLOSE(y, y_ref, product_tol(K, y_ref));
                }
}

TEST_P(OpSuite, MatmulBothLayoutsAndBatches) {
    for (int64_t M : kSizes)
        for (int64_t N : kSizes)
            for (int64_t K : {1, 7, 65, 257})
                for (bool trans_b : {false, true}) {
                    SCOPED_TRACE("M=" + std::to_string(M) + " N=" + std::to_string(N) + " K=" + std::to_string(K) +
                                 (trans_b ? " bT" : ""));
                    Tensor a = random_normal({2, M, K}, 4);
                    Tensor b = trans_b ? random_normal({2, N, K}, 5) : random_normal({2, K, N}, 5);
                    Tensor c({2, M, N}), c_ref({2, M, N});
                    be->matmul(a, b, trans_b, c);
                    ref->matmul(a, b, trans_b, c_ref);
                    EXPECT_CLOSE(c, c_ref, product_tol(K, c_ref));
                }
    // b broadcast over a's batch
    Tensor a = random_normal({3, 5, 7}, 6), b = random_normal({7, 9}, 7), c({3, 5, 9}), c_ref({3, 5, 9});
    be->matmul(a, b, false, c);
    ref->matmul(a, b, false, c_ref);
    EXPECT_CLOSE(c, c_ref, product_tol(7, c_ref));
    // Sides around a multiple of 4 (a packed texel holds 4), with b broadcast or batched.
    for (int64_t N : {4, 5, 8})
        for (int64_t K : {4, 5})
            for (bool trans_b : {false, true})
                for (int64_t b_batches : {1, 2}) {
                    SCOPED_TRACE("N=" + std::to_string(N) + " K=" + std::to_string(K) + (trans_b ? " bT" : "") +
                                 " b batches " + std::to_string(b_batches));
                    Tensor a4 = random_normal({2, 7, K}, 8);
                    Tensor b4 = trans_b ? random_normal({b_batches, N, K}, 9) : random_normal({b_batches, K, N}, 9);
                    Tensor c4({2, 7, N}), c4_ref({2, 7, N});
                    be->matmul(a4, b4, trans_b, c4);
                    ref->matmul(a4, b4, trans_b, c4_ref);
                    EXPECT_CLOSE(c4, c4_ref, product_tol(K, c4_ref));
                }
}

namespace {

Mask make_mask(int kind, int64_t R, int64_t C, Tensor & storage) {
    switch (kind) {
    case 1: {  // columns: every third key removed, some small additive values elsewhere
        storage = random_normal({C}, 8, 0.5f);
        for (int64_t c = 0; c < C; c += 3) storage[c] = -INFINITY;
        return Mask::columns(storage);
    }
    case 2: storage = random_normal({R, C}, 9, 2.0f); return Mask::full(storage);
    case 3: return Mask::causal();
    default: return Mask::none();
    }
}

// Probabilities are in [0, 1]; fast exp approximations stay well within 2e-6 of the double oracle.
constexpr double kProbTol = 2e-6;

// n points evenly from lo to hi, one row.
Tensor grid(float lo, float hi, int64_t n) {
    Tensor x({1, n});
    for (int64_t i = 0; i < n; i++) x[i] = lo + (hi - lo) * float(i) / float(n - 1);
    return x;
}

} // namespace

TEST_P(OpSuite, SoftmaxRowsAllMasks) {
    for (int64_t R : kSizes)
        for (int64_t C : kSizes)
            for (int kind = 0; kind < 4; kind++) {
                SCOPED_TRACE("R=" + std::to_string(R) + " C=" + std::to_string(C) + " mask=" + std::to_string(kind));
                Tensor x = random_normal({2, R, C}, 10, 3.0f), y({2, R, C}), y_ref({2, R, C}), storage;
                const Mask m = make_mask(kind, R, C, storage);
                be->softmax_rows(x, 0.7f, m, y);
                ref->softmax_rows(x, 0.7f, m, y_ref);
                EXPECT_CLOSE(y, y_ref, kProbTol);
                if (kind == 3) {  // causal: exactly zero above the (shifted) diagonal
                    for (int64_t r = 0; r < R; r++)
                        for (int64_t c = std::max<int64_t>(0, r + (C - R) + 1); c < C; c++) ASSERT_EQ(y[r * C + c], 0.0f);
                }
            }
}

TEST_P(OpSuite, SoftmaxFullyMaskedRowGivesZeros) {
    Tensor x = random_normal({3, 5}, 11), y({3, 5}), mask({5});
    mask.fill(-INFINITY);
    be->softmax_rows(x, 1.0f, Mask::columns(mask), y);
    for (int64_t i = 0; i < y.numel(); i++) ASSERT_EQ(y[i], 0.0f);
    // A full mask that removes the first row entirely: zeros there (not NaN), the rest a softmax.
    Tensor full = random_normal({3, 5}, 12), want({3, 5});
    for (int64_t c = 0; c < 5; c++) full[c] = -INFINITY;
    be->softmax_rows(x, 1.0f, Mask::full(full), y);
    ref->softmax_rows(x, 1.0f, Mask::full(full), want);
    for (int64_t c = 0; c < 5; c++) ASSERT_EQ(y[c], 0.0f);
    EXPECT_CLOSE(y, want, kProbTol);
}

// Causal with fewer rows than columns: 2 new queries after 5 cached keys (the decoder's KV cache).
TEST_P(OpSuite, SoftmaxCausalAfterCachedKeys) {
    Tensor x = random_normal({2, 7}, 16), y({2, 7}), want({2, 7});
    be->softmax_rows(x, 1.0f, Mask::causal(), y);
    ref->softmax_rows(x, 1.0f, Mask::causal(), want);
    EXPECT_CLOSE(y, want, kProbTol);
    EXPECT_EQ(y[6], 0.0f);  // row 0 sits at position 5: key 6 is in its future
}

TEST_P(OpSuite, LayerNorm) {
    for (int64_t N : kSizes)
        for (int64_t D : kSizes) {
            SCOPED_TRACE("N=" + std::to_string(N) + " D=" + std::to_string(D));
            // An offset of 5 makes the one-pass variance formula lose digits; a correct kernel does not.
            Tensor x = random_normal({N, D}, 12, 2.0f), g = random_normal({D}, 13), b = random_normal({D}, 14);
            for (int64_t i = 0; i < x.numel(); i++) x[i] += 5.0f;
            Tensor y({N, D}), y_ref({N, D});
            be->layer_norm(x, g, b, 1e-5f, y);
            ref->layer_norm(x, g, b, 1e-5f, y_ref);
            EXPECT_CLOSE(y, y_ref, 1e-5 * (1.0 + compare(y_ref, y_ref).ref_max));
        }
}

TEST_P(OpSuite, ElementwiseAndBroadcast) {
    for (int64_t n : kSizes) {
        SCOPED_TRACE("n=" + std::to_string(n));
        Tensor x = random_normal({3, n}, 15, 4.0f), y({3, n}), y_ref({3, n});
        // Activations: within a few float ulps of the double oracle (|y| ≤ max(1, |x|)).
        const double act_tol = 2e-6 * 4.0 * 4.0;
        be->relu(x, y); ref->relu(x, y_ref); EXPECT_CLOSE(y, y_ref, 0.0);
        be->gelu(x, y); ref->gelu(x, y_ref); EXPECT_CLOSE(y, y_ref, act_tol);
        be->tanh(x, y); ref->tanh(x, y_ref); EXPECT_CLOSE(y, y_ref, 2e-6);
        be->sigmoid(x, y); ref->sigmoid(x, y_ref); EXPECT_CLOSE(y, y_ref, 2e-6);
        Tensor same = random_normal({3, n}, 16), row = random_normal({n}, 17);
        be->add(x, same, y); ref->add(x, same, y_ref); EXPECT_CLOSE(y, y_ref, 0.0);  // one rounding, same
        be->add(x, row, y); ref->add(x, row, y_ref); EXPECT_CLOSE(y, y_ref, 0.0);
        be->mul(x, same, y); ref->mul(x, same, y_ref); EXPECT_CLOSE(y, y_ref, 0.0);
        be->mul(x, row, y); ref->mul(x, row, y_ref); EXPECT_CLOSE(y, y_ref, 0.0);
        be->relu(y, y);  // in place is allowed for element-wise ops
        for (int64_t i = 0; i < y.numel(); i++) ASSERT_GE(y[i], 0.0f);
    }
}

// Far into the tails, where a naive e^x form overflows and the saturated values must come out as
// ±1, 0 and 1 (tanh, sigmoid over [-100, 100]) or 0 and x (GELU over [-10, 10]), and ±0 for ReLU.
TEST_P(OpSuite, ActivationsOverWideRanges) {
    const Tensor wide = grid(-100.0f, 100.0f, 4001), narrower = grid(-10.0f, 10.0f, 4001);
    Tensor y({1, 4001}), want({1, 4001});
    be->tanh(wide, y);
    ref->tanh(wide, want);
    EXPECT_CLOSE(y, want, 1e-6);
    be->sigmoid(wide, y);
    ref->sigmoid(wide, want);
    EXPECT_CLOSE(y, want, 1e-6);
    be->gelu(narrower, y);
    ref->gelu(narrower, want);
    EXPECT_CLOSE(y, want, 1e-6);
    Tensor zeros({1, 2}, {-0.0f, 0.0f}), r({1, 2});
    be->relu(zeros, r);
    EXPECT_EQ(r[0], 0.0f);
    EXPECT_EQ(r[1], 0.0f);
}

TEST_P(OpSuite, Embedding) {
    Tensor table = random_normal({33, 7}, 18), y({5, 7}), y_ref({5, 7});
    const int32_t ids[5] = {0, 32, 5, 5, 17};
    be->embedding(table, ids, 5, y);
    ref->embedding(table, ids, 5, y_ref);
    EXPECT_CLOSE(y, y_ref, 0.0);
}

TEST_P(OpSuite, AttentionAllMasksOddSizes) {
    for (int64_t Tq : {1, 3, 7, 33, 65})
        for (int64_t Tk : {1, 3, 7, 33, 65, 257})
            for (int heads : {1, 3})
                for (int64_t dh : {1, 7, 64})
                    for (int kind = 0; kind < 4; kind++) {
                        if (kind == 2 && Tq * Tk > 4096) continue;  // full masks: small sizes suffice
                        SCOPED_TRACE("Tq=" + std::to_string(Tq) + " Tk=" + std::to_string(Tk) + " H=" +
                                     std::to_string(heads) + " dh=" + std::to_string(dh) + " mask=" +
                                     std::to_string(kind));
                        const int64_t D = heads * dh, B = 2;
                        Tensor q = random_normal({B, Tq, D}, 19), k = random_normal({B, Tk, D}, 20),
                               v = random_normal({B, Tk, D}, 21), storage;
                        const Mask m = make_mask(kind, Tq, Tk, storage);
                        Tensor p({B, heads, Tq, Tk}), p_ref({B, heads, Tq, Tk}), o({B, Tq, D}), o_ref({B, Tq, D});
                        const float scale = 1.0f / std::sqrt(float(dh));
                        be->attention(q, k, v, heads, scale, m, p, o);
                        ref->attention(q, k, v, heads, scale, m, p_ref, o_ref);
                        // Scores are dh-long dot products (×scale ~ 1/sqrt(dh)); probs inherit that
                        // error times their own size (≤ 1).
                        EXPECT_CLOSE(p, p_ref, 2e-6 * std::sqrt(double(dh)) + kProbTol);
                        EXPECT_CLOSE(o, o_ref, 2e-6 * std::sqrt(double(dh * Tk)) * (1.0 + compare(o_ref, o_ref).ref_max));
                    }
}

TEST_P(OpSuite, AttentionPerBatchKeyPadding) {
    // Batch 0 keeps all 5 keys, batch 1 pads the last 2: its probabilities there are exactly 0.
    Tensor q = random_normal({2, 4, 8}, 22), k = random_normal({2, 5, 8}, 23), v = random_normal({2, 5, 8}, 24);
    Tensor pad({2, 5}, {0, 0, 0, 0, 0, 0, 0, 0, -INFINITY, -INFINITY});
    Tensor p({2, 2, 4, 5}), o({2, 4, 8}), p_ref({2, 2, 4, 5}), o_ref({2, 4, 8});
    be->attention(q, k, v, 2, 0.5f, Mask::columns(pad), p, o);
    ref->attention(q, k, v, 2, 0.5f, Mask::columns(pad), p_ref, o_ref);
    EXPECT_CLOSE(p, p_ref, 1e-5);
    EXPECT_CLOSE(o, o_ref, 1e-5);
    for (int64_t h = 0; h < 2; h++)
        for (int64_t i = 0; i < 4; i++) {
            const float * row = p.data() + ((1 * 2 + h) * 4 + i) * 5;
            EXPECT_EQ(row[3], 0.0f);
            EXPECT_EQ(row[4], 0.0f);
        }
}

TEST_P(OpSuite, AdditiveScores) {
    for (int64_t Tq : {1, 7, 33})
        for (int64_t Tk : {1, 3, 65})
            for (int64_t A : {1, 7, 65}) {
                Tensor ws = random_normal({Tq, A}, 25), uh = random_normal({Tk, A}, 26), va = random_normal({A}, 27);
                Tensor s({Tq, Tk}), s_ref({Tq, Tk});
                be->additive_scores(ws, uh, va, s);
                ref->additive_scores(ws, uh, va, s_ref);
                EXPECT_CLOSE(s, s_ref, 2e-6 * std::sqrt(double(A)) * (1.0 + compare(s_ref, s_ref).ref_max));
            }
}


} // namespace attn::testing
