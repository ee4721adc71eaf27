// German. What the attention maps should show against English:
//   - the verb's second position, with inversion after a fronted time or subordinate clause
//     (Gestern habe ich …; Weil …, bin ich …), verb-first questions;
//   - the participle / infinitive / separable prefix at the end of the clause (habe … getroffen,
//     rufe … an), the whole verb at the end of subordinate and relative clauses;
//   - case, gender and adjective endings (einen roten Mantel, dem Mädchen), kein vs nicht.
#include "corpus/german_morphology.h"
#include "corpus/realize.h"

namespace attn::corpus {

namespace {

using namespace german;

// The pieces of a clause before they are put in order.
struct ClauseParts {
    AlignedText subject, finite, right, middle, extraposed;
    AlignedText wh;          // the question word, first in a wh-question
    AlignedText fronted;     // a fronted time adverb
    AlignedText joined_final;  // verb-final form of a present separable verb: "anruft"
    bool subject_is_wh = false;
};

enum class Order { V2, VerbFirst, VerbFinal };

class German {
public:
    explicit German(const Lexicon & lex) : m_lex(lex) {}

    // A noun phrase in a case. `kein_id` ≥ 0 turns an indefinite phrase into kein- (negation).
    void noun_phrase(AlignedText & out, const NounPhrase & np, Case c, ConceptId kein_id = -1, bool drop_article = false) {
        switch (np.kind) {
            case NounPhrase::Kind::Pronoun: out.add(personal_pronoun(int(np.pronoun), c), np.id); break;
            case NounPhrase::Kind::Name: out.add(split_tokens(m_lex.nouns[size_t(np.noun)].de_sg), np.id); break;  // New York: two words
            case NounPhrase::Kind::Noun: common_noun(out, np, c, kein_id, drop_article); break;
        }
        if (np.located) place(out, *np.located);  // das Buch auf dem Tisch
        if (np.relative) {
            out.add(",", np.id + 3, false);  // clause commas belong to the word opening the clause
            const Slot s = slot_of(np.kind == NounPhrase::Kind::Noun ? m_lex.nouns[size_t(np.noun)].de_gender : 'm', plural(np));
            const Clause & rc = *np.relative;
            const Verb * v = verb_of(m_lex, rc);
            const Case rel_case = rc.gap == Role::Subject ? Nom : (v && v->de_dative ? Dat : Acc);
            AlignedText intro;
            intro.add(relative_pronoun(rel_case, s), np.id + 3);
            out.append(clause(rc, Order::VerbFinal, &intro, &np));
            out.add(",", np.id + 3, false);
        }
        if (np.coordinated) {
            out.add("und", np.id + 5);
            noun_phrase(out, *np.coordinated, c, kein_id);
        }
    }

    // A clause in the given order. `intro` (conjunction or relative pronoun) opens verb-final
    // clauses; `head` is the noun a relative clause modifies.
    AlignedText clause(const Clause & c, Order order, const AlignedText * intro = nullptr, const NounPhrase * head = nullptr) {
        ClauseParts p = parts(c, head);
        AlignedText out;
        if (order == Order::VerbFinal) {
            if (intro) out.append(*intro);
            out.append(p.subject);
            out.append(p.fronted);  // a time adverb is never fronted inside a subordinate clause
            out.append(p.middle);
            if (p.joined_final.size()) out.append(p.joined_final);
            else { out.append(p.right); out.append(p.finite); }
            out.append(p.extraposed);
            return out;
        }
        if (p.wh.size()) {
            out.append(p.wh);
            out.append(p.finite);
            if (!p.subject_is_wh) out.append(p.subject);
            out.append(p.fronted);
        } else if (order == Order::VerbFirst) {
            out.append(p.finite);
            out.append(p.subject);
            out.append(p.fronted);
        } else if (p.fronted.size()) {
            out.append(p.fronted);
            out.append(p.finite);
            out.append(p.subject);
        } else {
            out.append(p.subject);
            out.append(p.finite);
        }
        out.append(p.middle);
        out.append(p.right);
        out.append(p.extraposed);
        return out;
    }

private:
    const Lexicon & m_lex;

