#include "corpus/copied_names.h"

#include "core/rng.h"

#include <set>

namespace attn::corpus {

namespace {

// Syllables that spell names of many languages without spelling an English word too often.
const char * const kOnsets[] = {"b", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
                                "ch", "sh", "br", "kr", "st", "tr", "gr", "dr", "sv", "zh", "y"};
const char * const kVowels[] = {"a", "e", "i", "o", "u", "a", "e", "o", "ai", "ei", "ou", "ia", "io"};
const char * const kCodas[] = {"", "", "", "n", "r", "s", "l", "k", "m", "ng", "sk", "t"};

template <size_t N> const char * draw(Rng & rng, const char * const (&table)[N]) { return table[rng.below(N)]; }

std::string capitalized(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = char(s[0] - 'a' + 'A');
    return s;
}

} // namespace

void add_copied_names(Lexicon * lex, uint64_t seed, int count) {
    std::set<std::string> taken;
    for (const Noun & n : lex->nouns) { taken.insert(n.en_sg.begin(), n.en_sg.end()); taken.insert(n.en_pl.begin(), n.en_pl.end()); }
    for (const Verb & v : lex->verbs)
        for (const Tokens * t : {&v.en_base, &v.en_3sg, &v.en_past, &v.en_pp, &v.en_ing}) taken.insert(t->begin(), t->end());
    for (const Adjective & a : lex->adjectives) taken.insert(a.en.begin(), a.en.end());
    for (const Adverb & a : lex->adverbs) taken.insert(a.en.begin(), a.en.end());
    Rng rng(seed * 0x2545F4914F6CDD1Dull + 11);
    for (int made = 0, tries = 0; made < count && tries < count * 20; tries++) {
        std::string name;
        const int syllables = 2 + int(rng.below(2));
        for (int s = 0; s < syllables; s++) {
            name += std::string(draw(rng, kOnsets)) + draw(rng, kVowels);
            if (s + 1 == syllables || rng.below(3) == 0) name += draw(rng, kCodas);  // a coda ends the name, and a third of the rest
        }
        if (name.size() < 4 || !taken.insert(name).second) continue;
        Noun n;
        n.en_sg = {name};
        n.cat = Category::Name;
        n.zh = {capitalized(name)};
        n.de_sg = capitalized(name);
        n.de_gender = rng.below(2) ? 'm' : 'f';
        n.copied = true;
        lex->nouns.push_back(std::move(n));
        made++;
    }
}

} // namespace attn::corpus
