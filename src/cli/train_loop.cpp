#include "cli/train_loop.h"

#include "core/clock.h"
#include "train/progress.h"

#include <csignal>
#include <cstdio>
#include <filesystem>

namespace attn {

namespace {
volatile std::sig_atomic_t g_interrupted = 0;
void on_sigint(int) { g_interrupted = 1; }
} // namespace

Status make_run_folder(const std::string & dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    return error ? Status::error("cannot create " + dir + ": " + error.message()) : Status::success();
}

Status start_training(Trainer & trainer, bool resume, const std::string & checkpoint_path) {
    if (resume) {
        if (Status st = trainer.resume(checkpoint_path); !st) return Status::error("cannot resume: " + st.message);
        std::fprintf(stderr, "resumed at step %lld\n", (long long)trainer.progress().step);
    }
    return trainer.open_log();
}

TrainingRun run_training(Trainer & trainer, int64_t total_steps, double max_seconds, double step_budget_ms) {
    std::signal(SIGINT, on_sigint);
    ProgressBar bar(stderr, total_steps);
    bool warned = false;
    const double started = now_ms();
    auto out_of_time = [&] { return max_seconds > 0 && ms_since(started) / 1000.0 > max_seconds; };
    while (!trainer.done() && !g_interrupted && !out_of_time()) {
        trainer.step(step_budget_ms);
        if (!trainer.periodic_checkpoint_status() && !warned) {  // keep training; say so once
            std::fprintf(stderr, "\nattn train: checkpoint not saved: %s\n", trainer.periodic_checkpoint_status().message.c_str());
            warned = true;
        }
        bar.update(trainer.progress().step, trainer.last_loss(), trainer.last_lr(), trainer.tokens_per_second());
    }
    bar.finish();
    TrainingRun run;
    run.seconds = ms_since(started) / 1000.0;
    run.status = trainer.save_checkpoint();
    run.interrupted = g_interrupted != 0;
    if (run.status && run.interrupted)
        std::fprintf(stderr, "interrupted at step %lld; checkpoint saved. Continue with --resume.\n", (long long)trainer.progress().step);
    return run;
}

} // namespace attn
