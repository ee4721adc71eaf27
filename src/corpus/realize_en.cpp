// English: the source side. Lower case throughout, since typed input is lower-cased by the tokeniser.
#include "corpus/realize.h"

#include <map>
#include <set>

namespace attn::corpus {

namespace {

const char * const kSubject[] = {"i", "you", "he", "she", "it", "we", "they"};
const char * const kObject[] = {"me", "you", "him", "her", "it", "us", "them"};
const char * const kPossessive[] = {"my", "your", "his", "her", "its", "our", "their"};

// "an" before a vowel sound; spelling decides except for the usual exceptions.
bool starts_with_vowel_sound(const std::string & w) {
    if (w.empty()) return false;
    for (const char * p : {"uni", "use", "usu", "eu", "one", "once"})
        if (w.rfind(p, 0) == 0) return false;
    for (const char * p : {"hour", "honest", "honor"})
        if (w.rfind(p, 0) == 0) return true;
    return std::string("aeiou").find(w[0]) != std::string::npos;
}

class English {
public:
    explicit English(const Lexicon & lex) : m_lex(lex) {}
    AlignedText out;

    void noun_phrase(const NounPhrase & np, bool object_case) {
        const int p = int(np.pronoun);
        switch (np.kind) {
            case NounPhrase::Kind::Pronoun: out.add(object_case ? kObject[p] : kSubject[p], np.id); break;
            case NounPhrase::Kind::Name: out.add(m_lex.nouns[size_t(np.noun)].en_sg, np.id); break;
            case NounPhrase::Kind::Noun: common_noun(np); break;
        }
        if (np.located) place(*np.located);
        if (np.relative) {
            out.add(is_person(m_lex, np) ? "who" : "that", np.id + 3);
            clause(*np.relative, &np);
        }
        if (np.coordinated) {
            out.add("and", np.id + 5);
            noun_phrase(*np.coordinated, object_case);
        }
    }

    // A clause: a main clause, or with `head` a relative clause whose gap `head` fills.
    void clause(const Clause & c, const NounPhrase * head = nullptr) {
        if (c.kind == ClauseKind::Existential) return existential(c);
        if (c.kind == ClauseKind::Weather) return weather(c);
        if (c.kind == ClauseKind::Demonstrative) return demonstrative(c);
        const Verb * v = verb_of(m_lex, c);
        const bool relative = head != nullptr;
        const bool subject_gap = c.gap == Role::Subject;
        const bool inverted = !relative && (c.mood == Mood::YesNo || (c.mood == Mood::Wh && !subject_gap));
        const NounPhrase & agreeing = relative && subject_gap ? *head : c.subject;
        const bool third_singular = (c.mood == Mood::Wh && subject_gap && !relative) || person_index(agreeing) == 2;
        const int person = (c.mood == Mood::Wh && subject_gap && !relative) ? 2 : person_index(agreeing);

        AlignedText finite, rest;
        build_verb_group(c, v, inverted, third_singular, person, &finite, &rest);
        // Auxiliaries belong to the verb they support: a language without them (Chinese has no
        // do-support, German no "does") links them to its verb, as a possible link.
        for (Word & w : finite.words()) w.possible.push_back(c.id);
        if (inverted && c.mood == Mood::YesNo && finite.size()) finite.words()[0].possible.push_back(c.id + 4);  // ↔ 嗎

        if (!relative && c.mood == Mood::Wh) wh_phrase(c);
        if (c.mood == Mood::Imperative && c.please) out.add("please", c.id + 12);
        if (c.time >= 0 && c.time_fronted && c.mood == Mood::Statement && !relative) adverb(c.time, c.id + 8);
        auto subject = [&] {
            if (relative && subject_gap) return;
            if (!relative && c.mood == Mood::Wh && subject_gap) return;  // the wh-word is the subject
            if (c.mood == Mood::Imperative) return;  // the listener, unsaid
            if (c.to_infinitive) return;             // the main clause's subject
            noun_phrase(c.subject, false);
        };
        if (inverted) {
            out.append(finite);
            subject();
            if (c.please) out.add("please", c.id + 12);  // "could you please help me"
        } else {
            subject();
            out.append(finite);
        }
        if (c.frequency >= 0) adverb(c.frequency, c.id + 9);
        complements(c, v, rest);
        if (c.manner >= 0) adverb(c.manner, c.id + 10);
        if (c.place && c.gap != Role::Place) place(*c.place);
        if (c.destination) {  // "to the park", but "go home"
            if (!is_home(m_lex, *c.destination)) out.add("to", c.destination->id + 4);
            noun_phrase(*c.destination, true);
        }
        if (c.duration && c.gap != Role::Duration) duration(*c.duration);
        if (c.time >= 0 && !(c.time_fronted && c.mood == Mood::Statement && !relative) && c.gap != Role::Time)
            adverb(c.time, c.id + 8);
    }

private:
    const Lexicon & m_lex;

