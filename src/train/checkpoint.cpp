#include "train/checkpoint.h"

#include "train/meta_value.h"

#include <utility>

namespace attn {

namespace {
const char * kVersionKey = "checkpoint_version";
const char * kStep = "train/step";
const char * kEpoch = "train/epoch";
const char * kBatch = "train/batch_in_epoch";
const char * kTokens = "train/tokens_seen";
const char * kSeed = "train/data_seed";
const char * kRng = "train/rng_state";

bool starts_with(const std::string & s, const char * prefix) { return s.rfind(prefix, 0) == 0; }
bool is_optimizer_tensor(const std::string & name) { return starts_with(name, "optimizer/"); }

// Shapes of two parameter sets agree, or a message naming the first difference.
Status same_parameters(const TensorMap & expected, const TensorMap & got) {
    for (const auto & [name, t] : expected) {
        auto it = got.find(name);
        if (it == got.end()) return Status::error("parameter \"" + name + "\" is missing");
        if (it->second.shape() != t.shape())
            return Status::error("parameter \"" + name + "\" has shape " + it->second.shape().str() + ", expected " +
                                 t.shape().str());
    }
    for (const auto & [name, t] : got)
        if (!expected.count(name)) return Status::error("unexpected parameter \"" + name + "\"");
    return Status::success();
}
} // namespace

bool is_reserved_checkpoint_key(const std::string & key) {
    return key == kVersionKey || starts_with(key, "train/") || starts_with(key, "optimizer");
}

Status build_checkpoint(const TensorMap & params, const Adam & adam, const TrainProgress & progress,
                        const std::map<std::string, std::string> & extra, WeightsFile * out) {
    WeightsFile f;
    for (const auto & [key, value] : extra) {
        if (is_reserved_checkpoint_key(key))
            return Status::error("checkpoint metadata key \"" + key + "\" is reserved for the checkpoint itself");
        f.metadata[key] = value;
    }
    for (const auto & [name, t] : params) {
        if (is_optimizer_tensor(name))
            return Status::error("parameter name \"" + name + "\" clashes with the optimizer state's names");
        f.tensors[name] = t;
    }
    adam.export_state(f);
    f.metadata[kVersionKey] = std::to_string(kCheckpointVersion);
    f.metadata[kStep] = std::to_string(progress.step);
    f.metadata[kEpoch] = std::to_string(progress.epoch);
    f.metadata[kBatch] = std::to_string(progress.batch_in_epoch);
    f.metadata[kTokens] = std::to_string(progress.tokens_seen);
    f.metadata[kSeed] = std::to_string(progress.data_seed);
    f.metadata[kRng] = std::to_string(progress.rng_state);
    *out = std::move(f);
    return Status::success();
}

Status save_checkpoint(const std::string & path, const TensorMap & params, const Adam & adam,
                       const TrainProgress & progress, const std::map<std::string, std::string> & extra) {
    WeightsFile f;
    if (Status s = build_checkpoint(params, adam, progress, extra, &f); !s) return Status::error(path + ": " + s.message);
    // save_safetensors checks (finite values, names) before it touches anything, then writes
    // path.tmp and renames it over path.
    Status s = save_safetensors(path, f);
    if (!s) return Status::error(s.message.rfind(path, 0) == 0 ? s.message : path + ": " + s.message);
    return Status::success();
}

Status load_checkpoint(const std::string & path, TensorMap * params, Adam * adam, TrainProgress * progress,
                       std::map<std::string, std::string> * extra, const ReadLimits & limits) {
    WeightsFile f;
    if (Status s = load_safetensors(path, &f, limits); !s) return s;  // its message starts with the path
    auto fail = [&](const std::string & msg) { return Status::error(path + ": not a usable checkpoint: " + msg); };

    auto vit = f.metadata.find(kVersionKey);
    if (vit == f.metadata.end()) return fail("metadata \"checkpoint_version\" is missing (a plain weights file?)");
    if (vit->second != std::to_string(kCheckpointVersion))
        return fail("checkpoint_version is \"" + vit->second + "\", this program reads version " +
                    std::to_string(kCheckpointVersion));

    TrainProgress p;
    const std::pair<const char *, int64_t *> counters[] = {
        {kStep, &p.step}, {kEpoch, &p.epoch}, {kBatch, &p.batch_in_epoch}, {kTokens, &p.tokens_seen}};
    for (const auto & [key, field] : counters)
        if (Status s = meta_int64(f.metadata, key, 0, field); !s) return fail(s.message);
    const std::pair<const char *, uint64_t *> words[] = {{kSeed, &p.data_seed}, {kRng, &p.rng_state}};
    for (const auto & [key, field] : words)
        if (Status s = meta_uint64(f.metadata, key, field); !s) return fail(s.message);

    TensorMap loaded;
    for (auto & [name, t] : f.tensors)
        if (!is_optimizer_tensor(name)) loaded[name] = std::move(t);
    if (loaded.empty()) return fail("it holds no parameters");
    if (!params->empty())
        if (Status s = same_parameters(*params, loaded); !s) return fail(s.message);

    // Import into a scratch optimizer, so that a bad state leaves *adam as it was.
    Adam scratch(adam ? adam->config() : AdamConfig{});
    if (Status s = scratch.import_state(f, loaded); !s) return fail(s.message);
    // optimizer_steps and train/step are not compared: a trainer may skip an update (a non-finite
    // gradient) or accumulate gradients over several batches per update.

    std::map<std::string, std::string> user;
    for (const auto & [key, value] : f.metadata)
        if (!is_reserved_checkpoint_key(key)) user[key] = value;

    *params = std::move(loaded);
    if (adam) *adam = std::move(scratch);
    if (progress) *progress = p;
    if (extra) *extra = std::move(user);
    return Status::success();
}

} // namespace attn
