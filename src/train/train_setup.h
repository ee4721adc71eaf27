// What a person chooses before training a model in the Train panel: the task, the model and the
// optimisation. Every number has a stated range (the panel shows it, a link or the host API is
// refused outside it, with the range in the message), and a setup whose memory estimate is over
// the budget is refused before anything is allocated.
//
// The defaults are the preset, measured with `attn train-live` (docs/benchmarks.md): one encoder
// and one decoder layer learn reverse of lengths 1-8 over 10 symbols to 99% held-out exact match,
// their cross-attention the anti-diagonal, in about 1,000-1,400 steps (20-30 s natively); copy
// of lengths 1-10 in about 600. Two layers and 1,024-token batches take 3-4 times as long.
#pragma once
#include "core/status.h"
#include "models/rnn_config.h"
#include "nn/transformer_config.h"
#include "train/toy_tasks.h"
#include "train/trainer.h"
#include "train/transformer_train.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

enum class LrSchedule { Constant, Noam };

// The model trained: a tiny Transformer, or one of the article's two RNN translators (RNNsearch
// with Bahdanau's attention, RNNencdec with only the vector C between encoder and decoder).
enum class ToyArch { Transformer, RnnSearch, RnnEncDec };

struct TrainSetup {
    ToyTask task = ToyTask::Reverse;
    int min_len = 1, max_len = 8;     // symbols per sequence
    int alphabet = kToyDefaultAlphabet;
    ToyArch arch = ToyArch::Transformer;
    // A Transformer of `layers` encoder and as many decoder layers.
    int layers = 1, d_model = 64, heads = 4, d_ff = 128;
    bool pre_norm = false;            // the paper's post-norm by default
    // The RNNs: n hidden units per GRU (each direction of RNNsearch's encoder, and the decoder);
    // the embeddings, the alignment layer and the deep output are as wide.
    int hidden = 64;
    LrSchedule schedule = LrSchedule::Constant;
    double lr = 2e-3;                 // constant schedule
    double noam_factor = 1.0;         // Noam: factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5)
    int warmup = 400;                 // steps (Noam)
    int batch_tokens = 512;           // padded tokens per batch
    double dropout = 0.1, label_smoothing = 0.1;
    int seed = 1;
    int steps = 3000;                 // the run ends here
    int snapshot_every = 20;          // steps between the timeline's attention snapshots
    int eval_every = 100;             // steps between held-out checks
    int checkpoint_every = 200;       // steps between checkpoints (and on Pause)

    bool operator==(const TrainSetup & o) const;
    bool operator!=(const TrainSetup & o) const { return !(*this == o); }
};

// One numeric field of TrainSetup: its key (links, the state JSON), its label in the panel, its
// range. Reals and integers are listed apart so each keeps its own type.
struct SetupIntField {
    const char * key;
    const char * label;  // English, for the catalogue (N_)
    int TrainSetup::*field;
    int min, max;
};
struct SetupRealField {
    const char * key;
    const char * label;
    double TrainSetup::*field;
    double min, max;
};
// A field chosen by name (task, arch, schedule, norm): names[i] is the i-th value.
struct SetupChoiceField {
    const char * key;
    std::vector<const char *> names;
    int (*get)(const TrainSetup &);
    void (*set)(TrainSetup &, int);
};
const std::vector<SetupIntField> & setup_int_fields();
const std::vector<SetupRealField> & setup_real_fields();
const std::vector<SetupChoiceField> & setup_choice_fields();
const SetupChoiceField * find_setup_choice(const std::string & key);  // null for another key
// The choice's name in `s`; setting it is false for an unknown key or name, leaving `s` as it was.
const char * setup_choice_name(const TrainSetup & s, const SetupChoiceField & f);
bool set_setup_choice(TrainSetup * s, const std::string & key, const std::string & name);
// Sets any field, choice or number, from its text as a link or the command line writes it (no
// range check: validate_setup does that). False for a key that is not a field.
bool set_setup_field(TrainSetup * s, const std::string & key, const std::string & value);

// Every field in range and the fields agreeing with each other (min_len ≤ max_len, a Transformer's
// d_model a multiple of heads); the message names the field and its allowed range.
Status validate_setup(const TrainSetup & s);

// The setup as text, a "key value" line per field (the keys of the tables above), for a saved
// run's checkpoint; reading checks every value as validate_setup does. A field left out keeps its
// default (a run saved before the field existed).
std::string setup_to_text(const TrainSetup & s);
Status setup_from_text(const std::string & text, TrainSetup * out);

// The model's vocabularies: the alphabet's symbols, or for the mini corpus its words, whose
// counts are known once the corpus is drawn (kMiniVocabBound bounds them for the memory estimate).
struct TaskVocab {
    int src = 0, tgt = 0;
};
TaskVocab symbol_vocab(const TrainSetup & s);
constexpr int kMiniVocabBound = 4000;
constexpr int kMiniMaxTokens = 64;  // a sentence's words and punctuation, then </s>

// What a task starts from in the panel, a link or `attn train-live`: the defaults above for the
// symbol tasks; for the mini corpus a two-layer Transformer of width 128 with the Noam schedule
// and 2,048-token batches (measured in docs/benchmarks.md).
TrainSetup setup_preset(ToyTask task);

// The model, its trainer options and the trainer's configuration for a setup.
TransformerConfig setup_model_config(const TrainSetup & s, TaskVocab vocab);
RnnConfig setup_rnn_config(const TrainSetup & s, TaskVocab vocab);  // the RNNs
TrainOptions setup_train_options(const TrainSetup & s);
TrainerConfig setup_trainer_config(const TrainSetup & s);

// Bytes the run needs at its peak: weights, gradients and Adam's two moments (4 copies of the
// parameters), plus the activations the backward pass keeps for one batch (an upper bound from
// the batch's tokens and the model's widths). The budget is what the web build's memory allows
// beside the app's models.
int64_t setup_memory_estimate(const TrainSetup & s);
constexpr int64_t kTrainMemoryBudget = int64_t(512) << 20;
Status check_memory(const TrainSetup & s);  // refused with the estimate and the budget

} // namespace attn
