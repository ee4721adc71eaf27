// Training the image classifiers with the shared Trainer (train/image_train.h): augmentation by
// hand, an epoch's order, a tiny network learning a two-class task, bit-identical resume with
// augmentation on, the confusion matrix, and the validation split.
#include "train/image_train.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace attn;

namespace {

// Class 0: a bright bar in the top half; class 1: in the bottom half. Position varies, so the
// network has to look at where the light is, not at one pixel.
ImageSet halves(int count, uint64_t seed) {
    ImageSet s;
    s.count = count, s.rows = 28, s.cols = 28;
    s.images.assign(size_t(count) * 28 * 28, 0);
    s.labels.resize(size_t(count));
    Rng rng(seed);
    for (int i = 0; i < count; i++) {
        const int label = int(rng.below(2));
        const int y = (label ? 16 : 3) + int(rng.below(8)), x = 2 + int(rng.below(10));
        for (int yy = y; yy < y + 4; yy++)
            for (int xx = x; xx < x + 14; xx++) s.images[(size_t(i) * 28 + yy) * 28 + xx] = 255;
        s.labels[size_t(i)] = uint8_t(label);
    }
    return s;
}

CnnConfig tiny() {
    CnnConfig c;
    c.widths = {4, 8};
    c.reduction = 2;
    c.classes = 2;
    return c;
}

TrainerConfig run(int64_t steps, const std::string & checkpoint) {
    TrainerConfig t;
    t.total_steps = steps;
    t.schedule = "cosine";
    t.lr = 1e-2;
    t.warmup = 5;
    t.seed = 3;
    t.adam.beta2 = 0.999;
    t.adam.eps = 1e-8;
    if (!checkpoint.empty()) t.checkpoint_path = std::string(ATTN_TEST_OUT_DIR) + "/" + checkpoint;
    return t;
}

TEST(ImageTrain, ShiftAndFlipMoveEveryPixelWhereExpected) {
    // 3×3 holding 1..9. Shift down 1, right 1: the top row and left column fill with 0.
    std::vector<float> img = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    shift_and_flip(img.data(), 3, 3, 1, 1, false);
    EXPECT_EQ(img, (std::vector<float>{0, 0, 0, 0, 1, 2, 0, 4, 5}));
    img = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    shift_and_flip(img.data(), 3, 3, 0, 0, true);
    EXPECT_EQ(img, (std::vector<float>{3, 2, 1, 6, 5, 4, 9, 8, 7}));
    img = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    shift_and_flip(img.data(), 3, 3, -1, 0, true);  // mirrored, then up one row
    EXPECT_EQ(img, (std::vector<float>{6, 5, 4, 9, 8, 7, 0, 0, 0}));
}

TEST(ImageTrain, EpochOrderIsAPermutationThatChangesEachEpoch) {
    const std::vector<size_t> a = epoch_permutation(1000, 5, 0), b = epoch_permutation(1000, 5, 1);
    std::vector<size_t> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); i++) ASSERT_EQ(sorted[i], i);
    EXPECT_NE(a, b);
    EXPECT_EQ(a, epoch_permutation(1000, 5, 0));
}

TEST(ImageTrain, TinyNetworkLearnsWhereTheLightIs) {
    const ImageSet train = halves(512, 1), test = halves(200, 2);
    CnnModel m;
    ASSERT_TRUE(CnnModel::create(tiny(), CnnModel::random_weights(tiny(), 4), &m).ok);
    Compute cc = Compute::fastest();
    const ClassifierScore before = evaluate_classifier(cc, m, test);
    ImageTrainOptions o;
    o.batch_size = 32;
    o.flip = false;  // up/down is the label; left/right and small shifts are not
    ImageClassificationTask task(cc, m, train, o);
    const Tensor running_before = m.tensors().at("stem/bn/running_mean");
    Trainer trainer(task, run(120, ""));
    while (!trainer.done()) trainer.step(1000);
    const ClassifierScore after = evaluate_classifier(cc, m, test);
    EXPECT_GE(after.accuracy(), 0.97) << "before training: " << before.accuracy();
    EXPECT_LT(after.loss, before.loss);
    EXPECT_GT(trainer.tokens_per_second(), 0.0) << "images per second are reported";
    bool moved = false;  // batch norm updated its running mean during training, not Adam
    for (int64_t i = 0; i < running_before.numel(); i++) moved |= running_before[i] != m.tensors().at("stem/bn/running_mean")[i];
    EXPECT_TRUE(moved);
    int64_t total = 0;
    for (int64_t v : after.confusion) total += v;
    EXPECT_EQ(total, 200);
    EXPECT_EQ(after.confusion[0] + after.confusion[3], after.correct) << "the diagonal is what was right";
}

