// The image classifier (models/cnn.h): the whole model's backward pass against finite differences
// in training mode, with and without CBAM; inference using running statistics; Grad-CAM against
// its closed form at the last block (GAP then linear: ∂y_c/∂A_k = W[c, k] / HW); save and load.
#include "models/cnn.h"
#include "../nn/fd_check.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

enum Variant { kPlain, kCbam, kCbamSpatialBn };

CnnConfig tiny(int variant) {
    CnnConfig c;
    c.cbam = variant != kPlain;
    c.spatial_bn = variant == kCbamSpatialBn;
    c.widths = {4, 8};
    c.reduction = 2;
    return c;
}

Tensor images(int64_t N, uint64_t seed) {
    Tensor x({N, 1, 28, 28});
    Rng rng(seed);
    for (int64_t i = 0; i < x.numel(); i++) x[i] = rng.uniform();
    return x;
}

class CnnGradient : public ::testing::TestWithParam<int> {};

TEST_P(CnnGradient, WholeModelMatchesFiniteDifferences) {
    CnnModel m;
    ASSERT_TRUE(CnnModel::create(tiny(GetParam()), CnnModel::random_weights(tiny(GetParam()), 3), &m).ok);
    if (GetParam())  // non-zero CBAM biases, so every path carries gradient
        for (auto & [name, t] : m.parameters())
            if (name.find("cbam") != std::string::npos && name.find("bias") != std::string::npos) t.fill(0.3f);
    Compute cc(BackendKind::Reference);
    const Tensor x = images(3, 7);
    const Tensor r = random_normal({3, 10}, 8);
    CnnPass pass;
    m.forward(cc, x, true, &pass);
    TensorMap grads;
    m.backward(cc, pass, r, &grads);
    auto loss = [&] {
        CnnPass q;
        m.forward(cc, x, true, &q);
        return weighted_sum(q.logits, r);
    };
    // Directional derivatives, one random direction per tensor: ReLUs and max pools put kinks
    // everywhere in a whole network, and a probe of one weight that crosses one lands far off; a
    // direction through all of a tensor's weights averages those out, while a missing term, a
    // wrong index or a wrong scale still moves the result by a large fraction.
    std::vector<std::string> names = {"stem/conv/weight", "stem/conv/bias", "stem/bn/weight", "block_0/conv1/weight",
                                      "block_0/bn2/bias", "block_1/conv2/weight", "block_1/skip/conv/weight",
                                      "block_1/skip/bn/weight", "head/fc/weight", "head/fc/bias"};
    if (GetParam()) names.insert(names.end(), {"block_0/cbam/mlp/fc1/weight", "block_1/cbam/mlp/fc2/bias", "block_1/cbam/spatial/weight"});
    if (GetParam() == kCbamSpatialBn) names.insert(names.end(), {"block_0/cbam/spatial/bn/weight", "block_1/cbam/spatial/bn/bias"});
    uint64_t seed = 20;
    for (const std::string & name : names) {
        Tensor & t = m.parameters().at(name);
        const Tensor dir = random_normal(t.shape(), seed++);
        const Tensor saved = t;
        double analytic = 0.0, norm = 0.0;
        for (int64_t i = 0; i < t.numel(); i++) analytic += double(grads.at(name)[i]) * dir[i], norm += double(dir[i]) * dir[i];
        const double h = 1e-4 / std::sqrt(norm / double(t.numel()));
        for (int64_t i = 0; i < t.numel(); i++) t[i] = saved[i] + float(h) * dir[i];
        const double up = loss();
        for (int64_t i = 0; i < t.numel(); i++) t[i] = saved[i] - float(h) * dir[i];
        const double down = loss();
        t = saved;
        const double numeric = (up - down) / (2.0 * h);
        EXPECT_NEAR(analytic, numeric, 0.06 * std::fabs(numeric) + 3e-3) << name;
    }
    EXPECT_TRUE(all_zero(grads.at("stem/bn/running_mean"))) << "running statistics are not trained";
    if (GetParam() == kCbamSpatialBn) {
        EXPECT_TRUE(all_zero(grads.at("block_0/cbam/spatial/bn/running_var")));
    }
}

