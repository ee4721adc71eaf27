#include "corpus/aligned_text.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

namespace attn::corpus {

void AlignedText::add(const std::string & text, ConceptId id, bool sure) {
    Word w;
    w.text = text;
    (sure ? w.sure : w.possible).push_back(id);
    m_words.push_back(std::move(w));
}

void AlignedText::add(const std::vector<std::string> & texts, ConceptId id, bool sure) {
    for (const std::string & t : texts) add(t, id, sure);
}

void AlignedText::add_punct(const std::string & text, ConceptId id) {
    Word w;
    w.text = text;
    if (id >= 0) w.sure.push_back(id);
    m_words.push_back(std::move(w));
}

void AlignedText::also(ConceptId id, bool sure) {
    if (m_words.empty()) return;
    (sure ? m_words.back().sure : m_words.back().possible).push_back(id);
}

void AlignedText::append(const AlignedText & other) {
    m_words.insert(m_words.end(), other.m_words.begin(), other.m_words.end());
}

namespace {
bool is_punct(const std::string & t) { return t == "," || t == "." || t == "?" || t == "，" || t == "。" || t == "？"; }
bool is_comma(const std::string & t) { return t == "," || t == "，"; }
} // namespace

void AlignedText::tidy_commas() {
    std::vector<Word> out;
    for (size_t i = 0; i < m_words.size(); i++) {
        const bool comma = is_comma(m_words[i].text);
        if (comma && (out.empty() || is_punct(out.back().text))) continue;
        if (comma && i + 1 < m_words.size() && is_punct(m_words[i + 1].text)) continue;
        out.push_back(m_words[i]);
    }
    m_words = std::move(out);
}

void AlignedText::capitalize_first() {
    if (m_words.empty()) return;
    std::string & t = m_words[0].text;
    if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = char(t[0] - 'a' + 'A');
}

std::vector<std::string> AlignedText::texts() const {
    std::vector<std::string> t;
    for (const Word & w : m_words) t.push_back(w.text);
    return t;
}

GoldAlignment align(const AlignedText & source, const AlignedText & target) {
    GoldAlignment a;
    auto shares = [](const std::vector<ConceptId> & x, const std::vector<ConceptId> & y) {
        for (ConceptId i : x)
            if (std::find(y.begin(), y.end(), i) != y.end()) return true;
        return false;
    };
    for (size_t t = 0; t < target.size(); t++) {
        const Word & tw = target.words()[t];
        for (size_t s = 0; s < source.size(); s++) {
            const Word & sw = source.words()[s];
            const bool sure = shares(tw.sure, sw.sure);
            const bool possible = sure || shares(tw.sure, sw.possible) || shares(tw.possible, sw.sure) ||
                                  shares(tw.possible, sw.possible);
            if (sure) a.sure.push_back({int(t), int(s)});
            if (possible) a.possible.push_back({int(t), int(s)});
        }
    }
    return a;
}

std::string format_alignment(const GoldAlignment & a) {
    std::set<std::pair<int, int>> sure, all;  // (source, target)
    for (const Link & l : a.sure) sure.insert({l.second, l.first});
    for (const Link & l : a.possible) all.insert({l.second, l.first});
    for (const auto & l : sure) all.insert(l);
    std::ostringstream out;
    bool first = true;
    for (const auto & [s, t] : all) {
        if (!first) out << ' ';
        first = false;
        out << s << (sure.count({s, t}) ? '-' : 'p') << t;
    }
    return out.str();
}

bool parse_alignment(const std::string & text, GoldAlignment * out) {
    GoldAlignment a;
    std::istringstream in(text);
    std::string item;
    while (in >> item) {
        const size_t sep = item.find_first_of("-p");
        if (sep == 0 || sep == std::string::npos || sep + 1 >= item.size()) return false;
        char * end = nullptr;
        const long s = std::strtol(item.c_str(), &end, 10);
        if (end != item.c_str() + sep) return false;
        const long t = std::strtol(item.c_str() + sep + 1, &end, 10);
        if (*end != '\0' || s < 0 || t < 0 || s > 100000 || t > 100000) return false;
        if (item[sep] == '-') a.sure.push_back({int(t), int(s)});
        a.possible.push_back({int(t), int(s)});
    }
    *out = std::move(a);
    return true;
}

} // namespace attn::corpus