    void adverb(AlignedText & out, int index, ConceptId id) { out.add(m_lex.adverbs[size_t(index)].de, id); }

    // German number: a noun German has only in the plural (Daten, Möbel, Hausaufgaben; gender p)
    // is plural whatever English says: the data is new, die Daten sind neu.
    bool plural(const NounPhrase & np) const {
        return is_plural(np) || (np.kind == NounPhrase::Kind::Noun && m_lex.nouns[size_t(np.noun)].de_gender == 'p');
    }
    int person_of(const NounPhrase & np) const {
        return np.kind == NounPhrase::Kind::Pronoun ? person_index(np) : plural(np) ? 5 : 2;
    }

    void common_noun(AlignedText & out, const NounPhrase & np, Case c, ConceptId kein_id, bool drop_article) {
        const Noun & n = m_lex.nouns[size_t(np.noun)];
        const Slot s = slot_of(n.de_gender, plural(np));
        Declension decl = Declension::Strong;
        const bool kein = kein_id >= 0 && (np.det == Det::A || np.det == Det::None);
        if (kein) {
            out.add(std::string("kein") + ein_ending(c, s), kein_id);
            if (np.det == Det::A) out.also(np.id + 1, true);
            decl = Declension::Mixed;
        } else {
            switch (np.det) {
                case Det::None: break;
                case Det::A: out.add(std::string("ein") + ein_ending(c, s), np.id + 1); decl = Declension::Mixed; break;
                case Det::The:
                    if (!drop_article) out.add(definite_article(c, s), np.id + 1);
                    decl = Declension::Weak;
                    break;
                case Det::This: out.add(std::string("dies") + dieser_ending(c, s), np.id + 1); decl = Declension::Weak; break;
                case Det::That: out.add(std::string("jen") + dieser_ending(c, s), np.id + 1); decl = Declension::Weak; break;
                case Det::Which: out.add(std::string("welch") + dieser_ending(c, s), np.id + 1); decl = Declension::Weak; break;
                case Det::Poss:
                    out.add(std::string(possessive_stem(int(np.possessor))) + ein_ending(c, s), np.id + 1);
                    decl = Declension::Mixed;
                    break;
                case Det::Number: out.add(np.digits ? std::to_string(np.number) : number_word(np.number), np.id + 2); break;
                case Det::HowMany: case Det::HowMuch: break;  // how_many() writes "wie viele", the wh-phrase "wie viel"
                case Det::Owner:
                    // A name before the noun in the genitive ("Annas neues Auto", strong endings
                    // after it); any other owner after it with von ("das Auto von meinem Vater").
                    if (np.owner->kind == NounPhrase::Kind::Name) {
                        const std::string & name = m_lex.nouns[size_t(np.owner->noun)].de_sg;
                        const char last = name.back();
                        out.add(name + (last == 's' || last == 'x' || last == 'z' ? "'" : "s"), np.owner->id);
                        out.also(np.id + 6, true);
                    } else {
                        out.add(definite_article(c, s), np.id + 6, false);
                        decl = Declension::Weak;
                    }
                    break;
            }
        }
        for (size_t k = 0; k < np.adjectives.size(); k++) {
            const Adjective & a = m_lex.adjectives[size_t(np.adjectives[k])];
            out.add(a.de_attr + adjective_ending(decl, c, s), np.id + 8 + int(k));
        }
        // Multi-word German nouns inflect their last word.
        Tokens sg = split_tokens(n.de_sg), pl = split_tokens(n.de_pl);
        Tokens & forms = np.plural ? pl : sg;
        if (forms.empty()) forms = sg;
        forms.back() = noun_form(sg.back(), pl.empty() ? sg.back() : pl.back(), n.de_weak, plural(np), c);
        out.add(forms, np.id);
        if (np.det == Det::Owner && np.owner->kind != NounPhrase::Kind::Name) {
            const NounPhrase & o = *np.owner;
            const std::string fused = o.det == Det::The ? contraction("von", Dat, slot_of(m_lex.nouns[size_t(o.noun)].de_gender, plural(o))) : "";
            if (!fused.empty()) {  // "vom Lehrer"
                out.add(fused, np.id + 6);
                out.also(o.id + 1, true);
                noun_phrase(out, o, Dat, -1, /*drop_article=*/true);
            } else {
                out.add("von", np.id + 6);
                noun_phrase(out, o, Dat);
            }
        }
    }

