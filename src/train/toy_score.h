// How well a model does a toy task (train/toy_tasks.h) on held-out sequences, and whether its
// attention learned where to look: in the last attention layer, for each head, the share of
// output rows whose cross-attention peaks where the task says the symbol comes from (copy: source
// i for output i; reverse: source n-1-i; sort: a source position holding the symbol written).
//
// The attention is read from a teacher-forced pass over the expected output (the decoder fed the
// right answer, as in training), so every held-out sequence is scored on the same rows whether
// or not the model gets it right. Rows are the symbols written; the final </s> row is not scored.
// A model without attention (RNNencdec) has no heads to score.
#pragma once
#include "backend/compute.h"
#include "train/toy_model.h"
#include "train/mini_corpus.h"
#include "train/toy_tasks.h"

#include <vector>

namespace attn {

struct ToyScore {
    double exact_match = 0;          // share of held-out sequences decoded exactly (greedy), 0..1
    double bleu = -1;                // the mini corpus's: corpus BLEU of the greedy translations, 0..100; -1 for symbols
    // The same by source length: [n] for sequences of n symbols, -1 where the check had none.
    // RNNencdec's C must hold the whole sequence, so it falls off here first.
    std::vector<double> exact_by_length;
    int rows = 0;                    // output rows the attention was scored on
    std::vector<double> head_follows;  // per head of the last attention layer, 0..1
    int best_head = -1;
    double best_head_follows() const { return best_head < 0 ? 0.0 : head_follows[size_t(best_head)]; }
};

// Where output row r of `src` (symbols, then EOS) should look under a task: -1 when any
// position holding `expected[r]` is right (sort).
int toy_attention_target(ToyTask task, int source_symbols, int row);

// `limit` > 0 scores only the first `limit` held-out examples (the Train panel's quick checks).
ToyScore score_toy_task(Compute & cc, const ToyModel & model, ToyTask task, const std::vector<Example> & heldout,
                        size_t limit = 0);

// The mini corpus (train/mini_corpus.h): BLEU as `attn eval` computes it (sacreBLEU's tokenisers
// over the sentences as displayed), exact match, and for attention the share of output words whose
// cross-attention peaks on a source word the gold alignment links them to (words the gold
// alignment leaves unlinked are not scored). By length is by the English words.
ToyScore score_corpus_task(Compute & cc, const ToyModel & model, const MiniCorpus & corpus, size_t limit = 0);

} // namespace attn
