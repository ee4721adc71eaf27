#include "text/vocab.h"

#include "core/utf8.h"

namespace attn {

static const char * const kSpecials[] = {"<pad>", "<s>", "</s>", "<unk>"};

Vocabulary::Vocabulary() {
    for (const char * s : kSpecials) add(s);
}

int32_t Vocabulary::add(const std::string & token) {
    auto it = m_ids.find(token);
    if (it != m_ids.end()) return it->second;
    const int32_t id = int32_t(m_tokens.size());
    m_tokens.push_back(token);
    m_ids.emplace(token, id);
    return id;
}

int32_t Vocabulary::id(std::string_view token) const {
    auto it = m_ids.find(std::string(token));
    return it == m_ids.end() ? kUnk : it->second;
}

bool Vocabulary::contains(std::string_view token) const { return m_ids.count(std::string(token)) != 0; }

const std::string & Vocabulary::token(int32_t id) const {
    return id >= 0 && id < size() ? m_tokens[size_t(id)] : m_tokens[kUnk];
}

std::string Vocabulary::serialize() const {
    std::string out;
    for (const std::string & t : m_tokens) out += t + "\n";
    return out;
}

Status Vocabulary::parse(std::string_view text, Vocabulary * out, int32_t max_tokens) {
    if (!utf8_is_valid(text)) return Status::error("vocabulary: not valid UTF-8");
    Vocabulary v;
    v.m_tokens.clear();
    v.m_ids.clear();
    size_t line_no = 0;
    for (size_t pos = 0; pos < text.size();) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        pos = end + 1;
        line_no++;
        const std::string where = "vocabulary line " + std::to_string(line_no);
        if (line.empty()) return Status::error(where + ": empty token");
        // No control characters (a stray CR, a tab): the tokenizer never makes such a token, and a
        // token ending in CR would not survive serialize() + parse() (found by tests/fuzz/fuzz_text).
        for (char c : line)
            if (uint8_t(c) < 0x20 || c == 0x7F) return Status::error(where + ": a control character in a token");
        if (v.size() >= max_tokens) return Status::error("vocabulary: more than " + std::to_string(max_tokens) + " tokens");
        if (v.contains(line)) return Status::error(where + ": duplicate token \"" + std::string(line) + "\"");
        v.add(std::string(line));
    }
    for (int32_t i = 0; i < 4; i++)
        if (v.size() <= i || v.m_tokens[size_t(i)] != kSpecials[i])
            return Status::error(std::string("vocabulary: line ") + std::to_string(i + 1) + " must be " + kSpecials[i]);
    *out = std::move(v);
    return Status::success();
}

static bool is_split_punctuation(uint32_t cp) {
    switch (cp) {
    case '.': case ',': case '!': case '?': case ';': case ':': case '"': case '(': case ')':
    case 0x3001: case 0x3002: case 0xFF0C: case 0xFF01: case 0xFF1F: case 0xFF1B: case 0xFF1A:  // 、。，！？；：
    case 0x300C: case 0x300D: case 0x201C: case 0x201D:                                       // 「」“”
        return true;
    default: return false;
    }
}

static bool is_space(uint32_t cp) { return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == 0x3000 || cp == 0xA0; }

bool is_ignorable_codepoint(uint32_t cp) {
    if (cp == '\t' || cp == '\n' || cp == '\r') return false;  // spaces, not ignorable
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0x200B || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

std::vector<std::string> tokenize_words(std::string_view text) {
    const std::string clean = utf8_sanitize(text);
    std::vector<std::string> words;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) words.push_back(cur);
        cur.clear();
    };
    for (size_t i = 0; i < clean.size();) {
        const size_t start = i;
        const uint32_t cp = utf8_decode(clean, i);
        if (is_space(cp) || is_ignorable_codepoint(cp)) { flush(); continue; }
        if (is_split_punctuation(cp)) {
            flush();
            words.emplace_back(clean.substr(start, i - start));
            continue;
        }
        if (cp >= 'A' && cp <= 'Z') cur += char(cp - 'A' + 'a');
        else if (cp == 0x2019 || cp == 0x2018) cur += '\'';  // "it’s" as phones and word processors type "it's"
        else cur.append(clean, start, i - start);
    }
    flush();
    return words;
}

EncodedText encode_words(const Vocabulary & vocab, std::string_view text) {
    EncodedText e;
    e.words = tokenize_words(text);
    for (const std::string & w : e.words) {
        const bool known = vocab.contains(w);
        e.ids.push_back(known ? vocab.id(w) : Vocabulary::kUnk);
        e.unknown.push_back(!known);
        e.unknown_count += !known;
    }
    return e;
}

std::string join_for_display(const std::vector<std::string> & tokens, bool chinese) {
    std::string out;
    for (const std::string & t : tokens) {
        if (t == "<s>" || t == "</s>" || t == "<pad>") continue;
        const bool closing = t == "." || t == "," || t == "!" || t == "?" || t == ";" || t == ":" || t == ")";
        if (!chinese && !out.empty() && !closing) out += ' ';
        out += t;
    }
    return out;
}

} // namespace attn