    // zehn Minuten (accusative, no preposition); a span up to now: schon seit zwei Jahren, asked
    // wie lange … schon.
    void duration(AlignedText & out, const Clause & c, bool asked) {
        const Duration & d = *c.duration;
        const bool up_to_now = c.tense == Tense::Perfect;
        if (up_to_now) out.add("schon", c.id + 1, false);
        if (asked) return;
        if (up_to_now) out.add("seit", d.id);
        const TimeUnitWords & u = time_unit_words(d.unit);
        if (d.count == 1) {
            const char * one = up_to_now ? (u.de_gender == 'f' ? "einer" : "einem")
                                         : (u.de_gender == 'f' ? "eine" : u.de_gender == 'm' ? "einen" : "ein");
            out.add(one, d.id + 1);
            out.add(u.de_sg, d.id + 2);
        } else {
            out.add(number_word(d.count), d.id + 1);
            out.add(up_to_now ? u.de_dat_pl : u.de_pl, d.id + 2);
        }
        if (!up_to_now) out.also(d.id, false);  // the bare accusative says "for" too
    }

    void place(AlignedText & out, const NounPhrase & np) {
        if (is_home(m_lex, np)) return home(out, np, "zu");
        if (np.spatial >= 0) {  // unter dem Tisch; in der Nähe vom Bahnhof
            const Tokens words = split_tokens(spatial_relations()[size_t(np.spatial)].de);
            out.add(Tokens(words.begin(), words.end() - 1), np.id + 4);
            return prepositional(out, np, words.back(), Dat);
        }
        prepositional(out, np, m_lex.nouns[size_t(np.noun)].de_prep, Dat);
    }

    // zu Hause, nach Hause: the old dative, without an article.
    static void home(AlignedText & out, const NounPhrase & np, const char * prep) {
        out.add(prep, np.id + 4);
        out.add("Hause", np.id);
    }

    // Where to: nach Berlin, in den Park (ins Kino), an den Strand, auf den Markt; a place one is
    // "at" (am Bahnhof) is gone to with zu (zum Bahnhof, zur Universität).
    void destination(AlignedText & out, const NounPhrase & np) {
        const Noun & n = m_lex.nouns[size_t(np.noun)];
        if (is_home(m_lex, np)) {
            home(out, np, "nach");
        } else if (np.kind == NounPhrase::Kind::Name) {
            out.add("nach", np.id + 4);
            noun_phrase(out, np, Dat);
        } else if (n.de_prep == "an" && n.en_prep == "at") {
            prepositional(out, np, "zu", Dat);
        } else {
            prepositional(out, np, n.de_prep, Acc);
        }
    }

    // A preposition and its noun phrase, fused with the article where German fuses them (im, zum, ins).
    void prepositional(AlignedText & out, const NounPhrase & np, const std::string & prep, Case cs) {
        const Noun & n = m_lex.nouns[size_t(np.noun)];
        const std::string fused = np.det == Det::The ? contraction(prep, cs, slot_of(n.de_gender, plural(np))) : "";
        if (!fused.empty()) {
            out.add(fused, np.id + 4);
            out.also(np.id + 1, true);
            noun_phrase(out, np, cs, -1, /*drop_article=*/true);
        } else {
            out.add(prep, np.id + 4);
            noun_phrase(out, np, cs);
        }
    }

