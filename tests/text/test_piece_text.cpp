// Words as subword pieces (text/piece_text.h), with the committed SentencePiece fixture: every
// piece knows the words its bytes cover, whichever way the words are joined, and word alignments
// become piece alignments.
#include "text/piece_text.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

const SubwordModel & fixture() {
    static SubwordModel m = [] {
        SubwordModel model;
        const Status s = SubwordModel::load(std::string(ATTN_FIXTURES_DIR) + "/spm_bpe_small.vocab.tsv", &model);
        EXPECT_TRUE(s.ok) << s.message;
        return model;
    }();
    return m;
}

// The pieces spelled out, ▁ as a space, byte pieces as their byte: the normalized text again.
std::string spelled(const SubwordModel & m, const std::vector<int32_t> & ids) {
    std::string out;
    for (int32_t id : ids) {
        if (m.type(id) == PieceType::Byte) out += char(std::stoi(m.piece(id).substr(3, 2), nullptr, 16));
        else out += m.piece(id);
    }
    return out;
}

void expect_words_in_order(const PieceText & p, size_t words) {
    ASSERT_EQ(p.words.size(), p.ids.size());
    std::vector<bool> seen(words, false);
    int last = 0;
    for (const auto & ws : p.words) {
        ASSERT_FALSE(ws.empty());
        for (int w : ws) {
            ASSERT_GE(w, last);
            ASSERT_LT(size_t(w), words);
            seen[size_t(w)] = true;
            last = w;
        }
    }
    for (size_t w = 0; w < words; w++) EXPECT_TRUE(seen[w]) << "word " << w << " has no piece";
}

} // namespace

TEST(PieceText, EnglishWordsJoinedBySpaces) {
    const std::vector<std::string> words = {"hello", ",", "how", "are", "you", "?", "unbelievably"};
    const PieceText p = encode_word_pieces(fixture(), words, WordJoin::Spaces);
    EXPECT_EQ(p.text, "hello , how are you ? unbelievably");
    EXPECT_EQ(spelled(fixture(), p.ids), normalize_for_subwords(p.text));
    expect_words_in_order(p, words.size());
    // A long word is several pieces, all of it.
    int of_last = 0;
    for (const auto & ws : p.words) of_last += ws == std::vector<int>{6};
    EXPECT_GE(of_last, 2);
}

TEST(PieceText, GermanDisplayAndChineseJoins) {
    const std::vector<std::string> de = {"Wie", "geht", "es", "dir", "?"};
    const PieceText g = encode_word_pieces(fixture(), de, WordJoin::Display);
    EXPECT_EQ(g.text, "Wie geht es dir?");
    expect_words_in_order(g, de.size());
    EXPECT_EQ(g.words.back(), std::vector<int>{4});  // "?" is its own word though no space precedes it

    // Chinese is outside this fixture's vocabulary: byte pieces, three per character, each with its word.
    const std::vector<std::string> zh = {"我們", "在"};
    const PieceText z = encode_word_pieces(fixture(), zh, WordJoin::Chinese);
    EXPECT_EQ(z.text, "我們在");
    expect_words_in_order(z, zh.size());
    int of_second = 0;
    for (const auto & ws : z.words) of_second += ws == std::vector<int>{1};
    EXPECT_EQ(of_second, 3);
}

TEST(PieceText, WordLinksBecomePieceLinks) {
    const PieceText src = encode_word_pieces(fixture(), {"unbelievably", "good"}, WordJoin::Spaces);
    const PieceText tgt = encode_word_pieces(fixture(), {"sehr", "unglaublich"}, WordJoin::Display);
    const std::vector<Link> links = piece_links({{1, 0}}, src, tgt);  // unglaublich – unbelievably
    size_t src_pieces = 0, tgt_pieces = 0;
    for (const auto & ws : src.words) src_pieces += ws == std::vector<int>{0};
    for (const auto & ws : tgt.words) tgt_pieces += ws == std::vector<int>{1};
    EXPECT_EQ(links.size(), src_pieces * tgt_pieces);
    for (const Link & l : links) {
        EXPECT_EQ(tgt.words[size_t(l.first)], std::vector<int>{1});
        EXPECT_EQ(src.words[size_t(l.second)], std::vector<int>{0});
    }
    EXPECT_TRUE(piece_links({}, src, tgt).empty());
}
