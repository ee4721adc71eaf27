// How good a translator is on a test set: corpus BLEU (sacreBLEU-compatible: 13a tokens for
// German, characters for Chinese), exact match, the share of unknown source words, and the
// alignment error rate of every cross-attention head against gold alignments.
//
// AER is read from a teacher-forced pass over the *reference* (the gold alignment describes the
// reference's words, not whatever the model produced): row t of a head's cross-attention is the
// distribution over source words while predicting reference word t, and its argmax is the link
// (aer.h). The </s> row and column are left out. The head average is the mean of all heads' maps.
#pragma once
#include "models/translator.h"

#include <string>
#include <vector>

namespace attn {

struct EvalItem {
    std::string source;          // English, as typed
    std::string reference;       // target tokens separated by spaces
    std::string gold_alignment;  // "source-target" pairs, 'p' for possible (corpus/aligned_text.h); may be empty
};

struct TranslationEval {
    int sentences = 0;
    double bleu = 0, exact_match = 0, unknown_word_rate = 0;
    bool has_alignment = false;
    std::vector<double> aer_by_head;   // layer-major: layer · heads + head
    double aer_head_average = 1, aer_best = 1;
    int best_layer = -1, best_head = -1;
    std::vector<std::string> hypotheses;  // display strings, one per item
};

TranslationEval evaluate_translator(Compute & cc, const Translator & t, const std::vector<EvalItem> & items,
                                    const DecodeOptions & opts, bool with_alignment);

// Corpus BLEU of display strings (Translation::display, one per item) against the items'
// references, tokenised as sacreBLEU does for the target language (characters for Chinese, 13a
// otherwise). evaluate_translator's score; shared so every report of BLEU tokenises the same way.
double reference_bleu(const std::vector<std::string> & hypotheses, const std::vector<EvalItem> & items, bool chinese);

} // namespace attn
