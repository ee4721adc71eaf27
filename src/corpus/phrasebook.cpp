#include "corpus/phrasebook.h"

#include "core/tsv.h"
#include "core/utf8.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace attn::corpus {

namespace {

// "0-1 1p2": links as (target, English) pairs, inside the two rows.
bool parse_links(const std::string & text, size_t en_size, size_t target_size, GoldAlignment * out) {
    if (!parse_alignment(text, out)) return false;
    for (const Link & l : out->possible)
        if (l.first < 0 || size_t(l.first) >= target_size || l.second < 0 || size_t(l.second) >= en_size) return false;
    return true;
}

} // namespace

Status parse_phrasebook(const std::string & text, std::vector<Phrase> * out) {
    static const std::set<std::string> kinds = {"greeting", "farewell", "thanks",    "apology", "wish", "reaction",
                                                "request",  "question", "classroom", "travel",  "shop", "other"};
    std::vector<Phrase> phrases;
    std::set<std::string> seen;
    std::stringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line); n++) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const std::string where = "phrases.tsv:" + std::to_string(n) + ": ";
        if (!utf8_is_valid(line)) return Status::error(where + "invalid UTF-8");
        const std::vector<std::string> c = split_tabs(line);
        if (c.size() != 7) return Status::error(where + "expected 7 tab-separated columns, found " + std::to_string(c.size()));
        Phrase p;
        p.kind = c[0];
        if (!kinds.count(p.kind)) return Status::error(where + "unknown kind " + p.kind);
        p.en = split_tokens(c[1]);
        p.zh = split_tokens(c[2]);
        p.de = split_tokens(c[3]);
        for (const Tokens * t : {&p.en, &p.zh, &p.de})
            if (t->empty() || t->size() > kMaxPhraseTokens) return Status::error(where + "a phrase has 1 to 30 tokens in each language");
        if (!parse_links(c[4], p.en.size(), p.zh.size(), &p.zh_links) || !parse_links(c[5], p.en.size(), p.de.size(), &p.de_links))
            return Status::error(where + "bad alignment (pairs i-j or ipj inside the rows)");
        std::stringstream combine(c[6]);
        std::string word;
        while (std::getline(combine, word, ',')) {
            if (word == "alone") p.alone = true;
            else if (word == "first") p.first = true;
            else if (word == "last") p.last = true;
            else if (word == "name" || word == "thing" || word == "place") {
                if (p.slot != PhraseSlot::None) return Status::error(where + "a phrase has one slot");
                p.slot = word == "name" ? PhraseSlot::Name : word == "thing" ? PhraseSlot::Thing : PhraseSlot::Place;
            } else return Status::error(where + "combine must list alone, first, last, and name, thing or place");
        }
        const struct { PhraseSlot slot; const char * word, * combine; } slots[] = {
            {PhraseSlot::Name, "NAME", "name"}, {PhraseSlot::Thing, "THING", "thing"}, {PhraseSlot::Place, "PLACE", "place"}};
        for (const auto & s : slots) {
            auto count = [&](const Tokens & t) { return std::count(t.begin(), t.end(), std::string(s.word)); };
            const long n = count(p.en);
            if (n > 1 || count(p.zh) != n || count(p.de) != n || (p.slot == s.slot) != (n == 1))
                return Status::error(where + s.word + " must appear once in all three languages, with combine " + s.combine +
                                     ", or nowhere");
        }
        if (!seen.insert(c[1]).second) return Status::error(where + "duplicate English " + c[1]);
        phrases.push_back(std::move(p));
    }
    if (phrases.empty()) return Status::error("phrases.tsv has no phrases");
    *out = std::move(phrases);
    return Status::success();
}

Status load_phrasebook(const std::string & path, std::vector<Phrase> * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path);
    std::stringstream ss;
    ss << f.rdbuf();
    return parse_phrasebook(ss.str(), out);
}

} // namespace attn::corpus
