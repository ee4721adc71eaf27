// Greedy and beam-search decoding for the Transformer, and the forced pass that records the
// AttentionTrace of the chosen output.
#pragma once
#include <functional>
#include "models/decode_stop.h"
#include "models/transformer.h"

namespace attn {

// Which repetitions decoding turns down (repeating_tokens below).
struct RepeatRule {
    bool on = true;
    std::vector<int32_t> exempt;  // never turned down: the digits, which numbers repeat (1000, 2020)
    static RepeatRule off() { return {false, {}}; }
};

struct DecodeOptions {
    int beam = 1;                  // 1 = greedy
    float length_penalty = 0.6f;   // α of GNMT's lp(Y) = ((5 + |Y|) / 6)^α; the paper's 0.6
    int max_length = -1;           // output tokens incl. EOS; -1: the length cap (length_cap below)
    // Turn down tokens that would start a loop (repeating_tokens below). Off only where the output
    // is compared with a plain decoder's, as the PyTorch golden tests do, and for the Train panel's
    // symbol tasks, whose answers repeat ("3 3 3"). Translator::decode_options fills it.
    RepeatRule repeats;
};

struct DecodeResult {
    std::vector<int32_t> tokens;   // output ids, without BOS, ending with EOS when one was produced
    double log_prob = 0.0;         // Σ log p(token) over the tokens kept
    double score = 0.0;            // log_prob / lp(|tokens|) for beam search; log_prob for greedy
    bool finished = false;         // an EOS was produced within max_length (stop == Eos)
    DecodeStop stop = DecodeStop::LengthCap;
    int repeats_avoided = 0;       // steps whose most probable token was turned down as a repetition
};

// The output length cap, </s> included: 2 · source_length + 10 tokens (source_length counts the
// source's </s>), and never past the positional table. A translation is rarely twice as long
// as its source, in words or in pieces, so a model that is still writing there is looping.
int length_cap(int source_length, int max_positions);

// Decoding's rule against loops ("Zimmer Zimmer Zimmer …"): the tokens that, written after
// `tokens`, would put one token three times in a row or a unit of 2-4 tokens twice back to back
// (at most four: one per unit length). Natural text repeats a word twice ("very very", 媽 媽) but
// hardly ever more, and a model that writes a second copy of a unit has usually begun a loop that
// each copy makes likelier. A step turns these down and takes its best other token.
std::vector<int32_t> repeating_tokens(const std::vector<int32_t> & tokens);

// Sets the log-probabilities of repeating_tokens(tokens), less the rule's exempt ones, to -inf in a
// log-softmax row; true when one of them was the row's most probable token. Nothing when the rule
// is off.
bool turn_down_repeats(const std::vector<int32_t> & tokens, const RepeatRule & rule, std::vector<double> * log_probs);

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

// Greedy search over any decoder: BOS, then the argmax of each step's log-softmax (among the
// tokens the repeat rule allows) until EOS or max_length tokens.
// step(token, &logits) runs the decoder on one token and returns false to stop (the GPU
// decoder's failures; the caller keeps the reason).
DecodeResult greedy_search(const TransformerConfig & cfg, int max_length,
                           const std::function<bool(int32_t token, Tensor * logits)> & step, const RepeatRule & repeats = {});

// The pieces, for tests and benchmarks.
DecodeResult greedy_decode(Compute & cc, const Transformer & model, const EncoderOutput & enc, int max_length,
                           const RepeatRule & repeats = {});
DecodeResult beam_decode(Compute & cc, const Transformer & model, const EncoderOutput & enc, int beam,
                         float length_penalty, int max_length, const RepeatRule & repeats = {});
void record_forced_trace(Compute & cc, const Transformer & model, const EncoderOutput & enc,
                         const std::vector<int32_t> & output, AttentionTrace * trace);
int default_max_length(const TransformerConfig & cfg, int source_length, int requested);

} // namespace attn
