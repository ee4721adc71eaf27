// Word-level vocabularies (the playground's grammar has a closed vocabulary, so words are the
// natural unit and every token on screen is a word a learner recognises), the word tokeniser for
// typed input, and joining output tokens for display (Chinese without spaces).
//
// Ids 0..3 are the specials every model in this project uses: <pad> 0, <s> 1, </s> 2, <unk> 3
// (TransformerConfig's pad_id, bos_id, eos_id, unk_id).
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace attn {

class Vocabulary {
public:
    static constexpr int32_t kPad = 0, kBos = 1, kEos = 2, kUnk = 3;

    Vocabulary();                                // just the four specials
    int32_t add(const std::string & token);      // id of the token, adding it if new
    int32_t id(std::string_view token) const;    // kUnk when absent
    bool contains(std::string_view token) const;
    const std::string & token(int32_t id) const; // "<unk>" for an id out of range
    int32_t size() const { return int32_t(m_tokens.size()); }
    const std::vector<std::string> & tokens() const { return m_tokens; }

    // One token per line, in id order, specials first. Loading validates: UTF-8, no empty or
    // duplicate tokens, the specials in place, at most max_tokens lines.
    std::string serialize() const;
    static Status parse(std::string_view text, Vocabulary * out, int32_t max_tokens = 1 << 20);

private:
    std::vector<std::string> m_tokens;
    std::unordered_map<std::string, int32_t> m_ids;
};

// Lower-cases ASCII letters, splits on whitespace and around punctuation (. , ! ? ; : " ( ) and
// CJK punctuation), keeps apostrophes and hyphens inside words ("don't", "T-shirt") and writes the
// typographic apostrophes ’ ‘ as '. Invalid UTF-8 is repaired to U+FFFD first, so any bytes give
// tokens rather than a crash. Ignorable characters (below) separate words like spaces:
// "the\x01dog" is "the" "dog", not one unknown word.
std::vector<std::string> tokenize_words(std::string_view text);
// Control characters (C0 other than tab/newline, DEL, C1) and invisible formatting characters
// (zero-width space, direction marks and overrides, word joiners, BOM): nothing a word contains.
// ZWJ/ZWNJ are kept, since emoji sequences and some scripts use them inside one word.
bool is_ignorable_codepoint(uint32_t cp);

struct EncodedText {
    std::vector<std::string> words;
    std::vector<int32_t> ids;
    std::vector<bool> unknown;  // true where the word is not in the vocabulary (id is <unk>)
    int unknown_count = 0;
};
EncodedText encode_words(const Vocabulary & vocab, std::string_view text);

// Output tokens for display: Chinese joined without spaces; other languages with spaces, but
// none before closing punctuation. Specials (<s>, </s>, <pad>) are dropped.
std::string join_for_display(const std::vector<std::string> & tokens, bool chinese);

} // namespace attn
