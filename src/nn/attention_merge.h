// Attention over subword pieces read as attention over words. A query word's row is the average
// of its pieces' rows, so it still sums to 1; a key word's weight is the sum of its pieces'
// weights, the attention mass that lands anywhere on the word. (BertViz and Clark et al. 2019,
// "What does BERT look at?", merge the same way.)
#pragma once
#include "nn/attention_trace.h"

#include <vector>

namespace attn {

// row_word[r] / col_word[c]: the word (0-based, in order) of each row / column of m; the result
// has one row per word in 0..row_words-1 and one column per word in 0..col_words-1. A word
// without any piece gets a zero row. Indices outside the ranges are dropped.
AttentionMap merge_attention(const AttentionMap & m, const std::vector<int> & row_word, int row_words,
                             const std::vector<int> & col_word, int col_words);

} // namespace attn
