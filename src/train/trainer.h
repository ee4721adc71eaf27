// The training loop, model-agnostic: anything that can turn a padded batch of sequence pairs into
// a loss and gradients (Seq2SeqModel) trains here with Adam, the paper's learning-rate schedule or
// a constant rate, gradient clipping, token-budget batches, checkpoints and a CSV log.
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

struct TrainerConfig {
    int64_t total_steps = 1000;
    int64_t max_tokens = 2048;          // padded tokens per batch
    uint64_t seed = 1;                  // batch order and dropout
    // Learning rate: "noam" = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5) (the
    // paper's), or "constant" = lr.
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
    Trainer(Seq2SeqModel & model, std::vector<Example> data, TrainerConfig cfg,
            std::map<std::string, std::string> checkpoint_metadata = {});

    // Continues from a checkpoint: weights, optimizer moments, step, data position and RNG.
    Status resume(const std::string & checkpoint_path);
    // Runs steps until budget_ms is spent (at least one) or the run is done; returns steps run.
    int step(double budget_ms);
    bool done() const { return m_progress.step >= m_cfg.total_steps; }
    Status save_checkpoint();  // atomic; also called every checkpoint_every steps
    Status open_log();         // creates or (after resume) continues the CSV log

    const TrainProgress & progress() const { return m_progress; }
    double last_loss() const { return m_last_loss; }
    double last_lr() const { return m_last_lr; }
    double tokens_per_second() const { return m_tokens_per_s; }
    int64_t skipped_steps() const { return m_skipped_steps; }  // non-finite gradients, not applied
    const Status & periodic_checkpoint_status() const { return m_last_status; }  // the last automatic save
    double learning_rate(int64_t step) const;  // the schedule at a 1-based step
    const std::vector<Example> & data() const { return m_data; }

private:
    void one_step();

    Seq2SeqModel & m_model;
    std::vector<Example> m_data;
    TrainerConfig m_cfg;
    std::map<std::string, std::string> m_meta;
    Adam m_adam;
    Rng m_rng;
    TrainProgress m_progress;
    std::vector<std::vector<size_t>> m_epoch_batches;
    int64_t m_batches_epoch = -1;  // the epoch m_epoch_batches belongs to
    TensorMap m_grads;
    CsvLog m_log;
    int64_t m_skipped_steps = 0;
    double m_last_loss = 0.0, m_last_lr = 0.0, m_tokens_per_s = 0.0, m_started_s = 0.0;
    Status m_last_status = Status::success();
};

} // namespace attn
