// What a Train panel run has drawn so far, kept beside its checkpoint so that a reloaded page
// continues with its curves and timeline intact: one safetensors file,
//   tensors   loss/x, loss/y, lr/x, lr/y              the thinned per-step curves
//             eval/step, eval/exact, eval/follows      the held-out checks (eval/bleu too for the mini corpus)
//             timeline/step (frames), timeline/maps (frames, layers · heads · rows · cols)
//   metadata  format, probe, snapshot_every, loss_group, lr_group, good_step
// A curve's point still being averaged is not kept: the resumed run starts a new one. The curves
// and frames are written the same way into the Train panel's snapshots (train/train_snapshot.h).
#pragma once
#include "core/status.h"
#include "io/safetensors.h"
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

// The curves and frames as tensors (and the curves' groups as metadata), and back; reading checks
// that the series agree in length and the maps hold the frames. `where` starts any error message.
void put_curves_and_frames(const TrainCurves & curves, const std::vector<TimelineFrame> & frames, WeightsFile * f);
Status get_curves_and_frames(const WeightsFile & f, const std::string & where, TrainCurves * curves,
                             std::vector<TimelineFrame> * frames);
// A decimal integer entry of the metadata in [lo, hi].
bool read_int(const std::map<std::string, std::string> & meta, const std::string & key, int64_t lo, int64_t hi, int64_t * out);

} // namespace attn