    // Sehr (very), zu (too), wirklich (really).
    void degree(AlignedText & out, const Clause & c) {
        switch (c.degree) {
            case Degree::Very: out.add("sehr", c.id + 11); break;
            case Degree::Too: out.add("zu", c.id + 11); break;
            case Degree::Really: out.add("wirklich", c.id + 11); break;
            case Degree::None: break;
        }
    }

    // "wie viele Äpfel" for a how-many question.
    void how_many(AlignedText & out, const NounPhrase & np, ConceptId wh_id, Case c = Acc) {
        out.add("wie", wh_id);
        out.add(c == Dat ? "vielen" : "viele", wh_id);  // wie vielen Arbeitern hast du zugehört
        out.also(np.id + 1, true);
        NounPhrase bare = np;
        bare.det = Det::None;
        bare.plural = true;
        noun_phrase(out, bare, c);
    }

    // Es gibt einen Hund im Park; im Park gibt es …; gibt es …?; es gibt keinen …; wie viele … gibt es.
    ClauseParts existential(const Clause & c) {
        ClauseParts p;
        p.subject.add("es", c.id + 13);
        p.finite.add(c.tense == Tense::Past ? "gab" : "gibt", c.id + 13);
        if (c.mood == Mood::Wh) how_many(p.wh, c.subject, c.id + 6);
        if (c.time >= 0) adverb(p.middle, c.time, c.id + 8);
        const bool indefinite = c.subject.kind == NounPhrase::Kind::Noun && (c.subject.det == Det::A || c.subject.det == Det::None);
        const bool counted = c.subject.det == Det::Number;  // es gab nicht fünfzehn Spieler
        if (c.negated && counted) p.middle.add("nicht", c.id + 2);
        if (c.mood != Mood::Wh) noun_phrase(p.middle, c.subject, Acc, c.negated && indefinite ? c.id + 2 : -1);
        if (c.negated && !indefinite && !counted) p.middle.add("nicht", c.id + 2);
        if (c.place) {  // the place comes first in a statement: im Park gibt es …
            AlignedText & where = c.mood == Mood::Statement && c.time < 0 ? p.fronted : p.middle;
            place(where, *c.place);
        }
        return p;
    }

    // Das ist mein Buch, das sind meine Schuhe, ist das dein Auto, das ist kein Hund, was ist das,
    // wer ist das: "das" for this and that, the verb agreeing with what it is.
    ClauseParts demonstrative(const Clause & c) {
        ClauseParts p;
        const NounPhrase & thing = *c.predicate;
        const int number = plural(thing) ? 5 : 2;
        p.subject.add("das", c.subject.id);
        p.finite.add(c.tense == Tense::Past ? sein_past(number) : sein(number), c.id);
        if (c.mood == Mood::Wh) {
            p.wh.add(is_person(m_lex, thing) ? "wer" : "was", c.id + 6);
            return p;
        }
        const bool indefinite = thing.kind == NounPhrase::Kind::Noun && (thing.det == Det::A || thing.det == Det::None);
        if (c.negated && !indefinite) p.middle.add("nicht", c.id + 2);
        noun_phrase(p.middle, thing, Nom, c.negated && indefinite ? c.id + 2 : -1);
        return p;
    }

    // Es regnet, es hat geschneit, es wird regnen, es ist (sehr) kalt, es war kalt, regnet es?
    ClauseParts weather(const Clause & c) {
        ClauseParts p;
        const WeatherCondition & w = weather_conditions()[size_t(c.weather)];
        p.subject.add("es", c.subject.id);
        if (c.time >= 0) {
            if (c.time_fronted && c.mood == Mood::Statement) adverb(p.fronted, c.time, c.id + 8);
            else adverb(p.middle, c.time, c.id + 8);
        }
        if (c.place) place(p.middle, *c.place);
        if (w.is_verb) {
            switch (c.tense) {
                case Tense::Future: p.finite.add(werden(2), c.id + 1); p.right.add(w.de_inf, c.id); break;
                case Tense::Past: case Tense::Perfect:
                    p.finite.add(haben(2), c.id + 1, false);
                    p.right.add(w.de_pp, c.id);
                    p.right.also(c.id + 1, false);
                    break;
                case Tense::Present:
                    p.finite.add(w.de, c.id);
                    if (c.progressive) p.finite.also(c.id + 1, false);  // ↔ "is" of "is raining"
                    break;
            }
            if (c.negated) p.middle.add("nicht", c.id + 2);
            return p;
        }
        if (c.tense == Tense::Future) {
            p.finite.add(werden(2), c.id + 1);
            p.right.add("sein", c.id, false);
        } else {
            p.finite.add(c.tense == Tense::Past ? sein_past(2) : sein(2), c.id, false);
        }
        if (c.negated) p.middle.add("nicht", c.id + 2);
        degree(p.middle, c);
        p.middle.add(w.de, c.id);
        return p;
    }

