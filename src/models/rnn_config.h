// Hyper-parameters of the RNN translators, in the notation of Bahdanau, Cho & Bengio (2015):
//   m = embed, n = hidden (each direction of the encoder, and the decoder), n' = align, l = output.
//
//   RNNencdec (attention = false, Cho et al. 2014): a forward GRU reads the source; its last state
//     is C, the only thing the decoder ever sees of the sentence (its initial state and its
//     context at every step).
//   RNNsearch (attention = true): a bidirectional GRU gives annotations h_j = [→h_j; ←h_j]; at each
//     step the decoder scores its previous state against every h_j (additive attention) and
//     reads c_i = Σ_j α_ij h_j.
//
// GRU, not LSTM: it is the "gated hidden unit" both papers use, so the comparison is theirs; it
// also has a quarter fewer weights per unit than an LSTM.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>

namespace attn {

struct RnnConfig {
    bool attention = true;
    int src_vocab = 0, tgt_vocab = 0;
    int embed = 128;          // m
    int hidden = 128;         // n
    int align = 128;          // n' (RNNsearch only)
    int output = 128;         // l: the deep-output layer before the softmax
    int max_positions = 64;   // longest source (words + </s>) the translator accepts
    int32_t pad_id = 0, bos_id = 1, eos_id = 2, unk_id = 3;

    // What the decoder reads each step: 2n annotations with attention, n (= C) without.
    int context_size() const { return attention ? 2 * hidden : hidden; }
    const char * architecture() const { return attention ? "rnn_search" : "rnn_encdec"; }
    Status validate() const;
    std::string to_json() const;
    static Status from_json(const std::string & json, RnnConfig * out);
};

} // namespace attn
