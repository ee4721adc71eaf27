// The generator side of the synchronous grammar: draws random derivations that respect the
// lexicon's selection restrictions (people read books, dogs do not), with a `richness` knob that
// controls how many optional parts (adjectives, adverbials, relative and subordinate clauses) a
// sentence gets, and so its length.
//
// Every derivation is tagged with the phenomena it shows, so test sets can be sliced by them:
//   adjective time place past perfect future modal negation object_pronoun separable
//   yes_no_question wh_question subordinate relative coordination number copula ditransitive
//   complement dative_verb manner frequency
// and, with the everyday constructions on (GrammarOptions::everyday):
//   progressive going_to existential weather degree imperative request copula_place how_many
//   like_to would_like possessive ('s: anna's dog, my father's car) comparative superlative
//   clock_time (at 9 : 30, on october 12; when the lexicon has them, corpus/time_expressions.h)
//   price (costs 300 dollars; when the lexicon has "cost" and "dollar")
//   phrase (a phrasebook expression, when the lexicon has a phrasebook)
//   destination (go to the park) lets (let's go) how_adjective (how old) how_often which
//   infinitive (tried to call her) have_to (has to work, don't need to wait)
//   equal_comparison (as tall as her brother) joined_phrases (hello , how are you ?)
//   duration (waited for ten minutes, how long have you lived here)
//   perfect_progressive (i have been waiting for an hour: 我 等 了 一 個 小時 了, ich warte schon seit einer Stunde)
//   past_progressive (was reading when you called: 在 看 書, las ein Buch)
//   used_to (i used to play the piano: 以前 常 彈 鋼琴, früher Klavier gespielt)
//   time_predicate (the meeting is tomorrow: 會議 是 明天, das Treffen ist morgen)
//   place_modifier (the book on the table: 桌子 上 的 書, das Buch auf dem Tisch)
//   spatial (under the table: 在 桌子 下面, unter dem Tisch; next to, behind, in front of, near)
//   been_to (have you ever been to japan: 去 過 日本, warst … in Japan gewesen)
//   must_not (you must not smoke here: 不 可以, darfst nicht)
//   home (at home: 在 家, zu Hause; go home: 回 家, nach Hause)
//   what_time (what time does the train leave: 幾 點, um wie viel Uhr)
//   age (she is ten years old: 十 歲, zehn Jahre alt; how old are you: 幾 歲; older than me: 比 我 大)
//   linking (feel or look + a state: i feel tired: 我 覺得 很 累, ich fühle mich müde; you look happy: 你 看起來 很 開心, du siehst glücklich aus)
//   reflexive (a German reflexive verb: i remember him: ich erinnere mich an ihn, we relax: wir entspannen uns)
//   demonstrative (this is my book: 這 是 我 的 書, das ist mein Buch; is that your car; what is this: 這 是 什麼, was ist das)
#pragma once
#include "core/rng.h"
#include "corpus/derivation.h"
#include "corpus/lexicon.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace attn::corpus {

// The tags of one grammar: the core ones, or with everyday those of the everyday constructions too.
const std::vector<std::string> & phenomenon_tags(bool everyday = false);

struct GrammarOptions {
    // The constructions of everyday English on top of the core grammar: progressive, going to,
    // there is/are, weather, degree adverbs, imperatives and requests, copula + place, how many,
    // like to / would like to. Off, the grammar draws exactly the sentences it always drew (the
    // shipped word-level translators were trained on those).
    bool everyday = false;
};

class Grammar {
public:
    explicit Grammar(const Lexicon & lex, GrammarOptions options = {});

    Sentence sample(Rng & rng, float richness);

