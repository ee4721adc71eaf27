// What a Train panel run has drawn so far, kept beside its checkpoint so that a reloaded page
// continues with its curves and timeline intact: one safetensors file,
//   tensors   loss/x, loss/y, lr/x, lr/y              the thinned per-step curves
//             eval/step, eval/exact, eval/follows      the held-out checks
//             timeline/step (frames), timeline/maps (frames, layers · heads · rows · cols)
//   metadata  probe, snapshot_every, loss_group, lr_group, good_step
// A curve's point still being averaged is not kept: the resumed run starts a new one.
#pragma once
#include "core/status.h"
#include "train/live_training.h"

#include <string>
#include <vector>

namespace attn {

struct RunHistory {
    TrainCurves curves;
    std::vector<TimelineFrame> timeline;
    std::string probe;
    int snapshot_every = 1;
    int64_t good_step = 0;
};

Status save_run_history(const std::string & path, const RunHistory & history);  // atomic
Status load_run_history(const std::string & path, RunHistory * out);

} // namespace attn
