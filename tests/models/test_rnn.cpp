// The RNN translators (models/rnn.h, train/rnn_train.h) against PyTorch's own GRU cells
// (tests/reference/make_rnn_reference.py): loss and every gradient on a padded batch, greedy decoding,
// alignment rows and C; plus finite differences, and the two properties the comparison rests on:
// RNNencdec's decoder reads nothing but C, RNNsearch's alignment rows are distributions.
#include "io/safetensors.h"
#include "models/rnn_decode.h"
#include "models/translator.h"
#include "nn/attention_steps.h"
#include "train/rnn_train.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sys/stat.h>

using namespace attn;

namespace {

struct Golden {
    RnnModel model;
    WeightsFile ref;
};

Golden load_golden(const std::string & arch) {
    Golden g;
    const std::string dir = ATTN_FIXTURES_DIR;
    Status s = RnnModel::load(dir + "/rnn_" + arch + ".safetensors", &g.model);
    EXPECT_TRUE(s.ok) << s.message;
    s = load_safetensors(dir + "/rnn_" + arch + "_ref.safetensors", &g.ref);
    EXPECT_TRUE(s.ok) << s.message;
    return g;
}

std::vector<int32_t> ids(const Tensor & t, int64_t row, int64_t len) {
    std::vector<int32_t> v;
    for (int64_t i = 0; i < len; i++) v.push_back(int32_t(t[row * t.cols() + i]));
    return v;
}

// The reference batch as Examples (sources with </s>, targets without BOS/EOS), padded by ours.
PaddedBatch golden_batch(const WeightsFile & ref) {
    const Tensor & src = ref.tensors.at("src"), & tgt_out = ref.tensors.at("tgt_out"), & len = ref.tensors.at("src_len");
    std::vector<Example> ex;
    for (int64_t b = 0; b < src.rows(); b++) {
        Example e;
        e.src = ids(src, b, int64_t(len[b]));
        for (int64_t t = 0; t < tgt_out.cols() && tgt_out[b * tgt_out.cols() + t] != 2.0f; t++)
            e.tgt.push_back(int32_t(tgt_out[b * tgt_out.cols() + t]));
        ex.push_back(e);
    }
    return make_padded_batch(ex, {0, 1, 2}, 0, 1, 2);
}

class RnnGolden : public ::testing::TestWithParam<const char *> {};

TEST_P(RnnGolden, LossAndEveryGradientMatchPyTorch) {
    Golden g = load_golden(GetParam());
    Compute cc(BackendKind::Reference);
    RnnTrainer trainer(cc, g.model, 0.1f);
    const PaddedBatch b = golden_batch(g.ref);
    Rng rng(1);
    TensorMap grads;
    const double loss = trainer.forward_backward(b, rng, &grads);
    EXPECT_NEAR(loss, g.ref.tensors.at("loss")[0], 1e-5);
    EXPECT_NEAR(trainer.loss(b), loss, 1e-6);
    for (const auto & [name, want] : g.ref.tensors) {
        if (name.rfind("grad/", 0) != 0) continue;
        const Tensor & got = grads.at(name.substr(5));
        ASSERT_EQ(got.numel(), want.numel()) << name;
        float scale = 0.0f, worst = 0.0f;
        for (int64_t i = 0; i < want.numel(); i++) scale = std::max(scale, std::fabs(want[i]));
        for (int64_t i = 0; i < want.numel(); i++) worst = std::max(worst, std::fabs(got[i] - want[i]));
        EXPECT_LE(worst, 1e-5f + 1e-4f * scale) << name;
    }
}

TEST_P(RnnGolden, GreedyDecodingAlignmentAndContextMatchPyTorch) {
    Golden g = load_golden(GetParam());
    Compute cc(BackendKind::Reference);
    const Tensor & src = g.ref.tensors.at("src");
    const std::vector<int32_t> s0 = ids(src, 0, int64_t(g.ref.tensors.at("src_len")[0]));
    AttentionTrace trace;
    RnnRunInfo info;
    // PyTorch decodes plainly, so the loop guard is off: an untrained model repeats itself.
    const DecodeResult r = rnn_translate(cc, g.model, s0, 12, &trace, &info, RepeatRule::off());
    const Tensor & greedy = g.ref.tensors.at("greedy");
    ASSERT_EQ(r.tokens.size(), size_t(greedy.numel()));
    for (int64_t i = 0; i < greedy.numel(); i++) EXPECT_EQ(r.tokens[size_t(i)], int32_t(greedy[i])) << i;
    const Tensor & c = g.ref.tensors.at("context_c");
    ASSERT_EQ(info.context_c.size(), size_t(c.numel()));
    for (int64_t i = 0; i < c.numel(); i++) EXPECT_NEAR(info.context_c[size_t(i)], c[i], 1e-5);
    EXPECT_EQ(info.encoder_step_ms.size(), s0.size());
    EXPECT_EQ(trace.steps.size(), r.tokens.size());
    const AttentionMap * a = trace.find("alignment", 0, 0);
    if (!g.model.config().attention) {
        EXPECT_EQ(a, nullptr);
        return;
    }
    ASSERT_NE(a, nullptr);
    const Tensor & want = g.ref.tensors.at("alignment");
    ASSERT_EQ(a->rows, want.shape()[0]);
    ASSERT_EQ(a->cols, want.shape()[1]);
    for (int64_t i = 0; i < want.numel(); i++) EXPECT_NEAR(a->values[size_t(i)], want[i], 1e-5);
    // The scores the step-through shows, and its softmax of them: the alignment again.
    const AttentionMap * e = trace.find("alignment_energy", 0, 0);
    ASSERT_NE(e, nullptr);
    const Tensor & want_e = g.ref.tensors.at("energy");
    ASSERT_EQ(e->values.size(), size_t(want_e.numel()));
    for (int64_t i = 0; i < want_e.numel(); i++) EXPECT_NEAR(e->values[size_t(i)], want_e[i], 1e-5);
    for (int row = 0; row < e->rows; row++) {
        const AdditiveSteps st = compute_additive_steps(*e, row);
        for (int c = 0; c < e->cols; c++) EXPECT_NEAR(st.weights[size_t(c)], a->at(row, c), 1e-6) << row << "," << c;
    }
    EXPECT_EQ(compute_additive_steps(*e, e->rows).keys, 0) << "a row past the map gives nothing to draw";
}

INSTANTIATE_TEST_SUITE_P(Both, RnnGolden, ::testing::Values("encdec", "search"));

RnnConfig tiny(bool attention) {
    RnnConfig c;
    c.attention = attention;
    c.src_vocab = 20, c.tgt_vocab = 24, c.embed = 5, c.hidden = 4, c.align = 3, c.output = 6;
    return c;
}

RnnModel random_model(bool attention, uint64_t seed) {
    TensorMap w = RnnModel::random_weights(tiny(attention), seed);
    if (attention) {  // v_a starts at 0 (uniform attention); make the scores matter for the check
        Rng rng(seed + 100);
        Tensor & va = w.at("attention/v_a");
        for (int64_t i = 0; i < va.numel(); i++) va[i] = rng.normal();
    }
    RnnModel m;
    EXPECT_TRUE(RnnModel::create(tiny(attention), std::move(w), &m).ok);
    return m;
}

const std::vector<Example> kBatch = {
    {{5, 9, 12, 2}, {10, 22, 7}, {}},
    {{8, 4, 6, 11, 15, 2}, {3, 9}, {}},
    {{7, 2}, {19, 6, 13, 4}, {}},
};

class RnnGradient : public ::testing::TestWithParam<bool> {};

// Central differences on a sample of every weight's entries, the loss computed in float32.
TEST_P(RnnGradient, MatchesFiniteDifferences) {
    RnnModel m = random_model(GetParam(), 5);
    Compute cc(BackendKind::Reference);
    RnnTrainer trainer(cc, m, 0.1f);
    const PaddedBatch b = make_padded_batch(kBatch, {0, 1, 2}, 0, 1, 2);
    Rng rng(1);
    TensorMap grads;
    trainer.forward_backward(b, rng, &grads);
    Rng pick(3);
    for (auto & [name, w] : m.parameters()) {
        for (int k = 0; k < 3; k++) {
            const int64_t i = int64_t(pick.below(uint64_t(w.numel())));
            const float orig = w[i], h = 1e-2f;
            w[i] = orig + h;
            const double up = trainer.loss(b);
            w[i] = orig - h;
            const double down = trainer.loss(b);
            w[i] = orig;
            const double fd = (up - down) / (2.0 * h);
            EXPECT_NEAR(grads.at(name)[i], fd, 2e-3 + 2e-2 * std::fabs(fd)) << name << "[" << i << "]";
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Both, RnnGradient, ::testing::Values(false, true));

// Logits of a teacher-forced decoder pass over `enc` (B = 1).
std::vector<float> decode_logits(Compute & cc, const RnnModel & m, const RnnEncoding & enc, const std::vector<int32_t> & tgt_in) {
    std::vector<float> all;
    Tensor s = enc.s0;
    for (int32_t y : tgt_in) {
        RnnStepCache cache;
        Tensor s_next, ctx, hidden, logits;
        m.decoder_step(cc, enc, s, &y, &s_next, &ctx, &cache);
        m.output(cc, s_next, ctx, cache.e, &hidden, &logits);
        all.insert(all.end(), logits.data(), logits.data() + logits.numel());
        s = std::move(s_next);
    }
    return all;
}

// The article's claim made checkable: without attention, every encoder state but the last is
// invisible to the decoder. Scrambling them changes nothing; with attention it changes the output.
TEST(Rnn, EncDecDecoderReadsOnlyC) {
    Compute cc(BackendKind::Reference);
    const std::vector<int32_t> src = {5, 9, 12, 7, 2}, tgt_in = {1, 10, 22, 7};
    for (bool attention : {false, true}) {
        RnnModel m = random_model(attention, 9);
        RnnEncoding enc;
        m.encode(cc, src, {int(src.size())}, 1, int(src.size()), false, false, &enc);
        const std::vector<float> before = decode_logits(cc, m, enc, tgt_in);
        const int64_t n = m.config().hidden, S = enc.S;
        for (int64_t t = 0; t + 1 < S; t++)  // every state but the last: forward states and annotations
            for (int64_t k = 0; k < n; k++) enc.fwd[t * n + k] += 0.5f;
        if (attention) {
            for (int64_t t = 0; t + 1 < S; t++)
                for (int64_t k = 0; k < n; k++) enc.annotations[t * 2 * n + k] += 0.5f;
        }
        const std::vector<float> after = decode_logits(cc, m, enc, tgt_in);
        float diff = 0.0f;
        for (size_t i = 0; i < before.size(); i++) diff = std::max(diff, std::fabs(before[i] - after[i]));
        if (attention) EXPECT_GT(diff, 1e-4f) << "RNNsearch reads every annotation";
        else EXPECT_EQ(diff, 0.0f) << "RNNencdec must read only C";
    }
}

TEST(Rnn, AlignmentRowsAreDistributionsOverTheRealWords) {
    Compute cc(BackendKind::Reference);
    RnnModel m = random_model(true, 11);
    const PaddedBatch b = make_padded_batch(kBatch, {0, 1, 2}, 0, 1, 2);
    RnnEncoding enc;
    m.encode(cc, b.src, b.src_len, b.B, b.S, false, false, &enc);
    RnnStepCache cache;
    Tensor s, ctx;
    std::vector<int32_t> y(static_cast<size_t>(b.B), 1);
    m.decoder_step(cc, enc, enc.s0, y.data(), &s, &ctx, &cache);
    for (int r = 0; r < b.B; r++) {
        double sum = 0.0;
        for (int j = 0; j < b.S; j++) {
            const float a = cache.alpha[int64_t(r) * b.S + j];
            if (j >= b.src_len[size_t(r)]) {
                EXPECT_EQ(a, 0.0f) << "padding gets no weight";
            }
            EXPECT_GE(a, 0.0f);
            sum += a;
        }
        EXPECT_NEAR(sum, 1.0, 1e-6);
    }
    // v_a = 0 at initialisation: every alignment row starts uniform, as in the paper.
    RnnModel fresh;
    ASSERT_TRUE(RnnModel::create(tiny(true), RnnModel::random_weights(tiny(true), 1), &fresh).ok);
    AttentionTrace trace;
    rnn_translate(cc, fresh, {5, 9, 12, 2}, 3, &trace, nullptr);
    const AttentionMap * a = trace.find("alignment", 0, 0);
    ASSERT_NE(a, nullptr);
    for (float v : a->values) EXPECT_FLOAT_EQ(v, 0.25f);
}

TEST(Rnn, SaveLoadRoundTripAndBadFiles) {
    RnnModel m = random_model(true, 3);
    m.set_metadata("target_language", "de");
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);  // this test may be the first to write there
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/rnn_roundtrip.safetensors";
    ASSERT_TRUE(m.save(path).ok);
    RnnModel back;
    Status s = RnnModel::load(path, &back);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_TRUE(back.config().attention);
    EXPECT_EQ(back.metadata().at("target_language"), "de");
    EXPECT_EQ(back.parameter_count(), m.parameter_count());
    TensorMap missing = RnnModel::random_weights(tiny(false), 1);
    missing.erase("decoder/init/bias");
    RnnModel bad;
    s = RnnModel::create(tiny(false), std::move(missing), &bad);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("decoder/init/bias"), std::string::npos) << s.message;
    RnnConfig c;
    EXPECT_FALSE(RnnConfig::from_json("{\"architecture\": \"lstm\"}", &c).ok);
    EXPECT_FALSE(RnnConfig::from_json("{\"hiden\": 3}", &c).ok);
}

} // namespace

