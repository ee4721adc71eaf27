// Adam / AdamW against hand-computed updates, their difference under weight decay, convergence on
// a quadratic bowl, state export/import; and gradient clipping by global norm.
#include "train/grad_clip.h"
#include "train/optimizer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace attn;

namespace {

bool same_bits(const Tensor & a, const Tensor & b) {
    return a.shape() == b.shape() && std::memcmp(a.data(), b.data(), size_t(a.numel()) * 4) == 0;
}

void expect_values(const Tensor & t, std::initializer_list<double> want, double tol) {
    ASSERT_EQ(t.numel(), int64_t(want.size()));
    int64_t i = 0;
    for (double w : want) {
        EXPECT_NEAR(t[i], w, tol) << "element " << i;
        i++;
    }
}

} // namespace

TEST(Adam, TwoStepsByHand) {
    // β1 0.9, β2 0.98, ε 1e-9 (the defaults), lr 0.1, p = [1, -2, 0.5].
    TensorMap params{{"w", Tensor({3}, {1.0f, -2.0f, 0.5f})}};
    Adam adam;
    // Step 1, g = [0.5, -1, 0]:
    //   m = 0.1·g = [0.05, -0.1, 0]          v = 0.02·g² = [0.005, 0.02, 0]
    //   1 - β1 = 0.1, 1 - β2 = 0.02: m/0.1 = g and √(v/0.02) = |g|, so the first step moves every
    //   element with a non-zero gradient by lr against its sign (Adam's first step is sign descent):
    //   p = [0.9, -1.9, 0.5]  (element 2: m = 0, no move)
    adam.step(params, {{"w", Tensor({3}, {0.5f, -1.0f, 0.0f})}}, 0.1);
    expect_values(params["w"], {0.9, -1.9, 0.5}, 1e-6);
    expect_values(*adam.first_moment("w"), {0.05, -0.1, 0.0}, 1e-7);
    expect_values(*adam.second_moment("w"), {0.005, 0.02, 0.0}, 1e-8);
    // Step 2, g = [1, 1, 2]:
    //   m = 0.9·m + 0.1·g  = [0.145, 0.01, 0.2]
    //   v = 0.98·v + 0.02·g² = [0.0249, 0.0396, 0.08]
    //   1 - β1² = 0.19 → step size 0.1 / 0.19 = 0.5263158;  √(1 - β2²) = √0.0396 = 0.1989975
    //   denom = √v / 0.1989975 + ε = [0.7929615, 1.0, 1.4213381]
    //   Δ = 0.5263158 · m / denom = [0.0962415, 0.0052632, 0.0740592]
    //   p = [0.9 - 0.0962415, -1.9 - 0.0052632, 0.5 - 0.0740592] = [0.8037585, -1.9052632, 0.4259408]
    adam.step(params, {{"w", Tensor({3}, {1.0f, 1.0f, 2.0f})}}, 0.1);
    expect_values(*adam.first_moment("w"), {0.145, 0.01, 0.2}, 1e-7);
    expect_values(*adam.second_moment("w"), {0.0249, 0.0396, 0.08}, 1e-8);
    expect_values(params["w"], {0.8037585, -1.9052632, 0.4259408}, 2e-6);
    EXPECT_EQ(adam.steps(), 2);
}

