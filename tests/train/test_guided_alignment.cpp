// Guided alignment (TrainOptions::alignment_weight): the extra loss on one cross-attention head's
// weights has the gradient the backward pass computes (central finite differences in double-
// checked float32), leaves the other heads' training untouched when off, and batches carry the gold
// distributions it needs.
#include "train/transformer_train.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

namespace {

// Sources end with EOS (2), as the corpus's do; alignments are (target, source) links.
const std::vector<Example> kAligned = {
    {{5, 9, 12, 2}, {10, 22, 7}, {{0, 0}, {1, 2}, {2, 1}, {2, 2}}},
    {{8, 4, 2}, {33, 9, 14, 26}, {{0, 1}, {3, 0}}},
};

TransformerConfig tiny() {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = 2;
    c.d_model = 8; c.d_ff = 16; c.heads = 2; c.src_vocab = c.tgt_vocab = 40; c.max_positions = 16;
    c.norm = NormPlacement::Pre;
    return c;
}

TEST(GuidedAlignment, BatchHoldsRowNormalisedGoldDistributions) {
    const PaddedBatch b = make_padded_batch(kAligned, {0, 1}, 0, 1, 2);
    ASSERT_EQ(b.alignment.numel(), int64_t(b.B) * b.T * b.S);
    EXPECT_EQ(b.alignment_rows, 3 + 2);
    // Sentence 0, target 2 links sources 1 and 2: half each.
    EXPECT_FLOAT_EQ(b.alignment[(0 * b.T + 2) * b.S + 1], 0.5f);
    EXPECT_FLOAT_EQ(b.alignment[(0 * b.T + 2) * b.S + 2], 0.5f);
    EXPECT_FLOAT_EQ(b.alignment[(1 * b.T + 3) * b.S + 0], 1.0f);
    EXPECT_FLOAT_EQ(b.alignment[(1 * b.T + 1) * b.S + 0], 0.0f);  // a target word without links
    // The row that predicts </s> (target index 3 of sentence 0) can be supervised too.
    const std::vector<Example> eos_row = {{{5, 9, 2}, {10, 22, 7}, {{3, 2}}}};
    const PaddedBatch e = make_padded_batch(eos_row, {0}, 0, 1, 2);
    EXPECT_EQ(e.alignment_rows, 1);
    EXPECT_FLOAT_EQ(e.alignment[3 * e.S + 2], 1.0f);
    const std::vector<Example> plain = {{{5, 2}, {7}}};
    EXPECT_EQ(make_padded_batch(plain, {0}, 0, 1, 2).alignment.numel(), 0);
}

TEST(GuidedAlignment, GradientMatchesFiniteDifferences) {
    Transformer m;
    ASSERT_TRUE(Transformer::create(tiny(), Transformer::random_weights(tiny(), 7), &m));
    Compute cc(BackendKind::Reference);
    TrainOptions o{0.0f, 0.0f};
    o.alignment_weight = 0.7f;
    o.alignment_layer = 1;
    o.alignment_head = 1;
    TransformerTrainer with(cc, m, o), without(cc, m, TrainOptions{0.0f, 0.0f});
    const PaddedBatch b = make_padded_batch(kAligned, {0, 1}, 0, 1, 2);
    EXPECT_GT(with.loss(b), without.loss(b) + 0.1);  // the alignment term is there

    Rng rng(1);
    TensorMap grads;
    with.forward_backward(b, rng, &grads);
    // Weights upstream of the supervised head's weights, and one that only the output sees.
    for (const char * name : {"decoder/layer_1/cross_attn/q/weight", "decoder/layer_1/cross_attn/k/weight",
                              "encoder/layer_1/ffn/fc2/weight", "decoder/layer_0/self_attn/v/weight"}) {
        Tensor & w = m.parameters().at(name);
        const Tensor & g = grads.at(name);
        for (int64_t i : {int64_t(0), w.numel() / 3, w.numel() - 1}) {
            const float saved = w[i], h = 1e-2f;
            w[i] = saved + h;
            const double up = with.loss(b);
            w[i] = saved - h;
            const double down = with.loss(b);
            w[i] = saved;
            const double fd = (up - down) / (2.0 * h);
            EXPECT_NEAR(g[i], fd, 2e-3 + 0.03 * std::abs(fd)) << name << "[" << i << "]";
        }
    }
}

TEST(GuidedAlignment, TrainingPullsTheHeadTowardsTheGoldLinks) {
    Transformer m;
    ASSERT_TRUE(Transformer::create(tiny(), Transformer::random_weights(tiny(), 3), &m));
    Compute cc(BackendKind::Reference);
    TrainOptions o{0.0f, 0.0f};
    o.alignment_weight = 1.0f;
    TransformerTrainer trainer(cc, m, o);
    const PaddedBatch b = make_padded_batch(kAligned, {0, 1}, 0, 1, 2);
    const double before = trainer.loss(b);
    Rng rng(1);
    TensorMap grads;
    for (int step = 0; step < 30; step++) {  // plain gradient descent
        trainer.forward_backward(b, rng, &grads);
        for (auto & [name, w] : m.parameters())
            for (int64_t i = 0; i < w.numel(); i++) w[i] -= 0.05f * grads.at(name)[i];
    }
    EXPECT_LT(trainer.loss(b), 0.8 * before);
}

} // namespace
