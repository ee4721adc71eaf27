// AttentionTrace: everything the UI draws about one run of a model, and nothing else. Filled only
// when a caller passes a trace; a model given nullptr records nothing and does no extra work.
//
//   Transformer: per layer and head, encoder self-attention (S×S), decoder masked self-attention
//                (T×T, exactly 0 above the diagonal) and cross-attention (T×S); per output step
//                the top-k next-token probabilities; and, for the layer/head/side the caller asks
//                for, the intermediate x, q, k, v that the step-through view shows.
//   RNN:         Bahdanau alignment rows per decoder step (kind "alignment", T×S) and the scores
//                they were softmaxed from ("alignment_energy", T×S; not attention, rows do not sum to 1).
//   CNN:         CBAM channel weights (1×C) and spatial maps (H×W), Grad-CAM (H×W).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct AttentionMap {
    std::string kind;     // "encoder_self", "decoder_self", "cross", "alignment", "cbam_channel", ...
    int layer = 0, head = 0;
    int rows = 0, cols = 0;
    std::vector<float> values;  // rows × cols, row-major; each attention row sums to 1 (or is all 0)

    float at(int r, int c) const { return values[size_t(r) * cols + c]; }
};

struct TokenAlternative {
    int32_t id = 0;
    float prob = 0.0f;
};

// One decoder step: the token chosen and the k most likely tokens with their probabilities.
struct StepCandidates {
    int32_t chosen = 0;
    float chosen_prob = 0.0f;
    std::vector<TokenAlternative> top;  // descending probability
};

// The Q/K/V math of one attention layer and head, with the model's real numbers, for the
// step-through view: x is the layer's input (rows = positions), q/k/v are x·W_q/k/v + b
// restricted to the head (rows × dh).
struct QkvCapture {
    std::string kind;  // which attention: "encoder_self", "decoder_self" or "cross"
    int layer = 0, head = 0;
    int d_model = 0, dh = 0;
    int q_rows = 0, kv_rows = 0;
    std::vector<float> x_query, x_key;  // q_rows × d_model, kv_rows × d_model (the layer inputs)
    std::vector<float> q, k, v;         // q_rows × dh, kv_rows × dh, kv_rows × dh
    float scale = 0.0f;                 // 1/√dh
};

struct QkvRequest {
    std::string kind;
    int layer = 0, head = 0;
};

struct AttentionTrace {
    int top_k = 5;                       // alternatives recorded per step
    std::vector<QkvRequest> capture;     // which layers/heads to capture Q/K/V for (input)

    std::vector<AttentionMap> maps;
    std::vector<StepCandidates> steps;
    std::vector<QkvCapture> qkv;

    const AttentionMap * find(const std::string & kind, int layer, int head) const {
        for (const AttentionMap & m : maps)
            if (m.kind == kind && m.layer == layer && m.head == head) return &m;
        return nullptr;
    }
    bool wants_qkv(const std::string & kind, int layer, int head) const {
        for (const QkvRequest & r : capture)
            if (r.kind == kind && r.layer == layer && r.head == head) return true;
        return false;
    }
};

} // namespace attn
