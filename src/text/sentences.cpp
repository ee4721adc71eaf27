#include "text/sentences.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace attn {

namespace {

// Abbreviations that end in a full stop inside a sentence (lower case, without the final dot).
constexpr std::array<std::string_view, 18> kAbbreviations = {
    "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "a.m", "p.m", "no", "approx", "dept", "cf"};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_closing(char c) { return c == '"' || c == '\'' || c == ')' || c == ']'; }

// The word that ends at `end` (exclusive), lower-cased: letters, digits, dots and apostrophes.
std::string word_before(std::string_view text, size_t end) {
    size_t start = end;
    while (start > 0 && (std::isalnum(static_cast<unsigned char>(text[start - 1])) || text[start - 1] == '.' || text[start - 1] == '\''))
        start--;
    std::string w(text.substr(start, end - start));
    for (char & c : w) c = char(std::tolower(static_cast<unsigned char>(c)));
    while (!w.empty() && w.back() == '.') w.pop_back();
    return w;
}

bool is_abbreviation(std::string_view text, size_t dot) {
    const std::string w = word_before(text, dot);
    if (w.size() == 1 && std::isalpha(static_cast<unsigned char>(w[0]))) return true;  // an initial
    return std::find(kAbbreviations.begin(), kAbbreviations.end(), w) != kAbbreviations.end();
}

// ”’」』） and 。！？ as UTF-8 (three bytes each).
bool starts_with_any(std::string_view text, size_t at, std::initializer_list<std::string_view> marks, size_t * len) {
    for (std::string_view m : marks)
        if (text.substr(at, m.size()) == m) { *len = m.size(); return true; }
    return false;
}

} // namespace

std::vector<std::string> split_sentences(std::string_view text) {
    std::vector<std::string> out;
    auto emit = [&](size_t begin, size_t end) {
        while (begin < end && (is_space(text[begin]) || text[begin] == '\n')) begin++;
        while (end > begin && (is_space(text[end - 1]) || text[end - 1] == '\n')) end--;
        if (end > begin) out.emplace_back(text.substr(begin, end - begin));
    };
    size_t start = 0;
    for (size_t i = 0; i < text.size();) {
        size_t len = 0;
        if (text[i] == '\n') {
            emit(start, i);
            start = ++i;
        } else if (starts_with_any(text, i, {"\xE3\x80\x82", "\xEF\xBC\x81", "\xEF\xBC\x9F"}, &len)) {  // 。！？
            size_t end = i + len;
            while (starts_with_any(text, end, {"\xE3\x80\x8D", "\xE3\x80\x8F", "\xEF\xBC\x89", "\xE2\x80\x9D", "\xE2\x80\x99"}, &len)) end += len;
            emit(start, end);
            start = i = end;
        } else if (text[i] == '.' || text[i] == '!' || text[i] == '?') {
            const size_t mark = i;
            size_t end = i;
            while (end < text.size() && (text[end] == '.' || text[end] == '!' || text[end] == '?')) end++;
            const bool lone_dot = text[mark] == '.' && end == mark + 1;
            for (;;) {  // closing quotes and brackets stay with the sentence
                if (end < text.size() && is_closing(text[end])) end++;
                else if (starts_with_any(text, end, {"\xE2\x80\x9D", "\xE2\x80\x99"}, &len)) end += len;  // ” ’
                else break;
            }
            size_t next = end;
            while (next < text.size() && is_space(text[next])) next++;
            const bool at_end = next >= text.size();
            const bool spaced = next > end || at_end;
            const bool lower_next = !at_end && std::islower(static_cast<unsigned char>(text[next]));
            if (spaced && !lower_next && !(lone_dot && is_abbreviation(text, mark))) {
                emit(start, end);
                start = end;
            }
            i = end;
        } else {
            i++;
        }
    }
    emit(start, text.size());
    return out;
}

std::string join_sentences(const std::vector<std::string> & translations, bool chinese) {
    std::string out;
    for (const std::string & t : translations) {
        if (t.empty()) continue;
        if (!out.empty() && !chinese) out += ' ';
        out += t;
    }
    return out;
}

} // namespace attn