namespace {

// A translator around a tiny random RNN: English words in, target words out.
Translator tiny_translator(bool attention) {
    Vocabulary src, tgt;
    for (const char * w : {"the", "girl", "sees", "a", "dog", "."}) src.add(w);
    for (const char * w : {"das", "Mädchen", "sieht", "einen", "Hund", "."}) tgt.add(w);
    RnnConfig c = tiny(attention);
    c.src_vocab = src.size(), c.tgt_vocab = tgt.size();
    TensorMap w = RnnModel::random_weights(c, 4);
    RnnModel m;
    EXPECT_TRUE(RnnModel::create(c, std::move(w), &m).ok);
    m.set_metadata("src_vocab", src.serialize());
    m.set_metadata("tgt_vocab", tgt.serialize());
    m.set_metadata("target_language", "de");
    Translator t;
    Status s = Translator::from_model(std::move(m), &t);
    EXPECT_TRUE(s.ok) << s.message;
    return t;
}

} // namespace

TEST(RnnTranslator, TranslatesFlagsUnknownWordsAndReportsCAndTiming) {
    for (bool attention : {false, true}) {
        const Translator t = tiny_translator(attention);
        EXPECT_STREQ(t.architecture(), attention ? "rnn_search" : "rnn_encdec");
        Compute cc(BackendKind::Reference);
        AttentionTrace trace;
        DecodeOptions opts;
        opts.max_length = 6;
        const Translation r = t.translate(cc, "the girl sees a zebra .", opts, &trace);
        EXPECT_EQ(r.source.unknown_count, 1);
        EXPECT_EQ(r.source_ids.size(), 7u);  // six words and </s>
        EXPECT_EQ(r.encoder_step_ms.size(), 7u);
        EXPECT_EQ(int(r.context_c.size()), t.rnn().config().hidden);
        EXPECT_EQ(trace.steps.size(), r.decode.tokens.size());
        const AttentionMap * a = trace.find("alignment", 0, 0);
        EXPECT_EQ(a != nullptr, attention);
        // AER needs a map to read: RNNsearch gives one over a forced output, RNNencdec none.
        const AttentionTrace forced = t.forced_cross_attention(cc, r.source_ids, {4, 5, 2});
        EXPECT_EQ(forced.maps.size(), attention ? 1u : 0u);
        if (attention) {
            EXPECT_EQ(forced.maps[0].rows, 3);
            EXPECT_EQ(forced.maps[0].cols, 7);
        }
    }
}
