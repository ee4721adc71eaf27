// The URL fragment parser and formatter (app/url_state.h): round trips, including Chinese and
// emoji, and malformed or hostile fragments, which must give a message and leave the state alone.
#include "share/url_state.h"
#include "core/percent_encoding.h"

#include <gtest/gtest.h>

#include <map>

namespace attn {
namespace {

UrlState full_state(const std::string & sentence) {
    UrlState s;
    s.panel = "attention";
    s.model = "zh_TW";
    s.sentence = sentence;
    s.beam = 4;
    s.kind = "cross";
    s.layer = 1;
    s.head = 2;
    s.query = 3;
    s.view = "model";
    s.tokens = "words";
    s.backend = "simd";
    s.lang = "zh-TW";
    s.tour = 6;
    return s;
}

TEST(UrlState, RoundTripsEveryField) {
    const UrlState in = full_state("the girl who bought a red dress");
    UrlState out;
    ASSERT_TRUE(parse_url_state("#" + format_url_state(in), &out).ok);
    EXPECT_EQ(out, in);
}

TEST(UrlState, RoundTripsChineseEmojiAndReservedCharacters) {
    for (const std::string text : {"注意力機制 attention 注意力机制", "cats 🐈‍⬛ & dogs 🐕 = 100% + more #hash ?q=1", "a+b  c", ""}) {
        const UrlState in = full_state(text);
        const std::string hash = format_url_state(in);
        EXPECT_EQ(hash.find_first_of(" #?"), std::string::npos) << hash;  // nothing an address bar would cut or change
        UrlState out;
        ASSERT_TRUE(parse_url_state(hash, &out).ok) << hash;
        EXPECT_EQ(*out.sentence, text);
    }
}

TEST(UrlState, FormatIsCanonicalAndReadable) {
    UrlState s;
    s.sentence = "the cat";
    s.head = -1;
    s.layer = 0;
    EXPECT_EQ(format_url_state(s), "sentence=the%20cat&layer=0&head=mean");
    EXPECT_EQ(format_url_state(UrlState{}), "");
}

TEST(UrlState, UnknownKeysAndEmptyPartsAreIgnored) {
    UrlState out;
    ASSERT_TRUE(parse_url_state("#utm_source=blog&&layer=1&flag&future_key=%E2%9C%93&", &out).ok);
    EXPECT_EQ(out.layer, 1);
    EXPECT_FALSE(out.sentence.has_value());
    ASSERT_TRUE(parse_url_state("", &out).ok);
    EXPECT_EQ(out, UrlState{});
}

TEST(UrlState, CarriesATrainingSetupFieldByField) {
    UrlState out;
    const std::string link = "#panel=train&task=sort&schedule=noam&norm=pre&probe=3%201%204&layers=2&d_model=32&lr=5e-4&dropout=0&autostart=1";
    ASSERT_TRUE(parse_url_state(link, &out).ok);
    EXPECT_EQ(out.panel, "train");
    const std::map<std::string, std::string> want = {{"task", "sort"}, {"schedule", "noam"}, {"norm", "pre"}, {"probe", "3 1 4"},
                                                     {"layers", "2"}, {"d_model", "32"}, {"lr", "5e-4"}, {"dropout", "0"}, {"autostart", "1"}};
    EXPECT_EQ(out.train, want);
    UrlState again;
    ASSERT_TRUE(parse_url_state(format_url_state(out), &again).ok);
    EXPECT_EQ(again, out);
    EXPECT_EQ(format_url_state(out), "panel=train&task=sort&schedule=noam&norm=pre&probe=3%201%204&layers=2&d_model=32&lr=5e-4&dropout=0&autostart=1")
        << "fixed order: the choices, the probe, the integers, the reals, then autostart";
}

TEST(UrlState, ATrainingSetupOutOfRangeIsRefusedWithTheRange) {
    const struct { const char * link, * message; } cases[] = {
        {"task=shuffle", "task: \"shuffle\" is not one of copy, reverse, sort, mini_en_de, mini_en_zh_TW"},
        {"layers=9", "layers: 9 is out of range (1 to 4)"},
        {"d_model=4", "d_model: 4 is out of range (8 to 256)"},
        {"lr=1", "lr: 1 is out of range (1e-05 to 0.1)"},
        {"lr=nan", "lr: \"nan\" is not a number"},
        {"lr=1e-3x", "lr: \"1e-3x\" is not a number"},
        {"dropout=inf", "dropout: \"inf\" is not a number"},
        {"steps=1e9", "steps: \"1e9\" is not a number"},
        {"probe=3%3C4", "probe: \"3<4\" is not a sequence of symbols"},
        {"autostart=yes", "autostart: \"yes\" is not one of 0, 1"},
    };
    for (const auto & c : cases) {
        UrlState out;
        out.layer = 1;
        const Status st = parse_url_state(std::string("panel=train&") + c.link, &out);
        EXPECT_FALSE(st.ok) << c.link;
        EXPECT_EQ(st.message, c.message) << c.link;
        EXPECT_EQ(out.layer, 1) << "the state is left alone";
        EXPECT_TRUE(out.train.empty());
    }
}

TEST(UrlState, AcceptsPlusAsSpaceAndLowercaseEscapes) {
    UrlState out;
    ASSERT_TRUE(parse_url_state("sentence=the+cat%e6%b3%a8", &out).ok);
    EXPECT_EQ(*out.sentence, "the cat注");
}

// Each malformed fragment is refused with a message naming the problem, and the state passed in is
// not touched.
TEST(UrlState, MalformedFragmentsAreRefusedAndKeepTheState) {
    const struct { const char * hash; const char * message_part; } cases[] = {
        {"layer=999", "layer: 999 is out of range (0 to 63)"},
        {"layer=-1", "out of range"},
        {"head=64", "head: 64 is out of range"},
        {"head=-2", "out of range"},
        {"query=100000000", "not a number"},
        {"beam=0", "beam: 0 is out of range (1 to 16)"},
        {"layer=1e3", "not a number"},
        {"layer=", "not a number"},
        {"layer=%201", "not a number"},
        {"layer=0x1", "not a number"},
        {"panel=settings", "panel: \"settings\" is not one of"},
        {"kind=sideways", "kind:"},
        {"view=3d", "view:"},
        {"tokens=letters", "tokens:"},
        {"lang=zh-CN", "lang: \"zh-CN\" is not one of en, zh-TW"},
        {"tour=0", "tour: 0 is out of range"},
        {"tour=100", "tour: 100 is out of range"},
        {"model=../../etc/passwd", "model:"},
        {"backend=%3Cscript%3E", "backend:"},
        {"sentence=%E6%B3", "not valid UTF-8"},
        {"sentence=%FF%FE", "not valid UTF-8"},
        {"sentence=abc%", "malformed percent-escape"},
        {"sentence=abc%4", "malformed percent-escape"},
        {"sentence=%G1", "malformed percent-escape"},
        {"%zz=1", "a key has a malformed percent-escape"},
    };
    for (const auto & c : cases) {
        UrlState st = full_state("kept");
        const UrlState before = st;
        const Status s = parse_url_state(c.hash, &st);
        EXPECT_FALSE(s.ok) << c.hash;
        EXPECT_NE(s.message.find(c.message_part), std::string::npos) << c.hash << " -> " << s.message;
        EXPECT_EQ(st, before) << c.hash;
    }
}

TEST(UrlState, OversizedInputIsRefused) {
    UrlState st;
    EXPECT_FALSE(parse_url_state("sentence=" + std::string(kUrlMaxSentenceBytes + 1, 'a'), &st).ok);
    EXPECT_FALSE(parse_url_state(std::string(kUrlMaxFragmentBytes + 1, '&'), &st).ok);
    EXPECT_TRUE(parse_url_state("sentence=" + std::string(kUrlMaxSentenceBytes, 'a'), &st).ok);
}

TEST(UrlState, NeverCrashesOnArbitraryBytes) {
    // A cheap stand-in for the fuzzer: every 1- and 2-byte fragment, and bytes after each key.
    UrlState st;
    std::string s(2, '\0');
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            s[0] = char(a), s[1] = char(b);
            (void)parse_url_state(s, &st);
            (void)parse_url_state("layer=" + s, &st);
            (void)parse_url_state("sentence=%" + s, &st);
        }
    SUCCEED();
}

TEST(PercentEncoding, EncodesEverythingButUnreserved) {
    EXPECT_EQ(percent_encode("aZ09-._~"), "aZ09-._~");
    EXPECT_EQ(percent_encode("a b/&=+%"), "a%20b%2F%26%3D%2B%25");
    EXPECT_EQ(percent_encode("注"), "%E6%B3%A8");
    std::string out;
    EXPECT_TRUE(percent_decode("%E6%B3%A8", &out));
    EXPECT_EQ(out, "注");
}

} // namespace
} // namespace attn
