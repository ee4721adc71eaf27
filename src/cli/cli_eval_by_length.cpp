// `attn eval --by-length --corpus DIR --model A.safetensors [--model B.safetensors ...]
//            [--label NAME ...] [--limit-per-bucket N] [--split test.tsv] [--beam B]
//            [--png out.png] [--csv out.csv]`
// BLEU per 5-word source-length bucket for each model, as Bahdanau et al. (2015) Fig. 2 compare an
// RNN encoder-decoder with attention models (models/length_buckets.h). Prints a Markdown table
// (a row per bucket, then <=10, 31-40 and their drop; a column per model), optionally a CSV of the
// same rows and a PNG line chart (train/line_chart.h). Progress goes to stderr.
//
// Models are used only through the Translator API (load, translate, target_language, chinese), so
// any architecture Translator::load reads can be compared. Each scores against the reference
// column of its own target language; the English, and so the buckets, are the same for all.
#include "cli/cli.h"
#include "core/clock.h"
#include "io/bleu_csv.h"
#include "models/length_buckets.h"
#include "train/line_chart.h"
#include "train/parallel_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>

namespace attn {

namespace {

void usage() {
    std::fprintf(stderr,
                 "usage: attn eval --by-length --corpus DIR --model A.safetensors [--model B.safetensors ...]\n"
                 "                 [--label NAME ...] [--limit-per-bucket N] [--split test.tsv] [--beam B]\n"
                 "                 [--png out.png] [--csv out.csv]\n"
                 "  BLEU per 5-word source-length bucket, one column per model (labels default to the file names).\n");
}

struct ModelRun {
    std::string path, label;
    std::unique_ptr<Translator> translator;
    LengthBleu scores;
};

// "dir/en-de.safetensors" -> "en-de".
std::string file_stem(const std::string & path) {
    const size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const size_t dot = name.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

bool parse_count(const char * s, long * out) {
    char * end = nullptr;
    const long v = std::strtol(s, &end, 10);
    if (end == s || *end || v < 0) return false;
    *out = v;
    return true;
}

std::string bleu_cell(double bleu) {
    if (!std::isfinite(bleu)) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", bleu);
    return buf;
}

// Translates every item once, reporting progress on stderr about every tenth of the way.
std::vector<std::string> translate_all(const Translator & t, const std::vector<EvalItem> & items,
                                       const DecodeOptions & opts, const std::string & label, int * truncated) {
    Compute cc = Compute::fastest();
    std::vector<std::string> hyps;
    hyps.reserve(items.size());
    const double start = now_ms();
    const size_t every = std::max<size_t>(1, items.size() / 10);
    for (size_t i = 0; i < items.size(); i++) {
        const Translation tr = t.translate(cc, items[i].source, opts, nullptr);
        hyps.push_back(tr.display);
        *truncated += tr.truncated;
        if ((i + 1) % every == 0 || i + 1 == items.size()) {
            const double s = ms_since(start) / 1000.0;
            std::fprintf(stderr, "  %s: %zu/%zu sentences, %.1f s\n", label.c_str(), i + 1, items.size(), s);
        }
    }
    return hyps;
}

// One table row: its name, the sentence count, then a BLEU cell per model.
void print_row(const std::string & name, const std::string & sentences, const std::vector<std::string> & cells) {
    std::printf("| %s | %s |", name.c_str(), sentences.c_str());
    for (const std::string & c : cells) std::printf(" %s |", c.c_str());
    std::printf("\n");
}

// The rows shared by the table and the CSV: buckets, the two summary groups, the drop.
struct Row {
    std::string table_name, csv_name, sentences;
    std::vector<double> bleu;  // per model
};

std::vector<Row> result_rows(const std::vector<ModelRun> & runs) {
    std::vector<Row> rows;
    size_t buckets = 0;
    for (const ModelRun & r : runs) buckets = std::max(buckets, r.scores.buckets.size());
    for (size_t b = 0; b < buckets; b++) {
        const LengthRange range = length_bucket(int(b));
        Row row{range.label, range.label, "", {}};
        for (const ModelRun & r : runs) {
            const bool has = b < r.scores.buckets.size();
            row.bleu.push_back(has ? r.scores.buckets[b].bleu : NAN);
            if (has) row.sentences = std::to_string(r.scores.buckets[b].sentences);
        }
        rows.push_back(row);
    }
    Row shorter{"≤10", "<=10", std::to_string(runs[0].scores.short_group.sentences), {}};
    Row longer{"31-40", "31-40", std::to_string(runs[0].scores.long_group.sentences), {}};
    Row drop{"drop (≤10 − 31-40)", "drop", "", {}};
    for (const ModelRun & r : runs) {
        shorter.bleu.push_back(r.scores.short_group.bleu);
        longer.bleu.push_back(r.scores.long_group.bleu);
        drop.bleu.push_back(r.scores.drop);
    }
    rows.push_back(shorter);
    rows.push_back(longer);
    rows.push_back(drop);
    return rows;
}

Status write_csv(const std::string & path, const std::vector<ModelRun> & runs, const std::vector<Row> & rows) {
    std::vector<std::string> labels;
    for (const ModelRun & r : runs) labels.push_back(r.label);
    std::vector<BleuCsvRow> csv_rows;
    for (const Row & row : rows) csv_rows.push_back({row.csv_name, row.sentences, row.bleu});
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << format_bleu_csv(labels, csv_rows);
    if (!f) return Status::error("cannot write " + path);
    return Status::success();
}

Status write_chart(const std::string & path, const std::vector<ModelRun> & runs, const std::string & split, long per_bucket) {
    LineChart chart;
    chart.title = "BLEU by source sentence length (" + split + (per_bucket ? ", " + std::to_string(per_bucket) + " per bucket)" : ")");
    chart.x_label = "source length (words)";
    chart.y_label = "BLEU";
    size_t buckets = 0;
    for (const ModelRun & r : runs) buckets = std::max(buckets, r.scores.buckets.size());
    for (size_t b = 0; b < buckets; b++) chart.categories.push_back(length_bucket(int(b)).label);
    for (const ModelRun & r : runs) {
        LineSeries s{r.label, {}};
        for (size_t b = 0; b < buckets; b++) s.values.push_back(b < r.scores.buckets.size() ? r.scores.buckets[b].bleu : NAN);
        chart.series.push_back(s);
    }
    return write_line_chart_png(chart, path);
}

} // namespace

int cli_eval_by_length(int argc, char ** argv) {
    std::vector<ModelRun> runs;
    std::vector<std::string> labels;
    std::string dir, split = "test.tsv", png, csv;
    long per_bucket = 0;
    DecodeOptions opts;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        const bool has = i + 1 < argc;
        if (a == "--by-length") continue;
        if (a == "--model" && has) runs.push_back({argv[++i], "", nullptr, {}});
        else if (a == "--label" && has) labels.push_back(argv[++i]);
        else if (a == "--corpus" && has) dir = argv[++i];
        else if (a == "--split" && has) split = argv[++i];
        else if (a == "--limit-per-bucket" && has) {
            if (!parse_count(argv[++i], &per_bucket)) { usage(); return 2; }
        } else if (a == "--beam" && has) opts.beam = std::atoi(argv[++i]);
        else if (a == "--png" && has) png = argv[++i];
        else if (a == "--csv" && has) csv = argv[++i];
        else { usage(); return 2; }
    }
    if (runs.empty() || dir.empty() || opts.beam < 1) { usage(); return 2; }
    if (labels.size() > runs.size()) {
        std::fprintf(stderr, "attn eval: %zu labels for %zu models\n", labels.size(), runs.size());
        return 2;
    }
    auto fail = [](const std::string & message) {
        std::fprintf(stderr, "attn eval: %s\n", message.c_str());
        return 1;
    };