    // Splits the clause into its parts; the caller orders them.
    ClauseParts parts(const Clause & c, const NounPhrase * head) {
        if (c.kind == ClauseKind::Existential) return existential(c);
        if (c.kind == ClauseKind::Weather) return weather(c);
        if (c.kind == ClauseKind::Demonstrative) return demonstrative(c);
        ClauseParts p;
        const Verb * v = verb_of(m_lex, c);
        const bool relative = head != nullptr;
        const bool wh = c.mood == Mood::Wh && !relative;
        const int person = relative && c.gap == Role::Subject ? person_of(*head)
                           : wh && c.gap == Role::Subject    ? 2
                                                             : person_of(c.subject);

        if (wh) {
            const char * w = "warum";
            switch (c.gap) {
                case Role::Subject: w = "wer"; p.subject_is_wh = true; break;
                case Role::Object:
                    w = c.object && is_person(m_lex, *c.object) ? (v && v->de_dative ? "wem" : "wen") : "was";
                    break;
                case Role::Place: w = "wo"; break;
                case Role::Time: w = "wann"; break;
                case Role::Degree: case Role::Frequency: case Role::Duration: w = "wie"; break;  // wie groß, wie oft, wie lange
                default: break;
            }
            // A prepositional object asked about: auf wen, mit wem; for a thing wo(r)+preposition,
            // which also says the verb's preposition (worauf wartest du).
            const bool prep_wh = c.gap == Role::Object && c.object && v && !v->de_prep.empty();
            const bool asks_by_word = prep_wh && c.object->det != Det::HowMany && c.object->det != Det::Which;
            if (prep_wh && !(asks_by_word && !is_person(m_lex, *c.object))) p.wh.add(v->de_prep, c.id, false);
            if (asks_by_word) {
                if (is_person(m_lex, *c.object)) p.wh.add(v->de_dative ? "wem" : "wen", c.id + 6);
                else {
                    const std::string & prep = v->de_prep;
                    const bool vowel = prep == "an" || prep == "auf" || prep == "über" || prep == "um";
                    p.wh.add((vowel ? "wor" : "wo") + prep, c.id + 6);
                    p.wh.also(c.id, false);
                }
            } else if (c.gap == Role::Object && c.object && c.object->det == Det::HowMany)
                how_many(p.wh, *c.object, c.id + 6, v && v->de_dative ? Dat : Acc);
            else if (c.gap == Role::Object && c.object && c.object->det == Det::Which)  // welches Buch hast du gekauft
                noun_phrase(p.wh, *c.object, v && v->de_dative ? Dat : Acc);
            else if (c.gap == Role::Object && c.object && c.object->det == Det::HowMuch) {  // wie viel kostet es
                p.wh.add("wie", c.id + 6);
                p.wh.add("viel", c.id + 6);
                p.wh.also(c.object->id, true);
            }
            else if (c.gap == Role::Time && c.what_time) p.wh.add(Tokens{"um", "wie", "viel", "Uhr"}, c.id + 6);
            else p.wh.add(w, c.id + 6);
            if (c.gap == Role::Degree) p.wh.add(m_lex.adjectives[size_t(c.predicate_adjective)].de_pred, c.id + 7);  // wie groß
            if (c.gap == Role::Frequency) p.wh.add("oft", c.id + 6);
            if (c.gap == Role::Duration) p.wh.add("lange", c.id + 6);
        }
        const bool imperative = c.mood == Mood::Imperative;
        if (!(c.gap == Role::Subject && (relative || wh)) && (!imperative || c.lets) && !c.to_infinitive)
            noun_phrase(p.subject, c.subject, Nom);
        if (c.time >= 0 && c.gap != Role::Time) {
            if (c.time_fronted && !relative && !wh && c.mood == Mood::Statement) adverb(p.fronted, c.time, c.id + 8);
        }

        verb_parts(c, v, person, &p);

        // kein replaces nicht when the negated object (or predicate) is indefinite.
        const NounPhrase * indefinite_target = nullptr;
        if (c.negated && c.modal != Modal::Like) {
            const NounPhrase * t = c.predicate ? c.predicate.get() : (c.gap != Role::Object ? c.object.get() : nullptr);
            if (t && t->kind == NounPhrase::Kind::Noun && (t->det == Det::A || t->det == Det::None) && !t->relative)
                indefinite_target = t;
        }
        const ConceptId neg = c.id + 2;

        AlignedText & m = p.middle;
        const bool object_here = c.object && c.gap != Role::Object;
        const bool prep_object = object_here && v && !v->de_prep.empty();  // sich an den Mann erinnern
        const bool object_pronoun = object_here && !prep_object && c.object->kind == NounPhrase::Kind::Pronoun;
        const bool indirect_pronoun = c.indirect && c.indirect->kind == NounPhrase::Kind::Pronoun;
        const Case object_case = v && v->de_dative ? Dat : Acc;
        if (object_pronoun) noun_phrase(m, *c.object, object_case);
        if (indirect_pronoun) noun_phrase(m, *c.indirect, Dat);
        // The reflexive pronoun comes first in the middle field, after a pronoun object: ich erinnere
        // mich heute an ihn, ich stelle es mir vor. It belongs to the verb, so it links to it as possible.
        if (v && v->de_reflexive != Reflexive::None) m.add(reflexive_pronoun(person, v->de_reflexive == Reflexive::Dative), c.id, false);
        if (c.please) m.add("bitte", c.id + 12);  // Öffne bitte …, ruf mich bitte an, kannst du mir bitte …
        if (c.time >= 0 && c.gap != Role::Time && !(c.time_fronted && !relative && !wh && c.mood == Mood::Statement))
            adverb(m, c.time, c.id + 8);
        if (c.frequency >= 0) adverb(m, c.frequency, c.id + 9);
        if (c.used_to) m.add("früher", c.id + 1);  // ich habe früher Klavier gespielt
        if (c.duration) duration(m, c, wh && c.gap == Role::Duration);
        if (c.modal == Modal::Like) {  // ich esse am Samstag gern Äpfel; ich esse nicht gern Äpfel
            if (c.negated) m.add("nicht", c.id + 2);
            m.add("gern", c.id + 3);
        }
        if (c.indirect && !indirect_pronoun) noun_phrase(m, *c.indirect, Dat);
        if (object_here && !object_pronoun && !prep_object && object_case == Dat) noun_phrase(m, *c.object, Dat);
        if (object_here && !object_pronoun && !prep_object && object_case == Acc)
            noun_phrase(m, *c.object, Acc, indefinite_target == c.object.get() ? neg : -1);
        if (c.manner >= 0) adverb(m, c.manner, c.id + 10);
        const bool nicht = c.negated && c.modal != Modal::Like &&
                           (!indefinite_target || (object_case == Dat && indefinite_target == c.object.get()));
        // nicht before the place of a copula and before a destination: ist nicht im Garten, geht nicht in den Park
        const bool nicht_first = (!v && c.place) || c.destination;
        if (nicht && nicht_first) m.add("nicht", neg);
        if (c.place && c.gap != Role::Place) place(m, *c.place);
        if (c.destination) been_to(m_lex, c) ? place(m, *c.destination) : destination(m, *c.destination);
        if (nicht && !nicht_first) m.add("nicht", neg);
        if (prep_object) {  // the prepositional object last: ich erinnere mich nicht an den Mann, an keinen Mann
            m.add(v->de_prep, c.id, false);
            noun_phrase(m, *c.object, object_case, indefinite_target == c.object.get() && object_case == Acc ? neg : -1);
        }
        if (c.predicate) noun_phrase(m, *c.predicate, Nom, indefinite_target == c.predicate.get() ? neg : -1);
        if (c.predicate_adjective >= 0 && !(wh && c.gap == Role::Degree)) {
            const Adjective & a = m_lex.adjectives[size_t(c.predicate_adjective)];
            if (c.compare == Compare::Comparative) {  // größer als der Hund (als takes the nominative)
                m.add(a.de_comp, c.id + 7);
                m.add("als", c.id + 14);
                noun_phrase(m, *c.standard, Nom);
            } else if (c.compare == Compare::Equal) {  // so groß wie der Hund
                m.add("so", c.id + 15);
                m.add(a.de_pred, c.id + 7);
                m.add("wie", c.id + 14);
                noun_phrase(m, *c.standard, Nom);
            } else if (c.compare == Compare::Superlative) {  // am größten
                m.add("am", c.id + 15);
                m.add(a.de_sup + "en", c.id + 7);
            } else {
                degree(m, c);
                if (c.age) {  // zehn Jahre alt
                    m.add(c.age->count <= 20 ? std::string(number_word(c.age->count)) : std::to_string(c.age->count), c.age->id + 1);
                    m.add("Jahre", c.age->id + 2);
                }
                m.add(a.de_pred, c.id + 7);
            }
        }

        if (c.complement) {  // , dass er kommt; , ihn anzurufen
            p.extraposed.add(",", c.id + 5, false);
            AlignedText dass;
            if (!c.complement->to_infinitive) dass.add("dass", c.id + 5);
            p.extraposed.append(clause(*c.complement, Order::VerbFinal, &dass));
        }
        return p;
    }

