// UTF-8 helpers for text typed, pasted or uploaded by a user: such text may be invalid UTF-8,
// binary, or huge, and must never crash the tokenizer or the ImGui text renderer.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace attn {

// Decodes one code point at s[i]. On success returns the code point and advances i by its length.
// Invalid input (bad lead byte, truncated or overlong sequence, surrogate, > U+10FFFF) returns
// kInvalidCodepoint and advances i by exactly one byte, so a decoder loop always makes progress.
constexpr uint32_t kInvalidCodepoint = 0xFFFFFFFFu;
uint32_t utf8_decode(std::string_view s, size_t & i);

bool   utf8_is_valid(std::string_view s);
size_t utf8_length(std::string_view s);             // code points; an invalid byte counts as one
std::string utf8_sanitize(std::string_view s);      // invalid bytes become U+FFFD
std::string utf8_encode(uint32_t codepoint);        // "" for invalid code points
// The longest prefix of s with at most max_codepoints code points, never splitting a sequence.
std::string_view utf8_prefix(std::string_view s, size_t max_codepoints);
// White space as Python's str.isspace() has it (what sacreBLEU's text.split() splits on): ASCII
// white space and the separators, the ideographic space U+3000 and no-break spaces included.
bool is_unicode_space(uint32_t codepoint);

} // namespace attn
