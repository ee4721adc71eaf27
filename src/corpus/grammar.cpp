#include "corpus/grammar.h"

#include "corpus/realize.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace attn::corpus {

namespace {
constexpr CategorySet bit(Category c) { return 1u << unsigned(c); }
constexpr CategorySet kPeople = bit(Category::Person) | bit(Category::Name);
} // namespace

const std::vector<std::string> & phenomenon_tags(bool everyday) {
    static const std::vector<std::string> core = {
        "adjective", "time", "place", "past", "perfect", "future", "modal", "negation", "object_pronoun",
        "separable", "yes_no_question", "wh_question", "subordinate", "relative", "coordination", "number",
        "copula", "ditransitive", "complement", "dative_verb", "manner", "frequency"};
    static const std::vector<std::string> all = [] {
        std::vector<std::string> t = core;
        for (const char * e : {"progressive", "going_to", "existential", "weather", "degree", "imperative", "request",
                               "copula_place", "how_many", "like_to", "would_like", "possessive", "comparative",
                               "superlative", "clock_time", "price", "phrase", "destination", "lets", "how_adjective",
                               "how_often", "which", "infinitive", "have_to", "equal_comparison", "joined_phrases", "duration",
                               "past_progressive", "age", "what_time", "home", "must_not",
                               "been_to", "spatial", "place_modifier",
                               "time_predicate", "used_to", "reflexive", "linking", "demonstrative",
                               "perfect_progressive"})
            t.push_back(e);
        return t;
    }();
    return everyday ? all : core;
}

Grammar::Grammar(const Lexicon & lex, GrammarOptions options) : m_lex(lex), m_options(options) {
    for (int i = 0; i < int(lex.nouns.size()); i++) {
        m_nouns_by_cat[int(lex.nouns[size_t(i)].cat)].push_back(i);
        // Places (park, school) host any event; containers and surfaces (box, table) only rarely,
        // since "we went out in the backpack" teaches nothing.
        if (lex.nouns[size_t(i)].is_location())
            (lex.nouns[size_t(i)].cat == Category::Place ? m_locations : m_object_locations).push_back(i);
    }
    // The everyday grammar takes only adjectives and adverbs a person has checked: an odd one
    // ("a thermal baby", "widely start") spoils a whole sentence, a rare noun or verb only itself.
    for (int i = 0; i < int(lex.adjectives.size()); i++) {
        const Adjective & a = lex.adjectives[size_t(i)];
        if (m_options.everyday && (!a.checked || a.kind == AdjectiveKind::Other)) continue;
        for (int c = 0; c < int(Category::Count); c++)
            if (in_set(a.applies, Category(c)) && Category(c) != Category::Name) m_adjectives_by_cat[c].push_back(i);
    }
    for (int i = 0; i < int(lex.verbs.size()); i++) m_verbs_by_frame[int(lex.verbs[size_t(i)].frame)].push_back(i);
    // THING in a phrase ("THING is all you need"): a checked mass noun that stands without an
    // article in all three languages (attention, love, time, water); PLACE: a place's name.
    for (int i = 0; i < int(lex.nouns.size()); i++) {
        const Noun & n = lex.nouns[size_t(i)];
        const bool stuff = n.cat == Category::Abstract || n.cat == Category::Food || n.cat == Category::Drink;
        if (n.mass && n.checked && stuff) m_mass_nouns.push_back(i);
        if (n.proper) m_place_names.push_back(i);
    }
    for (int i = 0; i < int(lex.phrases.size()); i++) {
        const Phrase & p = lex.phrases[size_t(i)];
        const bool unfilled = (p.slot == PhraseSlot::Thing && m_mass_nouns.empty()) ||
                              (p.slot == PhraseSlot::Place && m_place_names.empty());
        if (unfilled) continue;
        if (p.alone || (!p.first && !p.last)) m_phrases_alone.push_back(i);
        if (p.first) m_phrases_first.push_back(i);
        const std::string & w = p.en[0];
        const bool time_of_day = w == "good" && p.en.size() > 2;  // good morning, not the reaction "good ."
        if (p.first && (w == "hello" || w == "hi" || w == "hey" || time_of_day || w == "excuse" || w == "sorry"))
            m_phrase_leads.push_back(i);
        if (p.last) m_phrases_last.push_back(i);
    }
    if (m_options.everyday) {
        auto noun = [&](int i) { return word_weight(lex.nouns[size_t(i)].rank, lex.nouns[size_t(i)].checked); };
        auto verb = [&](int i) { return word_weight(lex.verbs[size_t(i)].rank, lex.verbs[size_t(i)].checked); };
        auto adjective = [&](int i) { return word_weight(lex.adjectives[size_t(i)].rank, true); };
        for (const auto & pool : m_nouns_by_cat) weigh(pool, noun);
        // Made-up names (corpus/copied_names.h) share 30% of the names' weight, so each is rare
        // and together they are common: a model must copy them, it cannot learn each one.
        const std::vector<int> & names = m_nouns_by_cat[int(Category::Name)];
        double known = 0.0;
        int copied = 0;
        for (int i : names) {
            if (lex.nouns[size_t(i)].copied) copied++;
            else known += noun(i);
        }
        if (copied > 0 && known > 0.0)
            weigh(names, [&](int i) { return lex.nouns[size_t(i)].copied ? 0.3 * known / copied : 0.7 * noun(i); });
        for (const auto & pool : m_adjectives_by_cat) weigh(pool, adjective);
        for (const auto & pool : m_verbs_by_frame) weigh(pool, verb);
        weigh(m_locations, noun);
        weigh(m_object_locations, noun);
        weigh(m_mass_nouns, noun);
        // A phrase with a slot is a frame with many fillers ("THING is all you need"): it needs more
        // sentences than a fixed one to be learned as a frame.
        weigh(m_phrases_alone, [&](int i) { return lex.phrases[size_t(i)].slot == PhraseSlot::None ? 1.0 : 3.0; });
    }
    // The verbs a to-infinitive follows, where the lexicon has them with a person subject: the main
    // sense only (try to call: versuchen; trying food, probieren, is a second sense).
    if (m_options.everyday) {
        std::set<Tokens> seen;
        for (int i = 0; i < int(lex.verbs.size()); i++)
            if (infinitive_verb_zh(lex.verbs[size_t(i)]) && in_set(lex.verbs[size_t(i)].subj, Category::Person) &&
                seen.insert(lex.verbs[size_t(i)].en_base).second)
                m_infinitive_verbs.push_back(i);
    }
    // Prices: "the shirt costs 300 dollars" (要價 300 美元, kostet 300 Dollar).
    for (int i = 0; i < int(lex.verbs.size()); i++)
        if (lex.verbs[size_t(i)].en_base == Tokens{"cost"} && lex.verbs[size_t(i)].frame == Frame::Transitive) m_cost_verb = i;
    for (int i = 0; i < int(lex.nouns.size()); i++)
        if (lex.nouns[size_t(i)].en_sg == Tokens{"dollar"}) m_dollar_noun = i;
    for (int i = 0; i < int(lex.verbs.size()); i++)
        if (lex.verbs[size_t(i)].en_base == Tokens{"go"} && destination_pattern_zh(lex.verbs[size_t(i)])) m_go_verb = i;
    for (int i = 0; i < int(lex.adverbs.size()); i++) {
        if (lex.adverbs[size_t(i)].kind != AdverbKind::Frequency) continue;
        if (lex.adverbs[size_t(i)].en == Tokens{"ever"}) m_ever = i;
        if (lex.adverbs[size_t(i)].en == Tokens{"never"}) m_never = i;
    }
    for (int i = 0; m_options.everyday && i < int(lex.nouns.size()); i++) {
        const Noun & n = lex.nouns[size_t(i)];
        if (n.en_sg == Tokens{"home"} && n.cat == Category::Place) m_home_noun = i;
        for (const char * e : {"birthday", "meeting", "lesson", "wedding", "game", "trip", "appointment", "concert", "exam",
                               "movie", "show", "test", "holiday", "vacation"})
            if (n.en_sg == Tokens{e}) m_event_nouns.push_back(i);
    }
    for (int i = 0; i < int(lex.adjectives.size()); i++)
        if (lex.adjectives[size_t(i)].en == Tokens{"old"} && !lex.adjectives[size_t(i)].en_comp.empty()) m_old_adjective = i;
    // The states a person feels or looks in, said alike in the three languages (not "cold": mir ist
    // kalt; not "great", which the lexicon has as 巨大 / groß).
    for (int i = 0; m_options.everyday && i < int(lex.adjectives.size()); i++)
        for (const char * state : {"tired", "happy", "sad", "angry", "hungry", "thirsty", "afraid", "scared", "nervous", "calm",
                                   "excited", "lonely", "bored", "sick", "sleepy", "worried", "good"})
            if (lex.adjectives[size_t(i)].en == Tokens{state} && in_set(lex.adjectives[size_t(i)].applies, Category::Person))
                m_feeling_states.push_back(i);
    for (int i = 0; i < int(lex.adverbs.size()); i++) {
        const AdverbKind k = lex.adverbs[size_t(i)].kind;
        // Multi-word frequency adverbs ("all the time") do not go before the verb as single ones do.
        if (k == AdverbKind::Frequency && lex.adverbs[size_t(i)].en.size() > 1) continue;
        if (k == AdverbKind::Other) continue;  // very, only, probably: not placed by the grammar
        if (m_options.everyday && !lex.adverbs[size_t(i)].checked) continue;
        if (k == AdverbKind::Clock) {
            if (m_options.everyday) m_adverbs_clock.push_back(i);
            continue;
        }
        (k == AdverbKind::Time ? m_adverbs_time : k == AdverbKind::Frequency ? m_adverbs_frequency : m_adverbs_manner).push_back(i);
    }
}

