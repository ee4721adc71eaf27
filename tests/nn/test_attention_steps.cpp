// The step-through recomputation (nn/attention_steps) against hand-computed numbers and against
// the attention maps a real forward pass records: the softmax the view prints is the heatmap row.
#include "models/decode.h"
#include "nn/attention_steps.h"

#include <gtest/gtest.h>
#include <cmath>

using namespace attn;

namespace {

// One head with dh = 2 and the given rows (row-major, 2 numbers each).
QkvCapture tiny_capture(std::vector<float> q, std::vector<float> k, std::vector<float> v) {
    QkvCapture c;
    c.kind = "encoder_self";
    c.d_model = c.dh = 2;
    c.q_rows = int(q.size()) / 2;
    c.kv_rows = int(k.size()) / 2;
    c.q = std::move(q);
    c.k = std::move(k);
    c.v = std::move(v);
    c.scale = 1.0f / std::sqrt(2.0f);
    return c;
}

} // namespace

TEST(AttentionSteps, TinyCaseByHand) {
    // q = [1, 2], k_0 = [1, 0], k_1 = [0, 1], v_0 = [2, 0], v_1 = [0, 4], d_k = 2.
    //   q·k      = [1, 2]
    //   ÷√2      = [0.70711, 1.41421]
    //   softmax  : exp(0.70711 − 1.41421) = 0.49307, exp(0) = 1, sum 1.49307
    //            = [0.49307 / 1.49307, 1 / 1.49307] = [0.33024, 0.66976]
    //   α_j·v_j  = [0.33024·2, 0] and [0, 0.66976·4] = [0.66048, 0], [0, 2.67905]
    //   output   = [0.66048, 2.67905]
    const QkvCapture cap = tiny_capture({1, 2}, {1, 0, 0, 1}, {2, 0, 0, 4});
    const AttentionSteps s = compute_attention_steps(cap, 0, StepMask::None);
    ASSERT_EQ(s.keys, 2);
    ASSERT_EQ(s.dh, 2);
    EXPECT_NEAR(s.sqrt_dk, 1.41421f, 1e-5);
    EXPECT_NEAR(s.scale, 0.70711f, 1e-5);
    EXPECT_FLOAT_EQ(s.dots[0], 1.0f);
    EXPECT_FLOAT_EQ(s.dots[1], 2.0f);
    EXPECT_NEAR(s.scaled[0], 0.70711f, 1e-5);
    EXPECT_NEAR(s.scaled[1], 1.41421f, 1e-5);
    EXPECT_EQ(s.masked, s.scaled);
    EXPECT_NEAR(s.weights[0], 0.33024f, 1e-5);
    EXPECT_NEAR(s.weights[1], 0.66976f, 1e-5);
    const std::vector<float> wv = {0.66048f, 0.0f, 0.0f, 2.67905f};
    for (size_t i = 0; i < wv.size(); i++) EXPECT_NEAR(s.weighted_values[i], wv[i], 1e-5) << i;
    EXPECT_NEAR(s.output[0], 0.66048f, 1e-5);
    EXPECT_NEAR(s.output[1], 2.67905f, 1e-5);
}

TEST(AttentionSteps, CausalMaskHidesLaterKeys) {
    // Same numbers, two queries: with the causal mask, query 0 sees only key 0 (α = [1, 0], so the
    // output is v_0), and query 1 sees both (the unmasked row above).
    const QkvCapture cap = tiny_capture({1, 2, 1, 2}, {1, 0, 0, 1}, {2, 0, 0, 4});
    const AttentionSteps s0 = compute_attention_steps(cap, 0, StepMask::Causal);
    EXPECT_EQ(s0.masked[0], s0.scaled[0]);
    EXPECT_TRUE(std::isinf(s0.masked[1]) && s0.masked[1] < 0);
    EXPECT_EQ(s0.weights, (std::vector<float>{1.0f, 0.0f}));
    EXPECT_EQ(s0.output, (std::vector<float>{2.0f, 0.0f}));
    const AttentionSteps s1 = compute_attention_steps(cap, 1, StepMask::Causal);
    EXPECT_NEAR(s1.weights[0], 0.33024f, 1e-5);
    EXPECT_EQ(mask_for_kind("decoder_self"), StepMask::Causal);
    EXPECT_EQ(mask_for_kind("encoder_self"), StepMask::None);
    EXPECT_EQ(mask_for_kind("cross"), StepMask::None);
}

