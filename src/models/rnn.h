// The RNN translators of Bahdanau, Cho & Bengio (2015): RNNencdec and RNNsearch (rnn_config.h),
// batched over B sentences so that training and inference run the same code (inference is B = 1).
//
// Weights (nn.Linear / nn.GRU layouts: W(out, in), y = x·Wᵀ + b), with ctx = context_size():
//   src_embed/weight (V_src, m)            tgt_embed/weight (V_tgt, m)
//   encoder/fwd/{w_ih (3n, m), w_hh (3n, n), b_ih (3n), b_hh (3n)}
//   encoder/bwd/…                          RNNsearch only: the right-to-left GRU
//   decoder/init/{weight (n, n), bias (n)} s_0 = tanh(W·←h_1 + b) (RNNsearch) or tanh(W·C + b)
//   decoder/gru/{w_ih (3n, m + ctx), w_hh (3n, n), b_ih, b_hh}   input [E y_{i-1}; c_i]
//   attention/w_a (n', n), attention/u_a/{weight (n', 2n), bias (n')}, attention/v_a (n')
//                                          RNNsearch only; v_a starts at 0, so α starts uniform
//   output/hidden/{weight (l, n + ctx + m), bias (l)}   t_i = tanh(W·[s_i; c_i; E y_{i-1}] + b)
//   output/proj/{weight (V_tgt, l), bias (V_tgt)}       logits = W·t_i + b
// The paper's deep output uses maxout; tanh keeps the backward pass simple and changes nothing
// the comparison is about.
#pragma once
#include "backend/compute.h"
#include "models/model_file.h"
#include "models/rnn_config.h"
#include "nn/gru.h"

#include <map>
#include <string>
#include <vector>

namespace attn {

// The encoder's output for B sentences. Encoder states are time-major, (S·B, ·) with row t·B + b,
// so one time step is a contiguous block; the annotations the attention reads are batch-major.
struct RnnEncoding {
    int B = 0, S = 0;
    std::vector<float> keep;        // (S·B) 1 for a real source token, 0 for padding
    std::vector<int32_t> ids;       // (S·B) source ids, time-major
    Tensor x;                       // (S·B, m) embeddings
    Tensor fwd, bwd;                // (S·B, n) state after each step; bwd only with attention
    Tensor annotations;             // (B, S, 2n) [→h_j; ←h_j], with attention
    Tensor uh;                      // (B, S, n') U_a·h_j + b, computed once per sentence
    Tensor context_c;               // (B, n) C: →h after each sentence's last token
    Tensor init_in, s0;             // (B, n) what s_0 is made from, and s_0
    std::vector<GruStepCache> fwd_cache, bwd_cache;  // per time step, when asked to keep them
    std::vector<double> step_ms;    // wall time of each recurrent step (fwd and bwd together)
};

// One decoder step for B sentences, kept for the backward pass.
struct RnnStepCache {
    std::vector<int32_t> y_prev;    // (B)
    Tensor s_prev, e, xin;          // (B, n), (B, m), (B, m + ctx)
    Tensor ws, tanh_a, alpha;       // attention: (B, n'), (B, S, n'), (B, S)
    Tensor energy;                  // attention: (B, S) the scores e_ij before the softmax, -inf on padding
    GruStepCache gru;
};

class RnnModel {
public:
    static Status create(const RnnConfig & cfg, TensorMap tensors, RnnModel * out);
    static constexpr const char * kFormat = "attention-playground/rnn/1";  // the file's metadata "format"
    static Status load(const std::string & path, RnnModel * out);
    Status save(const std::string & path, StoreAs store_as = StoreAs::F32) const;  // F16: half the size
    static TensorMap random_weights(const RnnConfig & cfg, uint64_t seed);
    static std::vector<std::pair<std::string, Shape>> expected_tensors(const RnnConfig & cfg);
    static int64_t parameter_count(const RnnConfig & cfg);

    const RnnConfig & config() const { return m_cfg; }
    const std::map<std::string, std::string> & metadata() const { return m_metadata; }
    void set_metadata(const std::string & key, std::string value) { m_metadata[key] = std::move(value); }
    const TensorMap & tensors() const { return m_tensors; }
    TensorMap & parameters() { return m_tensors; }  // values may change in place, not shapes
    int64_t parameter_count() const { return parameter_count(m_cfg); }
    ConstView weight(const std::string & name) const { return m_tensors.at(name); }
    GruWeights gru(const std::string & scope) const;

    // src(B, S) batch-major, padded; src_len(B) real tokens (with </s>). Ids must be in range.
    // With keep_caches, stores what the backward pass needs; with time_steps, times every step.
    void encode(Compute & cc, const std::vector<int32_t> & src, const std::vector<int> & src_len, int B, int S,
                bool keep_caches, bool time_steps, RnnEncoding * out) const;
    // s_prev(B, n), y_prev(B) -> s(B, n), the context c(B, ctx) it read and, with attention, the
    // alignment α(B, S) (each row sums to 1 over the sentence's real tokens).
    void decoder_step(Compute & cc, const RnnEncoding & enc, ConstView s_prev, const int32_t * y_prev, Tensor * s,
                      Tensor * ctx, RnnStepCache * cache) const;
    // Rows of [s; c; E y_prev] -> hidden t(N, l) and logits(N, V_tgt).
    void output(Compute & cc, ConstView s, ConstView ctx, ConstView e, Tensor * hidden, Tensor * logits) const;

private:
    RnnConfig m_cfg;
    TensorMap m_tensors;
    std::map<std::string, std::string> m_metadata;
};

// Concatenates the columns of row-aligned blocks: out(N, Σ cols).
void concat_columns(std::initializer_list<ConstView> parts, Tensor * out);

} // namespace attn
