// Decoding never loops: the length cap and the repetitions turned down (models/decode.h), in greedy
// and beam search over a scripted decoder, and in the RNN decoder with a model made to repeat itself.
#include "models/beam_search.h"
#include "models/decode.h"
#include "models/rnn_decode.h"

#include <gtest/gtest.h>

#include <algorithm>
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

TEST(DecodeGuards, RepeatingTokensAreAThirdCopyOfATokenOrASecondOfAUnit) {
    using V = std::vector<int32_t>;
    EXPECT_EQ(repeating_tokens({}), V{});
    EXPECT_EQ(repeating_tokens({5}), V{});               // a second copy of one token is allowed
    EXPECT_EQ(repeating_tokens({5, 5}), V{5});            // a third is not
    EXPECT_EQ(repeating_tokens({4, 6, 5, 5}), V{5});
    EXPECT_EQ(repeating_tokens({6, 7, 6}), V{7});         // 6 7 6 7: a pair twice
    EXPECT_EQ(repeating_tokens({9, 1, 2, 3, 1, 2}), V{3});
    EXPECT_EQ(repeating_tokens({8, 1, 2, 3, 4, 1, 2, 3}), V{4});
    EXPECT_EQ(repeating_tokens({1, 2, 3, 4, 5, 1, 2, 3, 4}), V{});  // units longer than 4 are not looked for
    EXPECT_EQ(repeating_tokens({5, 5, 6, 5, 5}), (V{5, 6}));  // 5 5 5, and the unit 5 5 6 twice
    EXPECT_EQ(repeating_tokens({1, 2, 3}), V{});
    // The log-softmax row loses exactly those tokens; true when one was the best.
    std::vector<double> lp{-3, -0.1, -2, -4};
    EXPECT_TRUE(turn_down_repeats({1, 1}, RepeatRule{}, &lp));
    EXPECT_TRUE(std::isinf(lp[1]) && lp[1] < 0);
    EXPECT_EQ(lp[0], -3);
    EXPECT_EQ(lp[2], -2);
    std::vector<double> lp2{-3, -0.1, -2, -4};
    EXPECT_FALSE(turn_down_repeats({2, 2}, RepeatRule{}, &lp2));
    EXPECT_TRUE(std::isinf(lp2[2]));
    EXPECT_EQ(lp2[1], -0.1);
    // Exempt tokens (digits: "1000") and a rule that is off leave the row alone.
    for (const RepeatRule & rule : {RepeatRule{true, {1}}, RepeatRule::off()}) {
        std::vector<double> row{-3, -0.1, -2, -4};
        EXPECT_FALSE(turn_down_repeats({1, 1}, rule, &row));
        EXPECT_EQ(row, (std::vector<double>{-3, -0.1, -2, -4}));
    }
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

TEST(DecodeGuards, GreedyStopsAtEosOrTheCapAndTurnsDownALoop) {
    const DecodeResult eos = greedy_over({4, 5, 6}, 20);
    EXPECT_EQ(eos.tokens, (std::vector<int32_t>{4, 5, 6, 2}));
    EXPECT_TRUE(eos.finished);
    EXPECT_EQ(eos.stop, DecodeStop::Eos);

    const DecodeResult capped = greedy_over({4, 5, 6, 7, 8, 9, 10, 11, 4, 5}, 6);
    EXPECT_EQ(capped.tokens.size(), 6u);
    EXPECT_FALSE(capped.finished);
    EXPECT_EQ(capped.stop, DecodeStop::LengthCap);

    // The script wants 7 five times, then </s>: the third copy is turned down each time, and the
    // best other token (0, the first of the equal rest) is written instead.
    const DecodeResult loop = greedy_over({4, 7, 7, 7, 7, 7}, 20);
    EXPECT_EQ(loop.tokens, (std::vector<int32_t>{4, 7, 7, 0, 7, 7, 2}));
    EXPECT_TRUE(loop.finished);
    EXPECT_EQ(loop.repeats_avoided, 1);
    EXPECT_EQ(eos.repeats_avoided, 0);
    // Turned down, not hidden: the token taken instead is scored at the model's own probability.
    const double p_best = 5.0 - std::log(std::exp(5.0) + 11.0), p_other = 0.0 - std::log(std::exp(5.0) + 11.0);
    EXPECT_NEAR(loop.log_prob, 6 * p_best + p_other, 1e-9);

    const DecodeResult plain = greedy_search(scripted_config(), 20, [t = size_t(0)](int32_t, Tensor * logits) mutable {
        *logits = Tensor(Shape{1, 12});
        one_hot_logits(scripted_config(), t++ < 5 ? 7 : 2, logits->data());
        return true;
    }, RepeatRule::off());
    EXPECT_EQ(plain.tokens, (std::vector<int32_t>{7, 7, 7, 7, 7, 2})) << "off, the model's own argmax every step";
    EXPECT_EQ(plain.repeats_avoided, 0);

    EXPECT_STREQ(decode_stop_name(DecodeStop::Eos), "eos");
    EXPECT_STREQ(decode_stop_name(DecodeStop::LengthCap), "length_cap");
}

TEST(DecodeGuards, BeamSearchNeverExtendsAHypothesisIntoALoop) {
    // Every hypothesis, whatever it has written, is told that "8 9" comes next and never to end:
    // no hypothesis may write the pair twice, so the beam runs to the cap without a loop.
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
    EXPECT_EQ(r.stop, DecodeStop::LengthCap);
    EXPECT_FALSE(r.finished);
    EXPECT_EQ(steps, 40);
    ASSERT_EQ(r.tokens.size(), 40u);
    EXPECT_EQ(r.tokens[0], 8);
    EXPECT_EQ(r.tokens[1], 9);
    EXPECT_GT(r.repeats_avoided, 0);
    for (size_t t = 1; t <= r.tokens.size(); t++) {
        const std::vector<int32_t> before(r.tokens.begin(), r.tokens.begin() + long(t - 1));
        const std::vector<int32_t> banned = repeating_tokens(before);
        EXPECT_EQ(std::count(banned.begin(), banned.end(), r.tokens[t - 1]), 0) << "token " << t << " repeats";
    }
}

TEST(DecodeGuards, RnnDecoderTurnsDownALoopAndKeepsAnAlignmentRowPerToken) {
    RnnConfig c;
    c.attention = true;
    c.src_vocab = 20, c.tgt_vocab = 24, c.embed = 5, c.hidden = 4, c.align = 3, c.output = 6;
    TensorMap w = RnnModel::random_weights(c, 3);
    Tensor & bias = w.at("output/proj/bias");  // token 7 always wins, then 9, then 11; </s> never
    for (int64_t v = 0; v < bias.numel(); v++) bias[v] = v == 7 ? 50.0f : v == 9 ? 40.0f : v == 11 ? 30.0f : -50.0f;
    RnnModel model;
    ASSERT_TRUE(RnnModel::create(c, std::move(w), &model).ok);
    Compute cc(BackendKind::Reference);
    AttentionTrace trace;
    const DecodeResult r = rnn_translate(cc, model, {5, 6, 7, 2}, -1, &trace, nullptr);
    // 7 7, then 9 (a third 7 is turned down), and so on to the cap with no token that repeats.
    const int cap = length_cap(4, 1 << 30);
    ASSERT_EQ(int(r.tokens.size()), cap);
    EXPECT_EQ(r.stop, DecodeStop::LengthCap);
    EXPECT_EQ((std::vector<int32_t>(r.tokens.begin(), r.tokens.begin() + 3)), (std::vector<int32_t>{7, 7, 9}));
    EXPECT_GT(r.repeats_avoided, 0);
    for (size_t t = 1; t <= r.tokens.size(); t++) {
        const std::vector<int32_t> before(r.tokens.begin(), r.tokens.begin() + long(t - 1));
        const std::vector<int32_t> banned = repeating_tokens(before);
        EXPECT_EQ(std::count(banned.begin(), banned.end(), r.tokens[t - 1]), 0) << "token " << t << " repeats";
    }
    ASSERT_EQ(trace.steps.size(), r.tokens.size());
    const AttentionMap * a = trace.find("alignment", 0, 0);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->rows, cap);
    EXPECT_EQ(a->values.size(), size_t(cap) * size_t(a->cols));
    double sum = 0;
    for (const StepCandidates & st : trace.steps) sum += std::log(double(st.chosen_prob));
    EXPECT_NEAR(r.log_prob, sum, 1e-5);
}
