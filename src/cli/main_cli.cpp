// `attn`: the offline command-line tool, one subcommand per task (translate, train, eval, classify,
// quantize, ...); each prints its own --help.
#include "cli/cli.h"
#include "core/build_info.h"
#include "core/parallel.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

static int cmd_info() {
    std::printf("attention playground %s\n", attn::version());
    std::printf("build:    %s\n", attn::build_kind());
    std::printf("simd:     %s\n", attn::simd_compiled() ? attn::simd_isa() : "none (scalar)");
    std::printf("compiler: %s\n", attn::compiler());
    std::printf("threads:  %d of %d (ATTN_THREADS)\n", attn::compute_threads(), attn::hardware_threads());
    return 0;
}

static void usage(FILE * to) {
    std::fprintf(to,
                 "usage: attn <command> [options]\n"
                 "commands:\n"
                 "  info       version, build kind, SIMD and compiler of this binary\n"
                 "  translate  translate a sentence (or token ids); --json prints every attention map\n"
                 "  train      train a Transformer, an RNN or an image classifier from a JSON config\n"
                 "             (--config cfg.json [--resume])\n"
                 "  train-live the Train panel's run without the page: time to a held-out target, steps/s\n"
                 "  classify   run the Fashion-MNIST classifiers on a picture (image.png [--json])\n"
                 "  plot-log   draw a training log's loss curve as PNG (log.csv loss.png)\n"
                 "  eval       score a translator: BLEU, exact match, attention AER (--model M --corpus DIR);\n"
                 "             --by-length: BLEU per source-length bucket for several models, table and PNG;\n"
                 "             --classifier M: an image classifier's Fashion-MNIST accuracy and confusion matrix\n"
                 "  corpus     generate the EN-zh_TW-DE corpus from the grammar (--seed S --out DIR)\n"
                 "  quantize   store a model's weights as F16, I8 or F32 (--dtype f16|i8|f32 in out)\n"
                 "  bench      time the peer harness's workloads on every CPU backend (--json, --quick)\n"
                 "  --version  print the version\n"
                 "environment:\n"
                 "  ATTN_THREADS=N  split the kernels' large products over N threads (default 1; the\n"
                 "             results are the same bits at any count)\n");
}

int main(int argc, char ** argv) {
    if (argc < 2) { usage(stderr); return 2; }
    const char * cmd = argv[1];
    // One thread unless asked: commands often run beside training or a test suite on few cores.
    if (const char * threads = std::getenv("ATTN_THREADS")) attn::set_compute_threads(std::atoi(threads));
    if (!std::strcmp(cmd, "info")) return cmd_info();
    if (!std::strcmp(cmd, "bench")) return attn::cli_bench(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "translate")) return attn::cli_translate(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "train")) return attn::cli_train(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "train-live")) return attn::cli_train_live(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "classify")) return attn::cli_classify(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "plot-log")) return attn::cli_plot_log(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "corpus")) return attn::cli_corpus(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "eval")) return attn::cli_eval(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "quantize")) return attn::cli_quantize(argc - 2, argv + 2);
    if (!std::strcmp(cmd, "--version")) { std::printf("%s\n", attn::version()); return 0; }
    if (!std::strcmp(cmd, "--help") || !std::strcmp(cmd, "help")) { usage(stdout); return 0; }
    std::fprintf(stderr, "attn: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