bool Grammar::chance(double p) { return m_rng->uniform() < p; }

int Grammar::pick(const std::vector<int> & v) {
    if (v.empty()) return -1;
    const auto weighted = m_cumulative.find(&v);
    if (weighted == m_cumulative.end()) return v[size_t(m_rng->below(v.size()))];
    const std::vector<double> & cum = weighted->second;
    const double r = double(m_rng->uniform()) * cum.back();
    return v[size_t(std::upper_bound(cum.begin(), cum.end(), r) - cum.begin()) % v.size()];
}

// How often the everyday grammar draws a word: by frequency, 1/rank^0.75 (a word of rank 50 or
// better counts as 50, an unranked hand entry as 500), and a third as often when no person has
// checked its translations. The exponent gives the corpus the rank profile of real general English:
// of the content words in the English of Ding's example sentences, 40% are among the 300 most
// frequent lemmas, 26% rank 301-1,000, 23% 1,001-3,000 and 12% lower; drawn with 0.75 the corpus
// has 39 / 28 / 25 / 8% (with 1/√rank it had 31 / 27 / 31 / 11%, too few everyday words).
double Grammar::word_weight(int rank, bool checked) {
    const double r = rank <= 0 ? 500.0 : std::max(50.0, double(rank));
    return (checked ? 1.0 : 0.3) / std::pow(r, 0.75);
}

void Grammar::weigh(const std::vector<int> & pool, const std::function<double(int)> & weight) {
    std::vector<double> cum;
    double total = 0.0;
    for (int i : pool) cum.push_back(total += weight(i));
    m_cumulative[&pool] = std::move(cum);
}

// A noun of one of the allowed categories: each noun equally likely, or with the everyday
// grammar, as its word_weight says.
int Grammar::pick_noun(CategorySet allowed) {
    if (m_options.everyday) {
        double total = 0.0;
        for (int c = 0; c < int(Category::Count); c++)
            if (in_set(allowed, Category(c)) && !m_nouns_by_cat[c].empty()) total += m_cumulative[&m_nouns_by_cat[c]].back();
        if (total <= 0.0) return -1;
        double r = double(m_rng->uniform()) * total;
        for (int c = 0; c < int(Category::Count); c++) {
            if (!in_set(allowed, Category(c)) || m_nouns_by_cat[c].empty()) continue;
            const std::vector<double> & cum = m_cumulative[&m_nouns_by_cat[c]];
            if (r < cum.back()) return m_nouns_by_cat[c][size_t(std::upper_bound(cum.begin(), cum.end(), r) - cum.begin()) % cum.size()];
            r -= cum.back();
        }
        return -1;
    }
    size_t total = 0;
    for (int c = 0; c < int(Category::Count); c++)
        if (in_set(allowed, Category(c))) total += m_nouns_by_cat[c].size();
    if (total == 0) return -1;
    size_t r = size_t(m_rng->below(total));
    for (int c = 0; c < int(Category::Count); c++) {
        if (!in_set(allowed, Category(c))) continue;
        if (r < m_nouns_by_cat[c].size()) return m_nouns_by_cat[c][r];
        r -= m_nouns_by_cat[c].size();
    }
    return -1;
}