    void adverb(int index, ConceptId id) { out.add(m_lex.adverbs[size_t(index)].en, id); }

    // "for an hour", "for two years"
    void duration(const Duration & d) {
        const TimeUnitWords & u = time_unit_words(d.unit);
        out.add("for", d.id);
        if (d.count == 1) out.add(starts_with_vowel_sound(u.en_sg) ? "an" : "a", d.id + 1);
        else out.add(number_word_en(d.count), d.id + 1);
        out.add(d.count == 1 ? u.en_sg : u.en_pl, d.id + 2);
    }

    // The question word, or "how many" with its noun ("how many books did you buy").
    void wh_phrase(const Clause & c) {
        if (c.gap == Role::Duration) {  // "how long": the span asked for
            for (const char * w : {"how", "long"}) {
                out.add(w, c.id + 6);
                out.also(c.duration->id + 2, false);
            }
            return;
        }
        if (c.gap == Role::Frequency) {
            for (const char * w : {"how", "often"}) out.add(w, c.id + 6);
            return;
        }
        if (c.gap == Role::Degree) {  // "how tall"
            out.add("how", c.id + 6);
            out.add(m_lex.adjectives[size_t(c.predicate_adjective)].en, c.id + 7);
            return;
        }
        if (c.gap == Role::Object && c.object && c.object->det == Det::HowMuch) {  // "how much does it cost"
            for (const char * w : {"how", "much"}) {
                out.add(w, c.id + 6);
                out.also(c.object->id, true);
            }
            return;
        }
        if (c.gap == Role::Object && c.object && c.object->det == Det::Which) {  // "which book", "which shoes"
            out.add("which", c.id + 6);
            out.also(c.object->id + 1, true);
            const Noun & n = m_lex.nouns[size_t(c.object->noun)];
            out.add(c.object->plural ? n.en_pl : n.en_sg, c.object->id);
            return;
        }
        const NounPhrase * counted = c.gap == Role::Object && c.object && c.object->det == Det::HowMany ? c.object.get() : nullptr;
        if (c.gap == Role::Time && c.what_time) {
            for (const char * w : {"what", "time"}) out.add(w, c.id + 6);
            return;
        }
        if (!counted) { out.add(wh_word(c), c.id + 6); return; }
        for (const char * w : {"how", "many"}) {
            out.add(w, c.id + 6);
            out.also(counted->id + 1, true);  // ↔ 幾, wie viele
        }
        out.add(m_lex.nouns[size_t(counted->noun)].en_pl, counted->id);
    }

    const char * be_form(int person, bool past) const {
        return past ? (person == 0 || person == 2 ? "was" : "were") : (person == 0 ? "am" : person == 2 ? "is" : "are");
    }

