#include "train/trainer.h"

#include "core/clock.h"
#include "core/parallel.h"
#include "train/grad_clip.h"
#include "train/schedule.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace attn {

int64_t Seq2SeqTask::begin_epoch(uint64_t seed, int64_t epoch) {
    m_batches = make_token_batches(m_data, m_max_tokens, seed, epoch);
    return int64_t(m_batches.size());
}

double Seq2SeqTask::train_batch(int64_t index, Rng & rng, TensorMap * grads, int64_t * items) {
    const std::vector<size_t> & indices = m_batches[size_t(index)];
    if (!m_replicas.empty() && indices.size() > 1) return data_parallel_batch(indices, rng, grads, items);
    const PaddedBatch batch = make_padded_batch(m_data, indices, m_model.pad_id(), m_model.bos_id(), m_model.eos_id());
    *items = batch.target_tokens;
    return m_model.forward_backward(batch, rng, grads);
}

// Part p of R takes the batch's sentences [n·p/R, n·(p+1)/R); part 0 runs on the model itself.
double Seq2SeqTask::data_parallel_batch(const std::vector<size_t> & indices, Rng & rng, TensorMap * grads, int64_t * items) {
    const int parts = int(std::min(m_replicas.size() + 1, indices.size()));
    m_replica_grads.resize(m_replicas.size());
    for (int p = 1; p < parts; p++)
        for (auto & [name, t] : m_replicas[size_t(p - 1)]->parameters()) {
            const Tensor & src = m_model.parameters().at(name);
            std::copy(src.data(), src.data() + src.numel(), t.data());
        }
    std::vector<PaddedBatch> batches(static_cast<size_t>(parts));
    std::vector<Rng> rngs;
    for (int p = 0; p < parts; p++) {
        const size_t n = indices.size();
        const std::vector<size_t> part(indices.begin() + long(n * size_t(p) / size_t(parts)),
                                       indices.begin() + long(n * size_t(p + 1) / size_t(parts)));
        batches[size_t(p)] = make_padded_batch(m_data, part, m_model.pad_id(), m_model.bos_id(), m_model.eos_id());
        rngs.emplace_back(rng.next_u64());
    }
    std::vector<double> losses(static_cast<size_t>(parts));
    parallel_ranges(parts, parts, [&](int64_t p0, int64_t p1, int) {
        for (int64_t p = p0; p < p1; p++) {
            Seq2SeqModel & m = p == 0 ? m_model : *m_replicas[size_t(p - 1)];
            losses[size_t(p)] = m.forward_backward(batches[size_t(p)], rngs[size_t(p)], p == 0 ? grads : &m_replica_grads[size_t(p - 1)]);
        }
    });
    int64_t tokens = 0;
    for (const PaddedBatch & b : batches) tokens += b.target_tokens;
    *items = tokens;
    const float share0 = float(double(batches[0].target_tokens) / double(tokens));
    double loss = losses[0] * share0;
    for (auto & [name, g] : *grads)
        for (int64_t i = 0; i < g.numel(); i++) g[i] *= share0;
    for (int p = 1; p < parts; p++) {
        const float share = float(double(batches[size_t(p)].target_tokens) / double(tokens));
        loss += losses[size_t(p)] * share;
        for (auto & [name, g] : *grads) {
            const Tensor & add = m_replica_grads[size_t(p - 1)].at(name);
            for (int64_t i = 0; i < g.numel(); i++) g[i] += share * add[i];
        }
    }
    return loss;
}

Trainer::Trainer(TrainingTask & task, TrainerConfig cfg, std::map<std::string, std::string> meta)
    : m_task(task), m_cfg(std::move(cfg)), m_meta(std::move(meta)), m_adam(m_cfg.adam),
      m_rng(m_cfg.seed ^ 0xD1B54A32D192ED03ull) {
    m_progress.data_seed = m_cfg.seed;
    m_progress.rng_state = m_rng.state();
    m_started_s = now_seconds();
}

Trainer::Trainer(Seq2SeqModel & model, std::vector<Example> data, TrainerConfig cfg,
                 std::map<std::string, std::string> meta)
    : m_owned_task(std::make_unique<Seq2SeqTask>(model, std::move(data), cfg.max_tokens)), m_task(*m_owned_task),
      m_cfg(std::move(cfg)), m_meta(std::move(meta)), m_adam(m_cfg.adam), m_rng(m_cfg.seed ^ 0xD1B54A32D192ED03ull) {
    m_progress.data_seed = m_cfg.seed;
    m_progress.rng_state = m_rng.state();
    m_started_s = now_seconds();
}