TEST(Adam, DecoupledWeightDecayDiffersFromL2) {
    // One step, lr 0.1, weight decay 0.1, p = [1, -2, 0.5], g = [0.5, -1, 0].
    auto run = [](AdamConfig cfg) {
        TensorMap params{{"w", Tensor({3}, {1.0f, -2.0f, 0.5f})}};
        Adam adam(cfg);
        adam.step(params, {{"w", Tensor({3}, {0.5f, -1.0f, 0.0f})}}, 0.1);
        return params["w"];
    };
    AdamConfig adamw;
    adamw.weight_decay = 0.1;
    // AdamW: p·(1 - lr·wd) = p·0.99 = [0.99, -1.98, 0.495], then the sign step of the gradient:
    // [0.89, -1.88, 0.495]. The third element only decays.
    expect_values(run(adamw), {0.89, -1.88, 0.495}, 1e-6);
    AdamConfig l2 = adamw;
    l2.decoupled = false;
    // Adam + L2: g + 0.1·p = [0.6, -1.2, 0.05]; the first step is lr·sign of that: [0.9, -1.9, 0.4].
    // The decay term is normalised like any gradient, so the third element moves a full lr.
    expect_values(run(l2), {0.9, -1.9, 0.4}, 1e-6);
    // Without weight decay the two are the same algorithm, bit for bit.
    AdamConfig a, b;
    b.decoupled = false;
    EXPECT_TRUE(same_bits(run(a), run(b)));
}

TEST(Adam, ConvergesOnQuadraticBowl) {
    // f(p) = Σ a_i (p_i - c_i)², badly conditioned (a from 1 to 100): Adam's per-coordinate scaling copes.
    const float a[3] = {1.0f, 10.0f, 100.0f}, c[3] = {3.0f, -1.0f, 0.25f};
    TensorMap params{{"p", Tensor({3}, {0.0f, 0.0f, 0.0f})}};
    AdamConfig cfg;
    cfg.beta2 = 0.999;
    Adam adam(cfg);
    auto loss = [&] {
        double f = 0;
        for (int i = 0; i < 3; i++) f += a[i] * (params["p"][i] - c[i]) * (params["p"][i] - c[i]);
        return f;
    };
    const double initial = loss();
    for (int t = 1; t <= 3000; t++) {
        Tensor g({3});
        for (int i = 0; i < 3; i++) g[i] = 2.0f * a[i] * (params["p"][i] - c[i]);
        adam.step(params, {{"p", g}}, t <= 1000 ? 0.1 : 0.1 * 1000.0 / t);  // constant, then decaying
    }
    EXPECT_LT(loss(), initial * 1e-6);
    for (int i = 0; i < 3; i++) EXPECT_NEAR(params["p"][i], c[i], 1e-3) << i;
}

TEST(Adam, ParameterWithoutGradientIsSkipped) {
    TensorMap params{{"a", Tensor({2}, {1.0f, 1.0f})}, {"b", Tensor({2}, {1.0f, 1.0f})}};
    Adam adam;
    adam.step(params, {{"a", Tensor({2}, {1.0f, 1.0f})}}, 0.1);
    EXPECT_EQ(adam.first_moment("b"), nullptr);
    EXPECT_EQ(params["b"][0], 1.0f);
    // b's first step is a first step (its own bias correction): sign descent by lr.
    adam.step(params, {{"a", Tensor({2}, {1.0f, 1.0f})}, {"b", Tensor({2}, {1.0f, -1.0f})}}, 0.1);
    expect_values(params["b"], {0.9, 1.1}, 1e-6);
}

TEST(Adam, ExportImportContinuesBitIdentically) {
    TensorMap params{{"enc/w", random_normal({2, 3}, 1)}, {"dec/b", random_normal({4}, 2)}};
    auto grads_at = [](int t) {
        TensorMap g{{"enc/w", random_normal({2, 3}, 100 + uint64_t(t))}};
        if (t >= 2) g["dec/b"] = random_normal({4}, 200 + uint64_t(t));  // dec/b starts one step late
        return g;
    };
    AdamConfig cfg;
    cfg.weight_decay = 0.01;
    Adam a(cfg);
    for (int t = 1; t <= 3; t++) a.step(params, grads_at(t), 1e-2);

    WeightsFile f;
    a.export_state(f);
    EXPECT_EQ(f.metadata.at("optimizer_steps"), "3");
    EXPECT_EQ(f.metadata.at("optimizer/step/dec/b"), "2");
    EXPECT_EQ(f.metadata.count("optimizer/step/enc/w"), 0u);
    EXPECT_TRUE(f.tensors.count("optimizer/m/enc/w") && f.tensors.count("optimizer/v/dec/b"));

    Adam b(cfg);
    ASSERT_TRUE(b.import_state(f, params));
    EXPECT_EQ(b.steps(), 3);
    TensorMap pa = params, pb = params;
    for (int t = 4; t <= 6; t++) {
        a.step(pa, grads_at(t), 1e-2);
        b.step(pb, grads_at(t), 1e-2);
    }
    for (const auto & [name, t] : pa) EXPECT_TRUE(same_bits(t, pb[name])) << name;
}