    void negation(const Clause & c, const char * be) {
        if (!c.negated) return;
        const std::string b = be;
        const char * contracted = b == "was" ? "wasn't" : b == "were" ? "weren't" : b == "is" ? "isn't" : b == "are" ? "aren't" : nullptr;
        if (c.contracted && contracted) {
            out.words().back().text = contracted;
            out.also(c.id + 2, true);
        } else {
            out.add("not", c.id + 2);
        }
    }

    // "there is a cat in the garden", "is there a bank near here", "there weren't any ...":
    // "there" and the verb say that something exists (有, es gibt).
    void existential(const Clause & c) {
        const bool past = c.tense == Tense::Past;
        const bool plural = is_plural(c.subject) || c.subject.det == Det::HowMany;
        const char * be = be_form(plural ? 5 : 2, past);
        if (c.mood == Mood::Wh) {  // "how many cats are there in the garden"
            for (const char * w : {"how", "many"}) {
                out.add(w, c.id + 6);
                out.also(c.subject.id + 1, true);
            }
            out.add(m_lex.nouns[size_t(c.subject.noun)].en_pl, c.subject.id);
            out.add(be, c.id + 13);
            out.add("there", c.id + 13);
        } else if (c.mood == Mood::YesNo) {
            out.add(be, c.id + 13);
            out.words().back().possible.push_back(c.id + 4);
            out.add("there", c.id + 13);
            noun_phrase(c.subject, false);
        } else {
            out.add("there", c.id + 13);
            out.add(be, c.id + 13);
            negation(c, be);
            noun_phrase(c.subject, false);
        }
        place_and_time(c);
    }

    // "this is my book", "those were your shoes", "is that your car", "what is this", "who is that".
    void demonstrative(const Clause & c) {
        const NounPhrase & thing = *c.predicate;
        const bool plural = is_plural(thing);
        const char * be = be_form(plural ? 5 : 2, c.tense == Tense::Past);
        const char * pointer = plural ? (c.far ? "those" : "these") : (c.far ? "that" : "this");
        if (c.mood == Mood::Wh) {
            out.add(is_person(m_lex, thing) ? "who" : "what", c.id + 6);
            out.add(be, c.id);
            out.add(pointer, c.subject.id);
        } else if (c.mood == Mood::YesNo) {
            out.add(be, c.id);
            out.words().back().possible.push_back(c.id + 4);
            out.add(pointer, c.subject.id);
            noun_phrase(thing, false);
        } else {
            out.add(pointer, c.subject.id);
            out.add(be, c.id);
            negation(c, be);
            noun_phrase(thing, false);
        }
    }

    // "it is raining", "it snowed yesterday", "it will be cold", "is it windy?"
    void weather(const Clause & c) {
        const WeatherCondition & w = weather_conditions()[size_t(c.weather)];
        const bool past = c.tense == Tense::Past, question = c.mood == Mood::YesNo;
        if (c.time >= 0 && c.time_fronted) adverb(c.time, c.id + 8);
        AlignedText it;
        it.add("it", c.subject.id);
        auto finite_then_it = [&](const std::string & aux, ConceptId id, bool sure) {
            if (question) { out.add(aux, id, sure); out.words().back().possible.push_back(c.id + 4); out.append(it); }
            else { out.append(it); out.add(aux, id, sure); }
        };
        if (!w.is_verb) {
            if (c.tense == Tense::Future) {  // "it will be cold", "it is going to be cold"
                finite_then_it(c.going_to ? "is" : "will", c.id + 1, true);
                if (c.negated) out.add("not", c.id + 2);
                if (c.going_to) { out.add("going", c.id + 1); out.add("to", c.id + 1, false); }
                out.add("be", c.id, false);
            } else {
                const char * be = be_form(2, past);
                finite_then_it(be, c.id, false);
                negation(c, be);
            }
            degree(c);
            out.add(w.en, c.id);
        } else if (c.tense == Tense::Future) {
            finite_then_it(c.going_to ? "is" : "will", c.id + 1, true);
            if (c.negated) out.add("not", c.id + 2);
            if (c.going_to) { out.add("going", c.id + 1); out.add("to", c.id + 1, false); }
            out.add(w.en, c.id);
        } else if (c.progressive) {
            finite_then_it("is", c.id + 1, true);
            negation(c, "is");
            out.add(w.en_ing, c.id);
        } else if (question || c.negated) {
            finite_then_it(past ? "did" : "does", c.id, false);  // do-support: only the verb's
            if (c.negated) out.add("not", c.id + 2);
            out.add(w.en, c.id);
        } else {
            out.append(it);
            out.add(past ? w.en_past : w.en_3sg, c.id);
        }
        place_and_time(c);
    }

