// The Train panel's sentences that its screen-reader text says too, in the interface language.
#pragma once
#include "ui/state/train_state.h"

#include <string>

namespace attn {

// "Held-out: 97.0% exactly right · best head (2) looks where …": the attention part as the run's
// model has it (a Transformer's best head, RNNsearch's alignment, nothing for RNNencdec); for the
// mini corpus BLEU first (bleu ≥ 0), and where the gold alignment says instead of the task.
std::string train_heldout_text(const TrainState & t, double exact_match, double attention_follows, double bleu);
// Why an RNNencdec run has no map, and what to compare instead.
const char * train_no_attention_text();

} // namespace attn
