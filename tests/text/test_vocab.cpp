// Vocabulary, word tokenisation of user input (including hostile input) and display joining.
#include "text/vocab.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

std::string join(const std::vector<std::string> & v) {
    std::string s;
    for (size_t i = 0; i < v.size(); i++) s += (i ? "|" : "") + v[i];
    return s;
}

TEST(Vocab, SpecialsAndLookup) {
    Vocabulary v;
    EXPECT_EQ(v.size(), 4);
    EXPECT_EQ(v.id("<pad>"), Vocabulary::kPad);
    EXPECT_EQ(v.id("</s>"), Vocabulary::kEos);
    const int32_t cat = v.add("cat");
    EXPECT_EQ(cat, 4);
    EXPECT_EQ(v.add("cat"), 4);  // adding twice keeps one id
    EXPECT_EQ(v.id("dog"), Vocabulary::kUnk);
    EXPECT_EQ(v.token(cat), "cat");
    EXPECT_EQ(v.token(9999), "<unk>");
    EXPECT_EQ(v.token(-1), "<unk>");
}

TEST(Vocab, SerializeRoundTripAndBadFiles) {
    Vocabulary v;
    v.add("the");
    v.add("件");
    Vocabulary back;
    ASSERT_TRUE(Vocabulary::parse(v.serialize(), &back));
    EXPECT_EQ(back.tokens(), v.tokens());
    EXPECT_FALSE(Vocabulary::parse("<pad>\n<s>\n</s>\n", &back));                     // <unk> missing
    EXPECT_FALSE(Vocabulary::parse("<pad>\n<s>\n</s>\n<unk>\nx\nx\n", &back));        // duplicate
    EXPECT_FALSE(Vocabulary::parse("<pad>\n<s>\n</s>\n<unk>\n\nx\n", &back));         // empty line
    EXPECT_FALSE(Vocabulary::parse(std::string("<pad>\n<s>\n</s>\n<unk>\n\xff\n"), &back));  // invalid UTF-8
    Status st = Vocabulary::parse("<pad>\n<s>\n</s>\n<unk>\na\nb\n", &back, 5);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("more than 5"), std::string::npos) << st.message;
}

TEST(Vocab, TokenizeWords) {
    EXPECT_EQ(join(tokenize_words("The girl who bought a red dress yesterday is my sister.")),
              "the|girl|who|bought|a|red|dress|yesterday|is|my|sister|.");
    EXPECT_EQ(join(tokenize_words("Don't buy the T-shirt, \"please\"!")), "don't|buy|the|t-shirt|,|\"|please|\"|!");
    EXPECT_EQ(join(tokenize_words("  \t\n ")), "");
    EXPECT_EQ(join(tokenize_words("")), "");
    EXPECT_EQ(join(tokenize_words("我昨天在公園。")), "我昨天在公園|。");  // words of unspaced text stay whole
}

TEST(Vocab, HostileInputNeverCrashes) {
    EXPECT_EQ(join(tokenize_words(std::string("ab\xff" "cd", 5))), "ab\xEF\xBF\xBD" "cd");  // invalid byte -> U+FFFD
    EXPECT_EQ(join(tokenize_words("smile \xF0\x9F\x98\x80!")), "smile|\xF0\x9F\x98\x80|!");  // emoji is a word
    EXPECT_EQ(tokenize_words(std::string(100000, 'a')).size(), 1u);
    EXPECT_EQ(join(tokenize_words(std::string("a\0b", 3))), "a|b");  // NUL is a control character: it separates words
}

TEST(Vocab, EncodeFlagsUnknownWords) {
    Vocabulary v;
    for (const char * w : {"the", "cat", "sat", "."}) v.add(w);
    const EncodedText e = encode_words(v, "The cat sat on the mat.");
    EXPECT_EQ(join(e.words), "the|cat|sat|on|the|mat|.");
    EXPECT_EQ(e.unknown_count, 2);
    EXPECT_TRUE(e.unknown[3]);   // on
    EXPECT_TRUE(e.unknown[5]);   // mat
    EXPECT_EQ(e.ids[3], Vocabulary::kUnk);
    EXPECT_EQ(e.ids[1], v.id("cat"));
}

TEST(Vocab, JoinForDisplay) {
    EXPECT_EQ(join_for_display({"<s>", "ich", "habe", "ihn", "gesehen", ".", "</s>"}, false), "ich habe ihn gesehen.");
    EXPECT_EQ(join_for_display({"我", "昨天", "看見", "了", "他", "。"}, true), "我昨天看見了他。");
}

} // namespace