    void place(const NounPhrase & np) {
        if (np.spatial >= 0) out.add(split_tokens(spatial_relations()[size_t(np.spatial)].en), np.id + 4);
        else out.add(is_home(m_lex, np) ? "at" : m_lex.nouns[size_t(np.noun)].en_prep, np.id + 4);
        noun_phrase(np, true);
    }

    void place_and_time(const Clause & c) {
        if (c.place) place(*c.place);
        if (c.time >= 0 && !c.time_fronted) adverb(c.time, c.id + 8);
    }

    void degree(const Clause & c) {
        switch (c.degree) {
            case Degree::Very: out.add("very", c.id + 11); break;
            case Degree::Too: out.add("too", c.id + 11); break;
            case Degree::Really: out.add("really", c.id + 11); break;
            case Degree::None: break;
        }
    }

    const char * wh_word(const Clause & c) const {
        switch (c.gap) {
            case Role::Subject: return "who";
            case Role::Object: return c.object && is_person(m_lex, *c.object) ? "who" : "what";
            case Role::Place: return "where";
            case Role::Time: return "when";
            default: return "why";
        }
    }

    void common_noun(const NounPhrase & np) {
        const Noun & n = m_lex.nouns[size_t(np.noun)];
        const Tokens & head = np.plural ? n.en_pl : n.en_sg;
        const std::string & next = np.adjectives.empty() ? head[0] : m_lex.adjectives[size_t(np.adjectives[0])].en[0];
        switch (np.det) {
            case Det::None: break;
            case Det::A: out.add(starts_with_vowel_sound(next) ? "an" : "a", np.id + 1); break;
            case Det::The: out.add("the", np.id + 1); break;
            case Det::This: out.add(np.plural ? "these" : "this", np.id + 1); break;
            case Det::That: out.add(np.plural ? "those" : "that", np.id + 1); break;
            case Det::Poss: out.add(kPossessive[int(np.possessor)], np.id + 1); break;
            case Det::Number: out.add(np.digits ? std::to_string(np.number) : number_word_en(np.number), np.id + 2); break;
            case Det::HowMany: case Det::HowMuch: case Det::Which: break;  // the wh-phrase says it
            case Det::Owner: {  // "anna's", "my father's": the owner's last word takes 's (or ' after s)
                noun_phrase(*np.owner, false);
                std::string & last = out.words().back().text;
                last += last.back() == 's' ? "'" : "'s";
                out.also(np.id + 6, true);
                break;
            }
        }
        for (size_t k = 0; k < np.adjectives.size(); k++)
            out.add(m_lex.adjectives[size_t(np.adjectives[k])].en, np.id + 8 + int(k));
        out.add(head, np.id);
    }