    void verb_parts(const Clause & c, const Verb * v, int person, ClauseParts * p) {
        if (c.to_infinitive) {  // zu kaufen; zu between a separable prefix and its verb: anzurufen
            if (!v->de_sep.empty() && v->de_inf.rfind(v->de_sep, 0) == 0) {
                p->right.add(v->de_sep + "zu" + v->de_inf.substr(v->de_sep.size()), c.id);
                p->right.also(c.id + 1, true);
            } else {
                p->right.add("zu", c.id + 1);
                p->right.add(v->de_inf, c.id);
            }
            return;
        }
        if (!v) {
            p->finite.add(c.tense == Tense::Past ? sein_past(person) : sein(person), c.id);
            return;
        }
        if (c.mood == Mood::Imperative) {  // Öffne die Tür, ruf mich an; for us the wir form first: gehen wir
            p->finite.add(c.lets ? v->de_pres[3] : imperative(v->de_inf, v->de_pres[1]), c.id);
            if (c.lets) p->finite.also(c.id + 13, false);
            if (!v->de_sep.empty()) p->right.add(v->de_sep, c.id);
            return;
        }
        if (c.modal != Modal::None && c.modal != Modal::Like) {
            const bool forbidden = c.modal == Modal::Must && c.negated && c.obligation == Obligation::Must;  // du darfst nicht
            const int which = c.modal == Modal::Can ? 0 : forbidden ? 5 : c.modal == Modal::Must ? 1 : c.modal == Modal::Want ? 2
                              : c.modal == Modal::Should ? 3 : c.modal == Modal::Could || c.modal == Modal::Might ? 4
                              : c.modal == Modal::May ? 5 : 6;
            const bool past = c.tense == Tense::Past && which == 1;  // ich musste warten
            p->finite.add(past ? muessen_past(person) : modal(which, person), c.id + 3);
            if (past) p->finite.also(c.id + 1, false);
            p->right.add(v->de_inf, c.id);
            return;
        }
        // A span up to now is said in the present: ich wohne schon seit zwei Jahren hier.
        switch (c.duration && c.tense == Tense::Perfect ? Tense::Present : c.tense) {
            case Tense::Future:
                p->finite.add(werden(person), c.id + 1);
                p->right.add(v->de_inf, c.id);
                return;
            case Tense::Past: case Tense::Perfect:
                // The past progressive is the simple past: er las ein Buch, als ich anrief.
                if (c.progressive) return simple_tense(c, *v, preterite(v->de_inf, v->de_pp, v->de_sep, person), p);
                // German speech uses the perfect for both: habe … gekauft. A verb of motion that
                // takes sein takes haben with an accusative object: sie ist geritten, sie hat das Pferd geritten.
                p->finite.add(v->de_sein && !(c.object && !v->de_dative) ? sein(person) : haben(person), c.id + 1, false);
                p->right.add(been_to(m_lex, c) ? "gewesen" : v->de_pp, c.id);  // ist in Japan gewesen
                p->right.also(c.id + 1, false);
                return;
            case Tense::Present: return simple_tense(c, *v, v->de_pres[size_t(person)], p);
        }
    }

