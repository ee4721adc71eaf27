// The generator's lexicon: tables of nouns, verbs, adjectives and adverbs with their English,
// Chinese (zh-TW) and German forms: the hand-written ones of assets/lexicon/*.tsv (format in
// assets/lexicon/FORMAT.md), or the larger generated ones of assets/lexicon/generated/ (from
// dictionaries, by frequency; generated/FORMAT.md), which add columns and are told apart by their
// column count. A generated entry without a Chinese or German form is left out. Closed-class words (pronouns, determiners, numbers, conjunctions,
// auxiliaries) are not here: the grammar needs their paradigms, so they live in the realisers.
#pragma once
#include "core/status.h"
#include "corpus/aligned_text.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace attn::corpus {

// Noun categories drive selection restrictions ("eat" takes food, "wear" takes clothing), so every
// generated sentence makes sense.
// The last five come with the generated lexicon: abstract (idea, data, music), activity (game,
// trip), body (hand), time (day, morning), group (family, team).
enum class Category : uint8_t { Person, Name, Animal, Food, Drink, Clothing, Vehicle, Place, Readable, Object, Plant, Instrument,
                                Abstract, Activity, Body, Time, Group, Count };
using CategorySet = uint32_t;  // bit i = Category i
inline bool in_set(CategorySet set, Category c) { return (set >> unsigned(c)) & 1u; }
const char * category_name(Category c);

using Tokens = std::vector<std::string>;  // a cell split on spaces

struct Noun {
    Tokens en_sg, en_pl;        // en_pl empty for mass nouns and names
    Category cat = Category::Object;
    bool mass = false;
    Tokens zh;
    std::string zh_cl;          // classifier, empty for names
    std::string de_sg, de_pl;   // de_pl empty for mass nouns and names
    char de_gender = 'm';       // 'm' 'f' 'n', or 'p' for a mass noun German has only in the plural (Daten)
    bool de_weak = false;       // n-declension: der Junge, den Jungen
    std::string en_prep, de_prep, zh_loc;  // location use; en_prep empty when not a location
    int rank = 0;               // frequency rank (1 = most frequent); 0 when unknown
    bool checked = true;        // read by a person (hand tables: always)
    bool proper = false;        // a place known by its name (taipei, germany): no article, plural or classifier
    bool copied = false;        // a made-up name every language writes as English does (corpus/copied_names.h)
    bool named() const { return cat == Category::Name || proper; }
    bool countable() const { return !mass && !named(); }
    bool is_location() const { return !en_prep.empty(); }
};

enum class Frame : uint8_t { Intransitive, Transitive, Ditransitive, Clause };
enum class Reflexive : uint8_t { None, Accusative, Dative };

struct Verb {
    Tokens en_base, en_3sg, en_past, en_pp;
    Tokens en_ing;              // empty in the hand tables: english_ing() spells it
    Frame frame = Frame::Intransitive;  // the main frame
    bool takes_infinitive = false, takes_gerund = false;  // "want to go", "enjoy going"
    bool linking = false;       // an intransitive verb that takes an adjective: feel tired, look happy
    int rank = 0;
    bool checked = true;
    CategorySet subj = 0, obj = 0;
    Tokens zh;                  // may hold "O", the object's place
    std::string zh_asp;         // 了 / 過 / empty for stative verbs
    std::string de_inf;
    std::array<std::string, 6> de_pres;  // ich du er wir ihr sie, without the separable prefix
    std::string de_pp;
    bool de_sein = false;       // perfect with sein
    std::string de_sep;         // separable prefix or empty
    bool de_dative = false;     // object in the dative (helfen, sprechen mit)
    // German reflexive verbs: sich beeilen (accusative, no object), sich erinnern an + an object in
    // the accusative (de_prep "an"), sich vorstellen (dative, with a direct object: ich stelle mir das Haus vor).
    Reflexive de_reflexive = Reflexive::None;
    std::string de_prep;        // the object's preposition (warten auf, sprechen mit); empty for a plain object
    bool en_particle_split() const;  // "pick up" + pronoun → "pick her up"
};

// Other: relational adjectives (main, national, possible) that do not describe a look or quality.
enum class AdjectiveKind : uint8_t { Color, Size, Age, Quality, Feeling, Other };

struct Adjective {
    Tokens en;                  // "red", "dark blue"
    Tokens en_comp, en_sup;     // "bigger", "biggest" / "more expensive"; empty when it does not compare
    Tokens zh, zh_pred;
    std::string de_attr, de_pred;
    std::string de_comp, de_sup;  // stems: teurer, teuerst; empty when it does not compare
    int rank = 0;
    bool checked = true;
    CategorySet applies = 0;
    AdjectiveKind kind = AdjectiveKind::Quality;
};

// Other: degree and sentence adverbs (very, only, probably), which the grammar does not place.
// Clock: a clock time or a date (corpus/time_expressions.h), placed like a time adverb.
enum class AdverbKind : uint8_t { Time, Frequency, Manner, Other, Clock };
enum TenseMask : uint8_t { kPastOk = 1, kPresentOk = 2, kFutureOk = 4, kAnyTense = 7 };

struct Adverb {
    Tokens en, zh, de;
    AdverbKind kind = AdverbKind::Time;
    uint8_t tenses = kAnyTense;
    int rank = 0;
    bool checked = true;
};

// The word a phrase leaves open, written in its place in all three languages: NAME (a person's
// name: my name is NAME), THING (a mass noun: THING is all you need) or PLACE (a place known by
// its name: i am from PLACE).
enum class PhraseSlot : uint8_t { None, Name, Thing, Place };

// A fixed expression of the phrasebook (corpus/phrasebook.h): "thank you very much .".
struct Phrase {
    std::string kind;          // greeting, thanks, question, ...
    Tokens en, zh, de;         // hold the slot's word once each, if it has one
    GoldAlignment zh_links, de_links;  // (target index, English index)
    bool alone = false, first = false, last = false;
    PhraseSlot slot = PhraseSlot::None;
};

struct Lexicon {
    std::vector<Noun> nouns;
    std::vector<Verb> verbs;
    std::vector<Adjective> adjectives;
    std::vector<Adverb> adverbs;
    std::vector<Phrase> phrases;  // empty unless load_phrasebook filled it

    // Reads nouns.tsv, verbs.tsv, adjectives.tsv and adverbs.tsv from `dir`, validating every cell;
    // errors name the file and line.
    static Status load(const std::string & dir, Lexicon * out);
    // The same from the four files' contents (tests use small inline tables).
    static Status parse(const std::string & nouns, const std::string & verbs, const std::string & adjectives,
                        const std::string & adverbs, Lexicon * out);
};

Tokens split_tokens(const std::string & cell);
std::string join_tokens(const Tokens & tokens, const char * sep = " ");  // split_tokens' inverse

} // namespace attn::corpus