    // Every model and the corpus are read before any decoding, so a wrong path fails at once
    // rather than after minutes spent on the models before it.
    std::map<std::string, std::vector<EvalItem>> items_by_language;
    for (size_t m = 0; m < runs.size(); m++) {
        ModelRun & r = runs[m];
        r.label = m < labels.size() ? labels[m] : file_stem(r.path);
        r.translator = std::make_unique<Translator>();
        if (Status s = Translator::load(r.path, r.translator.get()); !s) return fail(s.message);
        const std::string & lang = r.translator->target_language();
        if (items_by_language.count(lang)) continue;
        ParallelData d;
        if (Status s = load_parallel_data(dir, split, lang, 0, &d); !s) return fail(s.message);
        std::vector<EvalItem> items;
        for (const corpus::CorpusExample & e : d.rows)
            items.push_back({e.en, target_text(e, lang), target_alignment(e, lang)});
        items = first_per_bucket(items, size_t(per_bucket));
        if (items.empty()) return fail(dir + "/" + split + " has no sentences");
        items_by_language[lang] = std::move(items);
    }

    for (size_t m = 0; m < runs.size(); m++) {
        ModelRun & r = runs[m];
        const std::vector<EvalItem> & items = items_by_language.at(r.translator->target_language());
        std::fprintf(stderr, "[%zu/%zu] %s (%s, EN->%s): %zu sentences\n", m + 1, runs.size(), r.label.c_str(),
                     r.path.c_str(), r.translator->target_language().c_str(), items.size());
        int truncated = 0;
        const std::vector<std::string> hyps = translate_all(*r.translator, items, opts, r.label, &truncated);
        if (truncated)
            std::fprintf(stderr, "  %s: %d sentences were longer than the model takes and were cut\n", r.label.c_str(), truncated);
        r.scores = bleu_by_source_length(items, hyps, r.translator->chinese());
        r.translator.reset();  // done with it: free its weights
    }

    const std::vector<Row> rows = result_rows(runs);
    std::printf("| source words | sentences |");
    for (const ModelRun & r : runs) std::printf(" %s |", r.label.c_str());
    std::printf("\n|---|---|");
    for (size_t m = 0; m < runs.size(); m++) std::printf("---|");
    std::printf("\n");
    for (const Row & row : rows) {
        std::vector<std::string> cells;
        for (double b : row.bleu) cells.push_back(bleu_cell(b));
        print_row(row.table_name, row.sentences, cells);
    }
    std::fflush(stdout);

    if (!csv.empty()) {
        if (Status s = write_csv(csv, runs, rows); !s) return fail(s.message);
        std::fprintf(stderr, "wrote %s\n", csv.c_str());
    }
    if (!png.empty()) {
        if (Status s = write_chart(png, runs, split, per_bucket); !s) return fail(s.message);
        std::fprintf(stderr, "wrote %s\n", png.c_str());
    }
    return 0;
}

} // namespace attn
