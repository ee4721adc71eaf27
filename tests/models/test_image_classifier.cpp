// The classifier behind the image panel (models/image_classifier.h): Grad-CAM against a
// finite-difference estimate of ∂score/∂activation, the trace's maps against the model's own
// numbers, and the shipped Fashion-MNIST models against the accuracy their cards claim, measured
// again here on the 10,000 test images.
#include "models/cam_coverage.h"
#include "models/image_classifier.h"
#include "train/image_train.h"
#include "vision/preprocess.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

namespace {

CnnConfig tiny(bool cbam) {
    CnnConfig c;
    c.cbam = cbam;
    c.widths = {4, 8};
    c.reduction = 2;
    return c;
}

std::vector<float> random_image(uint64_t seed) {
    std::vector<float> x(28 * 28);
    Rng rng(seed);
    for (float & v : x) v = rng.uniform();
    return x;
}

// Grad-CAM's weights are α_k = mean_ij ∂y_c/∂A_kij. Here ∂y_c/∂A is estimated by perturbing each
// activation of the last block (what the head sees) by ±h and re-running the head, with no use of
// the backward code, and the map built from those α is compared with grad_cam's.
TEST(ImageClassifier, GradCamMatchesFiniteDifferencesOfTheScore) {
    for (bool cbam : {false, true}) {
        CnnModel m;
        ASSERT_TRUE(CnnModel::create(tiny(cbam), CnnModel::random_weights(tiny(cbam), 11), &m).ok);
        Compute cc(BackendKind::Reference);
        Tensor x({1, 1, 28, 28});
        const std::vector<float> img = random_image(12);
        std::copy(img.begin(), img.end(), x.data());
        CnnPass pass;
        m.forward(cc, x, false, &pass);
        double peak = 0.0;
        for (int c = 0; c < 10; c++) {
            // The head, y = W · mean_ij(A) + b, evaluated independently in double.
            const Tensor & W = m.tensors().at("head/fc/weight");
            const Tensor & b = m.tensors().at("head/fc/bias");
            Tensor A = pass.blocks.back().out;
            const int64_t C = A.shape()[1], HW = A.shape()[2] * A.shape()[3];
            auto score = [&] {
                double y = b[c];
                for (int64_t k = 0; k < C; k++) {
                    double mean = 0.0;
                    for (int64_t i = 0; i < HW; i++) mean += A[k * HW + i];
                    y += double(W[c * C + k]) * mean / double(HW);
                }
                return y;
            };
            std::vector<double> alpha(size_t(C), 0.0);
            const float h = 1e-2f;
            for (int64_t k = 0; k < C; k++)
                for (int64_t i = 0; i < HW; i++) {
                    const float saved = A[k * HW + i];
                    A[k * HW + i] = saved + h;
                    const double up = score();
                    A[k * HW + i] = saved - h;
                    const double down = score();
                    A[k * HW + i] = saved;
                    alpha[size_t(k)] += (up - down) / (2.0 * h) / double(HW);
                }
            const Tensor cam = grad_cam(m, pass, c);
            for (int64_t i = 0; i < HW; i++) {
                double want = 0.0;
                for (int64_t k = 0; k < C; k++) want += alpha[size_t(k)] * A[k * HW + i];
                want = std::max(want, 0.0);
                peak = std::max(peak, want);
                EXPECT_NEAR(cam[i], want, 1e-4 * (1.0 + std::fabs(want))) << "cbam " << cbam << " class " << c << " position " << i;
            }
        }
        EXPECT_GT(peak, 0.0) << "some positive evidence, or the check proves nothing";
    }
}

TEST(ImageClassifier, TraceHoldsTheModelsOwnAttention) {
    CnnModel m;
    ASSERT_TRUE(CnnModel::create(tiny(true), CnnModel::random_weights(tiny(true), 13), &m).ok);
    ImageClassifier clf = ImageClassifier::from_model(m);
    Compute cc(BackendKind::Reference);
    const std::vector<float> img = random_image(14);
    const ImageClassification r = clf.classify(cc, img);
    double sum = 0.0;
    for (float p : r.probabilities) sum += p;
    EXPECT_NEAR(sum, 1.0, 1e-5);
    EXPECT_EQ(r.predicted, int(std::max_element(r.probabilities.begin(), r.probabilities.end()) - r.probabilities.begin()));
    EXPECT_EQ(r.explained, r.predicted);
    // The same numbers straight from a forward pass.
    Tensor x({1, 1, 28, 28});
    std::copy(img.begin(), img.end(), x.data());
    CnnPass pass;
    m.forward(cc, x, false, &pass);
    for (int b = 0; b < 2; b++) {
        const AttentionMap * ch = r.trace.find("cbam_channel", b, 0);
        const AttentionMap * sp = r.trace.find("cbam_spatial", b, 0);
        ASSERT_TRUE(ch && sp) << b;
        EXPECT_EQ(ch->cols, tiny(true).widths[size_t(b)]);
        EXPECT_EQ(sp->rows, b == 0 ? 28 : 14);
        for (int i = 0; i < ch->cols; i++) EXPECT_EQ(ch->values[size_t(i)], pass.blocks[size_t(b)].cbam.channel[i]);
        for (size_t i = 0; i < sp->values.size(); i++) {
            EXPECT_EQ(sp->values[i], pass.blocks[size_t(b)].cbam.spatial[int64_t(i)]);
            EXPECT_TRUE(sp->values[i] > 0.0f && sp->values[i] < 1.0f);
        }
    }
    const AttentionMap * cam = r.trace.find("grad_cam", 1, 0);
    ASSERT_TRUE(cam);
    EXPECT_EQ(cam->rows, 14);
    const Tensor want = grad_cam(m, pass, r.predicted);
    for (size_t i = 0; i < cam->values.size(); i++) EXPECT_EQ(cam->values[i], want[int64_t(i)]);
    // Explaining another class changes the map, not the prediction.
    const ImageClassification other = clf.classify(cc, img, (r.predicted + 1) % 10);
    EXPECT_EQ(other.predicted, r.predicted);
    EXPECT_NE(other.trace.find("grad_cam", 1, 0)->values, cam->values);
    // The plain network has no CBAM maps.
    CnnModel plain;
    ASSERT_TRUE(CnnModel::create(tiny(false), CnnModel::random_weights(tiny(false), 13), &plain).ok);
    const ImageClassification p = ImageClassifier::from_model(plain).classify(cc, img);
    EXPECT_EQ(p.trace.find("cbam_spatial", 0, 0), nullptr);
    EXPECT_NE(p.trace.find("grad_cam", 1, 0), nullptr);
    EXPECT_STREQ(fashion_class_name(9), "Ankle boot");
    EXPECT_STREQ(fashion_class_name(10), "?");
}

TEST(CamCoverage, BilinearUpsamplingAndCoverageByHand) {
    // 2×2 -> 4×4, pixel centres mapped to (x + ½)·2/4 − ½ = −¼, ¼, ¾, 1¼ (clamped to [0, 1]).
    const float map[4] = {0, 1, 2, 3};
    const std::vector<float> up = upsample_bilinear(map, 2, 2, 4, 4);
    const float row0[4] = {0.0f, 0.25f, 0.75f, 1.0f};
    for (int x = 0; x < 4; x++) EXPECT_FLOAT_EQ(up[size_t(x)], row0[x]);
    EXPECT_FLOAT_EQ(up[size_t(3 * 4 + 3)], 3.0f);
    EXPECT_FLOAT_EQ(up[size_t(1 * 4 + 1)], 0.25f + 2.0f * 0.25f);  // ty = ¼: 0.25 + (2.25 − 0.25)·¼
    // The object fills the left half; a map bright on the left covers all of it and nothing else.
    std::vector<float> image(28 * 28, 0.0f);
    for (int y = 0; y < 28; y++)
        for (int x = 0; x < 14; x++) image[size_t(y * 28 + x)] = 0.8f;
    const float left[2] = {1, 0}, right[2] = {0, 1}, none[2] = {0, 0};
    CamCoverage c = cam_coverage(image.data(), 28, 28, left, 1, 2);
    ASSERT_TRUE(c.valid);
    EXPECT_DOUBLE_EQ(c.coverage, 1.0);
    EXPECT_DOUBLE_EQ(c.spill, 0.0);
    // The lit mask (what the panel outlines) is exactly the left half: 1×2 -> 28 wide puts the
    // half-peak crossing between columns 13 and 14.
    ASSERT_EQ(c.lit.size(), size_t(28 * 28));
    for (int y = 0; y < 28; y += 9)
        for (int x = 0; x < 28; x++) EXPECT_EQ(c.lit[size_t(y * 28 + x)], x < 14 ? 1 : 0) << "row " << y << " column " << x;
    c = cam_coverage(image.data(), 28, 28, right, 1, 2);
    EXPECT_DOUBLE_EQ(c.coverage, 0.0);
    EXPECT_DOUBLE_EQ(c.spill, 1.0);
    EXPECT_FALSE(cam_coverage(image.data(), 28, 28, none, 1, 2).valid);
}

} // namespace

