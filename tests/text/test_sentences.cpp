// Paragraphs into sentences, by hand-written cases.
#include "text/sentences.h"

#include <gtest/gtest.h>

namespace attn {
namespace {

using Sentences = std::vector<std::string>;

TEST(Sentences, SplitsAtFinalPunctuationFollowedBySpace) {
    EXPECT_EQ(split_sentences("Hello! How are you? I am fine.  Thanks"),
              (Sentences{"Hello!", "How are you?", "I am fine.", "Thanks"}));
    EXPECT_EQ(split_sentences("Really?! Yes..."), (Sentences{"Really?!", "Yes..."}));
    EXPECT_EQ(split_sentences("He said \"stop.\" Then he left."), (Sentences{"He said \"stop.\"", "Then he left."}));
    EXPECT_EQ(split_sentences("one\ntwo\n\n three "), (Sentences{"one", "two", "three"}));
    EXPECT_EQ(split_sentences("It costs 3.5 dollars. Pay at 9:30."), (Sentences{"It costs 3.5 dollars.", "Pay at 9:30."}));
}

TEST(Sentences, KeepsAbbreviationsInitialsAndLowerCaseContinuations) {
    EXPECT_EQ(split_sentences("Mr. Chen met Dr. Lee at 7 a.m. today. Good."),
              (Sentences{"Mr. Chen met Dr. Lee at 7 a.m. today.", "Good."}));
    EXPECT_EQ(split_sentences("J. K. Rowling wrote it."), (Sentences{"J. K. Rowling wrote it."}));
    EXPECT_EQ(split_sentences("bring fruit, e.g. apples. ok"), (Sentences{"bring fruit, e.g. apples. ok"}));
    EXPECT_EQ(split_sentences("file.txt is here. Open it"), (Sentences{"file.txt is here.", "Open it"}));
}

TEST(Sentences, ChineseEndsAtItsOwnMarksAndEmptyTextHasNone) {
    EXPECT_EQ(split_sentences("\xE4\xBD\xA0\xE5\xA5\xBD\xE3\x80\x82\xE8\xAC\x9D\xE8\xAC\x9D\xEF\xBC\x81"),  // 你好。謝謝！
              (Sentences{"\xE4\xBD\xA0\xE5\xA5\xBD\xE3\x80\x82", "\xE8\xAC\x9D\xE8\xAC\x9D\xEF\xBC\x81"}));
    EXPECT_TRUE(split_sentences("").empty());
    EXPECT_TRUE(split_sentences(" \n\t ").empty());
    EXPECT_EQ(split_sentences("no punctuation at all"), (Sentences{"no punctuation at all"}));
    EXPECT_EQ(split_sentences("\xFF\xFE. Next"), (Sentences{"\xFF\xFE.", "Next"}));  // bytes pass through
}

TEST(Sentences, JoinsTranslationsAsTheLanguageWrites) {
    EXPECT_EQ(join_sentences({"Hallo!", "Wie geht es dir?"}, false), "Hallo! Wie geht es dir?");
    EXPECT_EQ(join_sentences({"\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x81", "", "\xE8\xAC\x9D\xE8\xAC\x9D\xE3\x80\x82"}, true),
              "\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x81\xE8\xAC\x9D\xE8\xAC\x9D\xE3\x80\x82");
}

} // namespace
} // namespace attn
