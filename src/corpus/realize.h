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

// The weather a weather clause can describe (a closed class, like pronouns): a verb ("it is
// raining": 下雨, es regnet) or an adjective ("it is cold": 天氣 很 冷, es ist kalt).
struct WeatherCondition {
    bool is_verb;
    const char * en;       // verb: base form ("rain"); adjective: the adjective
    const char * en_3sg;   // verb only
    const char * en_past;  // verb only
    const char * en_ing;   // verb only
    const char * zh;       // verb: 下雨; adjective: the predicate without 很 (熱, 晴朗, 風 大)
    const char * de;       // verb: the 3rd person present (regnet); adjective: the predicate (kalt)
    const char * de_pp;    // verb only: geregnet
    const char * de_inf;   // verb only: regnen
    const char * de_past;  // verb: regnete; adjective: "war" is the copula, unused
};
const std::vector<WeatherCondition> & weather_conditions();

// The verbs of motion that take a destination ("go to the park") and how Chinese says them with
// one, D marking its place: 去 D, 回到 D, 飛 去 D (飛 去 過 東京), 去 D 旅行; nullptr for any other verb.
const char * destination_pattern_zh(const Verb & v);

// The verbs that take a to-infinitive ("try to sleep") and how Chinese says them before one
// (試著 睡覺); nullptr for any other verb. German takes the lexicon's verb with a zu-infinitive.
const char * infinitive_verb_zh(const Verb & v);

// English -ing forms by spelling rule ("make" → "making", "run" → "running", "lie" → "lying",
// "visit" → "visiting"), on the first word of a phrasal verb ("picking up"); the lexicon's en_ing
// column, when it has one, wins.
Tokens english_ing(const Tokens & base);

// The phrase of a sentence in one language ("en", "zh", "de"), its words carrying concept ids
// from the phrase table's alignment; without its final punctuation when it opens a sentence.
AlignedText realize_phrase(const Lexicon & lex, const Sentence & s, const std::string & language, bool drop_final_punct);
// A sentence that is only phrasebook expressions: the phrase, after its lead phrase when it has one
// ("hello , how are you ?", "Hallo , wie geht es dir ?").
AlignedText realize_phrases_alone(const Lexicon & lex, const Sentence & s, const std::string & language);
// Whether the German phrase's first word loses its capital after a comma ("Hallo , wie …"): true
// for the pronouns, question words and verbs phrases start with; a noun or Sie keeps it.
bool german_phrase_start_lowers(const std::string & word);
bool is_final_punct(const std::string & token);  // . ? ! 。 ？ ！

// Shared facts about the derivation that every realiser needs.
bool is_plural(const NounPhrase & np);
// 0 ich/I, 1 du/you, 2 er/he (and singular nouns), 3 wir/we, 4 ihr, 5 sie/they (and plural nouns).
int person_index(const NounPhrase & np);
bool is_person(const Lexicon & lex, const NounPhrase & np);  // "who" rather than "what"/"that"
const Verb * verb_of(const Lexicon & lex, const Clause & c);  // nullptr for the copula
const char * number_word_en(int n);

// The verbs a duration goes with, and how Chinese says them with one: the verb of a verb–object
// word is said again before the span (游泳 游 了 一 個 小時), and "stay" for a while is 待.
struct DurationVerb {
    const char * en;       // the lexicon's en_base
    const char * zh;       // the lexicon's zh, which must match for the entry to apply
    const char * zh_with_span;  // what Chinese says before the span: "游泳 游", "待", "等"
    unsigned units;        // bit per TimeUnit that sounds natural with it
    bool goes_on;          // its plain perfect runs up to now ("have lived … for two years"); the others
                           // take a span up to now only as "have been …ing" ("have been swimming for an hour")
    bool needs_place;      // "lived in taipei for two years", not "lived for two years"
    bool told;             // said as a request too: "please wait for a minute"
};
const DurationVerb * duration_verb(const Verb & v);  // nullptr for any other verb
// A person said to be "old": Chinese counts years (幾 歲, 比 我 大) where it calls things 舊.
bool person_is_old(const Lexicon & lex, const Clause & c);
// One's home as a place or where one goes: "at home" (在 家, zu Hause), "go home" (回 家, nach Hause).
bool is_home(const Lexicon & lex, const NounPhrase & np);
// Having gone somewhere as an experience: "have you ever been to japan" (去 過 日本, warst … in
// Japan gewesen), not "has gone to" (is there now).
bool been_to(const Lexicon & lex, const Clause & c);
// An age or a count of 21 or more as people write it: words up to twenty, digits above.
std::string count_en(int n);
// Where something is beside a thing or a building: under, next to, behind, in front of, near.
struct SpatialRelation {
    const char * en;       // "in front of"
    const char * zh;       // after the noun: 桌子 下面
    const char * de;       // before the dative: unter dem Tisch; "in der Nähe von" (vom Bahnhof)
    bool buildings;        // also said of buildings (near the station), not only of things
};
const std::vector<SpatialRelation> & spatial_relations();

struct TimeUnitWords {
    const char * en_sg, * en_pl, * zh, * zh_classifier, * de_sg, * de_pl, * de_dat_pl;
    char de_gender;
};
const TimeUnitWords & time_unit_words(TimeUnit unit);

} // namespace attn::corpus
