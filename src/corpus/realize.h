// The three realisers of a derivation. Each writes one language with its own word order and
// morphology; the words carry the derivation's concept ids, so align() gives gold alignments.
//   English: lower case (the tokeniser lower-cases typed input too), do-support, a/an, contractions.
//   Chinese (zh-TW): generator words as tokens; classifiers, 的, 了/過/沒, 嗎, wh-in-situ, relative
//     clauses and when/if clauses before what they modify.
//   German: case, gender and adjective inflection, V2 / verb-first / verb-final order, separable
//     verbs, Perfekt, kein/nicht, clause commas.
#pragma once
#include "corpus/aligned_text.h"
#include "corpus/derivation.h"
#include "corpus/lexicon.h"

namespace attn::corpus {

AlignedText realize_english(const Lexicon & lex, const Sentence & s);
AlignedText realize_chinese(const Lexicon & lex, const Sentence & s);
AlignedText realize_german(const Lexicon & lex, const Sentence & s);

// Shared facts about the derivation that every realiser needs.
bool is_plural(const NounPhrase & np);
// 0 ich/I, 1 du/you, 2 er/he (and singular nouns), 3 wir/we, 4 ihr, 5 sie/they (and plural nouns).
int person_index(const NounPhrase & np);
bool is_person(const Lexicon & lex, const NounPhrase & np);  // "who" rather than "what"/"that"
const Verb * verb_of(const Lexicon & lex, const Clause & c);  // nullptr for the copula
const char * number_word_en(int n);

} // namespace attn::corpus
