// Greedy and beam-search decoding for the Transformer, and the forced pass that records the
// AttentionTrace of the chosen output.
#pragma once
#include <functional>
#include "models/transformer.h"

namespace attn {

struct DecodeOptions {
    int beam = 1;                  // 1 = greedy
    float length_penalty = 0.6f;   // α of GNMT's lp(Y) = ((5 + |Y|) / 6)^α; the paper's 0.6
    int max_length = -1;           // output tokens incl. EOS; -1: source length + 50 (the paper's rule)
};

struct DecodeResult {
    std::vector<int32_t> tokens;   // output ids, without BOS, ending with EOS when one was produced
    double log_prob = 0.0;         // Σ log p(token)
    double score = 0.0;            // log_prob / lp(|tokens|) for beam search; log_prob for greedy
    bool finished = false;         // an EOS was produced within max_length
};

// Decodes src. With a trace, also runs one teacher-forced decoder pass over the result (the
// same weights, so the same numbers) and records every attention map, the per-step top-k
// alternatives and the requested Q/K/V captures. Without one, nothing is recorded.
DecodeResult translate(Compute & cc, const Transformer & model, const std::vector<int32_t> & src,
                       const DecodeOptions & opts, AttentionTrace * trace);

// One output step's record for the trace: the chosen token's probability and the top_k
// alternatives, from that step's logits(V).
StepCandidates step_candidates(const float * logits, int V, int32_t chosen, int top_k);

// log-softmax of one logits row, in double (beam scores add many of these); the GPU decoder's
// greedy loop picks and scores tokens with it too.
void log_softmax(const float * logits, int V, std::vector<double> * out);

// Greedy search over any decoder: BOS, then the argmax of each step's log-softmax until EOS or
// max_length tokens. step(token, &logits) runs the decoder on one token and returns false to stop
// (the GPU decoder's failures; the caller keeps the reason).
DecodeResult greedy_search(const TransformerConfig & cfg, int max_length,
                           const std::function<bool(int32_t token, Tensor * logits)> & step);

// The pieces, for tests and benchmarks.
DecodeResult greedy_decode(Compute & cc, const Transformer & model, const EncoderOutput & enc, int max_length);
DecodeResult beam_decode(Compute & cc, const Transformer & model, const EncoderOutput & enc, int beam,
                         float length_penalty, int max_length);
void record_forced_trace(Compute & cc, const Transformer & model, const EncoderOutput & enc,
                         const std::vector<int32_t> & output, AttentionTrace * trace);
int default_max_length(const TransformerConfig & cfg, int source_length, int requested);

} // namespace attn
