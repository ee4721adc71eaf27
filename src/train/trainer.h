// The training loop, model-agnostic: anything that splits its data into numbered batches per epoch
// and turns a batch into a loss and gradients (TrainingTask) trains here with Adam, a learning-rate
// schedule (the Transformer paper's, cosine or constant), gradient clipping, checkpoints and a CSV
// log. Translators (Seq2SeqModel, token-budget batches of sentence pairs) and the image classifiers
// (train/image_train.h) share it.
//
// step(budget_ms) runs optimizer steps until the time budget is used (at least one step), so the
// web build can train between frames without threads; the CLI calls it in a loop.
// A run is deterministic given its config: the batch order comes from (seed, epoch), dropout from
// an Rng whose state is checkpointed, so an interrupted run resumed from its checkpoint ends with
// the same weights as an uninterrupted one.
#pragma once
#include "core/rng.h"
#include "train/batching.h"
#include "train/checkpoint.h"
#include "train/optimizer.h"
#include "train/progress.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attn {

class Seq2SeqModel {
public:
    virtual ~Seq2SeqModel() = default;
    virtual TensorMap & parameters() = 0;  // updated in place
    virtual double forward_backward(const PaddedBatch & batch, Rng & rng, TensorMap * grads) = 0;
    virtual double loss(const PaddedBatch & batch) = 0;  // evaluation: no dropout, no gradients
    virtual int32_t pad_id() const = 0;
    virtual int32_t bos_id() const = 0;
    virtual int32_t eos_id() const = 0;
};

// A model bound to its training data. Batches are numbered within an epoch; what batch i of epoch
// e holds must depend only on (seed, e, i), so a resumed run sees the same batches.
class TrainingTask {
public:
    virtual ~TrainingTask() = default;
    virtual TensorMap & parameters() = 0;  // updated in place
    // Prepares epoch `epoch` and returns its number of batches (≥ 1).
    virtual int64_t begin_epoch(uint64_t seed, int64_t epoch) = 0;
    // Loss and gradients (into *grads, names as the parameters; a parameter left out is not
    // updated) of batch `index` of the current epoch. *items = what the loss averages over
    // (target tokens, images), for the throughput shown. `rng` is for dropout or augmentation.
    virtual double train_batch(int64_t index, Rng & rng, TensorMap * grads, int64_t * items) = 0;
};

// Sentence pairs in token-budget batches (batching.h) for a Seq2SeqModel.
//
// Data parallel with replicas (models of the same architecture, each with its own weights and
// Compute): each batch is cut by sentences into one part per model, every part runs forward and
// backward on its own thread with the current weights, and the parts' losses and gradients are
// added weighted by their share of the batch's target tokens, so the sum is the batch's per-token
// mean, as one model computes it, up to float rounding and the dropout masks (each part draws its
// own from `rng`). A guided-alignment term is averaged over each part's aligned rows. The cut and
// the order of the sum are fixed, so a run repeats exactly for a given number of replicas.
class Seq2SeqTask : public TrainingTask {
public:
    Seq2SeqTask(Seq2SeqModel & model, std::vector<Example> data, int64_t max_tokens,
                std::vector<Seq2SeqModel *> replicas = {})
        : m_model(model), m_data(std::move(data)), m_max_tokens(max_tokens), m_replicas(std::move(replicas)) {}
    TensorMap & parameters() override { return m_model.parameters(); }
    int64_t begin_epoch(uint64_t seed, int64_t epoch) override;
    double train_batch(int64_t index, Rng & rng, TensorMap * grads, int64_t * items) override;

private:
    double data_parallel_batch(const std::vector<size_t> & indices, Rng & rng, TensorMap * grads, int64_t * items);

    Seq2SeqModel & m_model;
    std::vector<Example> m_data;
    int64_t m_max_tokens;
    std::vector<std::vector<size_t>> m_batches;
    std::vector<Seq2SeqModel *> m_replicas;
    std::vector<TensorMap> m_replica_grads;
};

struct TrainerConfig {
    int64_t total_steps = 1000;
    int64_t max_tokens = 2048;          // padded tokens per batch (Seq2SeqTask)
    uint64_t seed = 1;                  // batch order and dropout
    // Learning rate: "noam" = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5) (the
    // paper's), "cosine" = lr after a linear warm-up, decayed to 0 at total_steps along a half
    // cosine (cosine_rate in schedule.h), or "constant" = lr.
    std::string schedule = "noam";
    double lr = 1e-3, factor = 1.0;
    int warmup = 4000, d_model = 512;
    AdamConfig adam;
    double clip_norm = 0.0;             // ≤ 0: no clipping
    int64_t checkpoint_every = 0;       // steps; 0: only at the end and on request
    std::string checkpoint_path;        // empty: no checkpoints
    std::string log_path;               // CSV; empty: no log
};

class Trainer {
public:
    Trainer(TrainingTask & task, TrainerConfig cfg, std::map<std::string, std::string> checkpoint_metadata = {});
    // Sentence pairs for a translator, batched by cfg.max_tokens.
    Trainer(Seq2SeqModel & model, std::vector<Example> data, TrainerConfig cfg,
            std::map<std::string, std::string> checkpoint_metadata = {});

    // Continues from a checkpoint: weights, optimizer moments, step, data position and RNG.
    Status resume(const std::string & checkpoint_path);
    // Goes on from an earlier run whose weights the task's model already holds, its checkpoint
    // gone: the schedule from that run's step, the batches from the start of `epoch`, Adam's
    // moments from zero.
    void continue_from(int64_t step, int64_t epoch);
    // Runs steps until budget_ms is spent (at least one) or the run is done; returns steps run.
    int step(double budget_ms);
    bool done() const { return m_progress.step >= m_cfg.total_steps; }
    Status save_checkpoint();  // atomic; also called every checkpoint_every steps
    Status open_log();         // creates or (after resume) continues the CSV log

    const TrainProgress & progress() const { return m_progress; }
    double last_loss() const { return m_last_loss; }
    double last_lr() const { return m_last_lr; }
    double tokens_per_second() const { return m_tokens_per_s; }  // the task's items: tokens or images
    int64_t skipped_steps() const { return m_skipped_steps; }  // non-finite gradients, not applied
    const Status & periodic_checkpoint_status() const { return m_last_status; }  // the last automatic save
    double learning_rate(int64_t step) const;  // the schedule at a 1-based step

private:
    void one_step();

    std::unique_ptr<TrainingTask> m_owned_task;  // the Seq2Seq constructor's
    TrainingTask & m_task;
    TrainerConfig m_cfg;
    std::map<std::string, std::string> m_meta;
    Adam m_adam;
    Rng m_rng;
    TrainProgress m_progress;
    int64_t m_epoch_batch_count = 0;
    int64_t m_batches_epoch = -1;  // the epoch m_epoch_batch_count belongs to
    TensorMap m_grads;
    CsvLog m_log;
    int64_t m_skipped_steps = 0;
    double m_last_loss = 0.0, m_last_lr = 0.0, m_tokens_per_s = 0.0, m_started_s = 0.0;
    Status m_last_status = Status::success();
};

} // namespace attn
