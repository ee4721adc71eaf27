// GpuTransformer against the CPU model (reference backend): the shipped translators on a few
// sentences and the two golden models (post-norm + ReLU + untied, pre-norm + GELU + all tied).
// Compared, max abs ≤ 1e-4 (the parity bound): the encoder memory, the logits of every
// incremental step (both fed the CPU's greedy tokens), the teacher-forced logits, every attention
// map of the trace (encoder self, decoder masked self, cross; each layer and head); and greedy
// decoding gives the same tokens. Each case prints its measured maxima and the wall time of both
// translations (informational: llvmpipe emulates the GPU on the CPU). Measured on llvmpipe: shipped
// models logits ≤ 6.2e-6, maps ≤ 2.9e-6, memory ≤ 1.4e-6; golden models (random weights, 58-token
// outputs, larger logits) logits ≤ 4.2e-5, maps ≤ 1.9e-5.
#include "core/clock.h"
#include "gpu_test_env.h"

#include "gpu/gpu_decode.h"
#include "io/safetensors.h"
#include "models/translator.h"

#include <cmath>
#include <cstdio>
#include <string>

using namespace attn;

namespace {

constexpr double kTol = 1e-4;

void check_maps(const AttentionTrace & got, const AttentionTrace & want, MaxDiff * diff) {
    ASSERT_EQ(got.maps.size(), want.maps.size());
    for (size_t i = 0; i < want.maps.size(); i++) {
        const AttentionMap & g = got.maps[i], & w = want.maps[i];
        SCOPED_TRACE(w.kind + " layer " + std::to_string(w.layer) + " head " + std::to_string(w.head));
        ASSERT_EQ(g.kind, w.kind);
        ASSERT_EQ(g.layer, w.layer);
        ASSERT_EQ(g.head, w.head);
        ASSERT_EQ(g.rows, w.rows);
        ASSERT_EQ(g.cols, w.cols);
        EXPECT_LE(diff->add(ConstView(g.values.data(), {g.rows, g.cols}), ConstView(w.values.data(), {w.rows, w.cols})),
                  kTol);
    }
}

// Compares one source sentence through both paths; `label` names it in the printed numbers.
void compare(const Transformer & model, GpuTransformer & gpu, const std::vector<int32_t> & src, const std::string & label) {
    SCOPED_TRACE(label);
    Compute cc(BackendKind::Reference);
    MaxDiff memory_diff("memory, " + label), step_diff("step logits, " + label);
    MaxDiff full_diff("forced logits, " + label), map_diff("attention maps, " + label);

    // Greedy translation with the trace: same tokens, same maps, same chosen tokens per step.
    AttentionTrace cpu_trace, gpu_trace;
    double start = now_ms();
    const DecodeResult want = translate(cc, model, src, DecodeOptions{}, &cpu_trace);
    const double cpu_ms = ms_since(start);
    DecodeResult got;
    start = now_ms();
    ASSERT_TRUE(gpu_translate(gpu, src, DecodeOptions{}, &gpu_trace, &got));
    const double gpu_ms = ms_since(start);
    std::printf("[gpu] %s: %zu tokens, GPU %.1f ms, CPU reference %.1f ms\n", label.c_str(), want.tokens.size(), gpu_ms,
                cpu_ms);
    EXPECT_EQ(got.tokens, want.tokens);
    EXPECT_EQ(got.finished, want.finished);
    EXPECT_NEAR(got.log_prob, want.log_prob, kTol * double(want.tokens.size()));
    check_maps(gpu_trace, cpu_trace, &map_diff);
    ASSERT_EQ(gpu_trace.steps.size(), cpu_trace.steps.size());
    for (size_t t = 0; t < cpu_trace.steps.size(); t++) EXPECT_EQ(gpu_trace.steps[t].chosen, cpu_trace.steps[t].chosen);

    // The encoder's memory, then every incremental step fed the same tokens (BOS, the CPU's output).
    EncoderOutput enc;
    model.encode(cc, src, &enc, nullptr);
    GpuEncoderOutput genc;
    ASSERT_TRUE(gpu.encode(src, &genc, nullptr));
    Tensor memory(genc.memory.shape());
    ASSERT_TRUE(genc.memory.read(memory));
    EXPECT_LE(memory_diff.add(memory, enc.memory), kTol);

    std::vector<int32_t> tgt_in{model.config().bos_id};
    tgt_in.insert(tgt_in.end(), want.tokens.begin(), want.tokens.end() - 1);
    DecoderCache cache = model.new_cache();
    GpuDecoderCache gcache = gpu.new_cache();
    Tensor logits, glogits;
    for (int32_t token : tgt_in) {
        model.decode_step(cc, enc, cache, token, &logits);
        ASSERT_TRUE(gpu.decode_step(genc, gcache, token, &glogits));
        EXPECT_LE(step_diff.add(glogits, logits), kTol) << "step " << gcache.length;
    }
    EXPECT_EQ(gcache.length, cache.length);

    // The teacher-forced pass (causal mask) over the same input.
    model.decode_full(cc, enc, tgt_in, &logits, nullptr);
    ASSERT_TRUE(gpu.decode_full(genc, tgt_in, &glogits, nullptr));
    EXPECT_LE(full_diff.add(glogits, logits), kTol);
}

using GpuTransformerParity = GpuTest;

void check_shipped(GlBackend * gl, const std::string & lang, const std::vector<std::string> & sentences) {
    Translator t;
    const Status s = Translator::load(std::string(ATTN_SOURCE_DIR) + "/assets/models/en-" + lang + ".safetensors", &t);
    ASSERT_TRUE(s) << s.message;
    std::unique_ptr<GpuTransformer> gpu;
    const Status g = GpuTransformer::create(gl->kernels(), t.model(), &gpu);
    ASSERT_TRUE(g) << g.message;
    Compute cc(BackendKind::Reference);
    for (const std::string & text : sentences) {
        // The Translator makes the ids the encoder sees (words, then </s>), as in the app.
        const Translation tr = t.translate(cc, text, DecodeOptions{}, nullptr);
        ASSERT_FALSE(tr.truncated);
        compare(t.model(), *gpu, tr.source_ids, "en-" + lang + " \"" + text + "\"");
    }
}

// One from the test split, two from assets/examples.tsv, one a reader typed, and a one-word input.
const std::vector<std::string> kSentences = {
    "the glove was not green",
    "nine patients did not search their window .",
    "if those commanders comfort generals , it will be cold .",
    "my mother is cooking in the kitchen .",
    "we",
};

TEST_F(GpuTransformerParity, ShippedEnglishToGermanMatchesTheCpu) { check_shipped(gl, "de", kSentences); }
TEST_F(GpuTransformerParity, ShippedEnglishToChineseMatchesTheCpu) { check_shipped(gl, "zh_TW", kSentences); }

// Beam search on the GPU: the same search code as the CPU's (models/beam_search.h) over the GPU's
// decoder, so with logits equal to ~1e-6 it must pick the same output with the same score.
TEST_F(GpuTransformerParity, BeamSearchMatchesTheCpu) {
    for (const char * lang : {"de", "zh_TW"}) {
        Translator t;
        const Status s = Translator::load(std::string(ATTN_SOURCE_DIR) + "/assets/models/en-" + lang + ".safetensors", &t);
        ASSERT_TRUE(s) << s.message;
        std::unique_ptr<GpuTransformer> gpu;
        ASSERT_TRUE(GpuTransformer::create(gl->kernels(), t.model(), &gpu));
        Compute cc(BackendKind::Reference);
        for (const std::string & text : kSentences) {
            SCOPED_TRACE(std::string(lang) + " \"" + text + "\"");
            DecodeOptions opts;
            opts.beam = 4;
            AttentionTrace cpu_trace, gpu_trace;
            const Translation want = t.translate(cc, text, opts, &cpu_trace);
            DecodeResult got;
            ASSERT_TRUE(gpu_translate(*gpu, want.source_ids, opts, &gpu_trace, &got));
            EXPECT_EQ(got.tokens, want.decode.tokens);
            EXPECT_EQ(got.finished, want.decode.finished);
            EXPECT_NEAR(got.log_prob, want.decode.log_prob, kTol * double(got.tokens.size()));
            EXPECT_NEAR(got.score, want.decode.score, kTol * double(got.tokens.size()));
            MaxDiff maps("beam attention maps");
            check_maps(gpu_trace, cpu_trace, &maps);
        }
    }
}

// A beam's decoder step is one batch (GpuTransformer::decode_step): each hypothesis must get the
// logits of a CPU cache that took the same path. One hypothesis forks into three fed different
// tokens, then the three are reordered with two continuing the same one, then two continue; each
// against CPU caches copied the same way. A batch that ignored its parents would fail at step 1.
TEST_F(GpuTransformerParity, BatchedStepsMatchTheCpu) {
    Translator t;
    ASSERT_TRUE(Translator::load(std::string(ATTN_SOURCE_DIR) + "/assets/models/en-de.safetensors", &t));
    const Transformer & model = t.model();
    const int64_t V = model.config().tgt_vocab;
    std::unique_ptr<GpuTransformer> gpu;
    ASSERT_TRUE(GpuTransformer::create(gl->kernels(), model, &gpu));
    Compute cc(BackendKind::Reference);
    const std::vector<int32_t> src = t.translate(cc, "the glove was not green", DecodeOptions{}, nullptr).source_ids;
    EncoderOutput enc;
    model.encode(cc, src, &enc, nullptr);
    GpuEncoderOutput genc;
    ASSERT_TRUE(gpu->encode(src, &genc, nullptr));

    DecoderCache cache = model.new_cache();
    GpuDecoderCache gcache = gpu->new_cache();
    Tensor logits, glogits;
    MaxDiff diff("logits of batched decoder steps");
    for (int32_t token : {model.config().bos_id, 7}) {
        model.decode_step(cc, enc, cache, token, &logits);
        ASSERT_TRUE(gpu->decode_step(genc, gcache, token, &glogits));
        EXPECT_LE(diff.add(glogits, logits), kTol);
    }
    std::vector<DecoderCache> cpu{cache};
    const std::vector<std::vector<int32_t>> parents = {{0, 0, 0}, {2, 0, 0}, {1, 2}};
    const std::vector<std::vector<int32_t>> tokens = {{11, 20, 30}, {12, 21, 22}, {13, 23}};
    for (size_t s = 0; s < parents.size(); s++) {
        std::vector<DecoderCache> next;
        for (int32_t p : parents[s]) next.push_back(cpu[size_t(p)]);
        cpu = std::move(next);
        ASSERT_TRUE(gpu->decode_step(genc, gcache, parents[s], tokens[s], &glogits));
        ASSERT_EQ(glogits.shape().numel(), int64_t(tokens[s].size()) * V);
        for (size_t b = 0; b < tokens[s].size(); b++) {
            model.decode_step(cc, enc, cpu[b], tokens[s][b], &logits);
            EXPECT_LE(diff.add(ConstView(glogits.data() + int64_t(b) * V, {1, V}), logits), kTol)
                << "batched step " << s << ", hypothesis " << b;
        }
    }
    EXPECT_EQ(gcache.length, 5);
    EXPECT_EQ(gcache.batch, 2);
}

// The golden models cover what the shipped ones do not: post-norm, GELU, all embeddings tied.
TEST_F(GpuTransformerParity, GoldenModelsMatchTheCpu) {
    for (const char * name : {"golden_post", "golden_pre"}) {
        const std::string base = std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/transformer_" + name;
        Transformer model;
        Status s = Transformer::load(base + ".safetensors", &model);
        ASSERT_TRUE(s) << s.message;
        WeightsFile ref;
        s = load_safetensors(base + "_ref.safetensors", &ref);
        ASSERT_TRUE(s) << s.message;
        std::vector<int32_t> src;
        const Tensor & ids = ref.tensors.at("src");
        for (int64_t i = 0; i < ids.numel(); i++) src.push_back(int32_t(std::lround(ids[i])));
        std::unique_ptr<GpuTransformer> gpu;
        s = GpuTransformer::create(gl->kernels(), model, &gpu);
        ASSERT_TRUE(s) << s.message;
        compare(model, *gpu, src, name);
    }
}

// attention_rgba packs a head's d_k into whole texels: a model with d_k = 3 must be refused with
// the reason (the app then stays on the CPU), not run wrong.
TEST_F(GpuTransformerParity, RefusesHeadsThatDoNotFillTexels) {
    TransformerConfig cfg;
    cfg.encoder_layers = cfg.decoder_layers = 1;
    cfg.d_model = 12;
    cfg.heads = 4;
    cfg.d_ff = 16;
    cfg.src_vocab = cfg.tgt_vocab = 10;
    cfg.max_positions = 8;
    Transformer model;
    ASSERT_TRUE(Transformer::create(cfg, Transformer::random_weights(cfg, 1), &model));
    std::unique_ptr<GpuTransformer> gpu;
    const Status s = GpuTransformer::create(gl->kernels(), model, &gpu);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("multiple of 4"), std::string::npos) << s.message;
    EXPECT_EQ(gpu, nullptr);
}

} // namespace