TEST(AttentionSteps, FullyMaskedRowIsZerosAndBadQueryIsEmpty) {
    // Three queries, one key: the backend's causal rule (key j hidden when j > r + keys − queries)
    // hides the only key from queries 0 and 1. Their rows are all zeros, not NaN.
    const QkvCapture cap = tiny_capture({1, 2, 1, 2, 1, 2}, {1, 0}, {2, 0});
    const AttentionSteps s = compute_attention_steps(cap, 0, StepMask::Causal);
    EXPECT_EQ(s.weights, (std::vector<float>{0.0f}));
    EXPECT_EQ(s.output, (std::vector<float>{0.0f, 0.0f}));
    EXPECT_EQ(compute_attention_steps(cap, 2, StepMask::Causal).weights, (std::vector<float>{1.0f}));
    EXPECT_EQ(compute_attention_steps(cap, 3, StepMask::None).keys, 0);
    EXPECT_EQ(compute_attention_steps(cap, -1, StepMask::None).keys, 0);
}

// The real thing: a random Transformer translates with a trace that captures Q/K/V for each kind
// of attention; for every query row the recomputed softmax equals the recorded heatmap row.
TEST(AttentionSteps, SoftmaxEqualsTheHeatmapRowOfARealModel) {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = 2;
    c.d_model = 16;
    c.d_ff = 32;
    c.heads = 2;
    c.src_vocab = c.tgt_vocab = 20;
    c.max_positions = 40;
    Transformer m;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 3), &m));
    const std::vector<int32_t> src = {1, 5, 9, 13, 4, 17, 2};
    const std::vector<QkvRequest> wanted = {{"encoder_self", 1, 1}, {"decoder_self", 0, 1}, {"cross", 1, 0}};

    for (BackendKind backend : available_backends()) {
        SCOPED_TRACE(backend_kind_name(backend));
        Compute cc(backend);
        AttentionTrace trace;
        trace.capture = wanted;
        DecodeOptions opts;
        opts.max_length = 8;
        translate(cc, m, src, opts, &trace);
        ASSERT_EQ(trace.qkv.size(), wanted.size());

        for (const QkvCapture & cap : trace.qkv) {
            SCOPED_TRACE(cap.kind);
            const AttentionMap * map = trace.find(cap.kind, cap.layer, cap.head);
            ASSERT_NE(map, nullptr);
            ASSERT_EQ(map->rows, cap.q_rows);
            ASSERT_EQ(map->cols, cap.kv_rows);
            if (cap.kind == "decoder_self") {
                EXPECT_GE(cap.q_rows, 2) << "a one-token output tests no mask";
            }

            // q = x·W_qᵀ + b restricted to the head's columns: the view's "Project" step.
            const std::string side = cap.kind == "encoder_self" ? "encoder" : "decoder";
            const std::string prefix = side + "/layer_" + std::to_string(cap.layer) +
                                       (cap.kind == "cross" ? "/cross_attn/q/" : "/self_attn/q/");
            const Tensor & w = m.tensors().at(prefix + "weight");  // (D, D)
            const Tensor & b = m.tensors().at(prefix + "bias");    // (D)

            for (int r = 0; r < cap.q_rows; r++) {
                const AttentionSteps s = compute_attention_steps(cap, r, mask_for_kind(cap.kind));
                ASSERT_EQ(s.keys, map->cols);
                for (int j = 0; j < s.keys; j++) EXPECT_NEAR(s.weights[j], map->at(r, j), 1e-5) << r << "," << j;
                for (int d = 0; d < s.dh; d++) {
                    const int o = cap.head * s.dh + d;  // output feature of the full projection
                    const float * x = cap.x_query.data() + size_t(r) * cap.d_model;
                    float q = b[o], out = 0.0f;
                    for (int i = 0; i < cap.d_model; i++) q += x[i] * w[int64_t(o) * cap.d_model + i];
                    for (int j = 0; j < s.keys; j++) out += map->at(r, j) * cap.v[size_t(j) * s.dh + d];
                    EXPECT_NEAR(s.q[d], q, 1e-4) << r << "," << d;
                    EXPECT_NEAR(s.output[d], out, 1e-5) << r << "," << d;
                }
            }
        }
    }
}