    // The finite part (auxiliary, possibly negated) and the rest of the verb group.
    void build_verb_group(const Clause & c, const Verb * v, bool inverted, bool third_singular, int person,
                          AlignedText * finite, AlignedText * rest) const {
        if (c.to_infinitive) {  // "(tried) to call"
            rest->add("to", c.id + 1);
            rest->add(v->en_base, c.id);
            return;
        }
        const bool past = c.tense == Tense::Past;
        auto negate = [&](const char * contracted) {
            if (!c.negated) return;
            if (c.contracted && contracted) {
                finite->words().back().text = contracted;
                finite->also(c.id + 2, true);
            } else {
                finite->add("not", c.id + 2);
            }
        };
        auto be_negated = [&](const char * be) {
            const std::string b = be;
            negate(b == "was" ? "wasn't" : b == "were" ? "weren't" : b == "is" ? "isn't" : b == "are" ? "aren't" : nullptr);
        };
        if (!v) {  // the copula
            const char * be = be_form(person, past);
            finite->add(be, c.id);
            be_negated(be);
            return;
        }
        if (c.mood == Mood::Imperative) {  // "close the window", "don't worry", "let's go", "let's not wait"
            if (c.lets) {
                finite->add("let's", c.id + 13);
                finite->also(c.subject.id, true);
                if (c.negated) finite->add("not", c.id + 2);
            } else if (c.negated) {
                finite->add("don't", c.id + 2);
                finite->also(c.id + 1, false);
            }
            rest->add(v->en_base, c.id);
            return;
        }
        if (c.progressive || c.going_to) {  // "is cooking", "was cooking", "is going to cook"
            const char * be = be_form(person, past);
            finite->add(be, c.id + 1);
            be_negated(be);
            if (c.going_to) {
                rest->add("going", c.id + 1);
                rest->add("to", c.id + 1, false);
                rest->add(v->en_base, c.id);
            } else {
                rest->add(english_ing(v->en_base), c.id);
                rest->words().back().possible.push_back(c.id + 1);
            }
            return;
        }
        const bool needs_do = (c.negated || inverted) &&
                              (c.tense == Tense::Present || c.tense == Tense::Past) &&
                              (c.modal == Modal::None || c.modal == Modal::Want || c.modal == Modal::Like ||
                               (c.modal == Modal::Must && c.obligation != Obligation::Must));
        auto do_support = [&] {
            const char * d = past ? "did" : third_singular ? "does" : "do";
            finite->add(d, c.id + 1, false);
            negate(past ? "didn't" : third_singular ? "doesn't" : "don't");
        };
        if (c.modal == Modal::Must && c.obligation != Obligation::Must) {  // "has to go", "don't need to wait"
            const bool have = c.obligation == Obligation::HaveTo;
            if (needs_do) {
                do_support();
                rest->add(have ? "have" : "need", c.id + 3);
            } else {
                rest->add(have ? (past ? "had" : third_singular ? "has" : "have") : (past ? "needed" : third_singular ? "needs" : "need"),
                          c.id + 3);
            }
            rest->add("to", c.id + 3, false);
            rest->add(v->en_base, c.id);
            return;
        }
        switch (c.modal) {
            case Modal::Can: case Modal::Must: case Modal::Should: case Modal::Could: case Modal::May: case Modal::Might: {
                const char * m = c.modal == Modal::Can ? "can" : c.modal == Modal::Must ? "must" : c.modal == Modal::Should ? "should"
                                 : c.modal == Modal::Could ? "could" : c.modal == Modal::Might ? "might" : "may";
                finite->add(m, c.id + 3);
                negate(c.modal == Modal::Can ? "can't" : c.modal == Modal::Must ? "mustn't" : c.modal == Modal::Should ? "shouldn't"
                       : c.modal == Modal::Could ? "couldn't" : nullptr);
                rest->add(v->en_base, c.id);
                return;
            }
            case Modal::Like:  // "likes to swim", "doesn't like swimming"
                if (needs_do) {
                    do_support();
                    rest->add("like", c.id + 3);
                } else {
                    rest->add(third_singular ? "likes" : "like", c.id + 3);
                }
                if (c.gerund) {
                    rest->add(english_ing(v->en_base), c.id);
                } else {
                    rest->add("to", c.id + 3, false);
                    rest->add(v->en_base, c.id);
                }
                return;
            case Modal::WouldLike:  // "would like to order"
                finite->add("would", c.id + 3);
                negate("wouldn't");
                rest->add("like", c.id + 3);
                rest->add("to", c.id + 3, false);
                rest->add(v->en_base, c.id);
                return;
            case Modal::Want:
                if (needs_do) {
                    do_support();
                    rest->add("want", c.id + 3);
                } else {
                    rest->add(third_singular ? "wants" : "want", c.id + 3);
                }
                rest->add("to", c.id + 3, false);
                rest->add(v->en_base, c.id);
                return;
            case Modal::None: break;
        }
        switch (c.tense) {
            case Tense::Future:
                finite->add("will", c.id + 1);
                negate("won't");
                rest->add(v->en_base, c.id);
                return;
            case Tense::Perfect:
                finite->add(third_singular ? "has" : "have", c.id + 1);
                negate(third_singular ? "hasn't" : "haven't");
                if (c.continuous) {  // "have been waiting"
                    rest->add("been", c.id + 1, false);
                    rest->add(english_ing(v->en_base), c.id);
                } else {
                    rest->add(been_to(m_lex, c) ? Tokens{"been"} : v->en_pp, c.id);
                }
                rest->words().back().possible.push_back(c.id + 1);
                return;
            case Tense::Past: case Tense::Present:
                if (c.used_to) {  // "used to play"
                    rest->add("used", c.id + 1);
                    rest->add("to", c.id + 1, false);
                    rest->add(v->en_base, c.id);
                } else if (needs_do) {
                    do_support();
                    rest->add(v->en_base, c.id);
                } else if (past) {
                    rest->add(v->en_past, c.id);
                    for (Word & w : rest->words()) w.possible.push_back(c.id + 1);
                } else {
                    rest->add(third_singular ? v->en_3sg : v->en_base, c.id);
                }
                return;
        }
    }