INSTANTIATE_TEST_SUITE_P(PlainCbamAndSpatialBn, CnnGradient, ::testing::Values(kPlain, kCbam, kCbamSpatialBn));

TEST(Cnn, InferenceUsesRunningStatisticsAndBatchesDoNotInteract) {
    CnnModel m;
    ASSERT_TRUE(CnnModel::create(tiny(kCbam), CnnModel::random_weights(tiny(kCbam), 4), &m).ok);
    Compute cc(BackendKind::Reference);
    CnnPass train;
    const Tensor x = images(4, 9);
    for (int i = 0; i < 3; i++) m.forward(cc, x, true, &train);  // moves the running statistics
    EXPECT_NE(m.parameters().at("stem/bn/running_mean")[0], 0.0f);
    CnnPass all, one;
    m.forward(cc, x, false, &all);
    m.forward(cc, ConstView(x.data(), {1, 1, 28, 28}), false, &one);
    for (int64_t k = 0; k < 10; k++) EXPECT_NEAR(one.logits[k], all.logits[k], 1e-5) << "an image's class must not depend on its batch";
    ASSERT_EQ(all.blocks[1].cbam.spatial.numel(), 4 * 14 * 14) << "block 1 runs at 14×14";
}

TEST(Cnn, GradCamMatchesItsClosedForm) {
    CnnModel m;
    ASSERT_TRUE(CnnModel::create(tiny(kPlain), CnnModel::random_weights(tiny(kPlain), 5), &m).ok);
    Compute cc(BackendKind::Reference);
    const Tensor x = images(2, 10);
    const int c = 6;
    const Tensor cam = grad_cam(cc, m, x, c);
    CnnPass p;
    m.forward(cc, x, false, &p);
    const Tensor & A = p.blocks.back().out;
    const int64_t C = A.shape()[1], HW = A.shape()[2] * A.shape()[3];
    ASSERT_EQ(cam.numel(), 2 * HW);
    const Tensor & W = m.tensors().at("head/fc/weight");
    double positive = 0.0;
    for (int64_t n = 0; n < 2; n++)
        for (int64_t i = 0; i < HW; i++) {
            double want = 0.0;
            for (int64_t k = 0; k < C; k++) want += double(W[c * C + k]) / double(HW) * A[(n * C + k) * HW + i];
            EXPECT_NEAR(cam[n * HW + i], std::max(want, 0.0), 1e-6);
            positive += want > 0;
        }
    EXPECT_GT(positive, 0) << "the check must see some positive evidence";
}

TEST(Cnn, SaveLoadRoundTrip) {
    CnnModel m, back;
    ASSERT_TRUE(CnnModel::create(tiny(kCbam), CnnModel::random_weights(tiny(kCbam), 6), &m).ok);
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/cnn_roundtrip.safetensors";
    ASSERT_TRUE(m.save(path).ok);
    Status s = CnnModel::load(path, &back);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_TRUE(back.config().cbam);
    EXPECT_EQ(back.parameter_count(), m.parameter_count());
    CnnModel bn, bn_back;  // the spatial batch norm is in the config and comes back with it
    ASSERT_TRUE(CnnModel::create(tiny(kCbamSpatialBn), CnnModel::random_weights(tiny(kCbamSpatialBn), 7), &bn).ok);
    ASSERT_TRUE(bn.save(path).ok);
    s = CnnModel::load(path, &bn_back);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_TRUE(bn_back.config().spatial_bn);
    EXPECT_EQ(bn_back.parameter_count(), m.parameter_count() + 2 * 2) << "γ and β in each of two blocks";
    CnnConfig c;
    EXPECT_FALSE(CnnConfig::from_json("{\"architecture\": \"resnet\", \"spatial_bn\": true}", &c).ok);
    EXPECT_FALSE(CnnConfig::from_json("{\"widths\": [4, 8, 16, 32]}", &c).ok);
    EXPECT_FALSE(CnnConfig::from_json("{\"architecture\": \"vgg\"}", &c).ok);
}

} // namespace
