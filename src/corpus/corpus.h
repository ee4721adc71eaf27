// The generated parallel corpus: splits drawn from the grammar, deterministic from a seed, so
// `attn corpus --seed S --out DIR` rebuilds exactly the corpus a model was trained on (its
// MANIFEST fingerprint says so) and nothing large needs committing.
//
// Splits (all targets translate the same English; English is unique across all splits):
//   train          100k, lengths in the mix below     mini  the first 30k of train (CI, browser)
//   dev            2k, same mix                        test  3k, 375 in each 5-word bucket 1–5 … 36–40
//   challenge-TAG  300 per phenomenon (grammar.h)      compositional  500 using an adjective–noun or
//                                                      verb–object pair that no other split contains
// Training length mix (English words): 3–5 8%, 6–10 35%, 11–15 30%, 16–20 15%, 21–30 9%, 31–40 3%.
//
// Files: <split>.tsv with columns  en  zh_TW  de  tags  align_zh_TW  align_de  (tokens separated by
// spaces; alignments "source-target" pairs, 'p' for possible links), vocab.{en,zh_TW,de} from train,
// MANIFEST (options and the SHA-256 of every file) and README.
#pragma once
#include "corpus/grammar.h"
#include "corpus/lexicon.h"
#include "text/vocab.h"

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace attn::corpus {

struct CorpusOptions {
    uint64_t seed = 1;
    int train = 100000, mini = 30000, dev = 2000, test = 3000, challenge = 300, compositional = 500;
    double heldout_adjective_noun = 0.02, heldout_verb_object = 0.03;
    // English sentences no split may contain (held_out_key of each): the everyday test set, which
    // is never training data.
    std::set<std::string> held_out_english;
    bool everyday = false;  // GrammarOptions::everyday
};

// A sentence as typed ("Hello, how are you?") and as generated ("hello , how are you ?") give
// the same key: tokenize_words's tokens, without final . ? or !.
std::string held_out_key(std::string_view english);

// The keys of the English column of an everyday test set file (assets/everyday/everyday.tsv).
Status load_held_out_english(const std::string & path, std::set<std::string> * out);

struct CorpusExample {
    std::string en, zh, de;            // space-separated tokens
    std::vector<std::string> tags;
    std::string align_zh, align_de;    // format_alignment()
    int en_words = 0;                  // English tokens without the final punctuation
};

struct Corpus {
    std::vector<CorpusExample> train, dev, test, compositional;
    std::map<std::string, std::vector<CorpusExample>> challenge;  // by phenomenon tag
};

// One sentence in all three languages with its gold alignments.
CorpusExample realize_example(const Lexicon & lex, const Sentence & s);

Status generate_corpus(const Lexicon & lex, const CorpusOptions & options, Corpus * out);

std::string example_tsv_line(const CorpusExample & e);
bool parse_example_tsv_line(const std::string & line, CorpusExample * out);

// A vocabulary of the rows' words in one language ("en", "zh_TW" or "de"): most frequent first,
// ties in byte order (the corpus's vocab.* files are this of the training split).
Vocabulary frequency_vocabulary(const std::vector<CorpusExample> & rows, const std::string & lang);

// Writes every file into `dir` (created if needed); `fingerprint` gets the SHA-256 of MANIFEST.
Status write_corpus(const Corpus & corpus, const CorpusOptions & options, const std::string & lexicon_hash,
                    const std::string & dir, std::string * fingerprint);

// SHA-256 of the training sentence pairs for one direction (English and the `lang` column), which
// is all a model's training reads: the model stores it, and a corpus whose alignments, tags or other
// language changed still matches the model trained on it.
std::string train_text_fingerprint(const std::vector<CorpusExample> & train, const std::string & lang);

// SHA-256 over the lexicon files, in the manifest so a corpus names the lexicon it came from.
Status lexicon_fingerprint(const std::string & lexicon_dir, std::string * out);

} // namespace attn::corpus
