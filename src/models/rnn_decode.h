// Translating one sentence with an RNN translator, greedily, recording what the Compare panel
// shows: the alignment row of every decoder step (RNNsearch), the single vector C (RNNencdec's
// only bridge between encoder and decoder), and the wall time of each sequential encoder step.
#pragma once
#include "models/decode.h"
#include "models/rnn.h"

namespace attn {

struct RnnRunInfo {
    std::vector<float> context_c;         // (n) C; RNNsearch has one too but its decoder never reads it
    std::vector<double> encoder_step_ms;  // one per source position, in reading order
    double encoder_ms = 0.0, decoder_ms = 0.0;
};

// src(S): words then </s>; ids in range, S ≤ max_positions (callers check user input). Greedy
// only: beam search would hide nothing the comparison is about and cost 4-8× the time.
// With a trace: an "alignment" map (T×S, layer 0, head 0) with attention, beside it
// "alignment_energy" (the scores e_ij each row's softmax made α from, -inf past the sentence),
// and per-step candidates.
DecodeResult rnn_translate(Compute & cc, const RnnModel & model, const std::vector<int32_t> & src, int max_length,
                           AttentionTrace * trace, RnnRunInfo * info, const RepeatRule & repeats = {});

// Teacher-forced pass over a given output (without BOS), for alignment error rates against gold
// links: the alignment rows (T×S) while predicting each output token. Empty without attention.
AttentionMap rnn_forced_alignment(Compute & cc, const RnnModel & model, const std::vector<int32_t> & src,
                                  const std::vector<int32_t> & output);

} // namespace attn
