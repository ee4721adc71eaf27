// `attn eval --model M --everyday DIR [--beam B] [--out FILE.tsv]`: the everyday test set
// (DIR/everyday.tsv, assets/everyday/README.md): multi-reference chrF and BLEU, the share of
// input words read as <unk>, the share of outputs stopped at the length cap and the share in which
// decoding turned down a repetition, per category and overall, as a Markdown table. --out writes
// every output with why it ended (id, category, English, translation, stop, confidence,
// repetitions turned down), for reading them. Two more rows split the set by whether the reader is
// warned (stopped, unsure, a repetition turned down, or a construction the grammar lacks:
// models/translator.h). The last two put the model beside a second human translator: each
// scored against the first reference alone.
#include "cli/cli.h"
#include "models/everyday_eval.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace attn {

namespace {

void print_row(const EverydayScore & s) {
    std::printf("| %s | %d | %.1f | %.1f | %.1f%% | %.1f%% | %d |\n", s.category.c_str(), s.sentences, s.chrf, s.bleu,
                100.0 * s.unknown_rate(), 100.0 * s.stopped_rate(), s.repeats_avoided);
}

// A row of scores alone: the reading columns do not apply to a reference.
void print_scores(const EverydayScore & s) {
    std::printf("| %s | %d | %.1f | %.1f | – | – | – |\n", s.category.c_str(), s.sentences, s.chrf, s.bleu);
}

} // namespace

int cli_eval_everyday(int argc, char ** argv) {
    std::string model_path, dir, out_path;
    DecodeOptions opts;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        const bool has = i + 1 < argc;
        if (a == "--model" && has) model_path = argv[++i];
        else if (a == "--everyday" && has) dir = argv[++i];
        else if (a == "--beam" && has) opts.beam = std::atoi(argv[++i]);
        else if (a == "--out" && has) out_path = argv[++i];
        else {
            std::fprintf(stderr, "usage: attn eval --model M.safetensors --everyday DIR [--beam B] [--out FILE.tsv]\n");
            return 2;
        }
    }
    if (model_path.empty() || dir.empty() || opts.beam < 1) {
        std::fprintf(stderr, "usage: attn eval --model M.safetensors --everyday DIR [--beam B] [--out FILE.tsv]\n");
        return 2;
    }
    Translator t;
    if (Status s = Translator::load(model_path, &t); !s) { std::fprintf(stderr, "attn eval: %s\n", s.message.c_str()); return 1; }
    std::vector<EverydayItem> items;
    if (Status s = load_everyday(dir + "/everyday.tsv", t.target_language(), &items); !s) {
        std::fprintf(stderr, "attn eval: %s\n", s.message.c_str());
        return 1;
    }
    Compute cc = Compute::fastest();
    const EverydayEval e = evaluate_everyday(cc, t, items, opts);
    std::printf("| category | sentences | chrF | BLEU | words read as <unk> | stopped at the length cap | repetition turned down |\n"
                "|---|---|---|---|---|---|---|\n");
    for (const EverydayScore & s : e.categories) print_row(s);
    print_row(e.all);
    if (e.warned.sentences) print_row(e.warned);
    if (e.unwarned.sentences) print_row(e.unwarned);
    print_scores(e.model_one_reference);
    print_scores(e.references_agree);
    if (!out_path.empty()) {
        std::ofstream f(out_path, std::ios::binary | std::ios::trunc);
        for (size_t i = 0; i < items.size(); i++)
            f << items[i].id << '\t' << items[i].category << '\t' << items[i].source << '\t' << e.hypotheses[i] << '\t'
              << decode_stop_name(e.stops[i]) << '\t' << e.confidences[i] << '\t' << e.repeats_avoided[i] << '\n';
        if (!f) { std::fprintf(stderr, "attn eval: cannot write %s\n", out_path.c_str()); return 1; }
    }
    return 0;
}

} // namespace attn
