#include "text/bleu.h"

#include "core/utf8.h"

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <map>

namespace attn {

static bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// The punctuation class of mteval-v13a: {|}~ [\]^_` space!"#$%& ()*+ :;<=>?@ and /
static bool is_13a_symbol(char c) {
    return (c >= '{' && c <= '~') || (c >= '[' && c <= '`') || (c >= ' ' && c <= '&') || (c >= '(' && c <= '+') ||
           (c >= ':' && c <= '@') || c == '/';
}

static std::string replace_all(std::string s, const std::string & from, const std::string & to) {
    for (size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size()) s.replace(pos, from.size(), to);
    return s;
}

std::vector<std::string> tokenize_13a(std::string_view text) {
    std::string s(text);
    s = replace_all(s, "<skipped>", "");
    s = replace_all(s, "-\n", "");
    s = replace_all(s, "\n", " ");
    if (s.find('&') != std::string::npos) {
        s = replace_all(s, "&quot;", "\"");
        s = replace_all(s, "&amp;", "&");
        s = replace_all(s, "&lt;", "<");
        s = replace_all(s, "&gt;", ">");
    }
    // The four substitutions of mteval-v13a, in order, each applied left to right over
    // non-overlapping matches exactly as the regular expressions are (a matched pair of characters
    // is consumed, so in "x.." only the first '.' is split off by rule 2). Bytes ≥ 0x80 (UTF-8) are
    // neither symbols nor digits, so non-ASCII words stay whole.
    std::string a = " ";  // mteval pads the line with a space on each side
    for (char c : s) {
        if (is_13a_symbol(c)) { a += ' '; a += c; a += ' '; }  // s/([{-~[-` -&(-+:-@/])/ $1 /g
        else a += c;
    }
    a += ' ';
    auto pairwise = [](const std::string & in, auto matches, auto emit) {
        std::string out;
        for (size_t i = 0; i < in.size();) {
            if (i + 1 < in.size() && matches(in[i], in[i + 1])) { emit(out, in[i], in[i + 1]); i += 2; }
            else out += in[i++];
        }
        return out;
    };
    const auto is_dot_comma = [](char c) { return c == '.' || c == ','; };
    // s/([^0-9])([\.,])/$1 $2 /g
    a = pairwise(a, [&](char x, char y) { return !is_ascii_digit(x) && is_dot_comma(y); },
                 [](std::string & o, char x, char y) { o += x; o += ' '; o += y; o += ' '; });
    // s/([\.,])([^0-9])/ $1 $2/g
    a = pairwise(a, [&](char x, char y) { return is_dot_comma(x) && !is_ascii_digit(y); },
                 [](std::string & o, char x, char y) { o += ' '; o += x; o += ' '; o += y; });
    // s/([0-9])(-)/$1 $2 /g
    const std::string e = pairwise(a, [&](char x, char y) { return is_ascii_digit(x) && y == '-'; },
                                   [](std::string & o, char x, char y) { o += x; o += ' '; o += y; o += ' '; });
    // Split on white space as Python's str.split() does (U+3000 and no-break spaces included).
    std::vector<std::string> tokens;
    std::string cur;
    for (size_t i = 0; i < e.size();) {
        const size_t start = i;
        if (is_unicode_space(utf8_decode(e, i))) {
            if (!cur.empty()) tokens.push_back(cur);
            cur.clear();
        } else {
            cur.append(e, start, i - start);
        }
    }
    if (!cur.empty()) tokens.push_back(cur);
    return tokens;
}

static bool is_cjk_char(uint32_t cp) {
    return (cp >= 0x2E80 && cp <= 0x2FDF) || (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0x31C0 && cp <= 0x31EF) ||
           (cp >= 0x3200 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
           (cp >= 0xFF00 && cp <= 0xFFEF) || (cp >= 0x20000 && cp <= 0x2FA1F);
}

std::vector<std::string> tokenize_zh(std::string_view text) {
    // Surround every CJK character (and CJK/full-width punctuation) with spaces, then 13a.
    std::string spaced;
    for (size_t i = 0; i < text.size();) {
        const size_t start = i;
        const uint32_t cp = utf8_decode(text, i);
        const std::string_view ch = text.substr(start, i - start);
        if (cp != kInvalidCodepoint && is_cjk_char(cp)) { spaced += ' '; spaced += ch; spaced += ' '; }
        else spaced += ch;
    }
    return tokenize_13a(spaced);
}

std::vector<std::string> bleu_tokenize(std::string_view text, BleuTokenizer tok) {
    return tok == BleuTokenizer::Zh ? tokenize_zh(text) : tokenize_13a(text);
}

using NgramCounts = std::map<std::vector<std::string>, int64_t>;

static NgramCounts count_ngrams(const std::vector<std::string> & toks, size_t n) {
    NgramCounts counts;
    for (size_t i = 0; i + n <= toks.size(); i++) counts[std::vector<std::string>(toks.begin() + long(i), toks.begin() + long(i + n))]++;
    return counts;
}

BleuScore corpus_bleu_multi(const std::vector<std::vector<std::string>> & hyps,
                            const std::vector<std::vector<std::vector<std::string>>> & refs) {
    BleuScore s;
    int64_t matches[4] = {0, 0, 0, 0}, totals[4] = {0, 0, 0, 0};
    const size_t n_pairs = std::min(hyps.size(), refs.size());
    for (size_t k = 0; k < n_pairs; k++) {
        const int64_t hyp_len = int64_t(hyps[k].size());
        s.hyp_length += hyp_len;
        // The reference length closest to the hypothesis's, the shorter one on a tie.
        int64_t closest = -1;
        for (const auto & r : refs[k]) {
            const int64_t len = int64_t(r.size());
            const int64_t d = std::llabs(len - hyp_len), best = std::llabs(closest - hyp_len);
            if (closest < 0 || d < best || (d == best && len < closest)) closest = len;
        }
        s.ref_length += std::max<int64_t>(closest, 0);
        for (size_t n = 1; n <= 4; n++) {
            NgramCounts most;  // per n-gram, the most any one reference has
            for (const auto & r : refs[k])
                for (const auto & [gram, count] : count_ngrams(r, n)) most[gram] = std::max(most[gram], count);
            for (const auto & [gram, count] : count_ngrams(hyps[k], n)) {
                auto it = most.find(gram);
                matches[n - 1] += std::min(count, it == most.end() ? int64_t(0) : it->second);
                totals[n - 1] += count;
            }
        }
    }
    double log_sum = 0.0;
    bool zero = false;
    for (int n = 0; n < 4; n++) {
        s.precision[n] = totals[n] ? double(matches[n]) / double(totals[n]) : 0.0;
        if (matches[n] == 0) zero = true;
        else log_sum += 0.25 * std::log(s.precision[n]);
    }
    s.brevity_penalty = s.hyp_length >= s.ref_length ? 1.0
                        : s.hyp_length == 0          ? 0.0
                                                     : std::exp(1.0 - double(s.ref_length) / double(s.hyp_length));
    s.bleu = zero ? 0.0 : 100.0 * s.brevity_penalty * std::exp(log_sum);
    return s;
}

BleuScore corpus_bleu(const std::vector<std::vector<std::string>> & hyps, const std::vector<std::vector<std::string>> & refs) {
    std::vector<std::vector<std::vector<std::string>>> one_each;
    one_each.reserve(refs.size());
    for (const auto & r : refs) one_each.push_back({r});
    return corpus_bleu_multi(hyps, one_each);
}

BleuScore corpus_bleu(const std::vector<std::string> & hyps, const std::vector<std::string> & refs, BleuTokenizer tok) {
    std::vector<std::vector<std::string>> h, r;
    for (const std::string & x : hyps) h.push_back(bleu_tokenize(x, tok));
    for (const std::string & x : refs) r.push_back(bleu_tokenize(x, tok));
    return corpus_bleu(h, r);
}

BleuScore corpus_bleu(const std::vector<std::string> & hyps, const std::vector<std::vector<std::string>> & refs,
                      BleuTokenizer tok) {
    std::vector<std::vector<std::string>> h;
    std::vector<std::vector<std::vector<std::string>>> r;
    for (const std::string & x : hyps) h.push_back(bleu_tokenize(x, tok));
    for (const auto & alternatives : refs) {
        r.emplace_back();
        for (const std::string & x : alternatives) r.back().push_back(bleu_tokenize(x, tok));
    }
    return corpus_bleu_multi(h, r);
}

} // namespace attn