    // Adjective–noun and verb–object pairs kept out of training (the compositional split).
    void hold_out(Rng & rng, double adjective_noun_fraction, double verb_object_fraction);
    bool uses_held_out_pair(const Sentence & s) const;
    size_t held_out_adjective_noun() const { return m_heldout_adj_noun.size(); }
    size_t held_out_verb_object() const { return m_heldout_verb_obj.size(); }

private:
    const Lexicon & m_lex;
    GrammarOptions m_options;
    std::vector<int> m_nouns_by_cat[int(Category::Count)];
    std::vector<int> m_adjectives_by_cat[int(Category::Count)];
    std::vector<int> m_verbs_by_frame[4];
    std::vector<int> m_locations, m_object_locations;
    std::vector<int> m_adverbs_time, m_adverbs_frequency, m_adverbs_manner;
    std::vector<int> m_adverbs_clock;  // everyday: clock times and dates (corpus/time_expressions.h)
    std::vector<int> m_infinitive_verbs;  // try, start, forget … (everyday)
    int m_cost_verb = -1, m_dollar_noun = -1;  // everyday prices, when the lexicon has "cost" and "dollar"
    int m_home_noun = -1;      // "at home", "go home"
    std::vector<int> m_event_nouns;  // things that happen at a time: "the meeting is tomorrow"
    int m_ever = -1, m_never = -1;  // frequency adverbs of experience: "have you ever been to japan"
    int m_go_verb = -1;
    std::vector<int> m_feeling_states;  // tired, happy, hungry …: what one feels or looks (everyday)
    int m_old_adjective = -1;  // "old", said of people too in the everyday grammar: "how old are you"
    std::vector<int> m_phrases_alone, m_phrases_first, m_phrases_last;  // by the phrasebook's combine column
    std::vector<int> m_mass_nouns, m_place_names;  // what fills a phrase's THING, its PLACE
    std::vector<int> m_phrase_leads;  // the greetings and apologies that can open another phrase
    std::set<std::pair<int, int>> m_heldout_adj_noun, m_heldout_verb_obj;  // (adjective, noun), (verb, noun)
    std::map<const std::vector<int> *, std::vector<double>> m_cumulative;  // everyday: cumulative word weights per pool

    // Per-sample state.
    Rng * m_rng = nullptr;
    int m_next_id = 0;
    std::set<std::string> m_tags;

    ConceptId new_id() { int id = m_next_id; m_next_id += 16; return id; }
    bool chance(double p);
    int pick(const std::vector<int> & v);  // uniform, or by the pool's weights when it has them
    static double word_weight(int rank, bool checked);
    void weigh(const std::vector<int> & pool, const std::function<double(int)> & weight);
    int pick_noun(CategorySet allowed);
    int pick_verb(Frame f, CategorySet subject_needs, CategorySet object_needs);
    NounPhrase noun_phrase(CategorySet allowed, float richness, bool allow_pronoun, bool allow_relative);
    void add_adjectives(NounPhrase & np, float richness);
    void add_relative(NounPhrase & np, float richness);
    void add_owner(NounPhrase & np);
    NounPhrase pronoun(bool person);
    Clause clause(float richness, bool main, bool allow_complement);
    // The everyday constructions (GrammarOptions::everyday).
    void everyday_event(Clause & c, const Verb & v, bool main);
    void everyday_copula(Clause & c, float richness);
    void mark_perfect_done(Clause & c);
    Clause existential_clause(float richness, bool main);
    Clause weather_clause(float richness, bool main);
    Clause demonstrative_clause(float richness);
    Clause age_clause(float richness, bool main);
    Clause been_to_clause(bool main);
    void maybe_how_many(Clause & c);
    void maybe_how(Clause & c);
    void maybe_infinitive(Clause & c);
    void linking_adjective(Clause & c);
    void not_reflexive(Clause & c) const;
    NounPhrase place_phrase(float richness, const std::vector<int> & pool);
    bool name_if_proper(NounPhrase & np) const;
    void add_phrase(Sentence & s);
    void add_lead_phrase(Sentence & s);
    void maybe_duration(Clause & c);
    void fill_verb_arguments(Clause & c, const Verb & v, float richness, bool allow_complement, bool allow_relative);
    int pick_time(Tense t);
    int pick_time_where(int attempts, const std::function<bool(int)> & ok);
    void maybe_age(Clause & c);
    void maybe_been_to(Clause & c);
    void maybe_spatial(NounPhrase & place);
    void add_location(NounPhrase & np);
    void maybe_when_it_is(Clause & c);
    std::shared_ptr<NounPhrase> home_or(std::shared_ptr<NounPhrase> place, bool person, double p);
    bool point_in_time(int adverb) const;  // "tomorrow", "on monday", "at 7 pm"
    bool moment(int adverb) const;         // a past one, that places an event under way
    int pick_moment();
    void tag_clause(const Clause & c);
    void tag_noun_phrase(const NounPhrase & np);
};

} // namespace attn::corpus
