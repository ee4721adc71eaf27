// The mini corpus the Train panel translates: the generated corpus (corpus/corpus.h) as it is,
// from seed 1, of which the first 30,000 training pairs are the "mini" split, and its dev split
// for the held-out score. It is drawn here from the grammar and the lexicon rather than
// downloaded: the four lexicon tables and the everyday test set (which no split may contain)
// are 150 KB, the corpus's rows 13 MB. `attn corpus --seed 1` writes the same rows into
// mini.tsv and dev.tsv.
//
// Words are the tokens (the grammar's closed vocabulary): the vocabularies are the mini split's
// words, most frequent first, so a held-out word the 30,000 pairs never use reads as <unk>.
#pragma once
#include "core/status.h"
#include "train/parallel_data.h"

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace attn {

struct MiniCorpus {
    std::string lang;      // the target: "de" or "zh_TW"
    ParallelData train;    // the mini split
    ParallelData heldout;  // the dev split, in the same vocabularies

    // The row of either split whose English this is, as typed or as generated (corpus::held_out_key);
    // null when the corpus has no such sentence.
    const corpus::CorpusExample * find(std::string_view english) const;
    std::unordered_map<std::string, const corpus::CorpusExample *> by_english;
};

constexpr int kMiniCorpusPairs = 30000;

// Where the generator's inputs are: <assets>/lexicon/{nouns,verbs,adjectives,adverbs}.tsv and
// <assets>/everyday/everyday.tsv.
// The corpus is drawn once per process (about 5 s natively) and shared by both languages.
Status load_mini_corpus(const std::string & assets_dir, const std::string & lang, std::shared_ptr<const MiniCorpus> * out);

} // namespace attn
