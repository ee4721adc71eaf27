// `attn train-live`: the Train panel's run (train/live_training.h) without the page, to measure
// what a reader will see: how long a preset takes to reach its target, natively or as wasm under
// node (the same code the page runs), and the steps per second to compare the page against.
//
//   attn train-live [--task reverse] [--set key=value ...] [--target T] [--seconds 300] [--save FILE] [--assets DIR]
//
// --task starts from the task's preset (train_setup.h), which --set then changes. Prints a line per
// held-out check; ends when the full held-out set (500 sequences or sentences) reaches the target
// (exact match, default 0.99; BLEU for the mini corpus, default 30), or at the time or step limit.
// Exit status 0 when the target was reached. --assets: where the mini corpus's lexicon is.
#include "cli/cli.h"
#include "core/clock.h"
#include "core/printf_string.h"
#include "train/live_training.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace attn {

namespace {

std::string task_names() {
    std::string names;
    for (ToyTask t : kToyTasks) names += (names.empty() ? "" : "|") + std::string(toy_task_name(t));
    return names;
}

bool set_field(TrainSetup * s, const std::string & kv) {
    const size_t eq = kv.find('=');
    return eq != std::string::npos && set_setup_field(s, kv.substr(0, eq), kv.substr(eq + 1));
}

} // namespace

int cli_train_live(int argc, char ** argv) {
    TrainSetup setup;
    double target = -1, seconds = 300;
    std::string save, assets = "assets";
    for (int i = 0; i < argc; i++) {
        const bool has_value = i + 1 < argc;
        if (!std::strcmp(argv[i], "--task") && has_value) {
            ToyTask task;
            if (!parse_toy_task(argv[++i], &task)) { std::fprintf(stderr, "attn train-live: --task %s\n", task_names().c_str()); return 2; }
            setup = setup_preset(task);
        } else if (!std::strcmp(argv[i], "--set") && has_value) {
            if (!set_field(&setup, argv[++i])) { std::fprintf(stderr, "attn train-live: --set %s: not a setting\n", argv[i]); return 2; }
        } else if (!std::strcmp(argv[i], "--target") && has_value) target = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--seconds") && has_value) seconds = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--save") && has_value) save = argv[++i];
        else if (!std::strcmp(argv[i], "--assets") && has_value) assets = argv[++i];
        else {
            std::fprintf(stderr, "usage: attn train-live [--task %s] [--set key=value ...] [--target T] [--seconds 300] [--save FILE] [--assets DIR]\n",
                         task_names().c_str());
            return 2;
        }
    }
    const bool corpus = is_corpus_task(setup.task);
    if (target < 0) target = corpus ? 30.0 : 0.99;
    // What the target is reached on: BLEU for the corpus, exact match for symbols.
    const auto measure = [&](const ToyScore & s) { return corpus ? s.bleu : s.exact_match; };
    const char * measure_name = corpus ? "BLEU" : "exact match";
    LiveTraining run;
    run.set_assets_dir(assets);
    if (Status s = run.start(setup); !s) { std::fprintf(stderr, "attn train-live: %s\n", s.message.c_str()); return 2; }
    if (corpus) std::printf("%s, %d sentence pairs; ", toy_task_name(setup.task), kMiniCorpusPairs);
    else std::printf("%s, lengths %d-%d, alphabet %d; ", toy_task_name(setup.task), setup.min_len, setup.max_len, setup.alphabet);
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
        const ToyScore & last = run.last_score();
        const std::string held_out = corpus ? printf_string("BLEU %5.1f", last.bleu) : printf_string("%5.1f%%", 100.0 * last.exact_match);
        std::printf("step %6lld  %6.1f s  loss %.4f  held-out (100) %s  attention %5.1f%% (head %d)  %.1f steps/s\n",
                    (long long)run.step(), training_s, run.last_loss(), held_out.c_str(), 100.0 * last.best_head_follows(), last.best_head,
                    run.steps_per_second());
        std::fflush(stdout);
        if (measure(run.last_score()) >= target) {  // confirm on the whole held-out set
            const ToyScore full = run.score(LiveTraining::kHeldOutExamples);
            if (measure(full) >= target) {
                if (corpus)
                    std::printf("reached BLEU %.1f on 500 held-out sentences (exact match %.1f%%) at step %lld after %.1f s; "
                                "attention where the gold alignment says: %.1f%% (head %d); %.1f steps/s\n",
                                full.bleu, 100.0 * full.exact_match, (long long)run.step(), training_s, 100.0 * full.best_head_follows(),
                                full.best_head, run.steps_per_second());
                else
                    std::printf("reached %.1f%% held-out exact match (500 sequences) at step %lld after %.1f s; attention where the "
                                "task says: %.1f%% (head %d); %.1f steps/s\n",
                                100.0 * full.exact_match, (long long)run.step(), training_s, 100.0 * full.best_head_follows(),
                                full.best_head, run.steps_per_second());
                reached = true;
                break;
            }
        }
    }
    if (!reached) std::printf("did not reach %s %g within %.0f s (step %lld)\n", measure_name, corpus ? target : 100.0 * target, seconds, (long long)run.step());
    if (!save.empty()) {
        if (Status s = run.save_model(save); !s) { std::fprintf(stderr, "attn train-live: %s\n", s.message.c_str()); return 1; }
        std::printf("saved %s\n", save.c_str());
    }
    return reached ? 0 : 1;
}

} // namespace attn
