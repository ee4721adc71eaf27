// `attn train-live`: the Train panel's run (train/live_training.h) without the page, to measure
// what a reader will see: how long a preset takes to reach its target, natively or as wasm under
// node (the same code the page runs), and the steps per second to compare the page against.
//
//   attn train-live [--task reverse] [--set key=value ...] [--target 0.99] [--seconds 300] [--save FILE]
//
// Prints a line per held-out check; ends when the full held-out set (500 sequences) reaches the
// target exact match, or at the time or step limit. Exit status 0 when the target was reached.
#include "cli/cli.h"
#include "core/clock.h"
#include "train/live_training.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace attn {

namespace {

bool set_field(TrainSetup * s, const std::string & kv) {
    const size_t eq = kv.find('=');
    return eq != std::string::npos && set_setup_field(s, kv.substr(0, eq), kv.substr(eq + 1));
}

} // namespace

int cli_train_live(int argc, char ** argv) {
    TrainSetup setup;
    double target = 0.99, seconds = 300;
    std::string save;
    for (int i = 0; i < argc; i++) {
        const bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--task") && has_value) {
            if (!parse_toy_task(argv[++i], &setup.task)) { std::fprintf(stderr, "attn train-live: --task copy|reverse|sort\n"); return 2; }
        } else if (!std::strcmp(argv[i], "--set") && has_value) {
            if (!set_field(&setup, argv[++i])) { std::fprintf(stderr, "attn train-live: --set %s: not a setting\n", argv[i]); return 2; }
        } else if (!std::strcmp(argv[i], "--target") && has_value) target = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--seconds") && has_value) seconds = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--save") && has_value) save = argv[++i];
        else {
            std::fprintf(stderr, "usage: attn train-live [--task copy|reverse|sort] [--set key=value ...] [--target 0.99] [--seconds 300] [--save FILE]\n");
            return 2;
        }
    }
    LiveTraining run;
    if (Status s = run.start(setup); !s) { std::fprintf(stderr, "attn train-live: %s\n", s.message.c_str()); return 2; }
    std::printf("%s, lengths %d-%d, alphabet %d; ", toy_task_name(setup.task), setup.min_len, setup.max_len, setup.alphabet);
    if (setup.arch == ToyArch::Transformer)
        std::printf("%d+%d layers, d_model %d, %d heads, d_ff %d", setup.layers, setup.layers, setup.d_model, setup.heads, setup.d_ff);
    else
        std::printf("%s, %d hidden units", setup_choice_name(setup, *find_setup_choice("arch")), setup.hidden);
    std::printf("; batch %d tokens\n", setup.batch_tokens);
    const double start = now_seconds();
    size_t checks = run.curves().eval_step.size();
    bool reached = false;
    double training_s = 0;  // without the held-out checks of the full set below
    while (!run.finished() && now_seconds() - start < seconds) {
        run.advance(100.0);
        if (run.curves().eval_step.size() == checks) continue;
        checks = run.curves().eval_step.size();
        training_s = now_seconds() - start;
        std::printf("step %6lld  %6.1f s  loss %.4f  held-out (100) %5.1f%%  attention %5.1f%% (head %d)  %.1f steps/s\n",
                    (long long)run.step(), training_s, run.last_loss(), 100.0 * run.last_score().exact_match,
                    100.0 * run.last_score().best_head_follows(), run.last_score().best_head, run.steps_per_second());
        std::fflush(stdout);
        if (run.last_score().exact_match >= target) {  // confirm on the whole held-out set
            Compute cc = Compute::fastest();
            const ToyScore full = score_toy_task(cc, run.model(), setup.task,
                                                 make_toy_examples(setup.task, LiveTraining::kHeldOutExamples, setup.min_len,
                                                                   setup.max_len, uint64_t(setup.seed) + 1000003, setup.alphabet));
            if (full.exact_match >= target) {
                std::printf("reached %.1f%% held-out exact match (500 sequences) at step %lld after %.1f s; attention where the "
                            "task says: %.1f%% (head %d); %.1f steps/s\n",
                            100.0 * full.exact_match, (long long)run.step(), training_s, 100.0 * full.best_head_follows(),
                            full.best_head, run.steps_per_second());
                reached = true;
                break;
            }
        }
    }
    if (!reached) std::printf("did not reach %.1f%% within %.0f s (step %lld)\n", 100.0 * target, seconds, (long long)run.step());
    if (!save.empty()) {
        if (Status s = run.save_model(save); !s) { std::fprintf(stderr, "attn train-live: %s\n", s.message.c_str()); return 1; }
        std::printf("saved %s\n", save.c_str());
    }
    return reached ? 0 : 1;
}

} // namespace attn