// A verb of the frame whose subjects include `subject_needs` (any of its bits) and whose objects
// include `object_needs`; rejection sampling keeps it uniform among those that fit.
int Grammar::pick_verb(Frame f, CategorySet subject_needs, CategorySet object_needs) {
    const auto & pool = m_verbs_by_frame[int(f)];
    for (int attempt = 0; attempt < 64 && !pool.empty(); attempt++) {
        const int v = pick(pool);
        const Verb & verb = m_lex.verbs[size_t(v)];
        if (subject_needs && !(verb.subj & subject_needs)) continue;
        if (object_needs && !(verb.obj & object_needs)) continue;
        return v;
    }
    return -1;
}

NounPhrase Grammar::pronoun(bool person) {
    NounPhrase np;
    np.kind = NounPhrase::Kind::Pronoun;
    static const Pronoun people[] = {Pronoun::I, Pronoun::You, Pronoun::He, Pronoun::She, Pronoun::We, Pronoun::They};
    np.pronoun = person ? people[m_rng->below(6)] : (chance(0.5) ? Pronoun::It : Pronoun::They);
    np.id = new_id();
    return np;
}

void Grammar::add_adjectives(NounPhrase & np, float richness) {
    const Noun & n = m_lex.nouns[size_t(np.noun)];
    const auto & pool = m_adjectives_by_cat[int(n.cat)];
    if (pool.empty() || !chance(0.15 + 0.45 * richness)) return;
    np.adjectives.push_back(pick(pool));
    if (chance(0.3 * richness)) {
        const int second = pick(pool);
        if (m_lex.adjectives[size_t(second)].kind != m_lex.adjectives[size_t(np.adjectives[0])].kind)
            np.adjectives.push_back(second);
    }
    // English order: opinion, feeling, size, age, colour ("a beautiful old red car").
    auto rank = [&](int a) {
        switch (m_lex.adjectives[size_t(a)].kind) {
            case AdjectiveKind::Quality: return 0;
            case AdjectiveKind::Feeling: return 1;
            case AdjectiveKind::Size: return 2;
            case AdjectiveKind::Age: return 3;
            default: return 4;
        }
    };
    std::stable_sort(np.adjectives.begin(), np.adjectives.end(), [&](int a, int b) { return rank(a) < rank(b); });
}

// A person's or a place's name stands alone: no article, number, adjective or relative clause.
bool Grammar::name_if_proper(NounPhrase & np) const {
    if (!m_lex.nouns[size_t(np.noun)].named()) return false;
    np.kind = NounPhrase::Kind::Name;
    np.det = Det::None;
    return true;
}

NounPhrase Grammar::noun_phrase(CategorySet allowed, float richness, bool allow_pronoun, bool allow_relative) {
    if (allow_pronoun && (allowed & kPeople) && chance(0.3)) return pronoun(true);
    if (allow_pronoun && (allowed & ~kPeople) && chance(0.04)) return pronoun(false);
    NounPhrase np;
    np.noun = pick_noun(allowed);
    if (np.noun < 0) return pronoun(true);
    np.id = new_id();
    const Noun & n = m_lex.nouns[size_t(np.noun)];
    if (name_if_proper(np)) return np;
    const float r = m_rng->uniform();
    if (n.mass) {
        np.det = r < 0.5f ? Det::The : r < 0.7f ? Det::Poss : Det::None;
    } else {
        np.det = r < 0.3f ? Det::A : r < 0.6f ? Det::The : r < 0.67f ? Det::This : r < 0.74f ? Det::That
                 : r < 0.87f ? Det::Poss : r < 0.95f ? Det::Number : Det::None;
        if (np.det == Det::Number) { np.plural = true; np.number = 2 + int(m_rng->below(19)); }
        else if (np.det == Det::None) np.plural = true;
        else if (np.det != Det::A && chance(0.25)) np.plural = true;
        if (np.det == Det::Number && m_options.everyday && chance(0.4)) {  // "25 cats", as digits
            np.digits = true;
            np.number = 2 + int(m_rng->below(98));
        }
    }
    if (np.det == Det::Poss) np.possessor = Pronoun(m_rng->below(7));
    if (np.det == Det::Poss && np.possessor == Pronoun::It) np.possessor = Pronoun::We;
    if (m_options.everyday && n.cat != Category::Person && chance(0.08)) add_owner(np);
    add_adjectives(np, richness);
    if (allow_relative && chance(0.3 * richness)) add_relative(np, richness);
    if (m_options.everyday && !np.relative && n.cat != Category::Place && np.det != Det::Poss && np.det != Det::Owner &&
        chance(0.03))
        add_location(np);
    return np;
}

// "anna's dog", "my father's car", "the teacher's bag": a person owns it.
void Grammar::add_owner(NounPhrase & np) {
    NounPhrase owner;
    owner.noun = pick_noun(chance(0.5) ? bit(Category::Name) : bit(Category::Person));
    if (owner.noun < 0) return;
    const Noun & o = m_lex.nouns[size_t(owner.noun)];
    if (o.cat == Category::Name && o.de_sg.find(' ') != std::string::npos) return;  // "Herr Chen": no Saxon genitive
    owner.id = new_id();
    if (o.cat == Category::Name) {
        owner.kind = NounPhrase::Kind::Name;
        owner.det = Det::None;
    } else {
        owner.det = chance(0.6) ? Det::Poss : Det::The;
        owner.possessor = Pronoun(m_rng->below(7));
        if (owner.possessor == Pronoun::It) owner.possessor = Pronoun::I;
    }
    np.det = Det::Owner;
    np.number = 0;
    np.owner = std::make_shared<NounPhrase>(std::move(owner));
    m_tags.insert("possessive");
}