    // Verb and its objects: "gave the boy a book", "picked her up", "said that ...", "is happy".
    void complements(const Clause & c, const Verb * v, AlignedText & verb_words) {
        if (!v) {
            if (c.predicate) {
                noun_phrase(*c.predicate, false);
            } else if (c.predicate_adjective >= 0 && c.gap != Role::Degree) {  // "how tall" came first
                const Adjective & a = m_lex.adjectives[size_t(c.predicate_adjective)];
                if (c.compare == Compare::Comparative) {  // "bigger than the dog"
                    out.add(a.en_comp, c.id + 7);
                    out.add("than", c.id + 14);
                    noun_phrase(*c.standard, true);
                } else if (c.compare == Compare::Equal) {  // "as big as the dog"
                    out.add("as", c.id + 15);
                    out.add(a.en, c.id + 7);
                    out.add("as", c.id + 14);
                    noun_phrase(*c.standard, true);
                } else if (c.compare == Compare::Superlative) {  // "the biggest"
                    out.add("the", c.id + 15);
                    out.add(a.en_sup, c.id + 7);
                } else {
                    degree(c);
                    if (c.age) {  // "ten years old"
                        out.add(count_en(c.age->count), c.age->id + 1);
                        out.add("years", c.age->id + 2);
                    }
                    out.add(a.en, c.id + 7);
                }
            }
            return;
        }
        const bool object_here = c.object && c.gap != Role::Object;
        if (object_here && v->en_particle_split() && c.object->kind == NounPhrase::Kind::Pronoun) {
            Word particle = verb_words.words().back();
            verb_words.words().pop_back();
            out.append(verb_words);
            noun_phrase(*c.object, true);
            out.words().push_back(particle);
            return;
        }
        if (c.indirect && v->en_particle_split()) {  // "gave him back the book"
            Word particle = verb_words.words().back();
            verb_words.words().pop_back();
            out.append(verb_words);
            noun_phrase(*c.indirect, true);
            out.words().push_back(particle);
            if (object_here) noun_phrase(*c.object, true);
            return;
        }
        out.append(verb_words);
        if (v->linking && c.predicate_adjective >= 0) {  // "feel very tired", "look happy"
            degree(c);
            out.add(m_lex.adjectives[size_t(c.predicate_adjective)].en, c.id + 7);
        }
        if (c.indirect) noun_phrase(*c.indirect, true);
        if (object_here) noun_phrase(*c.object, true);
        if (c.complement) {
            if (!c.that_dropped && !c.complement->to_infinitive) out.add("that", c.id + 5);
            clause(*c.complement);
        }
    }
};

const char * link_word_en(Connective l) {
    switch (l) {
        case Connective::And: return "and";
        case Connective::But: return "but";
        case Connective::Because: return "because";
        case Connective::When: return "when";
        case Connective::If: return "if";
        case Connective::Although: return "although";
        default: return "";
    }
}

} // namespace

// Pronoun (or there/wh-word) + be/will/have written as one word, as people type them: "i am" →
// "i'm", "it is" → "it's", "we will" → "we'll". The word keeps both words' concepts. Never at a
// clause end ("i know where he is", not "where he's"), and "have" only as the perfect's auxiliary
// (followed by a participle, which the caller cannot tell apart here, so only before "not" or a
// word ending in -ed/-en is unsafe to guess: "have" is left alone).
static void contract_english(AlignedText & text) {
    static const std::map<std::string, std::set<std::string>> hosts = {
        {"am", {"i"}},
        {"are", {"you", "we", "they"}},
        {"is", {"he", "she", "it", "that", "there", "what", "where", "who", "how"}},
        {"will", {"i", "you", "he", "she", "it", "we", "they"}},
    };
    static const std::map<std::string, std::string> endings = {{"am", "'m"}, {"are", "'re"}, {"is", "'s"}, {"will", "'ll"}};
    std::vector<Word> & w = text.words();
    for (size_t i = 0; i + 1 < w.size(); i++) {
        const auto host = hosts.find(w[i + 1].text);
        if (host == hosts.end() || !host->second.count(w[i].text)) continue;
        const bool at_end = i + 2 >= w.size() || is_final_punct(w[i + 2].text) || w[i + 2].text == ",";
        if (at_end) continue;
        w[i].text += endings.at(w[i + 1].text);
        w[i].sure.insert(w[i].sure.end(), w[i + 1].sure.begin(), w[i + 1].sure.end());
        w[i].possible.insert(w[i].possible.end(), w[i + 1].possible.begin(), w[i + 1].possible.end());
        w.erase(w.begin() + long(i) + 1);
    }
}

AlignedText realize_english(const Lexicon & lex, const Sentence & s) {
    using Use = Sentence::PhraseUse;
    if (s.phrase_use == Use::Alone) return realize_phrases_alone(lex, s, "en");
    English en(lex);
    if (s.phrase_use == Use::Before) {  // "hello , ..."
        en.out = realize_phrase(lex, s, "en", true);
        en.out.add_punct(",", s.phrase_id + 31);
    }
    if (s.link == Connective::None || !s.second) {
        en.clause(s.main);
    } else if (s.subordinate_first) {
        en.out.add(link_word_en(s.link), s.link_id);
        en.clause(*s.second);
        en.out.add_punct(",", s.link_id + 1);  // the comma's id: the German and Chinese commas share it
        en.clause(s.main);
    } else {
        en.clause(s.main);
        en.out.add(link_word_en(s.link), s.link_id);
        en.clause(*s.second);
    }
    const bool statement = s.main.mood == Mood::Statement || s.main.mood == Mood::Imperative;
    if (s.en_final_punct || s.phrase_use == Use::After) en.out.add_punct(statement ? "." : "?", s.punct_id);
    if (s.phrase_use == Use::After) en.out.append(realize_phrase(lex, s, "en", false));  // "... ? thank you ."
    if (s.en_contracted) contract_english(en.out);
    return std::move(en.out);
}

} // namespace attn::corpus
