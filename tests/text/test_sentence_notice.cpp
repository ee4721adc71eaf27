// What the visitor is told about a sentence (text/sentence_notice.h), and the tokenizer's handling
// of control and formatting characters that makes some of those notices true.
#include "text/sentence_notice.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

Vocabulary small_vocab() {
    Vocabulary v;
    for (const char * w : {"the", "dog", "sees", "a", "cat", "."}) v.add(w);
    return v;
}

std::vector<std::string> notices_for(std::string_view text, bool truncated = false) {
    return english(sentence_notices(text, encode_words(small_vocab(), text), truncated, 9));
}

bool any_contains(const std::vector<std::string> & notes, const std::string & part) {
    for (const std::string & n : notes)
        if (n.find(part) != std::string::npos) return true;
    return false;
}

} // namespace

TEST(SentenceNotice, AKnownSentenceNeedsNone) { EXPECT_TRUE(notices_for("the dog sees a cat .").empty()); }

TEST(SentenceNotice, EmptyAndWhitespaceSayEmpty) {
    EXPECT_TRUE(any_contains(notices_for(""), "sentence is empty"));
    EXPECT_TRUE(any_contains(notices_for(" \t\n\u3000 "), "sentence is empty"));
}

TEST(SentenceNotice, UnknownWordsAreCounted) {
    EXPECT_TRUE(any_contains(notices_for("the dog sees a zebra"), "1 word(s) are not in the model's vocabulary"));
    const auto all = notices_for("xylophone quixotic");
    EXPECT_TRUE(any_contains(all, "None of the words"));
    EXPECT_FALSE(any_contains(all, "word(s) are not"));
}

TEST(SentenceNotice, InvalidUtf8AndControlsAndLength) {
    EXPECT_TRUE(any_contains(notices_for("the \xff dog"), "not valid UTF-8"));
    EXPECT_TRUE(any_contains(notices_for("the \xEF\xBF\xBD dog"), "not valid UTF-8")) << "already repaired";
    EXPECT_TRUE(any_contains(notices_for("the\x01 dog\x1b"), "Control or invisible formatting"));
    EXPECT_TRUE(any_contains(notices_for("\u202ethe dog"), "Control or invisible formatting"));
    EXPECT_FALSE(any_contains(notices_for("the \U0001F408\u200d\u2b1b"), "Control")) << "ZWJ is part of an emoji";
    EXPECT_TRUE(any_contains(notices_for("the dog", true), "Only the first 9 words"));
}

TEST(Tokenizer, ControlAndFormatCharactersSeparateWords) {
    EXPECT_EQ(tokenize_words("the\x01" "dog\x7f" "sees\u200b" "a\u202e" "cat"),
              (std::vector<std::string>{"the", "dog", "sees", "a", "cat"}));
    EXPECT_EQ(tokenize_words("\U0001F408\u200d\u2b1b"), (std::vector<std::string>{"\U0001F408\u200d\u2b1b"}));
    EXPECT_TRUE(encode_words(small_vocab(), "the\x07 dog").unknown_count == 0);
}
