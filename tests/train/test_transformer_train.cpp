// Training the Transformer against PyTorch (tests/reference/make_reference.py): the loss and the
// gradient of every weight at step 0, then the losses of 10 Adam steps, for the post-norm and the
// pre-norm/GELU/tied test models, on a padded batch of 3 sentences. PyTorch computed each sentence
// alone (no padding), so a match also shows that padding is masked correctly.
#include "io/safetensors.h"
#include "nn/grad_ops.h"
#include "train/optimizer.h"
#include "nn/grad_fast.h"
#include "train/transformer_train.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

namespace {

const std::vector<Example> kExamples = {
    {{5, 9, 12, 7}, {10, 22, 7}},
    {{8, 4}, {33, 9, 14, 26}},
    {{20, 11, 6, 30, 15}, {12}},
};

std::string data_path(const std::string & name) { return std::string(ATTN_FIXTURES_DIR) + "/" + name; }

struct Fixture {
    Transformer model;
    WeightsFile ref;
    PaddedBatch batch;
};

void load(const std::string & name, Fixture * f) {
    Status st = Transformer::load(data_path("transformer_" + name + ".safetensors"), &f->model);
    ASSERT_TRUE(st) << st.message;
    st = load_safetensors(data_path("transformer_" + name + "_train.safetensors"), &f->ref);
    ASSERT_TRUE(st) << st.message;
    const TransformerConfig & c = f->model.config();
    f->batch = make_padded_batch(kExamples, {0, 1, 2}, c.pad_id, c.bos_id, c.eos_id);
}

class TrainGolden : public ::testing::TestWithParam<const char *> {};

TEST_P(TrainGolden, LossAndEveryGradientMatchPyTorch) {
    Fixture f;
    load(GetParam(), &f);
    // The batch layout is the one PyTorch's script describes.
    for (const char * part : {"src", "tgt_in", "tgt_out"}) {
        const Tensor & want = f.ref.tensors.at(part);
        const std::vector<int32_t> & got = std::string(part) == "src" ? f.batch.src
                                           : std::string(part) == "tgt_in" ? f.batch.tgt_in : f.batch.tgt_out;
        ASSERT_EQ(int64_t(got.size()), want.numel()) << part;
        for (int64_t i = 0; i < want.numel(); i++) ASSERT_EQ(got[size_t(i)], int32_t(want[i])) << part << " " << i;
    }
    Compute cc(BackendKind::Reference);
    TransformerTrainer trainer(cc, f.model, TrainOptions{/*dropout=*/0.0f, /*label_smoothing=*/0.1f});
    Rng rng(1);
    TensorMap grads;
    const double loss = trainer.forward_backward(f.batch, rng, &grads);
    const double want_loss = f.ref.tensors.at("loss")[0];
    EXPECT_NEAR(loss, want_loss, 1e-5 * std::fabs(want_loss));
    EXPECT_NEAR(trainer.loss(f.batch), loss, 1e-6 * std::fabs(loss));

    // Every weight's gradient, float32 against float64: within 1e-4 of the largest entry of that
    // gradient (sums over the batch and vocabulary lose ~1e-6 relative each).
    int checked = 0;
    for (const auto & [name, g] : grads) {
        const Tensor & want = f.ref.tensors.at("grad/" + name);
        ASSERT_EQ(g.shape(), want.shape()) << name;
        double max_ref = 0, max_diff = 0;
        for (int64_t i = 0; i < g.numel(); i++) {
            max_ref = std::max(max_ref, std::fabs(double(want[i])));
            max_diff = std::max(max_diff, std::fabs(double(g[i]) - want[i]));
        }
        EXPECT_LE(max_diff, 1e-4 * max_ref + 1e-7) << name << " (max |grad| " << max_ref << ")";
        checked++;
    }
    EXPECT_EQ(checked, int(f.model.tensors().size()));
}

TEST_P(TrainGolden, TenAdamStepsFollowPyTorch) {
    Fixture f;
    load(GetParam(), &f);
    Compute cc = Compute::fastest();
    TransformerTrainer trainer(cc, f.model, TrainOptions{0.0f, 0.1f});
    Adam adam(AdamConfig{0.9, 0.98, 1e-9, 0.0, true});
    Rng rng(1);
    TensorMap grads;
    const Tensor & want = f.ref.tensors.at("adam_losses");
    for (int step = 0; step < 10; step++) {
        const double loss = trainer.forward_backward(f.batch, rng, &grads);
        // Adam normalises every update, so float32 rounding in tiny gradient entries moves weights
        // by up to lr·(a few) per step: the losses agree to ~1e-3 relative, and stay that close.
        EXPECT_NEAR(loss, want[step], 2e-3 * std::fabs(want[step]) + 1e-4) << "step " << step;
        adam.step(f.model.parameters(), grads, 1e-3);
    }
    EXPECT_NEAR(trainer.loss(f.batch), want[10], 2e-3 * std::fabs(want[10]) + 1e-4);
    EXPECT_LT(want[10], want[0]);  // the fixture itself shows learning
}

INSTANTIATE_TEST_SUITE_P(Transformer, TrainGolden, ::testing::Values("golden_post", "golden_pre"));

class FastLinearBackward : public ::testing::TestWithParam<std::pair<int, int>> {};

// Both ways of forming dw: M ≤ K transposes dy, M > K transposes x.
TEST_P(FastLinearBackward, MatchesTheReference) {
    const int M = GetParam().first, K = GetParam().second;
    Compute cc = Compute::fastest();
    Tensor x = random_normal({7, K}, 1), w = random_normal({M, K}, 2), dy = random_normal({7, M}, 3);
    Tensor dx({7, K}), dw({M, K}), db({M}), dx_ref({7, K}), dw_ref({M, K}), db_ref({M});
    dw.fill(0.5f);
    dw_ref.fill(0.5f);  // both accumulate onto what is there
    linear_backward_fast(cc, x, w, dy, dx, dw, db);
    linear_backward(x, w, dy, dx_ref, dw_ref, db_ref);
    for (int64_t i = 0; i < dx.numel(); i++) ASSERT_NEAR(dx[i], dx_ref[i], 1e-4);
    for (int64_t i = 0; i < dw.numel(); i++) ASSERT_NEAR(dw[i], dw_ref[i], 1e-4);
    for (int64_t i = 0; i < db.numel(); i++) ASSERT_NEAR(db[i], db_ref[i], 1e-5);
}

INSTANTIATE_TEST_SUITE_P(TrainTransformer, FastLinearBackward,
                         ::testing::Values(std::make_pair(9, 33), std::make_pair(40, 7), std::make_pair(33, 33)));

TEST(TrainTransformer, FastAttentionBackwardMatchesTheReference) {
    // B 2, H 3, dh 5, Tq 4, Tk 6, with key padding: the cross-attention shape.
    Tensor q = random_normal({2, 4, 15}, 4), k = random_normal({2, 6, 15}, 5), v = random_normal({2, 6, 15}, 6);
    Tensor pad({2, 6}, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -INFINITY, -INFINITY});
    Tensor probs({2, 3, 4, 6}), out({2, 4, 15}), dout = random_normal({2, 4, 15}, 7);
    const float scale = 1.0f / std::sqrt(5.0f);
    make_backend(BackendKind::Reference)->attention(q, k, v, 3, scale, Mask::columns(pad), probs, out);
    Tensor dq({2, 4, 15}), dk({2, 6, 15}), dv({2, 6, 15}), rq({2, 4, 15}), rk({2, 6, 15}), rv({2, 6, 15});
    dk.fill(9.0f);  // stale values must be overwritten
    Compute cc = Compute::fastest();
    attention_backward_fast(cc, q, k, v, probs, dout, 3, scale, dq, dk, dv);
    attention_backward(q, k, v, probs, dout, 3, scale, rq, rk, rv);
    for (int64_t i = 0; i < dq.numel(); i++) ASSERT_NEAR(dq[i], rq[i], 1e-5);
    for (int64_t i = 0; i < dk.numel(); i++) ASSERT_NEAR(dk[i], rk[i], 1e-5);
    for (int64_t i = 0; i < dv.numel(); i++) ASSERT_NEAR(dv[i], rv[i], 1e-5);
}

TEST(TrainTransformer, DropoutOnlyInTraining) {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = 1;
    c.d_model = 16; c.d_ff = 32; c.heads = 2; c.src_vocab = c.tgt_vocab = 40; c.max_positions = 16;
    Transformer m;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 3), &m));
    Compute cc(BackendKind::Reference);
    TransformerTrainer trainer(cc, m, TrainOptions{0.3f, 0.0f});
    const PaddedBatch b = make_padded_batch(kExamples, {0, 1, 2}, c.pad_id, c.bos_id, c.eos_id);
    Rng r1(1), r2(2);
    TensorMap g;
    const double l1 = trainer.forward_backward(b, r1, &g), l2 = trainer.forward_backward(b, r2, &g);
    EXPECT_NE(l1, l2);                                  // different dropout masks
    EXPECT_EQ(trainer.loss(b), trainer.loss(b));        // evaluation is deterministic: no dropout
}

} // namespace
