// What the Compare panel draws, derived from a CompareState: kept out of the panel so the tests
// check the same data the screen shows.
#pragma once
#include "ui/attention_data.h"
#include "ui/state/compare_state.h"
#include "ui/widgets/timing_strip.h"

#include <vector>

namespace attn {

ImU32 compare_color(CompareModel m);  // the model's colour everywhere in the panel and its chart

// The encoders' measured time on one axis: a box per source token for each RNN (each step waits
// for the previous one), one box for the Transformer's single parallel pass. Models without a
// translation are left out.
std::vector<TimingLane> compare_timing_lanes(const CompareState & v);

// The Transformer's cross-attention map the panel shows: layer -1 is the last decoder layer,
// head -1 the mean over its heads. Empty without a Transformer translation.
int compare_cross_layer(const CompareState & v);
AttentionMatrix compare_cross_matrix(const CompareState & v, std::vector<float> * storage);

} // namespace attn
