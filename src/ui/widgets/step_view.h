// The step-through view: one query's attention computed in front of the reader, with the model's
// real numbers (Project → Scores → Mix). Pure drawing: no app state; the caller picks the capture
// and the query and passes the steps computed by compute_attention_steps().
#pragma once
#include "nn/attention_steps.h"

#include <string>
#include <vector>

namespace attn {

// Draws the whole step-through for one query. Labels: query tokens (rows of the map) and key tokens (columns).
// Fills the remaining space of the current window with a scrollable child.
void draw_step_through(const QkvCapture & cap, const AttentionSteps & steps,
                       const std::vector<std::string> & query_labels, const std::vector<std::string> & key_labels);

// The same for an RNNsearch's output word: Score (additive) → Softmax → Read, from the decoder's
// recorded scores (compute_additive_steps).
void draw_additive_step_through(const AdditiveSteps & steps, const std::vector<std::string> & query_labels,
                                const std::vector<std::string> & key_labels);

} // namespace attn
