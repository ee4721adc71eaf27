// Runs the Compare panel's three translators on the playground's sentence and fills
// AppState::compare (ui/state/compare_state.h): each model's output with per-token probabilities, RNNencdec's
// vector C, RNNsearch's alignment, the Transformer's cross-attention, the encoders' measured
// timings, and BLEU by source length (the shipped table, or recomputed on the mini test set).
//
// Files, all under the assets folder:
//   models/rnn_encdec-en-<lang>.safetensors, models/rnn_search-en-<lang>.safetensors
//       loaded on first use of a language (on the web first fetched from the site, fetch_file.h);
//       the Transformer is the TranslationRunner's, not a second copy
//   models/bleu-by-length.csv   attn eval --by-length --csv over the six shipped models (bleu_csv.h)
//   mini-test.tsv               10 test sentences per length bucket (scripts/make-mini-test)
// A missing file becomes a message in the panel, never a failure.
#pragma once
#include "app/runners/bleu_recompute.h"
#include "app/runners/translation_runner.h"
#include "io/bleu_csv.h"
#include "ui/state/app_state.h"

#include <map>
#include <memory>
#include <string>

namespace attn {

class CompareRunner {
public:
    explicit CompareRunner(std::string assets_dir = {}) : m_assets(std::move(assets_dir)) {}
    void set_assets_dir(const std::string & dir) { m_assets = dir; }

    // Once per frame. Only while the Compare panel is open: loads the current language's RNNs,
    // compares the sentence when it or the model changed (after the typing debounce), and
    // advances a BLEU recompute by a few sentences.
    void update(AppState & state, const TranslationRunner & translations, double now);
    // Compares the current sentence now, open panel or not (tests, the host API). On the web the
    // RNNs may still be downloading: state.compare.message says so, and update() finishes later.
    void run(AppState & state, const TranslationRunner & translations);
    // Whether frames must keep coming: a download, a comparison or a recompute is pending.
    bool busy(const AppState & state) const;

    static constexpr double kRecomputeBudgetMs = 12;  // per frame: the UI keeps ~60 FPS around it

    // The shipped file of a model for a target language ("rnn_search-en-de.safetensors"); its
    // stem is the model's column label in bleu-by-length.csv.
    static std::string model_file(CompareModel m, const std::string & language);

private:
    struct Rnns {
        std::unique_ptr<Translator> model[2];  // RnnEncDec, RnnSearch (CompareModel order)
        Message error[2];
        bool loaded = false;                   // tried: every file fetched and read, or failed
    };
    bool load_rnns(const std::string & language);  // false while downloading
    const Translator * translator(CompareModel m, const Translator * transformer, const std::string & language) const;
    void compare(AppState & state, const Translator & transformer);
    void reset_bleu(AppState & state, const std::string & language);
    void advance_recompute(AppState & state, const Translator & transformer);

    std::string m_assets;
    std::map<std::string, Rnns> m_rnns;          // by target language
    std::string m_compared_sentence;             // what state.compare holds, to notice changes
    int m_compared_model = -1;
    bool m_table_read = false;
    BleuTable m_table;
    std::string m_table_error;
    BleuRecompute m_recompute;
    Compute m_compute = Compute::fastest();
};

} // namespace attn
