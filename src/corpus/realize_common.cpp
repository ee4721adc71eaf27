#include "corpus/realize.h"

namespace attn::corpus {

bool is_plural(const NounPhrase & np) {
    if (np.kind == NounPhrase::Kind::Pronoun) return np.pronoun == Pronoun::We || np.pronoun == Pronoun::They;
    return np.plural;
}

int person_index(const NounPhrase & np) {
    if (np.kind != NounPhrase::Kind::Pronoun) return np.plural ? 5 : 2;
    switch (np.pronoun) {
        case Pronoun::I: return 0;
        case Pronoun::You: return 1;
        case Pronoun::We: return 3;
        case Pronoun::They: return 5;
        default: return 2;
    }
}

bool is_person(const Lexicon & lex, const NounPhrase & np) {
    if (np.kind == NounPhrase::Kind::Pronoun) return np.pronoun != Pronoun::It;
    const Category c = lex.nouns[size_t(np.noun)].cat;
    return c == Category::Person || c == Category::Name;
}

const Verb * verb_of(const Lexicon & lex, const Clause & c) { return c.verb < 0 ? nullptr : &lex.verbs[size_t(c.verb)]; }

const char * number_word_en(int n) {
    static const char * const words[] = {"zero", "one", "two", "three", "four", "five", "six", "seven",
                                         "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
                                         "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};
    return n >= 0 && n <= 20 ? words[n] : "?";
}

} // namespace attn::corpus
