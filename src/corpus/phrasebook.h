// The phrasebook: fixed expressions people type first ("hello !", "thank you very much .",
// "where is the toilet ?") with their Chinese and German and hand-written gold alignments
// (assets/lexicon/phrases.tsv, format in assets/lexicon/PHRASES.md). The everyday grammar mixes
// them in alone, before a clause ("hello , ...") or after a sentence ("... ? thank you .").
#pragma once
#include "core/status.h"
#include "corpus/aligned_text.h"
#include "corpus/lexicon.h"

#include <string>
#include <vector>

namespace attn::corpus {

constexpr size_t kMaxPhraseTokens = 30;  // the grammar gives a phrase 32 concept ids

// Reads the table, validating every row: 7 cells, known kinds and combine words, alignment
// indices inside the rows, a slot (NAME, THING, PLACE) in all three languages or none, at most one
// slot, at most kMaxPhraseTokens tokens.
Status load_phrasebook(const std::string & path, std::vector<Phrase> * out);
Status parse_phrasebook(const std::string & text, std::vector<Phrase> * out);

} // namespace attn::corpus