// "the girl [who bought a red dress yesterday]", "the shirt [that i bought]".
void Grammar::add_relative(NounPhrase & np, float richness) {
    const Noun & n = m_lex.nouns[size_t(np.noun)];
    const CategorySet head = bit(n.cat);
    Clause c;
    c.id = new_id();
    const bool person = n.cat == Category::Person;
    const bool subject_gap = person ? chance(0.6) : chance(0.2);
    if (subject_gap) {
        const Frame f = chance(0.6) ? Frame::Transitive : Frame::Intransitive;
        c.verb = pick_verb(f, head, 0);
        if (c.verb < 0 || m_lex.verbs[size_t(c.verb)].linking) return;  // its adjective is made by clause()
        c.gap = Role::Subject;
    } else {
        c.verb = pick_verb(Frame::Transitive, 0, head);
        // German cannot leave a prepositional object's place empty as English does (the man i
        // remember: der Mann, an den ich mich erinnere), which the realiser does not build.
        if (c.verb < 0 || !m_lex.verbs[size_t(c.verb)].de_prep.empty()) return;
        c.gap = Role::Object;
        c.subject = noun_phrase(m_lex.verbs[size_t(c.verb)].subj, richness * 0.5f, true, false);
    }
    const float t = m_rng->uniform();
    c.tense = t < 0.5f ? Tense::Past : t < 0.85f ? Tense::Present : Tense::Perfect;
    const Verb & v = m_lex.verbs[size_t(c.verb)];
    if (c.gap == Role::Subject && v.frame == Frame::Transitive)
        c.object = std::make_shared<NounPhrase>(noun_phrase(v.obj, richness * 0.5f, true, false));
    if (c.gap == Role::Object) c.object = std::make_shared<NounPhrase>(np);  // for the realisers' case choice
    c.negated = chance(0.08);
    if (chance(0.35)) c.time = pick_time(c.tense);
    if (!c.negated && c.time < 0 && chance(0.2) && !m_locations.empty()) {
        NounPhrase place;
        place.noun = pick(m_locations);
        place.id = new_id();
        name_if_proper(place);
        c.place = std::make_shared<NounPhrase>(place);
    }
    if (np.det != Det::The && np.det != Det::This && np.det != Det::That) np.det = Det::The;
    if (c.object && c.gap == Role::Object) c.object->relative.reset();
    np.relative = std::make_shared<Clause>(std::move(c));
}

int Grammar::pick_time(Tense t) {
    const uint8_t need = t == Tense::Past ? kPastOk : t == Tense::Future ? kFutureOk : kPresentOk;
    if (t == Tense::Perfect) return -1;  // "i have visited yesterday" is not English
    return pick_time_where(32, [&](int a) { return (m_lex.adverbs[size_t(a)].tenses & need) != 0; });
}

// A clock time or date a fifth of the time ("at 9 : 30", "on october 12"), else a time adverb
// that `ok` accepts, drawn up to `attempts` times; -1 when none is.
int Grammar::pick_time_where(int attempts, const std::function<bool(int)> & ok) {
    if (!m_adverbs_clock.empty() && chance(0.2)) {
        m_tags.insert("clock_time");
        return pick(m_adverbs_clock);
    }
    for (int attempt = 0; attempt < attempts; attempt++) {
        const int a = pick(m_adverbs_time);
        if (a < 0) return -1;
        if (ok(a)) return a;
    }
    return -1;
}

void Grammar::fill_verb_arguments(Clause & c, const Verb & v, float richness, bool allow_complement, bool allow_relative) {
    switch (v.frame) {
        case Frame::Intransitive: break;
        case Frame::Transitive:
            if (m_options.everyday && c.verb == m_cost_verb && m_dollar_noun >= 0) {  // "costs 300 dollars"
                static const int kPrices[] = {5, 10, 20, 25, 30, 45, 50, 60, 80, 99, 100, 120, 150, 200, 250, 300,
                                              350, 400, 450, 500, 600, 750, 800, 1000, 1200, 1500, 2000, 3000};
                NounPhrase price;
                price.noun = m_dollar_noun;
                price.id = new_id();
                price.det = Det::Number;
                price.digits = price.plural = true;
                price.number = kPrices[m_rng->below(std::size(kPrices))];
                c.object = std::make_shared<NounPhrase>(price);
                m_tags.insert("price");
                break;
            }
            c.object = std::make_shared<NounPhrase>(noun_phrase(v.obj, richness, true, allow_relative));
            if (c.object->kind == NounPhrase::Kind::Noun && !c.object->relative && chance(0.12 * richness)) {
                NounPhrase second = noun_phrase(v.obj & ~kPeople ? v.obj & ~kPeople : v.obj, richness * 0.5f, false, false);
                if (second.kind == NounPhrase::Kind::Noun) c.object->coordinated = std::make_shared<NounPhrase>(second);
            }
            break;
        case Frame::Ditransitive:
            c.indirect = std::make_shared<NounPhrase>(noun_phrase(kPeople, richness * 0.5f, true, false));
            c.object = std::make_shared<NounPhrase>(noun_phrase(v.obj & ~kPeople ? v.obj & ~kPeople : v.obj, richness, false, allow_relative));
            break;
        case Frame::Clause:
            if (allow_complement) {
                Clause inner = clause(richness * 0.6f, false, false);
                inner.that_dropped = chance(0.3);
                c.complement = std::make_shared<Clause>(std::move(inner));
            } else {
                c.verb = -1;  // no room for a clause here: fall back to the copula
            }
            break;
    }
    if (m_options.everyday) not_reflexive(c);
}

// Not "we require us", "i observed us", "please employ you": a pronoun object that takes in the
// subject would be reflexive ("ourselves"), which the grammar does not build, so it names someone else.
void Grammar::not_reflexive(Clause & c) const {
    if (c.subject.kind != NounPhrase::Kind::Pronoun) return;
    auto overlaps = [](Pronoun a, Pronoun b) {
        const bool speaker_a = a == Pronoun::I || a == Pronoun::We, speaker_b = b == Pronoun::I || b == Pronoun::We;
        return (a == b && a != Pronoun::It) || (speaker_a && speaker_b);
    };
    for (NounPhrase * o : {c.object.get(), c.indirect.get()})
        if (o && o->kind == NounPhrase::Kind::Pronoun && overlaps(o->pronoun, c.subject.pronoun))
            o->pronoun = c.subject.pronoun == Pronoun::They ? Pronoun::He : Pronoun::They;
}

