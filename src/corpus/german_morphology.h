// German inflection tables the realiser needs: articles, pronouns, adjective endings (weak, mixed,
// strong declension), noun case forms and the auxiliaries' and modals' present tense.
#pragma once
#include <string>

namespace attn::corpus::german {

enum Case { Nom = 0, Acc = 1, Dat = 2 };
// Gender-number slot of the paradigms: masculine, feminine, neuter, plural.
enum Slot { M = 0, F = 1, N = 2, Pl = 3 };
inline Slot slot_of(char gender, bool plural) { return plural ? Pl : gender == 'f' ? F : gender == 'n' ? N : M; }

// Adjective declension after the determiner: der-words → weak, ein-words → mixed, none → strong.
enum class Declension { Weak, Mixed, Strong };

const char * definite_article(Case c, Slot s);                       // der die das die / den ...
const char * ein_ending(Case c, Slot s);                             // ein+"" eine einen einem; also kein, mein
const char * dieser_ending(Case c, Slot s);                          // dies+"er"...; also jen-
const char * adjective_ending(Declension d, Case c, Slot s);
const char * relative_pronoun(Case c, Slot s);                       // der die das die / den / dem denen
const char * personal_pronoun(int pronoun, Case c);                  // Pronoun order: ich du er sie es wir sie
const char * possessive_stem(int pronoun);                           // mein dein sein ihr sein unser ihr
std::string noun_form(const std::string & singular, const std::string & plural, bool weak, bool is_plural, Case c);
const char * number_word(int n);                                     // 2..20
// person: 0 ich, 1 du, 2 er, 3 wir, 4 ihr, 5 sie.
const char * haben(int person);
const char * sein(int person);
const char * sein_past(int person);  // war
const char * werden(int person);
const char * muessen_past(int person);  // musste
const char * reflexive_pronoun(int person, bool dative);  // mich dich sich uns euch sich / mir dir sich …
// 0 können, 1 müssen, 2 wollen, 3 sollte, 4 könnte, 5 dürfen, 6 möchte.
const char * modal(int which, int person);
// The du imperative from the infinitive and the du form (without a separable prefix): gib, lies,
// iss, arbeite, fahr, lauf, sei.
std::string imperative(const std::string & infinitive, const std::string & du_form);
// The simple past (Präteritum) without a separable prefix, from the infinitive, the participle
// and the prefix: weak and mixed verbs from the participle (gekocht → kochte, gebracht → brachte,
// angerufen's prefix aside), strong ones from a table of roots (lesen → las, bekommen → bekam).
// Empty for a strong verb outside the table.
std::string preterite(const std::string & infinitive, const std::string & participle, const std::string & separable, int person);
// in + dem → im, an + dem → am, zu + der → zur, in + das → ins ...; empty when the pair does not contract.
std::string contraction(const std::string & preposition, Case c, Slot s);

} // namespace attn::corpus::german
