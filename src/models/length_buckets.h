// BLEU by source length, as Bahdanau, Cho & Bengio (2015, Fig. 2) plot it: an encoder that must
// squeeze a sentence into one fixed vector loses more of a long sentence, so a plain RNN
// encoder-decoder's BLEU falls as sentences grow while an attention model's holds.
//
// Buckets of 5 English words (1-5, 6-10, ..., 36-40, and 41+ only when such sentences exist); the
// corpus test split is stratified, 375 sentences in each of the eight, so every point rests on
// the same amount of text. Each bucket's score is corpus BLEU over its own sentences (not a mean
// of sentence scores), tokenised as evaluate_translator does (reference_bleu). The summary is
// the fall from short to long sentences: drop = BLEU(1-10) - BLEU(31-40).
//
// Scoring takes hypotheses already decoded: decoding is the expensive part, so each sentence is
// translated once and its hypothesis scored in its bucket.
#pragma once
#include "models/translation_eval.h"

#include <string>
#include <vector>

namespace attn {

// Words in an English source as the corpus counts them (CorpusExample::en_words): tokens
// separated by spaces, not counting a final "." or "?".
int source_word_count(const std::string & english);

// Source lengths [min_words, max_words], both included.
struct LengthRange {
    int min_words = 0, max_words = 0;
    std::string label;  // "1-5", "41+", ... (ASCII: the chart's font has nothing else)
};

constexpr int kBucketWords = 5;      // width of a bucket
constexpr int kBucketedWords = 40;   // buckets of 5 up to here, then one open "41+" bucket

// The index of a length's bucket: 0 for 1-5 (and for an empty source), 7 for 36-40, 8 for 41+.
int length_bucket_index(int words);
LengthRange length_bucket(int index);

struct LengthScore {
    LengthRange range;
    int sentences = 0;
    double bleu = 0;  // NaN when the range holds no sentence (no score, not a score of 0)
};

struct LengthBleu {
    std::vector<LengthScore> buckets;  // 1-5 ... 36-40 always (empty ones have NaN BLEU); 41+ when any
    LengthScore short_group;           // 1-10, labelled "<=10"
    LengthScore long_group;            // 31-40
    double drop = 0;                   // short_group.bleu - long_group.bleu (NaN if either is)
};

// hypotheses[i] is the display string that translates items[i].source.
LengthBleu bleu_by_source_length(const std::vector<EvalItem> & items, const std::vector<std::string> & hypotheses,
                                 bool chinese);

// The first `per_bucket` items of every bucket, in their original order (0: all items). A quick
// run over a stratified split stays stratified.
std::vector<EvalItem> first_per_bucket(const std::vector<EvalItem> & items, size_t per_bucket);

} // namespace attn
