// Decoding never loops: the length cap and the repetition cut (models/decode.h), in greedy and
// beam search over a scripted decoder, and in the RNN decoder with a model made to repeat itself.
#include "models/beam_search.h"
#include "models/decode.h"
#include "models/rnn_decode.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

namespace {

TransformerConfig scripted_config() {
    TransformerConfig c;
    c.tgt_vocab = 12;
    return c;
}

// Logits that make `token` the clear argmax.
void one_hot_logits(const TransformerConfig & c, int32_t token, float * row) {
    for (int v = 0; v < c.tgt_vocab; v++) row[v] = v == token ? 5.0f : 0.0f;
}

// A greedy "decoder" that writes script[t] at step t (and </s> after the script).
DecodeResult greedy_over(const std::vector<int32_t> & script, int max_length) {
    const TransformerConfig c = scripted_config();
    size_t t = 0;
    return greedy_search(c, max_length, [&](int32_t, Tensor * logits) {
        *logits = Tensor(Shape{1, c.tgt_vocab});
        one_hot_logits(c, t < script.size() ? script[t] : c.eos_id, logits->data());
        t++;
        return true;
    });
}

} // namespace

TEST(DecodeGuards, RepetitionCutKeepsOneCopyOfTheRepeatedUnit) {
    EXPECT_EQ(repetition_cut({}), -1);
    EXPECT_EQ(repetition_cut({5, 5, 5}), -1);           // three of one token: still allowed
    EXPECT_EQ(repetition_cut({5, 5, 5, 5}), 1);
    EXPECT_EQ(repetition_cut({4, 6, 5, 5, 5, 5}), 3);   // the words before the run stay
    EXPECT_EQ(repetition_cut({6, 7, 6, 7}), -1);        // two copies of a pair: allowed
    EXPECT_EQ(repetition_cut({6, 7, 6, 7, 6, 7}), 2);
    EXPECT_EQ(repetition_cut({9, 1, 2, 3, 1, 2, 3, 1, 2, 3}), 4);
    EXPECT_EQ(repetition_cut({8, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4}), 5);
    EXPECT_EQ(repetition_cut({1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5}), -1);  // units longer than 4 are not looked for
    EXPECT_EQ(repetition_cut({5, 6, 5, 5, 5}), -1);     // a run must end the output
}

TEST(DecodeGuards, LengthCapIsTwiceTheSourcePlusTenWithinThePositions) {
    EXPECT_EQ(length_cap(5, 64), 20);
    EXPECT_EQ(length_cap(27, 64), 64);
    EXPECT_EQ(length_cap(1, 64), 12);
    EXPECT_EQ(length_cap(40, 1000), 90);
    TransformerConfig c;
    c.max_positions = 64;
    EXPECT_EQ(default_max_length(c, 5, -1), 20);
    EXPECT_EQ(default_max_length(c, 5, 30), 30);        // an explicit request wins, within the table
    EXPECT_EQ(default_max_length(c, 5, 100), 64);
}

TEST(DecodeGuards, GreedyStopsAtEosTheCapOrALoop) {
    const DecodeResult eos = greedy_over({4, 5, 6}, 20);
    EXPECT_EQ(eos.tokens, (std::vector<int32_t>{4, 5, 6, 2}));
    EXPECT_TRUE(eos.finished);
    EXPECT_EQ(eos.stop, DecodeStop::Eos);

    const DecodeResult capped = greedy_over({4, 5, 6, 7, 8, 9, 10, 11, 4, 5}, 6);
    EXPECT_EQ(capped.tokens.size(), 6u);
    EXPECT_FALSE(capped.finished);
    EXPECT_EQ(capped.stop, DecodeStop::LengthCap);

    const DecodeResult loop = greedy_over({4, 7, 7, 7, 7, 7, 7, 7}, 20);
    EXPECT_EQ(loop.tokens, (std::vector<int32_t>{4, 7}));
    EXPECT_FALSE(loop.finished);
    EXPECT_EQ(loop.stop, DecodeStop::Repetition);
    // The score covers the tokens kept, not the copies cut off.
    EXPECT_NEAR(loop.log_prob, 2 * eos.log_prob / 4, 1e-9);

    EXPECT_STREQ(decode_stop_name(DecodeStop::Eos), "eos");
    EXPECT_STREQ(decode_stop_name(DecodeStop::LengthCap), "length_cap");
    EXPECT_STREQ(decode_stop_name(DecodeStop::Repetition), "repetition");
}

TEST(DecodeGuards, BeamSearchCutsALoopingHypothesis) {
    // Every hypothesis, whatever it has written, is told that "8 9" comes next: the best output
    // loops on that pair forever and must come back cut to one copy.
    const TransformerConfig c = scripted_config();
    int steps = 0;
    auto step = [&](const std::vector<int32_t> & parents, const std::vector<int32_t> & tokens, Tensor * logits) {
        *logits = Tensor(Shape{int64_t(parents.size()), c.tgt_vocab});
        for (size_t b = 0; b < tokens.size(); b++) {
            float * row = logits->data() + int64_t(b) * c.tgt_vocab;
            one_hot_logits(c, tokens[b] == 8 ? 9 : 8, row);
            row[c.eos_id] = -20.0f;  // never worth ending
        }
        steps++;
        return true;
    };
    const DecodeResult r = beam_search(c, 3, 0.6f, 40, step);
    EXPECT_EQ(r.tokens, (std::vector<int32_t>{8, 9}));
    EXPECT_EQ(r.stop, DecodeStop::Repetition);
    EXPECT_FALSE(r.finished);
    EXPECT_LT(steps, 40);
}

TEST(DecodeGuards, RnnDecoderCutsALoopWithItsAlignmentRows) {
    RnnConfig c;
    c.attention = true;
    c.src_vocab = 20, c.tgt_vocab = 24, c.embed = 5, c.hidden = 4, c.align = 3, c.output = 6;
    TensorMap w = RnnModel::random_weights(c, 3);
    Tensor & bias = w.at("output/proj/bias");  // token 7 always wins: the decoder repeats it
    for (int64_t v = 0; v < bias.numel(); v++) bias[v] = v == 7 ? 50.0f : -50.0f;
    RnnModel model;
    ASSERT_TRUE(RnnModel::create(c, std::move(w), &model).ok);
    Compute cc(BackendKind::Reference);
    AttentionTrace trace;
    const DecodeResult r = rnn_translate(cc, model, {5, 6, 7, 2}, -1, &trace, nullptr);
    EXPECT_EQ(r.tokens, (std::vector<int32_t>{7}));
    EXPECT_EQ(r.stop, DecodeStop::Repetition);
    ASSERT_EQ(trace.steps.size(), 1u);
    const AttentionMap * a = trace.find("alignment", 0, 0);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->rows, 1);
    EXPECT_EQ(a->values.size(), size_t(a->cols));
    EXPECT_NEAR(r.log_prob, std::log(double(trace.steps[0].chosen_prob)), 1e-6);
}
