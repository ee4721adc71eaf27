#include "nn/attention_steps.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

StepMask mask_for_kind(const std::string & kind) {
    return kind == "decoder_self" ? StepMask::Causal : StepMask::None;
}

AttentionSteps compute_attention_steps(const QkvCapture & cap, int query, StepMask mask) {
    AttentionSteps s;
    if (query < 0 || query >= cap.q_rows) return s;
    const int dh = cap.dh, keys = cap.kv_rows;
    s.query = query;
    s.dh = dh;
    s.keys = keys;
    s.sqrt_dk = std::sqrt(float(dh));
    s.scale = cap.scale;  // the backend multiplies by 1/√d_k; doing the same keeps the numbers identical
    s.q.assign(cap.q.begin() + size_t(query) * dh, cap.q.begin() + size_t(query + 1) * dh);

    // Scores. Causal follows the backend's Mask::Causal: key j is hidden from query r when
    // j > r + (keys - queries), i.e. when it comes later in the sentence.
    const float neg_inf = -std::numeric_limits<float>::infinity();
    s.dots.resize(keys);
    s.scaled.resize(keys);
    s.masked.resize(keys);
    for (int j = 0; j < keys; j++) {
        const float * k = cap.k.data() + size_t(j) * dh;
        float dot = 0.0f;
        for (int d = 0; d < dh; d++) dot += s.q[d] * k[d];
        s.dots[j] = dot;
        s.scaled[j] = dot * s.scale;
        const bool hidden = mask == StepMask::Causal && j > query + (keys - cap.q_rows);
        s.masked[j] = hidden ? neg_inf : s.scaled[j];
    }

    // Softmax, stable: subtracting the largest score keeps exp() ≤ 1. A row with every key masked
    // gets all zeros (the backend's contract), not NaN.
    s.weights.assign(keys, 0.0f);
    const float top = keys ? *std::max_element(s.masked.begin(), s.masked.end()) : neg_inf;
    if (top != neg_inf) {
        float sum = 0.0f;
        for (int j = 0; j < keys; j++) sum += s.weights[j] = std::exp(s.masked[j] - top);  // exp(−inf) = 0
        for (float & w : s.weights) w /= sum;
    }

    // Mix: output(dh) = Σ_j α_j · v_j
    s.weighted_values.assign(size_t(keys) * dh, 0.0f);
    s.output.assign(dh, 0.0f);
    for (int j = 0; j < keys; j++) {
        const float * v = cap.v.data() + size_t(j) * dh;
        float * wv = s.weighted_values.data() + size_t(j) * dh;
        for (int d = 0; d < dh; d++) {
            wv[d] = s.weights[j] * v[d];
            s.output[d] += wv[d];
        }
    }
    return s;
}

AdditiveSteps compute_additive_steps(const AttentionMap & energy, int row) {
    AdditiveSteps s;
    if (row < 0 || row >= energy.rows) return s;
    s.row = row;
    s.keys = energy.cols;
    s.energies.assign(energy.values.begin() + int64_t(row) * energy.cols, energy.values.begin() + int64_t(row + 1) * energy.cols);
    s.max_energy = -std::numeric_limits<float>::infinity();
    for (float e : s.energies) s.max_energy = std::max(s.max_energy, e);
    for (float e : s.energies) {
        s.shifted.push_back(std::isinf(e) ? 0.0f : std::exp(e - s.max_energy));
        s.z += s.shifted.back();
    }
    for (float x : s.shifted) s.weights.push_back(s.z > 0 ? x / s.z : 0.0f);
    return s;
}

} // namespace attn