    // A one-word tense (kocht, kochte), its separable prefix at the end (ruft … an) or, verb-final,
    // joined (, dass er anruft). It also says the "is"/"was" of a progressive.
    static void simple_tense(const Clause & c, const Verb & v, const std::string & form, ClauseParts * p) {
        p->finite.add(form, c.id);
        if (c.progressive) p->finite.also(c.id + 1, false);
        if (!v.de_sep.empty()) {
            p->right.add(v.de_sep, c.id);
            p->joined_final.add(v.de_sep + form, c.id);
        }
    }
};

} // namespace

AlignedText realize_german(const Lexicon & lex, const Sentence & s) {
    using Use = Sentence::PhraseUse;
    if (s.phrase_use == Use::Alone) return realize_phrases_alone(lex, s, "de");
    German de(lex);
    AlignedText out;
    const Order main_order = s.main.mood == Mood::YesNo || s.main.mood == Mood::Imperative ? Order::VerbFirst : Order::V2;
    auto subordinate = [&] {
        AlignedText conj;
        const bool past = s.second->tense == Tense::Past || s.second->tense == Tense::Perfect;
        const char * w = s.link == Connective::Because ? "weil" : s.link == Connective::Although ? "obwohl"
                         : s.link == Connective::When && past ? "als" : "wenn";
        conj.add(w, s.link_id);
        return de.clause(*s.second, Order::VerbFinal, &conj);
    };
    if (s.link == Connective::None || !s.second) {
        out = de.clause(s.main, main_order);
    } else if (s.link == Connective::And || s.link == Connective::But) {
        out = de.clause(s.main, Order::V2);
        if (s.link == Connective::But) out.add(",", s.link_id, false);
        out.add(s.link == Connective::And ? "und" : "aber", s.link_id);
        out.append(de.clause(*s.second, Order::V2));
    } else if (s.subordinate_first) {
        // The subordinate clause fills the first position, so the main clause's verb comes next.
        out = subordinate();
        out.add_punct(",", s.link_id + 1);  // the English comma after the fronted clause
        out.append(de.clause(s.main, Order::VerbFirst));
    } else {
        out = de.clause(s.main, main_order);
        out.add(",", s.link_id, false);
        out.append(subordinate());
    }
    const bool statement = s.main.mood == Mood::Statement || s.main.mood == Mood::Imperative;
    out.add_punct(statement ? "." : "?", s.punct_id);
    out.tidy_commas();
    if (s.phrase_use == Use::Before) {  // "Hallo , ich ...": the sentence goes on in its own case
        AlignedText joined = realize_phrase(lex, s, "de", true);
        joined.add_punct(",", s.phrase_id + 31);
        joined.append(out);
        return joined;
    }
    out.capitalize_first();
    if (s.phrase_use == Use::After) out.append(realize_phrase(lex, s, "de", false));
    return out;
}

} // namespace attn::corpus
