// Alignment error rate (Och & Ney 2003) of attention weights against gold word alignments:
//   AER = 1 − (|A ∩ S| + |A ∩ P|) / (|A| + |S|),   S ⊆ P the sure and possible gold links,
// A the links read off an attention map (rows = target words, columns = source words): each target
// word is linked to the source word it attends to most. 0 is perfect, 1 shares nothing.
#pragma once
#include <utility>
#include <vector>

namespace attn {

using Link = std::pair<int, int>;  // (target index, source index)

// One link per row: argmax over the row's columns (ties: the first). Rows that are all zero
// (padding) give no link.
std::vector<Link> links_from_attention(const float * weights, int rows, int cols);

// sure ⊆ possible is not required: every sure link also counts as possible. Returns 1 when A and S
// are both empty (nothing to score), so an empty prediction never looks perfect.
double alignment_error_rate(const std::vector<Link> & predicted, const std::vector<Link> & sure,
                            const std::vector<Link> & possible);

} // namespace attn