double Trainer::learning_rate(int64_t step) const {
    if (m_cfg.schedule == "constant") return m_cfg.lr;
    if (m_cfg.schedule == "cosine") return cosine_rate(std::max<int64_t>(step, 1), m_cfg.lr, m_cfg.warmup, m_cfg.total_steps);
    return noam_rate(std::max<int64_t>(step, 1), m_cfg.d_model, m_cfg.warmup, m_cfg.factor);
}

Status Trainer::resume(const std::string & path) {
    TensorMap params;
    Adam adam(m_cfg.adam);
    TrainProgress progress;
    std::map<std::string, std::string> extra;
    if (Status st = load_checkpoint(path, &params, &adam, &progress, &extra); !st) return st;
    TensorMap & mine = m_task.parameters();
    // Same names and shapes, or it is another model's checkpoint.
    if (params.size() != mine.size()) return Status::error(path + ": the checkpoint is for a different model");
    for (auto & [name, t] : mine) {
        auto it = params.find(name);
        if (it == params.end() || it->second.shape() != t.shape())
            return Status::error(path + ": the checkpoint has no tensor " + name + " of shape " + t.shape().str());
    }
    if (progress.data_seed != m_cfg.seed)
        return Status::error(path + ": the checkpoint was made with data seed " + std::to_string(progress.data_seed) +
                             ", this run uses " + std::to_string(m_cfg.seed));
    // Files the run names by their hash (its *_sha256 entries, such as the subword pieces') must be
    // the checkpoint's: other pieces would give the same token ids other meanings.
    for (const auto & [key, value] : m_meta) {
        const bool hash = key.size() > 7 && key.compare(key.size() - 7, 7, "_sha256") == 0;
        const auto theirs = extra.find(key);
        if (hash && theirs != extra.end() && theirs->second != value)
            return Status::error(path + ": the checkpoint was trained on other data (" + key +
                                 " differs): resume with the run's own files, or start again");
    }
    // Copy values in place: models keep views into their tensors.
    for (auto & [name, t] : mine) std::memcpy(t.data(), params.at(name).data(), size_t(t.numel()) * sizeof(float));
    m_adam = std::move(adam);
    m_progress = progress;
    m_rng.set_state(progress.rng_state);
    return Status::success();
}

void Trainer::continue_from(int64_t step, int64_t epoch) {
    m_progress.step = step;
    m_progress.epoch = epoch;
    m_progress.batch_in_epoch = 0;
}

Status Trainer::open_log() {
    if (m_cfg.log_path.empty()) return Status::success();
    return m_log.open(m_cfg.log_path, m_progress.step > 0 ? m_progress.step : -1);
}

Status Trainer::save_checkpoint() {
    if (m_cfg.checkpoint_path.empty()) return Status::success();
    m_progress.rng_state = m_rng.state();
    return attn::save_checkpoint(m_cfg.checkpoint_path, m_task.parameters(), m_adam, m_progress, m_meta);
}

void Trainer::one_step() {
    if (m_batches_epoch != m_progress.epoch) {
        m_epoch_batch_count = m_task.begin_epoch(m_cfg.seed, m_progress.epoch);
        m_batches_epoch = m_progress.epoch;
    }
    const double t0 = now_seconds();
    int64_t items = 0;
    m_last_loss = m_task.train_batch(m_progress.batch_in_epoch, m_rng, &m_grads, &items);
    const double norm = m_cfg.clip_norm > 0 ? clip_grad_norm(m_grads, m_cfg.clip_norm) : global_grad_norm(m_grads);
    m_last_lr = learning_rate(m_progress.step + 1);
    // A non-finite gradient (an overflow on a bad batch) would write NaN into every weight through
    // Adam's moments; skip the update and count the step, so one bad batch cannot end the run.
    if (std::isfinite(norm)) m_adam.step(m_task.parameters(), m_grads, m_last_lr);
    else m_skipped_steps++;
    const double dt = now_seconds() - t0;
    m_tokens_per_s = dt > 0 ? double(items) / dt : 0.0;

    m_progress.step++;
    m_progress.tokens_seen += items;
    if (++m_progress.batch_in_epoch >= m_epoch_batch_count) {
        m_progress.batch_in_epoch = 0;
        m_progress.epoch++;
    }
    m_progress.rng_state = m_rng.state();
    if (m_log.is_open())
        (void)m_log.row(m_progress.step, m_progress.epoch, m_last_loss, m_last_lr, m_tokens_per_s,
                        now_seconds() - m_started_s);
    if (m_cfg.checkpoint_every > 0 && m_progress.step % m_cfg.checkpoint_every == 0) m_last_status = save_checkpoint();
}

int Trainer::step(double budget_ms) {
    const double end = now_seconds() + budget_ms / 1000.0;
    int steps = 0;
    while (!done()) {
        one_step();
        steps++;
        if (now_seconds() >= end) break;
    }
    return steps;
}

} // namespace attn
