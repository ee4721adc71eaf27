// How a translator does on what readers actually type: the everyday test set (assets/everyday/,
// its README says how it was written). Each sentence has two references per language; the scores
// are multi-reference chrF and BLEU (sacreBLEU-compatible), the share of input words that reach
// the model as <unk>, and the share of outputs that ended at the length cap or were cut for
// repeating themselves, per category and overall.
#pragma once
#include "core/status.h"
#include "models/translator.h"

#include <string>
#include <vector>

namespace attn {

struct EverydayItem {
    std::string id, category, source;
    std::vector<std::string> references;  // display text of the chosen language
};

// Reads everyday.tsv (id, category, en, zh_TW_1, zh_TW_2, de_1, de_2) and keeps the references
// of `target_language` ("zh_TW" or "de"). Every row must have seven non-empty cells.
Status load_everyday(const std::string & path, const std::string & target_language, std::vector<EverydayItem> * out);

struct EverydayScore {
    std::string category;                 // "all" for the whole set
    int sentences = 0;
    double chrf = 0, bleu = 0;            // 0..100, against both references
    long words = 0, unknown_words = 0;    // input tokens (words or pieces), and those read as <unk>
    int stopped = 0;                      // outputs that hit the length cap
    int repeats_avoided = 0;              // outputs in which decoding turned down a repetition
    double unknown_rate() const { return words ? double(unknown_words) / double(words) : 0.0; }
    double stopped_rate() const { return sentences ? double(stopped) / double(sentences) : 0.0; }
};

struct EverydayEval {
    std::vector<EverydayScore> categories;  // in the order they first appear in the file
    EverydayScore all;
    std::vector<std::string> hypotheses;    // one per item
    std::vector<DecodeStop> stops;          // one per item
    std::vector<int> repeats_avoided;       // one per item: repetitions turned down, all its sentences
    std::vector<double> confidences;        // one per item: its least confident sentence's output_confidence
    // The items whose translation came with a warning (stopped, the low-confidence notice, the
    // repetition notice, or the construction notice of models/translator.h), and the rest: whether the warnings pick out the worse translations.
    EverydayScore warned, unwarned;
    // What a second translator scores: the second reference against the first alone, beside the
    // model against the first alone. chrF of Chinese is low even between two good translations
    // (few long character n-grams match), so the model's number means something only next to it.
    EverydayScore model_one_reference, references_agree;
};

EverydayEval evaluate_everyday(Compute & cc, const Translator & t, const std::vector<EverydayItem> & items,
                               const DecodeOptions & opts);

// The scores of already-translated hypotheses (one per item): what evaluate_everyday reports, and
// what a test recomputes from committed outputs.
EverydayScore score_everyday(const std::string & category, const std::vector<const EverydayItem *> & items,
                             const std::vector<const std::string *> & hypotheses, bool chinese);

// The two rows of EverydayEval that compare the model with a second human translator, from the
// model's outputs (one per item) and the items' first two references.
void score_against_first_reference(const std::vector<EverydayItem> & items, const std::vector<std::string> & hypotheses,
                                   bool chinese, EverydayScore * model, EverydayScore * second_reference);

} // namespace attn
