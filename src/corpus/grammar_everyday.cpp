// The everyday constructions of the grammar (GrammarOptions::everyday): the progressive and its
// past, going to, like to, used to, infinitives, durations, ages, where one has been, when an
// event is, there is, the weather, home, places by their sides and places that pick a noun out,
// how-questions and set phrases. grammar.cpp draws the core clause; these refine or replace it.
#include "corpus/grammar.h"

#include "corpus/german_morphology.h"
#include "corpus/realize.h"

#include <iterator>
#include <utility>

namespace attn::corpus {

namespace {
constexpr CategorySet bit(Category c) { return 1u << unsigned(c); }
constexpr CategorySet kPeople = bit(Category::Person) | bit(Category::Name);
} // namespace

// "the book on the table", "the children in the park", "a cat under the bed": where a thing
// lies or a person is, to pick it out.
void Grammar::add_location(NounPhrase & np) {
    const Category cat = m_lex.nouns[size_t(np.noun)].cat;
    const bool thing = cat != Category::Person && cat != Category::Animal && !m_object_locations.empty();
    const std::vector<int> & pool = thing && chance(0.6) ? m_object_locations : m_locations;
    if (pool.empty()) return;
    NounPhrase place = place_phrase(0.0f, pool);
    if (place.kind == NounPhrase::Kind::Name) return;  // "the man in taipei" reads as a relative clause's
    maybe_spatial(place);
    np.located = std::make_shared<NounPhrase>(place);
}

// A point in time that places an event: "yesterday", "next week", "on monday", "at 7 pm" (not
// "once", "finally", "every day").
bool Grammar::point_in_time(int adverb) const {
    if (adverb < 0) return false;
    const Adverb & a = m_lex.adverbs[size_t(adverb)];
    if (a.kind == AdverbKind::Clock) return true;
    if (a.kind != AdverbKind::Time || a.en.empty() || a.en[0] == "every") return false;
    for (const std::string & w : a.en)
        for (const char * p : {"yesterday", "tomorrow", "today", "tonight", "last", "next", "ago", "morning", "afternoon",
                               "evening", "night", "o'clock", "noon", "weekend", "week", "month", "year", "monday",
                               "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
            if (w == p) return true;
    return false;
}

// A past point in time, to place an event under way: "was reading last night".
bool Grammar::moment(int adverb) const {
    return point_in_time(adverb) && (m_lex.adverbs[size_t(adverb)].tenses & kPastOk);
}

int Grammar::pick_moment() {
    return pick_time_where(64, [&](int a) { return moment(a); });
}

// "have you ever been to japan?", "she has never been to tokyo": a place as an experience.
void Grammar::maybe_been_to(Clause & c) {
    const Verb * v = verb_of(m_lex, c);
    if (!v || v->en_base != Tokens{"go"} || !c.destination || is_home(m_lex, *c.destination) || c.modal != Modal::None ||
        c.mood == Mood::Imperative || c.mood == Mood::Wh || c.progressive || c.going_to || c.duration || !chance(0.6))
        return;
    c.tense = Tense::Perfect;
    c.time = c.manner = c.frequency = -1;  // not "have you been happily to tokyo"
    c.time_fronted = false;
    if (c.mood == Mood::YesNo && chance(0.7)) c.frequency = m_ever;
    if (c.mood == Mood::Statement && chance(0.5)) {
        c.frequency = m_never;
        c.negated = c.contracted = false;
    }
}

// "have you ever been to japan?", "i have never been to the zoo": where one has been, mostly the
// listener asked, or the speaker saying never.
Clause Grammar::been_to_clause(bool main) {
    Clause c;
    c.id = new_id();
    c.verb = m_go_verb;
    c.tense = Tense::Perfect;
    c.subject = noun_phrase(kPeople, 0.0f, true, false);
    if (chance(0.5)) {
        c.subject = NounPhrase{};
        c.subject.kind = NounPhrase::Kind::Pronoun;
        c.subject.pronoun = main && chance(0.6) ? Pronoun::You : Pronoun::I;
        c.subject.id = new_id();
    }
    c.destination = std::make_shared<NounPhrase>(place_phrase(0.0f, m_locations));
    if (main && chance(0.5)) {
        c.mood = Mood::YesNo;
        if (chance(0.7)) c.frequency = m_ever;
    } else {
        c.frequency = m_never;  // a statement of experience; without "never" it would read as "has gone to"
    }
    return c;
}

// "how old are you?", "my brother is ten years old", "she is older than me": a person's age.
Clause Grammar::age_clause(float richness, bool main) {
    Clause c;
    c.id = new_id();
    c.subject = noun_phrase(kPeople, richness * 0.5f, true, false);
    if (chance(0.3)) {  // mostly the listener or the speaker
        c.subject = NounPhrase{};
        c.subject.kind = NounPhrase::Kind::Pronoun;
        c.subject.pronoun = chance(0.6) ? Pronoun::You : Pronoun::I;
        c.subject.id = new_id();
    }
    c.predicate_adjective = m_old_adjective;
    const float u = m_rng->uniform();
    if (main && u < 0.4f) {
        c.mood = Mood::Wh;
        c.gap = Role::Degree;
    } else if (u < 0.55f) {  // older than her brother, as old as me, the oldest
        c.compare = chance(0.7) ? Compare::Comparative : chance(0.5) ? Compare::Equal : Compare::Superlative;
        if (c.compare != Compare::Superlative) {
            NounPhrase other = noun_phrase(kPeople, 0.0f, true, false);
            const bool same = other.kind == NounPhrase::Kind::Pronoun && c.subject.kind == NounPhrase::Kind::Pronoun &&
                              other.pronoun == c.subject.pronoun;  // not "you are older than you"
            if (same) other.pronoun = c.subject.pronoun == Pronoun::I ? Pronoun::You : Pronoun::I;
            c.standard = std::make_shared<NounPhrase>(other);
        }
        m_tags.insert(c.compare == Compare::Comparative ? "comparative" : c.compare == Compare::Equal ? "equal_comparison" : "superlative");
    } else {
        if (main && chance(0.2)) c.mood = Mood::YesNo;
        maybe_age(c);
    }
    return c;
}

// "my brother is ten years old", "is she 25 years old?" (十 歲, 25 Jahre alt): a plain present
// statement or yes/no question of a person's age; "how old is he" is maybe_how's.
void Grammar::maybe_age(Clause & c) {
    if (!person_is_old(m_lex, c) || c.compare != Compare::None || c.degree != Degree::None || c.negated ||
        c.tense != Tense::Present || c.mood == Mood::Wh || c.place || c.time >= 0 || c.frequency >= 0 || !chance(0.6))
        return;
    Duration age;
    age.unit = TimeUnit::Year;
    age.count = chance(0.6) ? 2 + int(m_rng->below(19)) : 21 + int(m_rng->below(70));
    age.id = new_id();
    c.age = std::make_shared<Duration>(age);
}

// "we waited for ten minutes", "i have lived here for two years", "please wait for a minute":
// a span of time on a verb that lasts, with nothing else after the verb.
void Grammar::maybe_duration(Clause & c) {
    const Verb * v = verb_of(m_lex, c);
    const DurationVerb * d = v ? duration_verb(*v) : nullptr;
    if (!d || c.object || c.indirect || c.complement || c.destination || c.negated || c.progressive || c.to_infinitive ||
        c.modal == Modal::Like || c.modal == Modal::WouldLike || c.modal == Modal::Might || !chance(0.5))
        return;
    if ((d->needs_place && !c.place) || (c.mood == Mood::Imperative && !d->told)) return;
    const bool now_or_modal = c.mood == Mood::Imperative || c.modal != Modal::None;
    if (c.tense == Tense::Present && !now_or_modal) c.tense = Tense::Past;  // not the habit "i sleep for eight hours"
    // A span up to now is how people mostly give one: "i have lived here for two years", "i have
    // been swimming for an hour" (an activity's plain perfect would say it is over: only continuous).
    const bool up_to_now = c.tense == Tense::Past && !now_or_modal && chance(0.35);
    if (c.tense == Tense::Perfect && !d->goes_on) c.tense = Tense::Past;
    if (up_to_now) c.tense = Tense::Perfect;
    if (c.tense == Tense::Perfect) { c.time = -1; c.time_fronted = false; }  // not "have lived … yesterday"
    c.frequency = -1;
    c.manner = -1;
    std::vector<int> units;
    for (int u = 0; u <= int(TimeUnit::Year); u++)
        if (d->units & (1u << u)) units.push_back(u);
    static const int counts[] = {1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20};
    Duration span;
    span.unit = TimeUnit(units[size_t(m_rng->below(int(units.size())))]);
    span.count = counts[m_rng->below(int(std::size(counts)))];
    span.id = new_id();
    if (span.unit >= TimeUnit::Month) { c.time = -1; c.time_fronted = false; }  // not "this week i lived … for two years"
    c.duration = std::make_shared<Duration>(span);
    c.continuous = c.tense == Tense::Perfect && (!d->goes_on || chance(0.5));
}

// "i tried to call her", "she forgot to buy milk": the event becomes the to-infinitive of a verb
// that takes one, which the same person does.
void Grammar::maybe_infinitive(Clause & c) {
    if (m_infinitive_verbs.empty() || c.modal != Modal::None || c.progressive || c.going_to || c.used_to || c.complement ||
        !is_person(m_lex, c.subject) || !chance(0.06))
        return;
    // A German reflexive takes the person of the one who tries (ich versuche, mich zu erinnern),
    // whom the to-infinitive does not carry.
    if (c.verb >= 0 && m_lex.verbs[size_t(c.verb)].de_reflexive != Reflexive::None) return;
    if (c.verb >= 0 && m_lex.verbs[size_t(c.verb)].linking) return;  // not "tried to feel tired"
    Clause inner = std::move(c);
    inner.to_infinitive = true;
    inner.tense = Tense::Present;
    inner.negated = inner.contracted = false;
    inner.time = inner.frequency = -1;
    inner.time_fronted = false;
    c = Clause{};
    c.id = new_id();
    c.verb = pick(m_infinitive_verbs);
    const float t = m_rng->uniform();
    c.tense = t < 0.45f ? Tense::Past : t < 0.85f ? Tense::Present : Tense::Future;
    c.subject = inner.subject;
    c.complement = std::make_shared<Clause>(std::move(inner));
}

// "i feel tired", "you look very happy": a linking verb takes a state, sometimes with a degree.
// Without the states the clause becomes the copula's.
void Grammar::linking_adjective(Clause & c) {
    if (m_feeling_states.empty()) { c.verb = -1; return; }
    c.predicate_adjective = pick(m_feeling_states);
    c.manner = -1;
    const Tokens & pred = m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred;
    if (!pred.empty() && pred[0] == "很" && chance(0.3)) c.degree = chance(0.6) ? Degree::Very : Degree::Really;
}

// Progressive and going-to forms, and like to / would like to, on a verb clause.
void Grammar::everyday_event(Clause & c, const Verb & v, bool main) {
    const bool dynamic = !v.zh_asp.empty();
    if (c.modal == Modal::None && (c.tense == Tense::Present || c.tense == Tense::Future) && chance(0.05)) {
        c.modal = Modal::Might;  // "she might come", "it might not work"
        c.tense = Tense::Present;
        return;
    }
    if (c.modal == Modal::None && dynamic && main && is_person(m_lex, c.subject) && chance(0.08)) {
        c.modal = chance(0.5) ? Modal::Like : Modal::WouldLike;
        c.gerund = c.modal == Modal::Like && chance(0.5);
        c.tense = Tense::Present;
        return;
    }
    // Not for coming and going: "is coming back" means the future, not an event under way.
    bool motion = false;
    for (const char * m : {"go", "come", "arrive", "come back", "go out", "go away", "leave", "return"})
        motion |= v.en_base == split_tokens(m);
    if (c.modal == Modal::None && c.tense == Tense::Present && dynamic && !motion && v.frame != Frame::Clause && chance(0.35))
        c.progressive = true;
    // The past progressive, of verbs whose German simple past is known: "was reading when you
    // called", "were playing yesterday" (在 看 書, las ein Buch).
    if (c.modal == Modal::None && c.tense == Tense::Past && dynamic && !motion && v.frame != Frame::Clause &&
        !german::preterite(v.de_inf, v.de_pp, v.de_sep, 2).empty() && chance(0.12))
        c.progressive = true;
    // A past habit: "i used to play the piano" (以前 常 彈 鋼琴, ich habe früher Klavier gespielt).
    if (!c.progressive && c.modal == Modal::None && c.tense == Tense::Past && dynamic && v.frame != Frame::Clause && main &&
        chance(0.06))
        c.used_to = true;
    if (c.modal == Modal::None && c.tense == Tense::Future && chance(0.4)) c.going_to = true;
}

// Degree adverbs before a predicate adjective, and "X is in the Y" (copula + place).
void Grammar::everyday_copula(Clause & c, float richness) {
    // Only gradable adjectives (很 貴, not 是 紅色 的) take a degree.
    const bool gradable = c.predicate_adjective >= 0 && !m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred.empty() &&
                          m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred[0] == "很";
    const Adjective * adj = c.predicate_adjective >= 0 ? &m_lex.adjectives[size_t(c.predicate_adjective)] : nullptr;
    const bool comparable = gradable && !adj->en_comp.empty() && !adj->de_comp.empty();
    if (comparable && chance(0.35)) {
        // Compared with something of the same kind: people with people, dogs with animals ("it"
        // names no kind: only the superlative).
        const bool has_kind = is_person(m_lex, c.subject) || c.subject.kind != NounPhrase::Kind::Pronoun;
        if (has_kind && chance(0.7)) {
            const bool equal = chance(0.25);  // "as tall as her brother"
            c.compare = equal ? Compare::Equal : Compare::Comparative;
            const bool person = is_person(m_lex, c.subject);
            const Category cat = person ? Category::Person : m_lex.nouns[size_t(c.subject.noun)].cat;
            c.standard = std::make_shared<NounPhrase>(noun_phrase(person ? kPeople : bit(cat), 0.0f, person, false));
            m_tags.insert(equal ? "equal_comparison" : "comparative");
        } else {
            c.compare = Compare::Superlative;
            m_tags.insert("superlative");
        }
        return;
    }
    if (gradable && chance(0.4)) {
        const float d = m_rng->uniform();
        c.degree = d < 0.5f ? Degree::Very : d < 0.75f ? Degree::Too : Degree::Really;
        return;
    }
    const bool placeable = c.subject.kind != NounPhrase::Kind::Noun || m_lex.nouns[size_t(c.subject.noun)].cat != Category::Place;
    if (placeable && !m_locations.empty() && chance(0.3)) {
        c.predicate.reset();
        c.predicate_adjective = -1;
        // Things are where they lie: "the book is under the bed" (from the surfaces and containers)
        const bool movable = c.subject.kind == NounPhrase::Kind::Noun && !is_person(m_lex, c.subject) &&
                             m_lex.nouns[size_t(c.subject.noun)].cat != Category::Place;
        const bool thing = movable && !m_object_locations.empty() && chance(0.5);
        c.place = home_or(std::make_shared<NounPhrase>(place_phrase(richness, thing ? m_object_locations : m_locations)),
                          is_person(m_lex, c.subject), 0.25);
        maybe_spatial(*c.place);
    }
}

// "under the table", "next to the station": a thing's or a building's side, 在 桌子 下面, unter dem
// Tisch. Open places (a park, a city) and names take their own preposition.
void Grammar::maybe_spatial(NounPhrase & place) {
    if (!m_options.everyday || place.kind != NounPhrase::Kind::Noun || place.noun < 0 || place.det == Det::None) return;
    const Noun & n = m_lex.nouns[size_t(place.noun)];
    static const char * const buildings[] = {"house", "school", "bank", "church", "station", "hotel", "hospital", "library",
                                             "university", "restaurant", "museum", "office", "store", "shop", "building"};
    bool building = false;
    for (const char * b : buildings) building |= n.en_sg == Tokens{b};
    const bool thing = n.cat != Category::Place;
    if (!(thing || building) || !chance(thing ? 0.4 : 0.2)) return;
    const std::vector<SpatialRelation> & all = spatial_relations();
    for (int attempt = 0; attempt < 8; attempt++) {
        const int r = int(m_rng->below(all.size()));
        if (thing || all[size_t(r)].buildings) {
            place.spatial = r;
            return;
        }
    }
}

// "the meeting is tomorrow", "my birthday is on may 5th", "the concert was at 8 pm": the time of an
// event, as the copula's predicate (會議 是 明天, das Treffen ist morgen).
void Grammar::maybe_when_it_is(Clause & c) {
    if (m_event_nouns.empty() || !chance(0.08)) return;
    NounPhrase event;
    event.noun = pick(m_event_nouns);
    event.id = new_id();
    event.det = chance(0.5) ? Det::The : Det::Poss;
    event.possessor = chance(0.5) ? Pronoun::I : chance(0.5) ? Pronoun::You : Pronoun::We;
    c.subject = event;
    c.place.reset();
    c.compare = Compare::None;
    c.standard.reset();
    int t = -1;
    for (int attempt = 0; attempt < 16 && !point_in_time(t); attempt++)
        t = chance(0.4) && !m_adverbs_clock.empty() ? pick(m_adverbs_clock) : pick_time(c.tense);
    if (!point_in_time(t)) return;
    if (m_lex.adverbs[size_t(t)].kind == AdverbKind::Clock) m_tags.insert("clock_time");
    c.predicate.reset();
    c.predicate_adjective = -1;
    c.degree = Degree::None;
    c.time = t;
    c.time_predicate = true;
}

// People are often at home and go home: "i am at home" (我 在 家, ich bin zu Hause).
std::shared_ptr<NounPhrase> Grammar::home_or(std::shared_ptr<NounPhrase> place, bool person, double p) {
    if (m_home_noun < 0 || !person || !chance(p)) return place;
    NounPhrase home;
    home.noun = m_home_noun;
    home.det = Det::None;
    home.id = new_id();
    return std::make_shared<NounPhrase>(home);
}

// "there is a dog in the park", "is there a bank near here" (no: a place always), "there were
// three cats": the existential clause. Its "subject" holds the thing that exists.
Clause Grammar::existential_clause(float richness, bool main) {
    Clause c;
    c.id = new_id();
    c.kind = ClauseKind::Existential;
    c.tense = chance(0.75) ? Tense::Present : Tense::Past;
    c.subject = noun_phrase(bit(Category::Person) | bit(Category::Animal) | bit(Category::Food) | bit(Category::Object) |
                                bit(Category::Plant) | bit(Category::Vehicle) | bit(Category::Readable) | bit(Category::Clothing),
                            richness, false, main);
    if (c.subject.det == Det::The || c.subject.det == Det::This || c.subject.det == Det::That || c.subject.det == Det::Poss) {
        c.subject.det = Det::A;
        c.subject.plural = false;
    }
    if (c.subject.det == Det::A && m_lex.nouns[size_t(c.subject.noun)].mass) c.subject.det = Det::None;
    if (!m_locations.empty() && chance(0.85)) {
        const bool on_a_thing = !m_object_locations.empty() && m_options.everyday && chance(0.3);  // a cat under the bed
        c.place = std::make_shared<NounPhrase>(place_phrase(richness, on_a_thing ? m_object_locations : m_locations));
        maybe_spatial(*c.place);
    }
    if (main && chance(0.15)) c.mood = Mood::YesNo;
    c.negated = c.mood == Mood::Statement && chance(0.15);
    if (chance(0.2 + 0.3 * richness)) c.time = pick_time(c.tense);
    if (main && c.mood == Mood::YesNo && c.time >= 0 && chance(0.5)) c.time = -1;
    if (main && c.mood == Mood::Statement && chance(0.1)) {  // "how many cats are there in the garden?"
        if (c.subject.kind == NounPhrase::Kind::Noun && !m_lex.nouns[size_t(c.subject.noun)].mass) {
            c.mood = Mood::Wh;
            c.gap = Role::Subject;
            c.subject.det = Det::HowMany;
            c.subject.plural = true;
            c.subject.adjectives.clear();
            c.subject.relative.reset();
            c.negated = false;
        }
    }
    return c;
}

// "this is my book", "that was a cat", "these are my friends", "is that your car", "what is this",
// "who is that": a main clause that says what something pointed at is. Its subject only carries
// the ids of "this"/"that".
Clause Grammar::demonstrative_clause(float richness) {
    Clause c;
    c.id = new_id();
    c.kind = ClauseKind::Demonstrative;
    c.far = chance(0.4);
    c.tense = chance(0.85) ? Tense::Present : Tense::Past;
    NounPhrase thing = noun_phrase(kPeople | bit(Category::Animal) | bit(Category::Food) | bit(Category::Drink) |
                                       bit(Category::Clothing) | bit(Category::Vehicle) | bit(Category::Place) |
                                       bit(Category::Readable) | bit(Category::Object) | bit(Category::Instrument) |
                                       bit(Category::Plant),
                                   richness * 0.5f, false, false);
    if (thing.kind == NounPhrase::Kind::Noun) {
        const Noun & n = m_lex.nouns[size_t(thing.noun)];
        const float d = m_rng->uniform();
        thing.det = d < 0.5f ? Det::Poss : d < 0.85f ? Det::A : Det::The;
        if (thing.det == Det::Poss) thing.possessor = Pronoun(m_rng->below(7));
        if (thing.possessor == Pronoun::It) thing.possessor = Pronoun::You;
        thing.plural = !n.mass && chance(0.2);
        if (thing.det == Det::A && (n.mass || thing.plural)) thing.det = Det::None;
        thing.relative.reset();
        thing.coordinated.reset();
        thing.located.reset();
    }
    c.predicate = std::make_shared<NounPhrase>(thing);
    const float m = m_rng->uniform();
    if (m < 0.25f) c.mood = Mood::YesNo;
    else if (m < 0.45f) {  // "what is this", "who is that": the predicate is asked for
        c.mood = Mood::Wh;
        c.gap = Role::Object;
        c.predicate->adjectives.clear();
    }
    c.negated = c.mood == Mood::Statement && chance(0.15);
    c.contracted = c.negated && chance(0.4);
    c.subject.kind = NounPhrase::Kind::Pronoun;
    c.subject.pronoun = Pronoun::It;
    c.subject.id = new_id();
    return c;
}

// "it is raining", "it snowed yesterday", "it is very cold in taipei", "is it hot?"
Clause Grammar::weather_clause(float richness, bool main) {
    Clause c;
    c.id = new_id();
    c.kind = ClauseKind::Weather;
    c.weather = int(m_rng->below(uint64_t(weather_conditions().size())));
    const WeatherCondition & w = weather_conditions()[size_t(c.weather)];
    const float t = m_rng->uniform();
    c.tense = t < 0.6f ? Tense::Present : t < 0.85f ? Tense::Past : Tense::Future;
    if (w.is_verb && c.tense == Tense::Present) c.progressive = chance(0.8);
    if (c.tense == Tense::Future) c.going_to = chance(0.5);
    if (!w.is_verb && chance(0.4)) c.degree = Degree(1 + m_rng->below(3));
    if (main && chance(0.15)) c.mood = Mood::YesNo;
    c.negated = c.mood == Mood::Statement && chance(0.1);
    if (c.negated) c.degree = Degree::None;
    if (chance(0.3 + 0.3 * richness)) c.time = pick_time(c.tense);
    if (m_options.everyday && c.progressive) c.time = -1;  // it is raining now, not "every weekend"
    c.time_fronted = main && c.time >= 0 && c.mood == Mood::Statement && chance(0.35);
    if (chance(0.25) && !m_locations.empty()) c.place = std::make_shared<NounPhrase>(place_phrase(0.0f, m_locations));
    c.subject.kind = NounPhrase::Kind::Pronoun;
    c.subject.pronoun = Pronoun::It;
    c.subject.id = new_id();
    return c;
}

// A phrasebook expression: alone half the time, else opening the sentence ("excuse me , where
// is ...") or closing it ("... ? thank you ."), from the phrases whose combine column allows it.
void Grammar::add_phrase(Sentence & s) {
    const float u = m_rng->uniform();
    const Sentence::PhraseUse use = u < 0.5f ? Sentence::PhraseUse::Alone : u < 0.8f ? Sentence::PhraseUse::Before
                                                                                    : Sentence::PhraseUse::After;
    const std::vector<int> & pool = use == Sentence::PhraseUse::Alone ? m_phrases_alone
                                    : use == Sentence::PhraseUse::Before ? m_phrases_first : m_phrases_last;
    if (pool.empty()) return;
    s.phrase_use = use;
    s.phrase = pick(pool);
    switch (m_lex.phrases[size_t(s.phrase)].slot) {
        case PhraseSlot::None: break;
        case PhraseSlot::Name: s.phrase_noun = pick_noun(bit(Category::Name)); break;
        case PhraseSlot::Thing: s.phrase_noun = pick(m_mass_nouns); break;
        case PhraseSlot::Place: s.phrase_noun = pick(m_place_names); break;
    }
    s.phrase_id = new_id();
    new_id();  // a phrase takes two blocks of ids: up to 31 words and the comma
    if (use == Sentence::PhraseUse::Alone && !m_phrase_leads.empty() && chance(0.3)) add_lead_phrase(s);
}

// "hello , how are you ?", "excuse me , where is the station ?": people open a set question or
// request with a greeting or an apology. One of the two may name a person.
void Grammar::add_lead_phrase(Sentence & s) {
    const Phrase & p = m_lex.phrases[size_t(s.phrase)];
    const std::string & de_first = p.de[0];
    const bool asks = p.kind == "question" || p.kind == "request" || p.kind == "travel" || p.kind == "shop" ||
                      (p.kind == "greeting" && (p.en[0] == "how" || p.en[0] == "what"));  // not "hello , good morning"
    if (!asks || !german_phrase_start_lowers(de_first)) return;
    const int lead = pick(m_phrase_leads);
    const bool named = m_lex.phrases[size_t(lead)].slot == PhraseSlot::Name;
    if (named && s.phrase_noun >= 0) return;
    s.lead_phrase = lead;
    if (named) s.lead_name = pick_noun(bit(Category::Name));
    s.lead_id = new_id();
    new_id();
}

// How-questions in place of a why-question: "how often do you cook" asks an event's frequency;
// "how tall is your brother", "how old is anna" the degree of a gradable predicate adjective (the
// ones Chinese says with 很).
void Grammar::maybe_how(Clause & c) {
    if (c.verb >= 0 && c.gap == Role::Reason && c.frequency < 0 && !c.progressive && !c.going_to && c.modal == Modal::None &&
        c.tense != Tense::Perfect && chance(0.15)) {
        c.gap = Role::Frequency;
        return;
    }
    if (c.verb >= 0 || c.predicate_adjective < 0 || c.compare != Compare::None || c.negated || c.gap != Role::Reason) return;
    const Tokens & pred = m_lex.adjectives[size_t(c.predicate_adjective)].zh_pred;
    if (pred.size() < 2 || pred[0] != "很" || !chance(0.8)) return;
    c.gap = Role::Degree;
    c.degree = Degree::None;
    c.frequency = -1;  // not "how good is a block rarely"
}

// "how many books did you buy", "which book", "how much does it cost": a countable object asked
// about by number or by kind, a price by amount.
void Grammar::maybe_how_many(Clause & c) {
    if (c.gap != Role::Object || !c.object || c.object->kind != NounPhrase::Kind::Noun) return;
    if (c.verb >= 0 && c.verb == m_cost_verb) {  // a price is asked with "how much", never "what"
        c.object->det = Det::HowMuch;
        return;
    }
    if (m_lex.nouns[size_t(c.object->noun)].mass) return;
    const float r = m_rng->uniform();
    if (r < 0.3f) {
        c.object->det = Det::HowMany;
        c.object->plural = true;
    } else if (r < 0.45f) {
        c.object->det = Det::Which;  // "which book did you buy"
    }
}

} // namespace attn::corpus