Clause Grammar::clause(float richness, bool main, bool allow_complement) {
    if (m_options.everyday) {
        const float k = m_rng->uniform();
        if (k < 0.06f) return existential_clause(richness, main);
        if (k < 0.10f) return weather_clause(richness, main);
        if (k < 0.12f && m_old_adjective >= 0) return age_clause(richness, main);
        if (k < 0.13f && m_go_verb >= 0 && m_ever >= 0 && m_never >= 0) return been_to_clause(main);
        if (k < 0.17f && main) return demonstrative_clause(richness);
    }
    Clause c;
    c.id = new_id();
    const float f = m_rng->uniform();
    const bool copula = f < 0.1f;
    const Frame frame = f < 0.32f ? Frame::Intransitive : f < 0.82f ? Frame::Transitive
                        : f < 0.9f ? Frame::Ditransitive : Frame::Clause;
    const float t = m_rng->uniform();
    c.tense = t < 0.35f ? Tense::Present : t < 0.72f ? Tense::Past : t < 0.82f ? Tense::Perfect : Tense::Future;

    if (!copula) c.verb = pick_verb(allow_complement || frame != Frame::Clause ? frame : Frame::Transitive, 0, 0);
    if (!copula && m_options.everyday && m_cost_verb >= 0 && m_dollar_noun >= 0 && chance(0.015)) c.verb = m_cost_verb;  // prices
    if (!copula && c.verb >= 0) {
        const Verb & v = m_lex.verbs[size_t(c.verb)];
        c.subject = noun_phrase(v.subj, richness, true, main);
        if (chance(0.15)) {
            const float m = m_rng->uniform();
            c.modal = m < 0.35f ? Modal::Can : m < 0.55f ? Modal::Must : m < 0.8f ? Modal::Want : Modal::Should;
            c.tense = Tense::Present;
            // Only someone wants: not "do the tickets want to rattle".
            if (m_options.everyday && c.modal == Modal::Want && !is_person(m_lex, c.subject)) c.modal = Modal::Can;
            // Everyday English says "have to" and "need to" more than "must".
            if (m_options.everyday && c.modal == Modal::Must && chance(0.7))
                c.obligation = chance(0.55) ? Obligation::HaveTo : Obligation::NeedTo;
            // ... and has them in the past: "i had to wait", "we didn't need to pay" (musste warten)
            if (c.modal == Modal::Must && c.obligation != Obligation::Must && chance(0.3)) c.tense = Tense::Past;
        }
        fill_verb_arguments(c, v, richness, allow_complement, main);
        if (v.linking) linking_adjective(c);
        if (m_options.everyday && c.verb >= 0) everyday_event(c, v, main);
        if (m_options.everyday && main && allow_complement && c.verb >= 0) maybe_infinitive(c);
    }
    if (c.verb < 0) {  // the copula: "my sister is tired", "the girl is my sister"
        c.verb = -1;
        c.modal = Modal::None;
        c.object.reset();
        c.indirect.reset();
        c.complement.reset();
        if (c.tense != Tense::Past) c.tense = Tense::Present;
        c.subject = noun_phrase(kPeople | bit(Category::Animal) | bit(Category::Clothing) | bit(Category::Food) |
                                    bit(Category::Place) | bit(Category::Object),
                                richness, true, main);
        const bool person = is_person(m_lex, c.subject);
        const Category cat = c.subject.kind == NounPhrase::Kind::Pronoun ? Category::Person
                                                                          : m_lex.nouns[size_t(c.subject.noun)].cat;
        if (person && !is_plural(c.subject) && chance(0.5)) {
            NounPhrase pred;
            pred.noun = pick_noun(bit(Category::Person));
            if (pred.noun >= 0) {
                pred.id = new_id();
                pred.det = chance(0.6) ? Det::Poss : Det::A;
                if (pred.det == Det::Poss) pred.possessor = Pronoun(m_rng->below(7));
                if (pred.possessor == Pronoun::It) pred.possessor = Pronoun::I;
                c.predicate = std::make_shared<NounPhrase>(pred);
            }
        }
        if (!c.predicate) {
            c.predicate_adjective = pick(m_adjectives_by_cat[int(cat == Category::Name ? Category::Person : cat)]);
            if (c.predicate_adjective < 0) c.predicate_adjective = pick(m_adjectives_by_cat[int(Category::Person)]);
            if (m_options.everyday && person && m_old_adjective >= 0 && chance(0.1)) c.predicate_adjective = m_old_adjective;
            // "a bright river was bright" says nothing.
            for (int a : c.subject.adjectives)
                if (a == c.predicate_adjective) c.subject.adjectives.clear();
        }
        if (m_options.everyday && main) maybe_when_it_is(c);
        if (m_options.everyday && !c.time_predicate) everyday_copula(c, richness);
    }

    const Verb * v = verb_of(m_lex, c);
    if (main && chance(0.2)) {
        c.mood = chance(0.5) ? Mood::YesNo : Mood::Wh;
    }
    // People mostly ask the one they talk to: "do you like tea?", "where do you live?", "are you tired?".
    const bool asks_person = v ? in_set(v->subj, Category::Person) : is_person(m_lex, c.subject);
    if (m_options.everyday && c.mood != Mood::Statement && asks_person && chance(0.35)) {
        c.subject = NounPhrase{};
        c.subject.kind = NounPhrase::Kind::Pronoun;
        c.subject.pronoun = Pronoun::You;
        c.subject.id = new_id();
        not_reflexive(c);
    }
    // Imperatives: "(please) close the window", "don't worry". The listener is the subject.
    const bool imperative_ok = v && c.modal == Modal::None && !c.progressive && !c.complement && !v->zh_asp.empty() &&
                               in_set(v->subj, Category::Person);
    if (m_options.everyday && main && c.mood == Mood::Statement && imperative_ok && chance(0.12)) {
        c.mood = Mood::Imperative;
        c.subject = NounPhrase{};
        c.subject.kind = NounPhrase::Kind::Pronoun;
        c.subject.pronoun = Pronoun::You;
        c.subject.id = new_id();
        c.tense = Tense::Present;
        c.going_to = false;
        c.please = chance(0.4);
        if (chance(0.25)) {  // "let's go to the park": the speaker joins in
            c.lets = true;
            c.please = false;
            c.subject.pronoun = Pronoun::We;
        }
        not_reflexive(c);
    }
    // Requests: "can you / could you (please) help me?"
    const bool to_you = c.subject.kind == NounPhrase::Kind::Pronoun && c.subject.pronoun == Pronoun::You;
    if (m_options.everyday && c.mood == Mood::YesNo && to_you && v && imperative_ok && !c.going_to && chance(0.3)) {
        c.modal = Modal::Can;
        c.tense = Tense::Present;
    }
    if (m_options.everyday && c.mood == Mood::YesNo && c.modal == Modal::Can && to_you) {
        if (chance(0.4)) c.modal = Modal::Could;
        c.please = chance(0.3);
    }
    // Asking permission: "may i sit here?"
    if (m_options.everyday && c.mood == Mood::YesNo && c.modal == Modal::Can && c.subject.kind == NounPhrase::Kind::Pronoun &&
        (c.subject.pronoun == Pronoun::I || c.subject.pronoun == Pronoun::We) && chance(0.4))
        c.modal = Modal::May;
    c.negated = (c.mood == Mood::Statement || c.mood == Mood::Imperative) && chance(0.15) && !c.time_predicate &&
                (m_options.everyday || c.modal != Modal::Must || c.obligation != Obligation::Must);  // "must not": everyday
    c.contracted = c.negated && chance(0.3);
    if (c.mood == Mood::Imperative) c.contracted = c.negated;  // "don't", the way people say it
    // Comparisons are stated or asked yes/no, never negated: "not bigger than" (沒有 … 那麼) and
    // "who is bigger than" are constructions of their own.
    if (c.compare != Compare::None) {
        c.negated = c.contracted = false;
        if (c.mood == Mood::Wh) c.mood = Mood::YesNo;
    }
    if (!c.time_predicate && chance(0.2 + 0.4 * richness)) c.time = pick_time(c.tense);
    c.time_fronted = main && c.time >= 0 && c.mood == Mood::Statement && chance(0.35);
    // Verbs of coming and going take a destination, not a location: no "came back in the kitchen".
    bool motion = false;
    if (v && v->frame == Frame::Intransitive)
        for (const char * m : {"go", "come", "arrive", "come back", "go out", "go away", "leave", "return"})
            motion |= v->en_base == split_tokens(m);
    if (v && !motion && v->frame != Frame::Clause && chance(0.15 + 0.35 * richness) && !m_locations.empty()) {
        const bool thing_place = c.object && !(c.object->kind == NounPhrase::Kind::Pronoun) && !is_person(m_lex, *c.object) &&
                                 !m_object_locations.empty() && chance(0.15);
        c.place = std::make_shared<NounPhrase>(place_phrase(richness, thing_place ? m_object_locations : m_locations));
        if (!thing_place) c.place = home_or(c.place, is_person(m_lex, c.subject), 0.12);
        maybe_spatial(*c.place);
    }
    // Verbs of motion go somewhere: "go to the park", "fly to tokyo", "come back to taipei", "go home".
    if (m_options.everyday && v && !c.place && c.gap != Role::Place && destination_pattern_zh(*v) && chance(0.6)) {
        c.destination = std::make_shared<NounPhrase>(place_phrase(richness * 0.5f, m_locations));
        const bool homeward = v->en_base == Tokens{"go"} || v->en_base == Tokens{"come"} || v->en_base == Tokens{"return"} ||
                              v->en_base == Tokens{"come", "back"};
        if (homeward) c.destination = home_or(c.destination, is_person(m_lex, c.subject), 0.3);
    }
    if (v && v->frame != Frame::Clause && !v->linking && chance(0.08 + 0.2 * richness)) c.manner = pick(m_adverbs_manner);
    if (m_options.everyday && c.verb >= 0 && c.verb == m_cost_verb) {  // a price has no manner or place: not "costs 5 dollars angrily in the park"
        c.manner = -1;
        c.place.reset();
    }
    if (!c.negated && chance(0.08)) c.frequency = pick(m_adverbs_frequency);
    // No "is always cooking", "is rarely going to help", "would usually like to", "always close it";
    // and the progressive is about now, not "every year".
    if (c.progressive || c.going_to || c.modal == Modal::WouldLike || c.mood == Mood::Imperative || c.please) c.frequency = -1;
    if (c.progressive && c.tense == Tense::Present) c.time = -1;
    if (c.progressive && c.tense == Tense::Past && main && !moment(c.time)) c.time = pick_moment();  // was reading last night
    if (c.negated) c.degree = Degree::None;  // "not very cold" reads differently in each language
    if (c.mood == Mood::Imperative || c.time < 0) c.time_fronted = false;
    if (m_options.everyday && main) maybe_duration(c);

    if (c.mood == Mood::Wh) {
        std::vector<Role> roles = {Role::Reason};
        if (is_person(m_lex, c.subject) && c.subject.kind != NounPhrase::Kind::Pronoun) roles.push_back(Role::Subject);
        if (c.object && !c.object->coordinated && c.object->kind != NounPhrase::Kind::Pronoun) {
            roles.push_back(Role::Object);  // twice: objects are the most common question
            roles.push_back(Role::Object);
        }
        if (c.place) roles.push_back(Role::Place);
        if (c.time >= 0) roles.push_back(Role::Time);
        c.gap = roles[size_t(m_rng->below(roles.size()))];
        // "what time does the train leave": an event asked by the clock, most often when it had a clock time.
        if (m_options.everyday && c.gap == Role::Time && v) {
            const Adverb & t = m_lex.adverbs[size_t(c.time)];
            const bool clock = t.kind == AdverbKind::Clock && t.en.size() > 1 && t.en[0] == "at";
            c.what_time = chance(clock ? 0.8 : 0.2);
        }
        if (c.gap == Role::Object) { c.object->relative.reset(); c.object->adjectives.clear(); }
        if (m_options.everyday) maybe_how_many(c);
        if (c.gap == Role::Subject) c.subject.relative.reset();
        if (c.gap == Role::Place) c.place->adjectives.clear();
        if (!v && c.gap == Role::Subject) c.gap = Role::Reason;
        if (m_options.everyday) maybe_how(c);
        if (c.duration && chance(0.6)) c.gap = Role::Duration;  // "how long did you wait"
        if (c.time_predicate) c.gap = Role::Time;               // "when is your birthday"
    }
    // A habit is stated, in the past, without a time of its own: not "did you used to", "used to ...
    // yesterday".
    if (c.used_to && (c.mood != Mood::Statement || c.negated || c.tense != Tense::Past || c.duration || c.going_to))
        c.used_to = false;
    if (c.used_to) {
        c.time = c.frequency = -1;
        c.time_fronted = false;
    }
    if (c.time_predicate) {  // not "on monday my lesson is", "the meeting is usually at 9"
        c.time_fronted = false;
        c.frequency = c.manner = -1;
    }
    if (m_options.everyday) maybe_age(c);
    if (m_options.everyday) maybe_been_to(c);
    return c;
}

