// Batches of sequence pairs for training sequence-to-sequence models (any of them: the code knows
// only token ids).
//
// Token-budget batching (as in Vaswani et al. 2017 §5.1 and fairseq's --max-tokens): examples of
// similar length go together, so little compute is spent on padding, and a batch holds as many
// examples as fit in a budget of padded tokens, so short sentences make big batches and long ones
// small batches with about the same memory and time per step.
//
// An example's padded length is L = max(|src|, |tgt| + 1) (the decoder sees BOS + tgt and predicts
// tgt + EOS, one position more than tgt). A batch costs count · max(L over its examples).
#pragma once
#include "core/tensor.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace attn {

struct Example {
    std::vector<int32_t> src;
    std::vector<int32_t> tgt;  // without BOS and EOS: make_padded_batch adds them
    // Optional gold word alignment, (target index, source index) pairs, for guided-alignment
    // training (TrainOptions::alignment_weight); empty when unknown. Target index tgt.size() is
    // the row that predicts </s>.
    std::vector<std::pair<int, int>> alignment;
};

int64_t padded_length(const Example & e);  // max(|src|, |tgt| + 1)

// The epoch's batches, as indices into `examples`:
//   - examples are sorted by padded length, ties broken in a random order drawn from (seed, epoch),
//     so equal-length examples meet different partners each epoch;
//   - the sorted run is cut greedily into batches whose cost stays ≤ max_tokens; an example that
//     alone exceeds the budget forms a batch by itself (dropping data silently would be worse);
//     max_tokens ≤ 0 means one example per batch;
//   - the order of the batches is shuffled, from (seed, epoch) too.
// Every example appears exactly once. The result depends only on (examples' lengths, max_tokens,
// seed, epoch): a resumed run recomputes the same epoch and skips the batches already done.
std::vector<std::vector<size_t>> make_token_batches(const std::vector<Example> & examples, int64_t max_tokens,
                                                    uint64_t seed, int64_t epoch);

// 0..n-1 in an order drawn from (seed, epoch) alone (Fisher-Yates on our portable generator), for
// tasks whose batches are plain slices of a shuffled epoch (the image classifiers).
std::vector<size_t> epoch_permutation(size_t n, uint64_t seed, int64_t epoch);

// The cost of a batch under the rule above: count · max padded length.
int64_t batch_cost(const std::vector<Example> & examples, const std::vector<size_t> & indices);

// A batch laid out as the model consumes it, rows in the order of `indices`:
//   src     (B·S) ids, row b = src_b then pad                        S = max |src| (at least 1)
//   tgt_in  (B·T) ids, row b = BOS, tgt_b, then pad                  T = max |tgt| + 1
//   tgt_out (B·T) ids, row b = tgt_b, EOS, then pad (the loss skips pad positions)
//   src_len[b] = |src_b|,  tgt_len[b] = |tgt_b| + 1 (the real positions of tgt_in and tgt_out)
//   src_key_mask (B, S), tgt_key_mask (B, T): additive masks, 0 on real tokens, -inf on padding,
//     to add to attention scores over keys. (The decoder's causal mask is separate.)
//   target_tokens = Σ tgt_len: the positions that count in the loss, for per-token averaging.
// A row whose source is empty has every source key masked; the data should not contain one.
struct PaddedBatch {
    int B = 0, S = 0, T = 0;
    std::vector<int32_t> src, tgt_in, tgt_out;
    std::vector<int> src_len, tgt_len;
    Tensor src_key_mask, tgt_key_mask;
    int64_t target_tokens = 0;
    // With gold alignments: alignment(B, T, S), row t of sentence b the gold distribution over
    // source positions for target word t (uniform over its links, zero rows where it has none);
    // alignment_rows = the rows that have links. Empty when no example has an alignment.
    Tensor alignment;
    int64_t alignment_rows = 0;
};

// Indices must be valid positions in `examples` (asserted); an empty list gives B = 0.
PaddedBatch make_padded_batch(const std::vector<Example> & examples, const std::vector<size_t> & indices, int32_t pad,
                              int32_t bos, int32_t eos);

} // namespace attn
