#include "core/utf8.h"

namespace attn {

uint32_t utf8_decode(std::string_view s, size_t & i) {
    const auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
    const uint8_t b0 = byte(i);
    if (b0 < 0x80) { i += 1; return b0; }

    int len;
    uint32_t cp, min_cp;
    if      ((b0 & 0xE0) == 0xC0) { len = 2; cp = b0 & 0x1F; min_cp = 0x80; }
    else if ((b0 & 0xF0) == 0xE0) { len = 3; cp = b0 & 0x0F; min_cp = 0x800; }
    else if ((b0 & 0xF8) == 0xF0) { len = 4; cp = b0 & 0x07; min_cp = 0x10000; }
    else { i += 1; return kInvalidCodepoint; }             // continuation byte or 0xF8..0xFF

    if (i + len > s.size()) { i += 1; return kInvalidCodepoint; }
    for (int k = 1; k < len; k++) {
        const uint8_t b = byte(i + k);
        if ((b & 0xC0) != 0x80) { i += 1; return kInvalidCodepoint; }
        cp = (cp << 6) | (b & 0x3F);
    }
    // Overlong forms and surrogates are rejected: they are how filters get bypassed.
    if (cp < min_cp || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) { i += 1; return kInvalidCodepoint; }
    i += len;
    return cp;
}

bool utf8_is_valid(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        if (utf8_decode(s, i) == kInvalidCodepoint) return false;
    }
    return true;
}

size_t utf8_length(std::string_view s) {
    size_t n = 0;
    for (size_t i = 0; i < s.size(); n++) utf8_decode(s, i);
    return n;
}

std::string utf8_encode(uint32_t cp) {
    std::string out;
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return out;
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return out;
}

std::string utf8_sanitize(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const size_t start = i;
        const uint32_t cp = utf8_decode(s, i);
        if (cp == kInvalidCodepoint) out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
        else out.append(s.data() + start, i - start);
    }
    return out;
}

std::string_view utf8_prefix(std::string_view s, size_t max_codepoints) {
    size_t i = 0;
    for (size_t n = 0; n < max_codepoints && i < s.size(); n++) utf8_decode(s, i);
    return s.substr(0, i);
}

bool is_unicode_space(uint32_t cp) {
    return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

} // namespace attn