// "in the park", "at my school", "in taipei": a place by its name takes no article or adjective.
NounPhrase Grammar::place_phrase(float richness, const std::vector<int> & pool) {
    NounPhrase place;
    place.noun = pick(pool);
    place.id = new_id();
    if (name_if_proper(place)) return place;
    place.det = chance(0.8) ? Det::The : Det::Poss;
    if (place.det == Det::Poss) place.possessor = Pronoun(m_rng->below(7));
    if (place.possessor == Pronoun::It) place.possessor = Pronoun::I;
    add_adjectives(place, richness * 0.5f);
    return place;
}

void Grammar::tag_noun_phrase(const NounPhrase & np) {
    if (!np.adjectives.empty()) m_tags.insert("adjective");
    if (np.det == Det::Number) m_tags.insert("number");
    if (np.relative) { m_tags.insert("relative"); tag_clause(*np.relative); }
    if (np.coordinated) { m_tags.insert("coordination"); tag_noun_phrase(*np.coordinated); }
    if (np.located) {
        m_tags.insert("place_modifier");
        if (np.located->spatial >= 0) m_tags.insert("spatial");
    }
}

// A statement in the perfect says that something is now done ("she has bought a car"); asked,
// denied or with ever/never/before, it speaks of experience ("have you seen it", "i have never
// been there"). The core grammar leaves every perfect an experience.
void Grammar::mark_perfect_done(Clause & c) {
    bool experience = c.negated || c.mood != Mood::Statement;
    if (c.frequency >= 0) {
        const Tokens & en = m_lex.adverbs[size_t(c.frequency)].en;
        experience |= en == Tokens{"ever"} || en == Tokens{"never"} || en == Tokens{"before"};
    }
    c.perfect_done = c.tense == Tense::Perfect && !experience;
    if (c.complement) mark_perfect_done(*c.complement);
}

