// English constructions the grammar (corpus/grammar.h) never generates, found in typed words so
// that the reader can be told when a translation rests on something the model hardly saw: the
// translators learn from generated sentences, and the few real pairs mixed in cannot teach the
// passive or the conditional. The patterns use function words and word endings only, because the
// lexicon is not shipped with the app; a test samples the grammar and checks that none of its
// sentences (the phrasebook's fixed expressions aside) is flagged, so the list follows the grammar.
#pragma once
#include <string>
#include <vector>

namespace attn::corpus {

struct UnlearnedConstruction {
    std::string name;   // what it is, for the reader: "the passive"
    std::string words;  // the typed words that show it: "was written by"
};

// words: tokenize_words of the typed sentence (lower case, contractions as one word, "haven't").
// At most one finding per construction, in a fixed order.
std::vector<UnlearnedConstruction> unlearned_constructions(const std::vector<std::string> & words);

} // namespace attn::corpus
