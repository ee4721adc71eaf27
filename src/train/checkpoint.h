// Training checkpoints: everything needed to stop a run and continue it as if it had not stopped,
// in one safetensors file (readable by any safetensors tool; the parameters load as a model):
//
//   tensors   <param name>                   the parameters, named as in the TensorMap
//             optimizer/m/<param>, optimizer/v/<param>          Adam's moments (see optimizer.h)
//   metadata  checkpoint_version = "1"
//             train/step, train/epoch, train/batch_in_epoch, train/tokens_seen,
//             train/data_seed, train/rng_state                  decimal integers (TrainProgress)
//             optimizer_steps, optimizer/step/<param>           (optimizer.h)
//             anything the caller adds ("extra": model config JSON, vocabulary hash...), whose keys
//             must not collide with the above (checkpoint_version, train/..., optimizer...)
//
// Saving is atomic (a .tmp file renamed over the old checkpoint), so a crash during a save leaves
// the previous checkpoint intact. Loading validates every field and leaves the outputs untouched
// when anything is wrong. Values must be finite: a run that diverged cannot checkpoint its NaNs.
#pragma once
#include "core/rng.h"  // TrainProgress::rng_state is an Rng::state()
#include "core/status.h"
#include "core/tensor.h"
#include "io/safetensors.h"
#include "train/optimizer.h"

#include <cstdint>
#include <map>
#include <string>

namespace attn {

constexpr int kCheckpointVersion = 1;

// Where a run is. A resumed run continues with epoch `epoch`, recomputes that epoch's batch order
// from data_seed (make_token_batches) and skips its first `batch_in_epoch` batches.
struct TrainProgress {
    int64_t step = 0;            // optimizer steps done
    int64_t epoch = 0;           // the current epoch, from 0
    int64_t batch_in_epoch = 0;  // batches of that epoch done
    int64_t tokens_seen = 0;     // items trained on so far (target tokens, images), for rates and logs
    uint64_t data_seed = 0;      // the seed of the batch order
    uint64_t rng_state = 0;      // Rng::state() of the run's generator (dropout...), to continue its stream
    bool operator==(const TrainProgress & o) const {
        return step == o.step && epoch == o.epoch && batch_in_epoch == o.batch_in_epoch &&
               tokens_seen == o.tokens_seen && data_seed == o.data_seed && rng_state == o.rng_state;
    }
};

// Whether `key` is one the checkpoint itself uses (so an extra entry may not).
bool is_reserved_checkpoint_key(const std::string & key);

// The checkpoint as a WeightsFile; errors on a reserved extra key or a parameter named optimizer/...
Status build_checkpoint(const TensorMap & params, const Adam & adam, const TrainProgress & progress,
                        const std::map<std::string, std::string> & extra, WeightsFile * out);

Status save_checkpoint(const std::string & path, const TensorMap & params, const Adam & adam,
                       const TrainProgress & progress, const std::map<std::string, std::string> & extra);

// Loads and validates. If *params is non-empty on entry, the checkpoint must hold exactly those
// parameter names and shapes (a checkpoint of another model is refused, naming the difference);
// if it is empty, whatever parameters the file holds are taken. adam, progress and extra may be
// nullptr when not wanted (e.g. evaluating a checkpoint); the optimizer state is validated anyway.
// Error messages start with the path.
Status load_checkpoint(const std::string & path, TensorMap * params, Adam * adam, TrainProgress * progress,
                       std::map<std::string, std::string> * extra, const ReadLimits & limits = ReadLimits{});

} // namespace attn