void Grammar::tag_clause(const Clause & c) {
    const Verb * v = verb_of(m_lex, c);
    if (c.progressive) m_tags.insert(c.tense == Tense::Past ? "past_progressive" : "progressive");
    if (c.gap == Role::Degree) m_tags.insert("how_adjective");
    if (c.gap == Role::Frequency) m_tags.insert("how_often");
    if (c.what_time) m_tags.insert("what_time");
    if (c.time_predicate) m_tags.insert("time_predicate");
    if (c.used_to) m_tags.insert("used_to");
    if (c.place && c.gap != Role::Place && c.place->spatial >= 0) m_tags.insert("spatial");
    if (been_to(m_lex, c)) m_tags.insert("been_to");
    if ((c.place && c.gap != Role::Place && is_home(m_lex, *c.place)) || (c.destination && is_home(m_lex, *c.destination)))
        m_tags.insert("home");
    if (c.duration) m_tags.insert("duration");
    if (c.continuous) m_tags.insert("perfect_progressive");
    if (c.age || person_is_old(m_lex, c)) m_tags.insert("age");
    if (c.to_infinitive) m_tags.insert("infinitive");
    if (c.object && c.object->det == Det::Which) m_tags.insert("which");
    if (c.destination) m_tags.insert("destination");
    if (c.going_to) m_tags.insert("going_to");
    if (c.kind == ClauseKind::Existential) m_tags.insert("existential");
    if (c.kind == ClauseKind::Weather) m_tags.insert("weather");
    if (c.kind == ClauseKind::Demonstrative) m_tags.insert("demonstrative");
    if (c.degree != Degree::None) m_tags.insert("degree");
    if (c.mood == Mood::Imperative) m_tags.insert(c.lets ? "lets" : "imperative");
    if (c.mood == Mood::YesNo && (c.modal == Modal::Could || c.please || (c.modal == Modal::Can && c.subject.kind == NounPhrase::Kind::Pronoun && c.subject.pronoun == Pronoun::You)))
        m_tags.insert("request");
    if (c.kind == ClauseKind::Event && !v && c.place) m_tags.insert("copula_place");
    if (c.modal == Modal::Like) m_tags.insert("like_to");
    if (c.modal == Modal::WouldLike) m_tags.insert("would_like");
    if (c.modal == Modal::Must && c.obligation != Obligation::Must) m_tags.insert("have_to");
    if (c.modal == Modal::Must && c.obligation == Obligation::Must && c.negated) m_tags.insert("must_not");
    if ((c.object && (c.object->det == Det::HowMany || c.object->det == Det::HowMuch)) || c.subject.det == Det::HowMany)
        m_tags.insert("how_many");
    if (c.time >= 0) m_tags.insert("time");
    if (c.place) m_tags.insert("place");
    if (c.modal != Modal::None) m_tags.insert("modal");
    else if (c.tense == Tense::Past) m_tags.insert("past");
    else if (c.tense == Tense::Perfect) m_tags.insert("perfect");
    else if (c.tense == Tense::Future) m_tags.insert("future");
    if (c.negated) m_tags.insert("negation");
    if (c.mood == Mood::YesNo) m_tags.insert("yes_no_question");
    if (c.mood == Mood::Wh && c.gap != Role::None) m_tags.insert("wh_question");
    if (!v && c.kind == ClauseKind::Event) m_tags.insert("copula");
    if (v && !v->de_sep.empty()) m_tags.insert("separable");
    if (v && v->de_dative) m_tags.insert("dative_verb");
    if (v && v->de_reflexive != Reflexive::None) m_tags.insert("reflexive");
    if (v && v->linking) m_tags.insert("linking");
    if (v && v->frame == Frame::Ditransitive) m_tags.insert("ditransitive");
    if (c.complement) { m_tags.insert("complement"); tag_clause(*c.complement); }
    if (c.manner >= 0) m_tags.insert("manner");
    if (c.frequency >= 0) m_tags.insert("frequency");
    if ((c.object && c.object->kind == NounPhrase::Kind::Pronoun && c.gap != Role::Object) ||
        (c.indirect && c.indirect->kind == NounPhrase::Kind::Pronoun))
        m_tags.insert("object_pronoun");
    tag_noun_phrase(c.subject);
    if (c.object && c.gap != Role::Object) tag_noun_phrase(*c.object);
    if (c.indirect) tag_noun_phrase(*c.indirect);
    if (c.place) tag_noun_phrase(*c.place);
    if (c.predicate) tag_noun_phrase(*c.predicate);
}