// Data parallel (ImageTrainOptions::replicas): a batch of 8 on two replicas gives the loss and
// gradients of its two halves run one by one as batches of 4 (each half's share, ½), and batch
// norm's running statistics end at the mean of the two halves' updates. The halves are batches 0
// and 1 of the same epoch order with batch size 4. CBAM in, so every layer's backward is summed.
TEST(ImageTrain, ReplicasSumTheGradientsOfTheirParts) {
    const ImageSet train = halves(64, 5);
    CnnConfig cfg = tiny();
    cfg.cbam = true;
    const TensorMap weights = CnnModel::random_weights(cfg, 6);
    Compute cc = Compute::fastest();
    auto task_step = [&](int replicas, int batch_size, int64_t index, CnnModel * m, TensorMap * grads) {
        ImageTrainOptions o;
        o.batch_size = batch_size;
        o.augment = false;
        o.replicas = replicas;
        ImageClassificationTask task(cc, *m, train, o);
        task.begin_epoch(11, 0);
        Rng rng(1);
        int64_t items = 0;
        const double loss = task.train_batch(index, rng, grads, &items);
        EXPECT_EQ(items, batch_size);
        return loss;
    };
    CnnModel both, first, second;
    for (CnnModel * m : {&both, &first, &second}) ASSERT_TRUE(CnnModel::create(cfg, weights, m).ok);
    TensorMap g2, ga, gb;
    const double loss2 = task_step(2, 8, 0, &both, &g2);
    const double la = task_step(1, 4, 0, &first, &ga), lb = task_step(1, 4, 1, &second, &gb);
    EXPECT_NEAR(loss2, 0.5 * (la + lb), 1e-6);
    ASSERT_EQ(g2.size(), ga.size());
    EXPECT_EQ(g2.count("stem/bn/running_mean"), 0u) << "running statistics get no gradient";
    double worst = 0.0, largest = 0.0;
    for (const auto & [name, g] : g2)
        for (int64_t i = 0; i < g.numel(); i++) {
            worst = std::max(worst, std::abs(double(g[i]) - 0.5 * (double(ga.at(name)[i]) + double(gb.at(name)[i]))));
            largest = std::max(largest, std::abs(double(g[i])));
        }
    EXPECT_GT(largest, 1e-3);
    EXPECT_LE(worst, 1e-6 * std::max(1.0, largest));
    for (const char * name : {"stem/bn/running_mean", "stem/bn/running_var", "block_1/bn2/running_var"}) {
        SCOPED_TRACE(name);
        const Tensor & got = both.tensors().at(name);
        for (int64_t i = 0; i < got.numel(); i++)
            EXPECT_NEAR(got[i], 0.5f * (first.tensors().at(name)[i] + second.tensors().at(name)[i]), 1e-6f);
    }
}

TEST(ImageTrain, ResumedRunWithAugmentationEndsWithTheSameWeights) {
    const ImageSet train = halves(96, 5);
    Compute cc(BackendKind::Reference);
    ImageTrainOptions o;
    o.batch_size = 16;
    auto fresh = [&](CnnModel * m) { ASSERT_TRUE(CnnModel::create(tiny(), CnnModel::random_weights(tiny(), 9), m).ok); };
    CnnModel straight, split_a, split_b;
    fresh(&straight), fresh(&split_a), fresh(&split_b);
    {
        ImageClassificationTask t(cc, straight, train, o);
        Trainer tr(t, run(10, ""));  // 10 steps cross an epoch boundary (6 batches per epoch)
        while (!tr.done()) tr.step(1000);
    }
    {
        ImageClassificationTask t(cc, split_a, train, o);
        Trainer tr(t, run(10, "image_resume.safetensors"));
        for (int i = 0; i < 7; i++) tr.step(0);  // step(0) runs exactly one step
        ASSERT_TRUE(tr.save_checkpoint().ok);
    }
    ImageClassificationTask t(cc, split_b, train, o);
    Trainer tr(t, run(10, "image_resume.safetensors"));
    ASSERT_TRUE(tr.resume(std::string(ATTN_TEST_OUT_DIR) + "/image_resume.safetensors").ok);
    EXPECT_EQ(tr.progress().step, 7);
    while (!tr.done()) tr.step(1000);
    for (const auto & [name, w] : straight.tensors()) {
        const Tensor & r = split_b.tensors().at(name);
        ASSERT_EQ(std::memcmp(w.data(), r.data(), size_t(w.numel()) * sizeof(float)), 0) << name;
    }
}

TEST(ImageTrain, ValidationSplitTakesTheFirstImages) {
    const ImageSet all = halves(10, 8);
    ImageSet first, rest;
    split_image_set(all, 3, &first, &rest);
    EXPECT_EQ(first.count, 3);
    EXPECT_EQ(rest.count, 7);
    EXPECT_EQ(rest.labels[0], all.labels[3]);
    EXPECT_TRUE(std::equal(rest.images.begin(), rest.images.end(), all.images.begin() + 3 * 28 * 28));
    std::vector<int32_t> labels;
    const Tensor x = image_batch(all, {4}, &labels);
    EXPECT_EQ(labels[0], all.labels[4]);
    EXPECT_FLOAT_EQ(x[0], float(all.images[4 * 784]) / 255.0f);
}

} // namespace
