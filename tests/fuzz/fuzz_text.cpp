// libFuzzer target: UTF-8 handling (src/core/utf8.h) and the word tokenizer (src/text/vocab.h) on
// any bytes a visitor can type or paste. Besides "no crash", it checks the contracts the UI relies
// on: sanitize gives valid UTF-8, decode always makes progress, prefixes never split a sequence,
// tokens are valid non-empty UTF-8, and a vocabulary that parses serialises back to itself.
#include "core/utf8.h"
#include "text/sentence_notice.h"
#include "text/vocab.h"

#include <cstdlib>
#include <string>
#include <string_view>

static void check(bool ok) {
    if (!ok) std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
    const std::string_view s(reinterpret_cast<const char *>(data), size);

    size_t count = 0;
    for (size_t i = 0; i < s.size(); count++) {
        const size_t before = i;
        attn::utf8_decode(s, i);
        check(i > before && i <= s.size());
    }
    check(count == attn::utf8_length(s));
    const std::string clean = attn::utf8_sanitize(s);
    check(attn::utf8_is_valid(clean));
    if (attn::utf8_is_valid(s)) check(clean == s);
    const std::string_view prefix = attn::utf8_prefix(clean, size % 17);
    check(attn::utf8_is_valid(prefix) && attn::utf8_length(prefix) <= size % 17);

    attn::Vocabulary vocab;
    for (const std::string & word : attn::tokenize_words(s)) {
        check(!word.empty() && attn::utf8_is_valid(word));
        vocab.add(word);
    }
    const attn::EncodedText e = attn::encode_words(vocab, s);
    check(e.words.size() == e.ids.size() && e.ids.size() == e.unknown.size() && e.unknown_count == 0);
    attn::join_for_display(e.words, size % 2 == 0);
    const attn::EncodedText known = attn::encode_words(attn::Vocabulary(), s);  // every word unknown
    for (const std::string & n : attn::sentence_notices(s, known, size % 3 == 0, 5)) check(attn::utf8_is_valid(n));

    attn::Vocabulary parsed;
    if (attn::Vocabulary::parse(s, &parsed, 4096).ok) {
        attn::Vocabulary again;
        check(attn::Vocabulary::parse(parsed.serialize(), &again, 4096).ok);
        check(again.tokens() == parsed.tokens());
    }
    return 0;
}
