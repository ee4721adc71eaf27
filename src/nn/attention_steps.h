// The step-through of one query's attention, recomputed from a QkvCapture with plain scalar loops:
// the numbers the step-through view prints, one stage at a time. It must reproduce the backend's
// result (the heatmap row) exactly up to float rounding; tests/nn/test_attention_steps.cpp checks it.
#pragma once
#include "nn/attention_trace.h"

#include <string>
#include <vector>

namespace attn {

// Decoder self-attention is causal (a token may not look at later tokens); encoder self-attention
// and cross-attention see every key.
enum class StepMask { None, Causal };

struct AttentionSteps {
    int query = 0, dh = 0, keys = 0;
    float scale = 0, sqrt_dk = 0;          // 1/√d_k and √d_k
    std::vector<float> q;                  // dh
    std::vector<float> dots;               // keys: q·k_j
    std::vector<float> scaled;             // keys: q·k_j / √d_k
    std::vector<float> masked;             // keys: scaled, or −inf where masked
    std::vector<float> weights;            // keys: softmax(masked)   (this is the attention map's row)
    std::vector<float> weighted_values;    // keys × dh: α_j · v_j
    std::vector<float> output;             // dh: Σ_j α_j v_j
};

// One query row of cap. A query outside [0, cap.q_rows) gives empty steps (keys = 0), so a view
// holding a stale index draws nothing instead of reading out of bounds.
AttentionSteps compute_attention_steps(const QkvCapture & cap, int query, StepMask mask);
StepMask mask_for_kind(const std::string & kind);   // "decoder_self" → Causal, anything else → None

// Bahdanau's additive attention for one output word of an RNNsearch, from the scores its decoder
// recorded (the trace's "alignment_energy" row, e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j)): the
// softmax one stage at a time. Its weights must equal the alignment map's row.
struct AdditiveSteps {
    int row = 0, keys = 0;
    float max_energy = 0, z = 0;           // max_j e_ij, and Σ_j exp(e_ij − max)
    std::vector<float> energies;           // keys: e_ij (−inf past the sentence)
    std::vector<float> shifted;            // keys: exp(e_ij − max)
    std::vector<float> weights;            // keys: α_ij = shifted / z
};
// Row `row` of an energy map; a row outside the map gives empty steps (keys = 0).
AdditiveSteps compute_additive_steps(const AttentionMap & energy, int row);

} // namespace attn
