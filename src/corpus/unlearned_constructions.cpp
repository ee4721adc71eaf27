#include "corpus/unlearned_constructions.h"

#include "core/message.h"

#include <algorithm>
#include <set>

namespace attn::corpus {

namespace {

// One word as the patterns see it, with the typed word it came from: contractions are opened
// ("haven't" → have not, "i've" → i have), so each pattern is written once.
struct Token {
    std::string word;
    size_t typed;
};

bool ends_with(const std::string & w, const std::string & end) {
    return w.size() > end.size() && w.compare(w.size() - end.size(), end.size(), end) == 0;
}

std::vector<Token> open_contractions(const std::vector<std::string> & words) {
    static const std::vector<std::pair<std::string, std::vector<std::string>>> kNegatives = {
        {"won't", {"will", "not"}}, {"can't", {"can", "not"}}, {"shan't", {"shall", "not"}}};
    std::vector<Token> out;
    for (size_t i = 0; i < words.size(); i++) {
        const std::string & w = words[i];
        bool done = false;
        for (const auto & [from, to] : kNegatives)
            if (w == from) {
                for (const std::string & t : to) out.push_back({t, i});
                done = true;
            }
        if (done) continue;
        if (ends_with(w, "n't")) {
            out.push_back({w.substr(0, w.size() - 3), i});
            out.push_back({"not", i});
        } else if (ends_with(w, "'ve")) {
            out.push_back({w.substr(0, w.size() - 3), i});
            out.push_back({"have", i});
        } else if (ends_with(w, "'d") || ends_with(w, "'s") || ends_with(w, "'m") || ends_with(w, "'re") || ends_with(w, "'ll")) {
            const size_t cut = w.rfind('\'');
            out.push_back({w.substr(0, cut), i});
            out.push_back({w.substr(cut), i});  // 's is "is" or "has", 'd "would" or "had": both are tried
        } else {
            out.push_back({w, i});
        }
    }
    return out;
}

bool in(const std::string & w, std::initializer_list<const char *> set) {
    return std::any_of(set.begin(), set.end(), [&](const char * s) { return w == s; });
}
bool is_be(const std::string & w) { return in(w, {"am", "is", "are", "was", "were", "be", "been", "being", "'s", "'re", "'m"}); }
// Words in -ing that are not the -ing form of a verb after "was": nouns, pronouns and the common
// adjectives ("it was nothing", "the film was boring").
bool is_verb_ing(const std::string & w) {
    return w.size() >= 6 && ends_with(w, "ing") &&
           !in(w, {"nothing", "something", "anything", "everything", "morning", "evening", "spring", "string",
                   "interesting", "boring", "amazing", "exciting", "annoying", "surprising", "charming", "tiring",
                   "relaxing", "confusing", "disappointing", "embarrassing", "frightening", "shocking", "touching",
                   "missing", "loving", "caring", "outgoing", "willing", "building", "meeting", "wedding", "clothing",
                   "feeling", "pudding", "ceiling", "darling", "during", "thing", "king", "ring", "wing", "sing"});
}
// The shapes of English past participles: walked, written, shown, bought, built, kept, done, sung.
bool looks_like_participle(const std::string & w) {
    if (w.size() < 4 || (ends_with(w, "een") && w != "seen")) return false;  // not fifteen, green, screen
    if (in(w, {"seven", "eleven", "children", "women", "kitchen", "garden", "chicken", "often", "even", "open", "golden",
               "wooden", "dozen", "citizen", "heaven", "oven", "token", "listen", "happen"}))
        return false;
    for (const char * end : {"ed", "en", "wn", "ght", "lt", "pt", "ne", "ung", "unk", "ade", "old"})
        if (ends_with(w, end)) return true;
    return false;
}

struct Finder {
    const std::vector<Token> & t;
    const std::vector<std::string> & typed;
    std::vector<UnlearnedConstruction> found;

    const std::string & at(size_t i) const {
        static const std::string none;
        return i < t.size() ? t[i].word : none;
    }
    void add(const char * name, size_t first, size_t last) {  // tokens first..last, inclusive
        for (const UnlearnedConstruction & f : found)
            if (f.name == name) return;
        std::string words;
        size_t previous = size_t(-1);
        for (size_t k = first; k <= last && k < t.size(); k++) {
            if (t[k].typed == previous) continue;
            previous = t[k].typed;
            words += (words.empty() ? "" : " ") + typed[previous];
        }
        found.push_back({name, words});
    }
};

} // namespace

std::vector<UnlearnedConstruction> unlearned_constructions(const std::vector<std::string> & words) {
    const std::vector<Token> t = open_contractions(words);
    Finder f{t, words, {}};
    const bool wants = std::any_of(t.begin(), t.end(), [](const Token & x) { return in(x.word, {"like", "love"}); });
    for (size_t i = 0; i < t.size(); i++) {
        const std::string & w = t[i].word;
        const size_t n = i + (f.at(i + 1) == "not" ? 2 : 1);  // past a "not"
        // was written by; has been stolen
        if (is_be(w) && looks_like_participle(f.at(n)) && f.at(n + 1) == "by") f.add(N_("the passive"), i, n + 1);
        // has been stolen, have been tired (the grammar's perfect has no "be"); "have you been to
        // taiwan" and "how have you been" are phrases it has
        if (w == "been" && i + 1 < t.size() && !is_verb_ing(f.at(i + 1)) && !in(f.at(i + 1), {"to", "here", "there", "?", ".", "!", ","}))
            f.add(N_("the perfect of be (has been …)"), i, i + 1);
        // would go, would have gone ("would like to" is learned)
        if ((w == "would" || (w == "'d" && f.at(i + 1) != "been")) && !wants) f.add(N_("the conditional (would)"), i, n);
        if (w == "were" && i > 0 && f.at(i - 1) == "if") f.add(N_("the conditional (would)"), i - 1, i);  // if were they
        if (w == "were" && i > 1 && f.at(i - 2) == "if") f.add(N_("the conditional (would)"), i - 2, i);  // if i were
        // will have finished
        if (w == "will" && f.at(n) == "have" && looks_like_participle(f.at(n + 1))) f.add(N_("the future perfect"), i, n + 1);
        if (in(w, {"whose", "whom"})) f.add(N_("a relative clause with whose or whom"), i, i);
        // how long does it take, too tired to
        // "how long did you wait" and "how long is the river" the grammar has; "it takes an hour" it has not
        // (not the phrasal verbs: "did it take off", "it took over")
        if (w == "take" || w == "takes" || w == "took")
            if (i >= 1 && f.at(i - 1) == "it" && !in(f.at(i + 1), {"on", "off", "over", "up", "out", "away", "back", "place", "care", "part"}))
                f.add(N_("it takes (a time)"), i - 1, i);
        if (w == "too" && i + 2 < t.size() && f.at(i + 2) == "to") f.add(N_("too … to"), i, i + 2);
    }
    // isn't it?, don't you?
    if (t.size() >= 4) {
        const size_t q = t.back().word == "?" ? t.size() - 1 : t.size();
        if (q >= 4 && q < t.size() && f.at(q - 1).size() > 0 && in(f.at(q - 1), {"it", "you", "he", "she", "we", "they", "i", "there"}) &&
            f.at(q - 2) == "not" && f.at(q - 4) == ",")
            f.add(N_("a tag question"), q - 4, q);
    }
    return f.found;
}

} // namespace attn::corpus
