// What a Train panel setup builds: the model's configuration, the trainer's, and the memory the run
// needs (train/train_setup.h). Apart from the fields and their checks, which the URL parser (and
// its fuzzer) links without the models.
#include "models/rnn.h"
#include "models/transformer.h"
#include "train/train_setup.h"

namespace attn {

TaskVocab symbol_vocab(const TrainSetup & s) { return {toy_vocab(s.alphabet), toy_vocab(s.alphabet)}; }

TrainSetup setup_preset(ToyTask task) {
    TrainSetup s;
    s.task = task;
    if (!is_corpus_task(task)) return s;
    s.layers = 2;
    s.d_model = 128;
    s.d_ff = 256;
    s.pre_norm = true;
    s.schedule = LrSchedule::Noam;
    s.warmup = 400;
    s.batch_tokens = 2048;
    s.dropout = 0.0;  // a few epochs of 30,000 pairs: too short a run to overfit
    s.steps = 4000;
    s.eval_every = 100;
    s.checkpoint_every = 100;
    return s;
}

TransformerConfig setup_model_config(const TrainSetup & s, TaskVocab vocab) {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = s.layers;
    c.d_model = s.d_model;
    c.d_ff = s.d_ff;
    c.heads = s.heads;
    c.src_vocab = vocab.src;
    c.tgt_vocab = vocab.tgt;
    c.max_positions = is_corpus_task(s.task) ? kMiniMaxTokens : 32;  // at most 16 symbols, then </s>
    c.norm = s.pre_norm ? NormPlacement::Pre : NormPlacement::Post;
    return c;
}

RnnConfig setup_rnn_config(const TrainSetup & s, TaskVocab vocab) {
    RnnConfig c;
    c.attention = s.arch == ToyArch::RnnSearch;
    c.src_vocab = vocab.src;
    c.tgt_vocab = vocab.tgt;
    c.embed = c.hidden = c.align = c.output = s.hidden;
    c.max_positions = is_corpus_task(s.task) ? kMiniMaxTokens : 32;
    return c;
}

TrainOptions setup_train_options(const TrainSetup & s) {
    TrainOptions o;
    o.dropout = float(s.dropout);
    o.label_smoothing = float(s.label_smoothing);
    return o;
}

TrainerConfig setup_trainer_config(const TrainSetup & s) {
    TrainerConfig t;
    t.total_steps = s.steps;
    t.max_tokens = s.batch_tokens;
    t.seed = uint64_t(s.seed);
    t.schedule = s.schedule == LrSchedule::Noam ? "noam" : "constant";
    t.lr = s.lr;
    t.factor = s.noam_factor;
    t.warmup = s.warmup;
    t.d_model = s.arch == ToyArch::Transformer ? s.d_model : s.hidden;  // Noam's width
    t.clip_norm = 1.0;  // a spike of the loss shows on the curve instead of wrecking the weights
    return t;
}

int64_t setup_memory_estimate(const TrainSetup & s) {
    const bool corpus = is_corpus_task(s.task);
    const TaskVocab vocab = corpus ? TaskVocab{kMiniVocabBound, kMiniVocabBound} : symbol_vocab(s);
    const int64_t len = corpus ? kMiniMaxTokens : s.max_len + 2;  // keys per attention row
    if (s.arch != ToyArch::Transformer) {
        const RnnConfig c = setup_rnn_config(s, vocab);
        const int64_t n = c.hidden, T = s.batch_tokens, V = c.tgt_vocab;
        // Per source token, both directions: the GRU step's inputs, gates and states (~10 n each).
        // Per target token: the decoder's step (~16 n with its input and context), the attention's
        // tanh over every source position (len · n'), and the logits, three copies.
        const int64_t floats = T * 2 * 10 * n + T * (16 * n + len * c.align) + T * V * 3;
        return 4 * (4 * RnnModel::parameter_count(c) + floats);
    }
    const TransformerConfig c = setup_model_config(s, vocab);
    const int64_t params = Transformer::parameter_count(c);
    const int64_t D = c.d_model, F = c.d_ff, H = c.heads, L = s.layers, V = c.tgt_vocab;
    const int64_t T = s.batch_tokens;          // padded tokens per side, at most
    // Per token and layer: the encoder keeps ~12 D-wide rows (inputs, Q, K, V, context, output,
    // norms, dropout masks) and 2 F-wide (the FFN's hidden before and after ReLU); the decoder
    // ~18 D-wide (a second attention) and 2 F-wide. Attention weights: H rows of `len` per token,
    // kept twice (softmax and dropout), three kinds. Logits: V per target token, three copies.
    const int64_t floats = T * L * (12 * D + 2 * F) + T * L * (18 * D + 2 * F) + T * H * len * 2 * 3 * L + T * V * 3;
    return 4 * (4 * params + floats);
}

Status check_memory(const TrainSetup & s) {
    const int64_t need = setup_memory_estimate(s);
    if (need <= kTrainMemoryBudget) return Status::success();
    return Status::error(Message{N_("This model would need about {0} MB to train, more than the {1} MB the page allows. Make the model or the batch smaller."),
                                 {std::to_string((need + (1 << 20) - 1) >> 20), std::to_string(kTrainMemoryBudget >> 20)}});
}

} // namespace attn
