// `attn eval --model M --corpus DIR [--split test.tsv] [--limit N] [--beam B] [--all]`
// `attn eval --model M --real FILE.tsv --column C [--limit N]`
// Scores a translator: BLEU, exact match, unknown-word rate and cross-attention AER per head (see
// models/translation_eval.h). --all also scores the compositional split and every challenge set,
// printing a Markdown table for the model card. --real scores a real-text TSV (scripts/real-text)
// whose column C (0-based) holds the reference.
// `attn eval --by-length ...` (BLEU per source-length bucket, several models) is cli_eval_by_length.cpp,
// `attn eval --everyday DIR` (the everyday test set) cli_eval_everyday.cpp.
#include "cli/cli.h"
#include "models/translation_eval.h"
#include "train/parallel_data.h"

#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <algorithm>
#include <fstream>
#include <sstream>

namespace attn {

namespace {

void usage() {
    std::fprintf(stderr,
                 "usage: attn eval --model M.safetensors --corpus DIR [--split test.tsv] [--limit N] [--beam B] [--all]\n"
                 "       attn eval --model M.safetensors --real FILE.tsv --column C [--limit N] [--beam B]\n"
                 "       attn eval --model M.safetensors --everyday DIR [--beam B] [--out FILE.tsv]\n"
                 "       attn eval --classifier M.safetensors [--data DIR] [--png confusion.png]\n"
                 "       attn eval --by-length --corpus DIR --model A.safetensors [--model B.safetensors ...] [--label NAME ...]\n"
                 "                 [--limit-per-bucket N] [--png out.png] [--csv out.csv]\n");
}

Status corpus_items(const std::string & dir, const std::string & split, const std::string & lang, size_t limit,
                    std::vector<EvalItem> * out) {
    ParallelData d;
    if (Status s = load_parallel_data(dir, split, lang, limit, &d); !s) return s;
    out->clear();
    for (const corpus::CorpusExample & e : d.rows)
        out->push_back({e.en, target_text(e, lang), target_alignment(e, lang)});
    return Status::success();
}

Status real_items(const std::string & path, int column, size_t limit, std::vector<EvalItem> * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path + " (make it with scripts/real-text)");
    std::string line;
    while (std::getline(f, line) && (limit == 0 || out->size() < limit)) {
        std::vector<std::string> cells;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, '\t')) cells.push_back(cell);
        if (int(cells.size()) <= column) return Status::error(path + ": a row has no column " + std::to_string(column));
        out->push_back({cells[0], cells[size_t(column)], ""});
    }
    return Status::success();
}

void print_line(const char * name, const TranslationEval & e) {
    std::printf("| %s | %d | %.2f | %.1f%% | %.1f%% |", name, e.sentences, e.bleu, 100.0 * e.exact_match,
                100.0 * e.unknown_word_rate);
    if (e.has_alignment) std::printf(" %.3f (layer %d head %d) | %.3f |\n", e.aer_best, e.best_layer, e.best_head, e.aer_head_average);
    else std::printf(" - | - |\n");
    std::fflush(stdout);
}

} // namespace

int cli_eval(int argc, char ** argv) {
    for (int i = 0; i < argc; i++) {
        if (std::string(argv[i]) == "--by-length") return cli_eval_by_length(argc, argv);
        if (std::string(argv[i]) == "--classifier") return cli_eval_classifier(argc, argv);
        if (std::string(argv[i]) == "--everyday") return cli_eval_everyday(argc, argv);
    }
    std::string model_path, dir, split = "test.tsv", real;
    size_t limit = 0;
    int column = 1;
    bool all = false;
    DecodeOptions opts;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        const bool has = i + 1 < argc;
        if (a == "--model" && has) model_path = argv[++i];
        else if (a == "--corpus" && has) dir = argv[++i];
        else if (a == "--split" && has) split = argv[++i];
        else if (a == "--limit" && has) limit = size_t(std::atol(argv[++i]));
        else if (a == "--beam" && has) opts.beam = std::atoi(argv[++i]);
        else if (a == "--real" && has) real = argv[++i];
        else if (a == "--column" && has) column = std::atoi(argv[++i]);
        else if (a == "--all") all = true;
        else { usage(); return 2; }
    }
    if (model_path.empty() || (dir.empty() && real.empty()) || opts.beam < 1 || column < 1) { usage(); return 2; }
    Translator t;
    if (Status s = Translator::load(model_path, &t); !s) { std::fprintf(stderr, "attn eval: %s\n", s.message.c_str()); return 1; }
    Compute cc = Compute::fastest();
    std::printf("| set | sentences | BLEU | exact match | unknown words | best head AER | head-average AER |\n"
                "|---|---|---|---|---|---|---|\n");
    std::vector<EvalItem> items;
    if (!real.empty()) {
        if (Status s = real_items(real, column, limit, &items); !s) { std::fprintf(stderr, "attn eval: %s\n", s.message.c_str()); return 1; }
        const TranslationEval e = evaluate_translator(cc, t, items, opts, false);
        print_line(real.c_str(), e);
        for (size_t i = 0; i < std::min<size_t>(5, items.size()); i++)
            std::fprintf(stderr, "  %s\n  -> %s\n  ref %s\n", items[i].source.c_str(), e.hypotheses[i].c_str(), items[i].reference.c_str());
        return 0;
    }
    std::vector<std::string> splits = {split};
    if (all) {
        splits.push_back("compositional.tsv");
        std::vector<std::string> challenges;
        if (DIR * d = opendir(dir.c_str())) {
            while (dirent * ent = readdir(d)) {
                const std::string n = ent->d_name;
                if (n.rfind("challenge-", 0) == 0) challenges.push_back(n);
            }
            closedir(d);
        }
        std::sort(challenges.begin(), challenges.end());
        splits.insert(splits.end(), challenges.begin(), challenges.end());
    }
    for (const std::string & s : splits) {
        if (Status st = corpus_items(dir, s, t.target_language(), limit, &items); !st) {
            std::fprintf(stderr, "attn eval: %s\n", st.message.c_str());
            return 1;
        }
        print_line(s.c_str(), evaluate_translator(cc, t, items, opts, true));
    }
    return 0;
}

} // namespace attn