Sentence Grammar::sample(Rng & rng, float richness) {
    m_rng = &rng;
    m_next_id = 16;
    m_tags.clear();
    Sentence s;
    s.main = clause(richness, true, true);
    s.link_id = new_id();
    s.punct_id = new_id();
    if (s.main.mood == Mood::Statement && !s.main.time_predicate && chance(0.1 + 0.4 * richness)) {
        const float l = m_rng->uniform();
        s.link = l < 0.2f ? Connective::And : l < 0.35f ? Connective::But : l < 0.6f ? Connective::Because : l < 0.8f ? Connective::When
                 : l < 0.92f ? Connective::If : Connective::Although;
        Clause second = clause(richness * 0.7f, false, false);
        second.mood = Mood::Statement;
        second.gap = Role::None;
        second.time_fronted = false;
        if (s.link == Connective::If) {
            // if + present, main clause future/modal/present: "if you call me, i will come"
            if (second.tense != Tense::Present) { second.tense = Tense::Present; second.time = -1; }
            if (s.main.tense == Tense::Past || s.main.tense == Tense::Perfect) { s.main.tense = Tense::Future; s.main.time = -1; s.main.time_fronted = false; }
        }
        if (s.link == Connective::When && second.modal == Modal::None) {
            // when-clauses share the main clause's time frame
            if ((second.tense == Tense::Past) != (s.main.tense == Tense::Past)) { second.tense = s.main.tense == Tense::Past ? Tense::Past : Tense::Present; second.time = -1; }
            if (second.tense == Tense::Future || second.tense == Tense::Perfect) { second.tense = Tense::Present; second.time = -1; }
        }
        // "going to" is a future, the progressive present or past: a clause the rules above moved
        // to another tense drops them.
        for (Clause * k : {&s.main, &second}) {
            if (k->tense != Tense::Future) k->going_to = false;
            if (k->tense != Tense::Present && k->tense != Tense::Past) k->progressive = false;
            if (k->tense != Tense::Past) k->used_to = false;
        }
        s.second = std::make_shared<Clause>(std::move(second));
        s.subordinate_first = s.link != Connective::And && s.link != Connective::But && chance(0.4);
        if (s.subordinate_first) s.main.time_fronted = false;
        m_tags.insert(s.link == Connective::And || s.link == Connective::But ? "coordination" : "subordinate");
    }
    s.en_final_punct = chance(0.75);
    if (m_options.everyday) s.en_contracted = chance(0.4);
    if (m_options.everyday && !m_lex.phrases.empty() && chance(0.15)) add_phrase(s);
    if (s.phrase_use == Sentence::PhraseUse::Alone) {  // the phrase is the whole sentence
        s.tags = {"phrase"};
        if (s.lead_phrase >= 0) s.tags.push_back("joined_phrases");
        m_rng = nullptr;
        return s;
    }
    if (s.phrase_use != Sentence::PhraseUse::None) m_tags.insert("phrase");
    if (m_options.everyday) {
        mark_perfect_done(s.main);
        if (s.second) mark_perfect_done(*s.second);
    }
    tag_clause(s.main);
    if (s.second) tag_clause(*s.second);
    s.tags.assign(m_tags.begin(), m_tags.end());
    m_rng = nullptr;
    return s;
}

void Grammar::hold_out(Rng & rng, double adjective_noun_fraction, double verb_object_fraction) {
    m_heldout_adj_noun.clear();
    m_heldout_verb_obj.clear();
    for (int n = 0; n < int(m_lex.nouns.size()); n++) {
        const Category cat = m_lex.nouns[size_t(n)].cat;
        for (int a : m_adjectives_by_cat[int(cat)])
            if (rng.uniform() < adjective_noun_fraction) m_heldout_adj_noun.insert({a, n});
        for (int v = 0; v < int(m_lex.verbs.size()); v++)
            if (in_set(m_lex.verbs[size_t(v)].obj, cat) && rng.uniform() < verb_object_fraction) m_heldout_verb_obj.insert({v, n});
    }
}

namespace {
// Calls f(adjective, noun) and g(verb, noun) for every pair in a derivation.
template <class F, class G>
void visit_pairs(const Clause & c, F & f, G & g);

template <class F, class G>
void visit_np(const NounPhrase & np, F & f, G & g) {
    if (np.noun >= 0)
        for (int a : np.adjectives) f(a, np.noun);
    if (np.relative) {
        visit_pairs(*np.relative, f, g);
        if (np.relative->gap == Role::Object && np.noun >= 0) g(np.relative->verb, np.noun);
    }
    if (np.coordinated) visit_np(*np.coordinated, f, g);
}

template <class F, class G>
void visit_pairs(const Clause & c, F & f, G & g) {
    visit_np(c.subject, f, g);
    if (c.object && c.gap != Role::Object) {
        visit_np(*c.object, f, g);
        if (c.verb >= 0 && c.object->noun >= 0) g(c.verb, c.object->noun);
        if (c.verb >= 0 && c.object->coordinated && c.object->coordinated->noun >= 0) g(c.verb, c.object->coordinated->noun);
    }
    if (c.indirect) visit_np(*c.indirect, f, g);
    if (c.place) visit_np(*c.place, f, g);
    if (c.predicate) visit_np(*c.predicate, f, g);
    if (c.complement) visit_pairs(*c.complement, f, g);
}
} // namespace

bool Grammar::uses_held_out_pair(const Sentence & s) const {
    bool found = false;
    auto f = [&](int a, int n) { found |= m_heldout_adj_noun.count({a, n}) > 0; };
    auto g = [&](int v, int n) { found |= m_heldout_verb_obj.count({v, n}) > 0; };
    visit_pairs(s.main, f, g);
    if (s.second) visit_pairs(*s.second, f, g);
    return found;
}

} // namespace attn::corpus
