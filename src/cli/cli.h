// Subcommands of the `attn` command-line tool, one file each (cli_<name>.cpp).
#pragma once
#include <string>

namespace attn {

int cli_bench(int argc, char ** argv);      // argv: the arguments after "bench"
int cli_translate(int argc, char ** argv);  // argv: the arguments after "translate"
int cli_train(int argc, char ** argv);
int cli_train_live(int argc, char ** argv);  // the Train panel's run, timed
int cli_train_image(const std::string & config_path, bool resume);  // cli_train dispatches
int cli_classify(int argc, char ** argv);
int cli_plot_log(int argc, char ** argv);
int cli_corpus(int argc, char ** argv);
int cli_eval(int argc, char ** argv);
int cli_eval_by_length(int argc, char ** argv);  // `attn eval --by-length ...` (cli_eval dispatches)
int cli_eval_everyday(int argc, char ** argv);   // `attn eval --everyday ...`
int cli_eval_classifier(int argc, char ** argv);  // `attn eval --classifier ...`
int cli_quantize(int argc, char ** argv);

} // namespace attn
