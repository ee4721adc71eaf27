// What both `attn train` runs (translators and image classifiers) do around their Trainer: make
// the run folder, resume from its checkpoint or start a log, then step until the schedule ends,
// the time limit passes or Ctrl-C, showing progress, and save the checkpoint whatever the reason.
#pragma once
#include "core/status.h"
#include "train/trainer.h"

#include <string>

namespace attn {

// The run folder with its parents (a fresh checkout has no build/runs/).
Status make_run_folder(const std::string & dir);

// Resumes from the checkpoint when asked (saying from which step), then opens the CSV log.
Status start_training(Trainer & trainer, bool resume, const std::string & checkpoint_path);

struct TrainingRun {
    Status status;             // a failed final checkpoint
    bool interrupted = false;  // Ctrl-C: the caller says how to go on and exits 130
    double seconds = 0.0;      // wall time of this sitting
};

// Steps of at most `step_budget_ms` each until done, interrupted, or past `max_seconds` (0: no
// limit). A periodic checkpoint that fails is reported once, and training goes on.
TrainingRun run_training(Trainer & trainer, int64_t total_steps, double max_seconds, double step_budget_ms);

} // namespace attn
