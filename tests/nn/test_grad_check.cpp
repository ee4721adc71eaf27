// Finite-difference checks of every backward in nn/grad_ops.h. For an op y = f(x, params) we take
// the scalar L = Σ r ∘ y with a fixed random r, so the analytic gradient is the backward with
// dy = r, and compare it with the central difference (L(x + h·e_i) - L(x - h·e_i)) / 2h at random
// indices i. Forwards come from the reference backend (an independent oracle), L is summed in
// double. Runs natively and in wasm under node; the whole file takes well under a second.
#include "backend/backend.h"
#include "core/rng.h"
#include "nn/grad_ops.h"
#include "fd_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace attn;

namespace {

std::unique_ptr<Backend> g_ref = make_backend(BackendKind::Reference);

// ---- linear -------------------------------------------------------------------------------------

TEST(GradCheck, Linear) {
    // x with leading dims (2, 3, K): the backward flattens them into N = 6 rows, like the forward.
    const int64_t K = 7, M = 5;
    Tensor x = random_normal({2, 3, K}, 11), w = random_normal({M, K}, 12, 0.5f), b = random_normal({M}, 13);
    Tensor r = random_normal({2, 3, M}, 14);
    Tensor dx({2, 3, K}), dw({M, K}), db({M});
    linear_backward(x, w, r, dx, dw, db);
    auto loss = [&] {
        Tensor y({2, 3, M});
        g_ref->linear(x, w, b, y);
        return weighted_sum(y, r);
    };
    expect_matches_fd("dx", x, dx, loss, 1);
    expect_matches_fd("dw", w, dw, loss, 2);
    expect_matches_fd("db", b, db, loss, 3);
}

TEST(GradCheck, LinearWithoutBiasOrInputGradient) {
    // Empty views mean "not needed": the first layer needs no dx, a bias-free layer no db.
    Tensor x = random_normal({4, 3}, 21), w = random_normal({2, 3}, 22), r = random_normal({4, 2}, 23);
    Tensor dw({2, 3});
    linear_backward(x, w, r, TensorView(), dw, TensorView());
    auto loss = [&] {
        Tensor y({4, 2});
        g_ref->linear(x, w, ConstView(), y);
        return weighted_sum(y, r);
    };
    expect_matches_fd("dw", w, dw, loss, 4);
}

// ---- layer norm ---------------------------------------------------------------------------------

TEST(GradCheck, LayerNorm) {
    const int64_t N = 6, D = 10;
    const float eps = 1e-5f;
    Tensor x = random_normal({N, D}, 31, 2.0f), gamma = random_normal({D}, 32, 0.5f), beta = random_normal({D}, 33);
    for (int64_t d = 0; d < D; d++) gamma[d] += 1.0f;
    Tensor r = random_normal({N, D}, 34);

    Tensor y({N, D}), y_ref({N, D}), mean({N}), rstd({N});
    layer_norm_forward_train(x, gamma, beta, eps, y, mean, rstd);
    g_ref->layer_norm(x, gamma, beta, eps, y_ref);
    for (int64_t i = 0; i < y.numel(); i++) ASSERT_EQ(y[i], y_ref[i]) << "forward differs from the oracle at " << i;
    for (int64_t n = 0; n < N; n++) {  // saved statistics, recomputed directly
        double mu = 0, var = 0;
        for (int64_t d = 0; d < D; d++) mu += x[n * D + d] / double(D);
        for (int64_t d = 0; d < D; d++) var += (x[n * D + d] - mu) * (x[n * D + d] - mu) / double(D);
        EXPECT_NEAR(mean[n], mu, 1e-6 * (1 + std::fabs(mu)));
        EXPECT_NEAR(rstd[n], 1.0 / std::sqrt(var + eps), 1e-6 / std::sqrt(var + eps));
    }

    Tensor dx({N, D}), dgamma({D}), dbeta({D});
    layer_norm_backward(x, gamma, mean, rstd, r, dx, dgamma, dbeta);
    auto loss = [&] {
        Tensor out({N, D});
        g_ref->layer_norm(x, gamma, beta, eps, out);
        return weighted_sum(out, r);
    };
    expect_matches_fd("dx", x, dx, loss, 5);
    expect_matches_fd("dgamma", gamma, dgamma, loss, 6);
    expect_matches_fd("dbeta", beta, dbeta, loss, 7);
    // Shifting a whole row leaves its normalised output unchanged, so each row of dx sums to 0.
    for (int64_t n = 0; n < N; n++) {
        double row_sum = 0;
        for (int64_t d = 0; d < D; d++) row_sum += dx[n * D + d];
        EXPECT_NEAR(row_sum, 0.0, 1e-5);
    }
}

// ---- softmax rows -------------------------------------------------------------------------------

struct SoftmaxCase {
    const char * name;
    Shape shape;
    float scale;
    Mask::Kind mask;
};

void check_softmax_case(const SoftmaxCase & sc) {
    SCOPED_TRACE(sc.name);
    Tensor x = random_normal(sc.shape, 41, 1.5f), r = random_normal(sc.shape, 42);
    const int64_t C = x.cols();
    Tensor column_mask({C});
    for (int64_t c = 0; c < C; c += 3) column_mask[c] = -INFINITY;  // removes columns 0, 3, ...
    const Mask mask = sc.mask == Mask::Kind::Columns ? Mask::columns(column_mask)
                      : sc.mask == Mask::Kind::Causal ? Mask::causal()
                                                      : Mask::none();
    auto forward = [&](Tensor & y) { g_ref->softmax_rows(x, sc.scale, mask, y); };
    Tensor y(sc.shape), dx(sc.shape);
    forward(y);
    softmax_rows_backward(y, r, sc.scale, dx);
    auto loss = [&] {
        Tensor out(sc.shape);
        forward(out);
        return weighted_sum(out, r);
    };
    // Every index: the tensors are small, and the masked ones must be probed too.
    expect_matches_fd("dx", x, dx, loss, pick_indices(x.numel(), 1000, 0));
    int64_t masked = 0;
    for (int64_t i = 0; i < y.numel(); i++)
        if (y[i] == 0.0f) {
            masked++;
            EXPECT_EQ(dx[i], 0.0f) << "masked position " << i << " has a gradient";
        }
    if (sc.mask != Mask::Kind::None) {
        EXPECT_GT(masked, 0) << "the mask removed nothing";
    }
}

TEST(GradCheck, SoftmaxRows) {
    const SoftmaxCase cases[] = {
        {"no mask, scale 0.5", {5, 7}, 0.5f, Mask::Kind::None},
        {"column mask, scale 1/sqrt(8)", {4, 7}, 0.35355339f, Mask::Kind::Columns},
        {"causal, leading dim, R < C", {2, 4, 6}, 1.0f, Mask::Kind::Causal},
        // R > C: rows 0 and 1 have every column removed (all-zero forward), so all-zero gradient.
        {"causal, fully masked rows", {5, 3}, 0.7f, Mask::Kind::Causal},
    };
    for (const SoftmaxCase & sc : cases) check_softmax_case(sc);
}

// ---- attention ----------------------------------------------------------------------------------

struct AttentionCase {
    const char * name;
    int64_t B, Tq, Tk;
    int H;
    int64_t dh;
    enum { NoMask, Causal, KeyPadding } mask;
};

void check_attention_case(const AttentionCase & ac) {
    SCOPED_TRACE(ac.name);
    const int64_t D = ac.H * ac.dh;
    const float scale = 1.0f / std::sqrt(float(ac.dh));
    Tensor q = random_normal({ac.B, ac.Tq, D}, 51), k = random_normal({ac.B, ac.Tk, D}, 52);
    Tensor v = random_normal({ac.B, ac.Tk, D}, 53), r = random_normal({ac.B, ac.Tq, D}, 54);
    // Key padding: batch b has its last b + 1 keys removed (different lengths per batch).
    Tensor padding({ac.B, ac.Tk});
    for (int64_t b = 0; b < ac.B; b++)
        for (int64_t j = ac.Tk - 1 - b; j < ac.Tk; j++) padding[b * ac.Tk + j] = -INFINITY;
    const Mask mask = ac.mask == AttentionCase::Causal       ? Mask::causal()
                      : ac.mask == AttentionCase::KeyPadding ? Mask::columns(padding)
                                                             : Mask::none();
    Tensor probs({ac.B, int64_t(ac.H), ac.Tq, ac.Tk}), out({ac.B, ac.Tq, D});
    g_ref->attention(q, k, v, ac.H, scale, mask, probs, out);

    Tensor dq(q.shape()), dk(k.shape()), dv(v.shape());
    attention_backward(q, k, v, probs, r, ac.H, scale, dq, dk, dv);
    auto loss = [&] {
        Tensor p(probs.shape()), o(out.shape());
        g_ref->attention(q, k, v, ac.H, scale, mask, p, o);
        return weighted_sum(o, r);
    };
    expect_matches_fd("dq", q, dq, loss, 8);
    expect_matches_fd("dk", k, dk, loss, 9);
    expect_matches_fd("dv", v, dv, loss, 10);

    if (ac.mask == AttentionCase::KeyPadding) {  // a removed key receives nothing, in every head
        for (int64_t b = 0; b < ac.B; b++)
            for (int64_t j = ac.Tk - 1 - b; j < ac.Tk; j++) {
                EXPECT_TRUE(all_zero(ConstView(dk.data() + (b * ac.Tk + j) * D, {D}))) << "dk b=" << b << " j=" << j;
                EXPECT_TRUE(all_zero(ConstView(dv.data() + (b * ac.Tk + j) * D, {D}))) << "dv b=" << b << " j=" << j;
            }
    }
    if (ac.mask == AttentionCase::Causal) {  // a query row with every key removed (Tq > Tk) gets none
        for (int64_t i = 0; i < ac.Tq - ac.Tk; i++)
            for (int64_t b = 0; b < ac.B; b++)
                EXPECT_TRUE(all_zero(ConstView(dq.data() + (b * ac.Tq + i) * D, {D}))) << "dq b=" << b << " i=" << i;
    }
}

TEST(GradCheck, Attention) {
    const AttentionCase cases[] = {
        {"self, causal, H=2, dh=3", 1, 5, 5, 2, 3, AttentionCase::Causal},
        {"cross Tq<Tk, B=2 key padding, H=3, dh=5", 2, 3, 6, 3, 5, AttentionCase::KeyPadding},
        {"cross Tq>Tk, B=2 key padding, H=2, dh=3", 2, 6, 4, 2, 3, AttentionCase::KeyPadding},
        {"cross Tq>Tk, no mask, H=1, dh=4", 1, 4, 3, 1, 4, AttentionCase::NoMask},
        {"causal Tq<Tk (cached keys), B=2, H=3, dh=1", 2, 2, 5, 3, 1, AttentionCase::Causal},
        {"causal Tq>Tk (fully masked rows), H=2, dh=3", 1, 4, 2, 2, 3, AttentionCase::Causal},
    };
    for (const AttentionCase & ac : cases) check_attention_case(ac);
}

TEST(GradCheck, AttentionRank2MeansBatchOne) {
    const int64_t T = 4, D = 6;
    Tensor q = random_normal({T, D}, 61), k = random_normal({T, D}, 62), v = random_normal({T, D}, 63);
    Tensor r = random_normal({T, D}, 64), probs({1, 2, T, T}), out({T, D});
    g_ref->attention(q, k, v, 2, 0.5f, Mask::causal(), probs, out);
    Tensor dq({T, D}), dk({T, D}), dv({T, D});
    attention_backward(q, k, v, probs, r, 2, 0.5f, dq, dk, dv);
    auto loss = [&] {
        Tensor p(probs.shape()), o({T, D});
        g_ref->attention(q, k, v, 2, 0.5f, Mask::causal(), p, o);
        return weighted_sum(o, r);
    };
    expect_matches_fd("dq", q, dq, loss, 11);
    expect_matches_fd("dk", k, dk, loss, 12);
    expect_matches_fd("dv", v, dv, loss, 13);
}

// ---- embedding ----------------------------------------------------------------------------------

TEST(GradCheck, EmbeddingRepeatedIdsAccumulate) {
    const int64_t V = 6, D = 4;
    const int32_t ids[] = {3, 1, 3, 0, 3, 5};  // 3 three times; 2 and 4 never
    const int64_t T = 6;
    Tensor table = random_normal({V, D}, 71), r = random_normal({T, D}, 72), dtable({V, D});
    embedding_backward(ids, T, r, dtable);
    auto loss = [&] {
        Tensor y({T, D});
        g_ref->embedding(table, ids, T, y);
        return weighted_sum(y, r);
    };
    expect_matches_fd("dtable", table, dtable, loss, pick_indices(table.numel(), 1000, 0));
    for (int64_t d = 0; d < D; d++) {
        EXPECT_FLOAT_EQ(dtable[3 * D + d], r[0 * D + d] + r[2 * D + d] + r[4 * D + d]);
        EXPECT_EQ(dtable[2 * D + d], 0.0f);
        EXPECT_EQ(dtable[4 * D + d], 0.0f);
    }
}

// ---- activations --------------------------------------------------------------------------------

TEST(GradCheck, Relu) {
    // ReLU has a kink at 0: keep every x at least 0.05 away from it and probe with h = 1e-3, so no
    // central difference straddles the kink.
    Tensor x = random_normal({5, 8}, 81), r = random_normal({5, 8}, 82), dx({5, 8});
    for (int64_t i = 0; i < x.numel(); i++)
        if (std::fabs(x[i]) < 0.05f) x[i] = x[i] < 0 ? -0.1f : 0.1f;
    relu_backward(x, r, dx);
    auto loss = [&] {
        Tensor y({5, 8});
        g_ref->relu(x, y);
        return weighted_sum(y, r);
    };
    expect_matches_fd("dx", x, dx, loss, pick_indices(x.numel(), 1000, 0), 1e-3f);
    for (int64_t i = 0; i < x.numel(); i++) EXPECT_EQ(dx[i], x[i] > 0 ? r[i] : 0.0f);
}

TEST(GradCheck, Gelu) {
    // Exact GELU is smooth everywhere; cover its curved middle, both tails and x = 0.
    Tensor x = random_uniform({4, 10}, 91, -4.0f, 4.0f), r = random_normal({4, 10}, 92), dx({4, 10});
    x[0] = 0.0f;
    x[1] = -6.0f;
    x[2] = 6.0f;
    gelu_backward(x, r, dx);
    auto loss = [&] {
        Tensor y({4, 10});
        g_ref->gelu(x, y);
        return weighted_sum(y, r);
    };
    expect_matches_fd("dx", x, dx, loss, pick_indices(x.numel(), 1000, 0));
    EXPECT_FLOAT_EQ(dx[0], 0.5f * r[0]);     // Φ(0) + 0·φ(0)
    EXPECT_NEAR(dx[1], 0.0f, 1e-6);          // far left tail: flat
    EXPECT_NEAR(dx[2], r[2], 1e-6);          // far right tail: identity
}

// ---- dropout ------------------------------------------------------------------------------------

TEST(GradCheck, DropoutUsesTheForwardMask) {
    const float p = 0.3f;
    Tensor x = random_normal({6, 9}, 101), r = random_normal({6, 9}, 102);
    Tensor keep({6, 9}), y({6, 9}), dx({6, 9});
    Rng rng(7);
    dropout_forward(x, p, rng, keep, y);
    int64_t dropped = 0;
    for (int64_t i = 0; i < x.numel(); i++) {
        ASSERT_TRUE(keep[i] == 0.0f || keep[i] == 1.0f / (1.0f - p)) << keep[i];
        ASSERT_EQ(y[i], x[i] * keep[i]);
        dropped += keep[i] == 0.0f;
    }
    EXPECT_GT(dropped, 0);
    EXPECT_LT(dropped, x.numel());
    dropout_backward(keep, r, dx);
    for (int64_t i = 0; i < x.numel(); i++) EXPECT_EQ(dx[i], r[i] * keep[i]);
    // With the mask held fixed the forward is x ∘ keep (evaluated by the oracle's mul).
    auto loss = [&] {
        Tensor out({6, 9});
        g_ref->mul(x, keep, out);
        return weighted_sum(out, r);
    };
    expect_matches_fd("dx", x, dx, loss, 14);
}

TEST(GradCheck, DropoutKeepsTheExpectation) {
    // keep is 1/(1-p) with probability 1-p: E[keep] = 1. Its mean over n draws has standard
    // deviation sqrt(p / ((1-p)·n)) ≈ 0.0023 for p = 0.3, n = 80000; 0.012 is 5 sigma.
    const int64_t n = 80000;
    for (float p : {0.1f, 0.3f, 0.5f}) {
        Tensor x({n}), keep({n}), y({n});
        Rng rng(uint64_t(1000 * p));
        dropout_forward(x, p, rng, keep, y);
        double mean = 0, dropped = 0;
        for (int64_t i = 0; i < n; i++) {
            mean += keep[i] / double(n);
            dropped += keep[i] == 0.0f;
        }
        EXPECT_NEAR(mean, 1.0, 0.012) << "p=" << p;
        EXPECT_NEAR(dropped / double(n), p, 0.01) << "p=" << p;
    }
}

TEST(GradCheck, DropoutZeroIsIdentity) {
    Tensor x = random_normal({3, 5}, 111), r = random_normal({3, 5}, 112);
    Tensor keep({3, 5}), y({3, 5}), dx({3, 5});
    Rng rng(3);
    dropout_forward(x, 0.0f, rng, keep, y);
    dropout_backward(keep, r, dx);
    for (int64_t i = 0; i < x.numel(); i++) {
        EXPECT_EQ(keep[i], 1.0f);
        EXPECT_EQ(y[i], x[i]);
        EXPECT_EQ(dx[i], r[i]);
    }
}

// ---- cross entropy ------------------------------------------------------------------------------

// The smoothed-target cross entropy written the other way round: Σ_v -q_v · log p_v with
// q = (1-ε)·onehot + ε/V, p from a plain softmax (the test logits are small: no overflow).
double cross_entropy_by_definition(ConstView logits, const int32_t * targets, int32_t ignore_id, double eps) {
    const int64_t N = logits.rows(), V = logits.cols();
    double total = 0;
    int64_t counted = 0;
    for (int64_t i = 0; i < N; i++) {
        if (targets[i] == ignore_id) continue;
        double z = 0;
        for (int64_t v = 0; v < V; v++) z += std::exp(double(logits.row(i)[v]));
        for (int64_t v = 0; v < V; v++) {
            const double q = (v == targets[i] ? 1 - eps : 0) + eps / double(V);
            total += -q * std::log(std::exp(double(logits.row(i)[v])) / z);
        }
        counted++;
    }
    return counted ? total / double(counted) : 0.0;
}

TEST(GradCheck, CrossEntropyHandComputed) {
    // logits [0, ln 2, 0], target 1: p = [1/4, 1/2, 1/4].
    //   ε = 0:   loss = -ln(1/2) = ln 2;                          grad = p - onehot = [1/4, -1/2, 1/4]
    //   ε = 0.1: loss = 0.9·ln 2 + 0.1·(ln 4 + ln 2 + ln 4)/3 = ln 2·(0.9 + 1/6)
    //            q = [1/30, 0.9 + 1/30, 1/30]:                 grad = [0.25 - 1/30, 0.5 - 28/30, 0.25 - 1/30]
    const double ln2 = std::log(2.0);
    Tensor logits({1, 3}, {0.0f, float(ln2), 0.0f}), grad({1, 3});
    const int32_t target[] = {1};
    EXPECT_NEAR(cross_entropy(logits, target, 1, -100, 0.0f, grad), ln2, 1e-7);
    EXPECT_NEAR(grad[0], 0.25, 1e-7);
    EXPECT_NEAR(grad[1], -0.5, 1e-7);
    EXPECT_NEAR(grad[2], 0.25, 1e-7);
    EXPECT_NEAR(cross_entropy(logits, target, 1, -100, 0.1f, grad), ln2 * (0.9 + 1.0 / 6.0), 1e-7);
    EXPECT_NEAR(grad[0], 0.25 - 1.0 / 30, 1e-7);
    EXPECT_NEAR(grad[1], 0.5 - 28.0 / 30, 1e-7);
    EXPECT_NEAR(grad[2], 0.25 - 1.0 / 30, 1e-7);
}

TEST(GradCheck, CrossEntropySmoothingAndIgnoredPosition) {
    const int64_t N = 5, V = 7;
    const int32_t pad = 0;  // a pad token id as ignore_index
    const int32_t targets[N] = {3, pad, 6, 1, 3};
    Tensor logits = random_normal({N, V}, 121, 2.0f);
    for (float eps : {0.0f, 0.1f}) {
        SCOPED_TRACE("smoothing " + std::to_string(eps));
        Tensor dlogits({N, V});
        dlogits.fill(42.0f);  // overwritten, including the ignored row
        const double value = cross_entropy(logits, targets, N, pad, eps, dlogits);
        EXPECT_NEAR(value, cross_entropy_by_definition(logits, targets, pad, eps), 1e-6 * value);
        EXPECT_TRUE(all_zero(ConstView(dlogits.data() + 1 * V, {V}))) << "ignored row has a gradient";
        // Each counted row of p - q sums to 0 (both are distributions).
        for (int64_t i = 0; i < N; i++) {
            double row_sum = 0;
            for (int64_t v = 0; v < V; v++) row_sum += dlogits[i * V + v];
            EXPECT_NEAR(row_sum, 0.0, 1e-6);
        }
        // The scalar output is the loss itself: no r needed. All 35 indices, ignored row included.
        auto loss = [&] { return cross_entropy(logits, targets, N, pad, eps, TensorView()); };
        expect_matches_fd("dlogits", logits, dlogits, loss, pick_indices(logits.numel(), 1000, 0));
    }
}

TEST(GradCheck, CrossEntropyEveryPositionIgnored) {
    Tensor logits = random_normal({2, 4}, 131), dlogits({2, 4});
    dlogits.fill(1.0f);
    const int32_t targets[] = {-100, -100};
    EXPECT_EQ(cross_entropy(logits, targets, 2, -100, 0.1f, dlogits), 0.0);
    EXPECT_TRUE(all_zero(dlogits));
}

// ---- accumulation vs overwrite ------------------------------------------------------------------

void expect_doubled(const char * what, ConstView once, ConstView twice) {
    for (int64_t i = 0; i < once.numel(); i++)
        ASSERT_EQ(twice.data[i], 2.0f * once.data[i]) << what << "[" << i << "] did not accumulate";
}
void expect_equal(const char * what, ConstView once, ConstView twice) {
    for (int64_t i = 0; i < once.numel(); i++)
        ASSERT_EQ(twice.data[i], once.data[i]) << what << "[" << i << "] differs";
}

TEST(GradCheck, ParameterGradientsAccumulateInputGradientsAreOverwritten) {
    {  // linear
        Tensor x = random_normal({3, 4}, 141), w = random_normal({2, 4}, 142), r = random_normal({3, 2}, 143);
        Tensor dx1({3, 4}), dw1({2, 4}), db1({2}), dx2({3, 4}), dw2({2, 4}), db2({2});
        linear_backward(x, w, r, dx1, dw1, db1);
        dx2.fill(99.0f);  // stale contents of a reused buffer
        linear_backward(x, w, r, dx2, dw2, db2);
        linear_backward(x, w, r, dx2, dw2, db2);
        expect_equal("linear dx (stale buffer not overwritten?)", dx1, dx2);
        expect_doubled("linear dw", dw1, dw2);
        expect_doubled("linear db", db1, db2);
    }
    {  // layer norm
        Tensor x = random_normal({3, 5}, 151), gamma = random_normal({5}, 152), beta({5});
        Tensor r = random_normal({3, 5}, 153);
        Tensor y({3, 5}), mean({3}), rstd({3});
        layer_norm_forward_train(x, gamma, beta, 1e-5f, y, mean, rstd);
        Tensor dx1({3, 5}), dg1({5}), db1({5}), dx2({3, 5}), dg2({5}), db2({5});
        layer_norm_backward(x, gamma, mean, rstd, r, dx1, dg1, db1);
        dx2.fill(99.0f);
        layer_norm_backward(x, gamma, mean, rstd, r, dx2, dg2, db2);
        layer_norm_backward(x, gamma, mean, rstd, r, dx2, dg2, db2);
        expect_equal("layer_norm dx (stale buffer not overwritten?)", dx1, dx2);
        expect_doubled("layer_norm dgamma", dg1, dg2);
        expect_doubled("layer_norm dbeta", db1, db2);
    }
    {  // embedding
        const int32_t ids[] = {2, 0, 2};
        Tensor r = random_normal({3, 3}, 161), dt1({4, 3}), dt2({4, 3});
        embedding_backward(ids, 3, r, dt1);
        embedding_backward(ids, 3, r, dt2);
        embedding_backward(ids, 3, r, dt2);
        expect_doubled("embedding dtable", dt1, dt2);
    }
    {  // attention and softmax: only input gradients, all overwritten
        Tensor q = random_normal({2, 3, 4}, 171), k = random_normal({2, 5, 4}, 172), v = random_normal({2, 5, 4}, 173);
        Tensor r = random_normal({2, 3, 4}, 174), probs({2, 2, 3, 5}), out({2, 3, 4});
        g_ref->attention(q, k, v, 2, 0.5f, Mask::none(), probs, out);
        Tensor dq1(q.shape()), dk1(k.shape()), dv1(v.shape()), dq2(q.shape()), dk2(k.shape()), dv2(v.shape());
        attention_backward(q, k, v, probs, r, 2, 0.5f, dq1, dk1, dv1);
        dq2.fill(99.0f);
        dk2.fill(99.0f);
        dv2.fill(99.0f);
        attention_backward(q, k, v, probs, r, 2, 0.5f, dq2, dk2, dv2);
        attention_backward(q, k, v, probs, r, 2, 0.5f, dq2, dk2, dv2);
        expect_equal("attention dq", dq1, dq2);
        expect_equal("attention dk", dk1, dk2);
        expect_equal("attention dv", dv1, dv2);

        Tensor dp1(probs.shape()), dp2(probs.shape()), rp = random_normal(probs.shape(), 175);
        softmax_rows_backward(probs, rp, 0.5f, dp1);
        dp2.fill(99.0f);
        softmax_rows_backward(probs, rp, 0.5f, dp2);
        expect_equal("softmax dx", dp1, dp2);
    }
}

// The in-place calls grad_ops.h allows (the training code runs dropout and activations in place)
// give the same results as separate buffers.
TEST(GradCheck, InPlaceCallsMatchSeparateBuffers) {
    const Shape shape{4, 6};
    Tensor x = random_normal(shape, 181), dy = random_normal(shape, 182);
    Tensor keep1(shape), keep2(shape), y(shape), in_place = x;
    Rng rng1(5), rng2(5);
    dropout_forward(x, 0.4f, rng1, keep1, y);
    dropout_forward(in_place, 0.4f, rng2, keep2, in_place);
    expect_equal("dropout y", y, in_place);
    expect_equal("dropout keep", keep1, keep2);

    Tensor dx(shape);
    using Backward = void (*)(ConstView, ConstView, TensorView);
    const std::pair<const char *, Backward> ops[] = {
        {"dropout", [](ConstView a, ConstView d, TensorView o) { dropout_backward(a, d, o); }},
        {"relu", relu_backward},
        {"gelu", gelu_backward},
        {"softmax", [](ConstView a, ConstView d, TensorView o) { softmax_rows_backward(a, d, 0.5f, o); }},
    };
    for (const auto & [name, backward] : ops) {
        SCOPED_TRACE(name);
        Tensor first = keep1;  // any first operand: keep for dropout, x or y for the others
        if (std::string(name) != "dropout") first = x;
        if (std::string(name) == "softmax") g_ref->softmax_rows(x, 0.5f, Mask::none(), first);
        backward(first, dy, dx);
        Tensor aliased_dy = dy;
        backward(first, aliased_dy, aliased_dy);
        expect_equal("dx aliasing dy", dx, aliased_dy);
        Tensor aliased_first = first;
        backward(aliased_first, dy, aliased_first);
        expect_equal("dx aliasing the first operand", dx, aliased_first);
    }
}

} // namespace