namespace {

// The shipped models, measured again on the 10,000 Fashion-MNIST test images: the accuracy each
// file's metadata (and the model card) states, and the targets. Native only: a wasm run
// of 20,000 forward passes under node would take minutes, and the numbers are the same.
TEST(ShippedClassifiers, ReachTheirStatedTestAccuracy) {
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "measured by the native run";
#endif
    ImageSet test;
    ASSERT_TRUE(load_image_set(kFashionMnistDir, "t10k", kFashionClasses, &test).ok) << "dataset-fashion-mnist installed?";
    ASSERT_EQ(test.count, 10000);
    Compute cc = Compute::fastest();
    double accuracy[2] = {};
    for (int cbam = 0; cbam < 2; cbam++) {
        const std::string path = std::string(ATTN_SOURCE_DIR) + "/assets/models/" + (cbam ? "resnet_cbam" : "resnet") + "-fashion.safetensors";
        ImageClassifier clf;
        Status s = ImageClassifier::load(path, &clf);
        ASSERT_TRUE(s.ok) << s.message;
        EXPECT_EQ(clf.has_cbam(), cbam == 1);
        CnnModel model = clf.model();
        accuracy[cbam] = evaluate_classifier(cc, model, test).accuracy();
        EXPECT_NEAR(accuracy[cbam], std::stod(clf.metadata("test_accuracy")), 5e-5) << path;
    }
    // The targets are CBAM ≥ 93.0% and ≥ plain + 0.3 points. The shipped pair measures 93.26%
    // (plain) and 93.39% (CBAM): the first target met, the second not (+0.13, one run each; model
    // card). This holds each to what it reaches, less 0.3 points, so a regression in the ops, the
    // trainer or the files fails here, and CBAM to the 93.0%; it does not claim an order
    // the runs do not show.
    EXPECT_GE(accuracy[0], 0.9296);
    EXPECT_GE(accuracy[1], 0.9309);
    EXPECT_GE(accuracy[1], 0.930) << "the target for the CBAM network";
}

} // namespace
