// The image models' ops (nn/conv.h, pool.h, batch_norm.h, cbam.h): convolution's fast path
// (im2col + GEMM on every backend) against the direct definition, and every backward against
// finite differences (fd_check.h). Inputs with well-separated values keep the max operations away
// from ties, where a finite difference would straddle a kink.
#include "backend/compute.h"
#include "core/parallel.h"
#include "fd_check.h"
#include "nn/batch_norm.h"
#include "nn/cbam.h"
#include "nn/conv.h"
#include "nn/pool.h"

#include <gtest/gtest.h>

#include <numeric>

using namespace attn;

namespace {

// A random permutation of evenly spaced values in [−2, 2): no two closer than 4 / numel, which the
// callers keep well above the finite-difference step.
Tensor distinct(Shape s, uint64_t seed) {
    Tensor t(s);
    std::vector<int64_t> k(static_cast<size_t>(t.numel()));
    std::iota(k.begin(), k.end(), 0);
    Rng rng(seed);
    for (size_t i = k.size(); i > 1; i--) std::swap(k[i - 1], k[size_t(rng.below(i))]);
    for (int64_t i = 0; i < t.numel(); i++) t[i] = 4.0f * float(k[size_t(i)]) / float(t.numel()) - 2.0f;
    return t;
}

struct ConvCase { int N, C, H, W, O, k, stride, pad; };

class ConvFastPath : public ::testing::TestWithParam<BackendKind> {};

TEST_P(ConvFastPath, MatchesTheDirectDefinition) {
    Compute cc(GetParam());
    for (const ConvCase & c : {ConvCase{2, 3, 8, 8, 4, 3, 1, 1}, ConvCase{1, 2, 9, 7, 5, 3, 2, 1},
                               ConvCase{2, 2, 6, 6, 1, 7, 1, 3}, ConvCase{3, 4, 5, 5, 6, 1, 1, 0}}) {
        const ConvGeometry g{c.C, c.H, c.W, c.k, c.stride, c.pad};
        Tensor x = random_normal({c.N, c.C, c.H, c.W}, 1), w = random_normal({c.O, c.C, c.k, c.k}, 2, 0.3f);
        Tensor b = random_normal({c.O}, 3);
        Tensor fast({c.N, c.O, g.out_h(), g.out_w()}), ref(fast.shape());
        conv2d_forward(cc, x, w, b, c.stride, c.pad, fast);
        conv2d_reference(x, w, b, c.stride, c.pad, ref);
        for (int64_t i = 0; i < ref.numel(); i++) ASSERT_NEAR(fast[i], ref[i], 1e-4) << "k" << c.k << " s" << c.stride << " @" << i;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryBackend, ConvFastPath,
                         ::testing::Values(BackendKind::Reference, BackendKind::Eigen, BackendKind::Simd));

// Convolutions split their images over threads when asked (core/parallel.h): the output and dx
// are the same numbers (each image is computed alone either way); dw and db are summed per thread
// and then added, so they may differ in the last bits.
TEST(ConvThreads, TwoThreadsGiveTheOneThreadResult) {
    Compute cc(BackendKind::Eigen);
    const ConvCase c{5, 3, 9, 9, 4, 3, 1, 1};
    const ConvGeometry g{c.C, c.H, c.W, c.k, c.stride, c.pad};
    const Tensor x = random_normal({c.N, c.C, c.H, c.W}, 31), w = random_normal({c.O, c.C, c.k, c.k}, 32, 0.3f);
    const Tensor b = random_normal({c.O}, 33), dy = random_normal({c.N, c.O, g.out_h(), g.out_w()}, 34);
    Tensor y[2], dx[2], dw[2], db[2];
    for (int threads : {1, 2}) {
        set_compute_threads(threads);
        const int i = threads - 1;
        y[i] = Tensor(dy.shape()), dx[i] = Tensor(x.shape()), dw[i] = Tensor(w.shape()), db[i] = Tensor(b.shape());
        conv2d_forward(cc, x, w, b, c.stride, c.pad, y[i]);
        conv2d_backward(cc, x, w, dy, c.stride, c.pad, dx[i], dw[i], db[i]);
    }
    set_compute_threads(1);
    for (int64_t i = 0; i < y[0].numel(); i++) ASSERT_EQ(y[0][i], y[1][i]) << i;
    for (int64_t i = 0; i < dx[0].numel(); i++) ASSERT_EQ(dx[0][i], dx[1][i]) << i;
    for (int64_t i = 0; i < dw[0].numel(); i++) EXPECT_NEAR(dw[0][i], dw[1][i], 1e-5 * (1 + std::fabs(dw[0][i]))) << i;
    for (int64_t i = 0; i < db[0].numel(); i++) EXPECT_NEAR(db[0][i], db[1][i], 1e-5 * (1 + std::fabs(db[0][i]))) << i;
#if !defined(__EMSCRIPTEN__)
    bool some_bits_differ = false;  // not required, but shows the two paths really ran
    for (int64_t i = 0; i < dw[0].numel(); i++) some_bits_differ |= dw[0][i] != dw[1][i];
    RecordProperty("dw_bits_differ", some_bits_differ ? "yes" : "no");
#endif
}

TEST(CnnGradCheck, Conv2d) {
    Compute cc(BackendKind::Reference);
    for (const ConvCase & c : {ConvCase{2, 3, 6, 6, 4, 3, 1, 1}, ConvCase{1, 2, 7, 7, 3, 3, 2, 1}}) {
        const ConvGeometry g{c.C, c.H, c.W, c.k, c.stride, c.pad};
        Tensor x = random_normal({c.N, c.C, c.H, c.W}, 4), w = random_normal({c.O, c.C, c.k, c.k}, 5, 0.3f);
        Tensor b = random_normal({c.O}, 6), r = random_normal({c.N, c.O, g.out_h(), g.out_w()}, 7);
        Tensor dx(x.shape()), dw(w.shape()), db(b.shape());
        conv2d_backward(cc, x, w, r, c.stride, c.pad, dx, dw, db);
        auto loss = [&] {
            Tensor y(r.shape());
            conv2d_reference(x, w, b, c.stride, c.pad, y);
            return weighted_sum(y, r);
        };
        expect_matches_fd("conv dx", x, dx, loss, 1);
        expect_matches_fd("conv dw", w, dw, loss, 2);
        expect_matches_fd("conv db", b, db, loss, 3);
    }
}

TEST(CnnGradCheck, Pools) {
    Tensor x = distinct({2, 3, 6, 4}, 8);
    {
        Tensor r = random_normal({2, 3, 3, 2}, 9), dx(x.shape());
        std::vector<int64_t> at;
        Tensor y(r.shape());
        max_pool2x2_forward(x, y, &at);
        EXPECT_EQ(y[0], std::max({x[0], x[1], x[4], x[5]}));
        max_pool2x2_backward(at, r, dx);
        expect_matches_fd("max pool dx", x, dx, [&] { Tensor t(r.shape()); std::vector<int64_t> a; max_pool2x2_forward(x, t, &a); return weighted_sum(t, r); }, 4);
    }
    {
        Tensor r = random_normal({2, 3}, 10), dx(x.shape());
        global_avg_pool_backward(r, dx);
        expect_matches_fd("avg pool dx", x, dx, [&] { Tensor t({2, 3}); global_avg_pool_forward(x, t); return weighted_sum(t, r); }, 5);
        Tensor y({2, 3}), dmx(x.shape());
        std::vector<int64_t> at;
        global_max_pool_forward(x, y, &at);
        global_max_pool_backward(at, r, dmx);
        expect_matches_fd("max global dx", x, dmx, [&] { Tensor t({2, 3}); std::vector<int64_t> a; global_max_pool_forward(x, t, &a); return weighted_sum(t, r); }, 6);
    }
    {
        Tensor rm = random_normal({2, 6, 4}, 11), rx = random_normal({2, 6, 4}, 12), dx(x.shape());
        Tensor mean({2, 6, 4}), max({2, 6, 4});
        std::vector<int64_t> at;
        channel_pool_forward(x, mean, max, &at);
        channel_pool_backward(at, rm, rx, dx);
        expect_matches_fd("channel pool dx", x, dx, [&] {
            Tensor m({2, 6, 4}), mx({2, 6, 4});
            std::vector<int64_t> a;
            channel_pool_forward(x, m, mx, &a);
            return weighted_sum(m, rm) + weighted_sum(mx, rx);
        }, 7);
    }
}

TEST(CnnGradCheck, BatchNormTraining) {
    Tensor x = random_normal({3, 4, 3, 2}, 13), gamma = random_normal({4}, 14), beta = random_normal({4}, 15);
    Tensor r = random_normal(x.shape(), 16), dx(x.shape()), dg({4}), dbeta({4});
    Tensor y(x.shape());
    BatchNormCache cache;
    batch_norm_train_forward(x, gamma, beta, 1e-5f, 0.1f, TensorView(), TensorView(), y, &cache);
    batch_norm_backward(cache, gamma, r, dx, dg, dbeta);
    auto loss = [&] {
        Tensor t(x.shape());
        batch_norm_train_forward(x, gamma, beta, 1e-5f, 0.1f, TensorView(), TensorView(), t, nullptr);
        return weighted_sum(t, r);
    };
    expect_matches_fd("bn dx", x, dx, loss, 8);
    expect_matches_fd("bn dgamma", gamma, dg, loss, 9);
    expect_matches_fd("bn dbeta", beta, dbeta, loss, 10);
    // With momentum 1 the running statistics become the batch's (variance unbiased): inference on
    // them reproduces training mode up to the M/(M−1) variance factor.
    Tensor rm({4}), rv({4}), y2(x.shape()), y3(x.shape());
    rv.fill(1.0f);
    batch_norm_train_forward(x, gamma, beta, 1e-5f, 1.0f, rm, rv, y2, nullptr);
    const float M = 3 * 3 * 2;
    for (int64_t c = 0; c < 4; c++) rv[c] *= (M - 1) / M;
    batch_norm_inference(x, gamma, beta, rm, rv, 1e-5f, y3);
    for (int64_t i = 0; i < y2.numel(); i++) EXPECT_NEAR(y2[i], y3[i], 1e-4);
}

struct CbamParams {
    Tensor fc1_w, fc1_b, fc2_w, fc2_b, sp_w, sp_b;
    CbamWeights views() const { return {fc1_w, fc1_b, fc2_w, fc2_b, sp_w, sp_b}; }
};

// C = 4 channels, R = 2 hidden; the MLP's hidden biases keep its ReLUs clear of their kink.
CbamParams cbam_params(uint64_t seed) {
    Tensor hidden_bias({2});
    hidden_bias.fill(1.5f);
    return {random_normal({2, 4}, seed, 0.5f), std::move(hidden_bias), random_normal({4, 2}, seed + 2, 0.5f),
            random_normal({4}, seed + 3, 0.1f), random_normal({1, 2, 7, 7}, seed + 4, 0.2f), random_normal({1}, seed + 5, 0.1f)};
}

TEST(CnnGradCheck, Cbam) {
    // 160 values 0.025 apart.
    const int64_t N = 2, C = 4, H = 4, W = 5;
    CbamParams p = cbam_params(20);
    Tensor f = distinct({N, C, H, W}, 26), r = random_normal({N, C, H, W}, 27);
    Compute cc(BackendKind::Reference);
    CbamCache cache;
    Tensor out(f.shape()), df(f.shape());
    cbam_forward(cc, p.views(), f, out, &cache);
    // The maps are attention: weights in (0, 1), one per channel and one per position.
    EXPECT_EQ(cache.channel.numel(), N * C);
    EXPECT_EQ(cache.spatial.numel(), N * H * W);
    for (int64_t i = 0; i < cache.spatial.numel(); i++) EXPECT_TRUE(cache.spatial[i] > 0.0f && cache.spatial[i] < 1.0f);
    Tensor g1(p.fc1_w.shape()), gb1(p.fc1_b.shape()), g2(p.fc2_w.shape()), gb2(p.fc2_b.shape()), gs(p.sp_w.shape()),
        gsb(p.sp_b.shape());
    cbam_backward(cc, p.views(), cache, f, r, df, {g1, gb1, g2, gb2, gs, gsb});
    auto loss = [&] {
        CbamCache c;
        Tensor o(f.shape());
        cbam_forward(cc, p.views(), f, o, &c);
        return weighted_sum(o, r);
    };
    expect_matches_fd("cbam df", f, df, loss, 11);
    expect_matches_fd("cbam fc1 w", p.fc1_w, g1, loss, 12);
    expect_matches_fd("cbam fc1 b", p.fc1_b, gb1, loss, 13);
    expect_matches_fd("cbam fc2 w", p.fc2_w, g2, loss, 14);
    expect_matches_fd("cbam fc2 b", p.fc2_b, gb2, loss, 15);
    expect_matches_fd("cbam spatial w", p.sp_w, gs, loss, 16);
    expect_matches_fd("cbam spatial b", p.sp_b, gsb, loss, 17);
}

// The gate with the authors' batch norm between its 7×7 conv and its sigmoid, in training mode
// (batch statistics): the norm's γ and β, the conv and the input against finite differences.
TEST(CnnGradCheck, CbamWithSpatialBatchNorm) {
    const int64_t N = 2, C = 4, H = 4, W = 5;
    CbamParams p = cbam_params(30);
    Tensor gamma({1}), beta({1}), running_mean({1}), running_var({1});
    gamma.fill(1.3f);
    beta.fill(0.2f);
    running_var.fill(1.0f);
    const CbamSpatialNorm norm{gamma, beta, running_mean, running_var, /*training=*/true};
    CbamWeights wts = p.views();
    wts.spatial_norm = &norm;
    Tensor f = distinct({N, C, H, W}, 36), r = random_normal({N, C, H, W}, 37);
    Compute cc(BackendKind::Reference);
    CbamCache cache;
    Tensor out(f.shape()), df(f.shape());
    cbam_forward(cc, wts, f, out, &cache);
    EXPECT_NE(running_mean[0], 0.0f) << "training updates the running statistics";
    Tensor g1(p.fc1_w.shape()), gb1(p.fc1_b.shape()), g2(p.fc2_w.shape()), gb2(p.fc2_b.shape()), gs(p.sp_w.shape()),
        gsb(p.sp_b.shape()), gg({1}), gbeta({1});
    cbam_backward(cc, wts, cache, f, r, df, {g1, gb1, g2, gb2, gs, gsb, gg, gbeta});
    auto loss = [&] {
        CbamCache c;
        Tensor o(f.shape());
        cbam_forward(cc, wts, f, o, &c);
        return weighted_sum(o, r);
    };
    expect_matches_fd("cbam+bn df", f, df, loss, 41);
    expect_matches_fd("cbam+bn spatial w", p.sp_w, gs, loss, 42);
    expect_matches_fd("cbam+bn gamma", gamma, gg, loss, 43);
    expect_matches_fd("cbam+bn beta", beta, gbeta, loss, 44);
    expect_matches_fd("cbam+bn fc1 w", p.fc1_w, g1, loss, 45);
    // The conv's bias shifts every logit alike, which the batch mean removes: no gradient.
    EXPECT_NEAR(gsb[0], 0.0f, 1e-5f);
}

} // namespace