TEST(Adam, ImportRejectsBadState) {
    TensorMap params{{"w", Tensor({3})}};
    Adam good;
    good.step(params, {{"w", Tensor({3}, {1, 2, 3})}}, 0.1);
    WeightsFile ok;
    good.export_state(ok);

    auto expect_error = [&](WeightsFile f, const char * part) {
        Adam adam;
        adam.step(params, {{"w", Tensor({3}, {1, 1, 1})}}, 0.1);
        adam.step(params, {{"w", Tensor({3}, {1, 1, 1})}}, 0.1);
        Status s = adam.import_state(f, params);
        EXPECT_FALSE(s);
        EXPECT_NE(s.message.find(part), std::string::npos) << s.message;
        EXPECT_EQ(adam.steps(), 2);  // unchanged on failure
    };
    WeightsFile f = ok;
    f.metadata.erase("optimizer_steps");
    expect_error(f, "optimizer_steps\" is missing");
    f = ok;
    f.metadata["optimizer_steps"] = "three";
    expect_error(f, "not an integer");
    f = ok;
    f.tensors["optimizer/m/w"] = Tensor({4});
    expect_error(f, "has shape (4)");
    f = ok;
    f.tensors.erase("optimizer/v/w");
    expect_error(f, "only one of");
    f = ok;
    f.tensors["optimizer/m/gone"] = Tensor({3});
    expect_error(f, "no parameter");
    f = ok;
    f.tensors["optimizer/q/w"] = Tensor({3});
    expect_error(f, "unknown tensor");
    f = ok;
    f.metadata["optimizer_steps"] = "0";
    expect_error(f, "is 0");
}

TEST(AdamGradClip, ScalesToMaxNormByHand) {
    // ‖(3, 0, 4)‖ = 5 across two tensors.
    TensorMap g{{"a", Tensor({2}, {3.0f, 0.0f})}, {"b", Tensor({1}, {4.0f})}};
    EXPECT_DOUBLE_EQ(clip_grad_norm(g, 1.0), 5.0);
    // scale = 1 / (5 + 1e-6) = 0.19999996
    EXPECT_NEAR(g["a"][0], 0.6, 1e-6);
    EXPECT_EQ(g["a"][1], 0.0f);
    EXPECT_NEAR(g["b"][0], 0.8, 1e-6);
    EXPECT_LT(global_grad_norm(g), 1.0);
    EXPECT_GT(global_grad_norm(g), 1.0 - 1e-5);
}

TEST(AdamGradClip, BelowMaxNormAndNonFiniteAreUntouched) {
    TensorMap g{{"a", Tensor({2}, {0.3f, -0.4f})}};
    EXPECT_NEAR(clip_grad_norm(g, 1.0), 0.5, 1e-7);
    EXPECT_EQ(g["a"][0], 0.3f);
    EXPECT_EQ(g["a"][1], -0.4f);

    TensorMap bad{{"a", Tensor({2}, {1.0f, std::numeric_limits<float>::quiet_NaN()})}, {"b", Tensor({1}, {7.0f})}};
    EXPECT_TRUE(std::isnan(clip_grad_norm(bad, 1.0)));
    EXPECT_EQ(bad["b"][0], 7.0f);
    // Double accumulation: the norm of 10⁶ equal values x is 1000·x to double precision (a float
    // running sum would drift by far more).
    TensorMap many{{"x", Tensor({1000000})}};
    many["x"].fill(1e-4f);
    EXPECT_NEAR(global_grad_norm(many), 1000.0 * double(1e-4f), 1e-10);
}
