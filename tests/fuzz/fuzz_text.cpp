// libFuzzer target: UTF-8 handling (src/core/utf8.h), the word tokenizer (src/text/vocab.h) and the
// subword encoder (src/text/subword.h, with the committed fixture model) on any bytes a visitor can
// type or paste. Besides "no crash", it checks the contracts the UI relies on: sanitize gives valid
// UTF-8, decode always makes progress, prefixes never split a sequence, tokens are valid non-empty
// UTF-8, a vocabulary that parses serialises back to itself; subword ids are never <unk> or a
// control piece (byte fallback), decode to valid UTF-8, give back the normalized text, and every
// piece has a word.
#include "core/utf8.h"
#include "text/sentence_notice.h"
#include "text/subword.h"
#include "text/vocab.h"

#include <cstdlib>
#include <string>
#include <string_view>

static void check(bool ok) {
    if (!ok) std::abort();
}

// tests/fixtures/spm_bpe_small.vocab.tsv, loaded once; failing to load it is a broken setup, not a finding.
static const attn::SubwordModel & subword_model() {
    static const attn::SubwordModel model = [] {
        attn::SubwordModel m;
        check(attn::SubwordModel::load(ATTN_FUZZ_SUBWORD_MODEL, &m).ok && m.has_byte_fallback());
        return m;
    }();
    return model;
}

// What decoding the ids of `text` must give: its normalized form with ▁ read as spaces, less the one
// in front. Only for text without a typed U+2581 (SentencePiece drops those at the start as well).
static std::string expected_decoding(std::string_view text) {
    const std::string normalized = attn::normalize_for_subwords(text);
    std::string out;
    for (size_t i = 3; i < normalized.size(); i++) {
        if (normalized.compare(i, 3, "\xE2\x96\x81") == 0) {
            out += ' ';
            i += 2;
        } else {
            out += normalized[i];
        }
    }
    return out;
}

static void check_subwords(std::string_view s) {
    const attn::SubwordModel & model = subword_model();
    const std::vector<int32_t> ids = model.encode(s);
    for (int32_t id : ids) check(id > attn::SubwordModel::kUnk && id < model.size());
    const std::string text = model.decode(ids);
    check(attn::utf8_is_valid(text));
    if (s.find("\xE2\x96\x81") == std::string_view::npos) check(text == expected_decoding(s));
    const std::vector<int> words = model.word_of_piece(ids);
    check(words.size() == ids.size());
    for (size_t i = 0; i < words.size(); i++) check(words[i] == (i ? words[i - 1] + model.starts_word(ids[i]) : 0));

    attn::SubwordModel parsed;
    if (attn::SubwordModel::parse(s, &parsed, 4096).ok) {
        attn::SubwordModel again;
        check(attn::SubwordModel::parse(parsed.serialize(), &again, 4096).ok);
        check(again.serialize() == parsed.serialize());
        check(attn::utf8_is_valid(parsed.decode(parsed.encode(s))));
    }
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
    for (const attn::Message & n : attn::sentence_notices(s, known, size % 3 == 0, 5)) check(attn::utf8_is_valid(attn::english(n)));

    attn::Vocabulary parsed;
    if (attn::Vocabulary::parse(s, &parsed, 4096).ok) {
        attn::Vocabulary again;
        check(attn::Vocabulary::parse(parsed.serialize(), &again, 4096).ok);
        check(again.tokens() == parsed.tokens());
    }
    check_subwords(s);
    return 0;
}
