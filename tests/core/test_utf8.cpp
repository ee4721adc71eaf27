// Hand-written cases: byte sequences from the Unicode standard's table 3-7 (well-formed UTF-8).
#include "core/utf8.h"

#include <gtest/gtest.h>

using namespace attn;

TEST(Utf8, DecodesOneToFourByteSequences) {
    const std::string s = "A\xC3\xA9\xE6\xB3\xA8\xF0\x9F\x98\x80";  // A é 注 😀
    size_t i = 0;
    EXPECT_EQ(utf8_decode(s, i), 0x41u);    EXPECT_EQ(i, 1u);
    EXPECT_EQ(utf8_decode(s, i), 0xE9u);    EXPECT_EQ(i, 3u);
    EXPECT_EQ(utf8_decode(s, i), 0x6CE8u);  EXPECT_EQ(i, 6u);
    EXPECT_EQ(utf8_decode(s, i), 0x1F600u); EXPECT_EQ(i, 10u);
    EXPECT_EQ(utf8_length(s), 4u);
    EXPECT_TRUE(utf8_is_valid(s));
}

TEST(Utf8, RejectsMalformedInputOneByteAtATime) {
    const char * bad[] = {
        "\x80",              // lone continuation byte
        "\xC3",              // truncated 2-byte sequence
        "\xE6\xB3",          // truncated 3-byte sequence
        "\xC0\xAF",          // overlong '/'
        "\xE0\x80\xAF",      // overlong '/'
        "\xED\xA0\x80",      // UTF-16 surrogate D800
        "\xF4\x90\x80\x80",  // U+110000, beyond Unicode
        "\xFF",              // never valid
    };
    for (const char * b : bad) {
        std::string s(b);
        SCOPED_TRACE(testing::PrintToString(s));
        EXPECT_FALSE(utf8_is_valid(s));
        size_t i = 0;
        EXPECT_EQ(utf8_decode(s, i), kInvalidCodepoint);
        EXPECT_EQ(i, 1u);  // progress is exactly one byte
    }
}

TEST(Utf8, SanitizeReplacesEachBadByteWithReplacementCharacter) {
    EXPECT_EQ(utf8_sanitize("a\xFF" "b"), "a\xEF\xBF\xBD" "b");
    EXPECT_EQ(utf8_sanitize("\xE6\xB3"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // two stray bytes, two U+FFFD
    EXPECT_EQ(utf8_sanitize("ok \xE6\xB3\xA8"), "ok \xE6\xB3\xA8");   // valid text unchanged
    EXPECT_TRUE(utf8_is_valid(utf8_sanitize(std::string("\x00\xC0\x80\xF8", 4))));
}

TEST(Utf8, EncodeRoundTripsAndRefusesInvalidCodepoints) {
    for (uint32_t cp : {0x24u, 0xA2u, 0x20ACu, 0x6CE8u, 0x10348u, 0x10FFFFu}) {
        const std::string s = utf8_encode(cp);
        size_t i = 0;
        EXPECT_EQ(utf8_decode(s, i), cp);
        EXPECT_EQ(i, s.size());
    }
    EXPECT_EQ(utf8_encode(0x20ACu), "\xE2\x82\xAC");  // € from the standard's example
    EXPECT_EQ(utf8_encode(0xD800u), "");
    EXPECT_EQ(utf8_encode(0x110000u), "");
}

TEST(Utf8, PrefixNeverSplitsASequence) {
    const std::string s = "\xE6\xB3\xA8\xE6\x84\x8F\xE5\x8A\x9B";  // 注意力
    EXPECT_EQ(utf8_prefix(s, 0), "");
    EXPECT_EQ(utf8_prefix(s, 1), "\xE6\xB3\xA8");
    EXPECT_EQ(utf8_prefix(s, 2).size(), 6u);
    EXPECT_EQ(utf8_prefix(s, 99), s);
}
