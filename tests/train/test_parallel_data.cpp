// A generated corpus as training examples (train/parallel_data.h): its splits as subword
// pieces with the gold alignment carried over, real pairs appended, and the links guided
// alignment trains on.
#include "train/parallel_data.h"

#include "../corpus/small_corpus.h"
#include "corpus/corpus.h"
#include "text/subword.h"
#include "text/vocab.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace attn;
using corpus::Corpus;
using corpus::GoldAlignment;
using corpus::Lexicon;

using corpus::test_support::shipped_lexicon;
using corpus::test_support::small_options;

// A corpus split as subword pieces: no <unk>, the source ends in </s>, and every gold link of a
// word reaches the pieces of both its words.
TEST(ParallelData, PiecesCarryTheGoldAlignment) {
    const Lexicon & lex = shipped_lexicon();
    Corpus c;
    ASSERT_TRUE(generate_corpus(lex, small_options(7), &c).ok);
    const std::string dir = std::string(ATTN_TEST_OUT_DIR) + "/corpus_pieces";
    std::string fingerprint;
    ASSERT_TRUE(write_corpus(c, small_options(7), "-", dir, &fingerprint).ok);
    attn::SubwordModel pieces;
    ASSERT_TRUE(attn::SubwordModel::load(std::string(ATTN_FIXTURES_DIR) + "/spm_bpe_small.vocab.tsv", &pieces).ok);
    ParallelData d;
    const attn::Status s = load_parallel_pieces(dir, "dev.tsv", "de", pieces, 0, &d);
    ASSERT_TRUE(s.ok) << s.message;
    ASSERT_EQ(d.examples.size(), c.dev.size());
    EXPECT_EQ(d.src_vocab.size(), pieces.size());
    for (size_t i = 0; i < d.examples.size(); i++) {
        const attn::Example & x = d.examples[i];
        ASSERT_EQ(x.src.back(), attn::Vocabulary::kEos);
        for (int32_t id : x.src) ASSERT_NE(id, attn::Vocabulary::kUnk);
        for (int32_t id : x.tgt) ASSERT_NE(id, attn::Vocabulary::kUnk);
        // Every target row, </s> included, has at least one link, inside the sentence.
        std::vector<bool> row(x.tgt.size() + 1, false);
        for (const attn::Link & l : x.alignment) {
            ASSERT_LE(size_t(l.first), x.tgt.size());
            ASSERT_LT(size_t(l.second), x.src.size());
            row[size_t(l.first)] = true;
        }
        for (size_t t = 0; t < row.size(); t++) ASSERT_TRUE(row[t]) << "row " << t << " of " << d.rows[i].de;
        // The target decodes to the German as written.
        EXPECT_EQ(pieces.decode(x.tgt), join_for_display(corpus::split_tokens(d.rows[i].de), false));
    }
    // A sure link of the words: "." – "." is there on the pieces too, last row to last real source piece.
    const attn::Example & x = d.examples[0];
    bool final_stop = false;
    for (const attn::Link & l : x.alignment)
        final_stop |= size_t(l.first) + 1 == x.tgt.size() && size_t(l.second) + 2 == x.src.size();
    EXPECT_EQ(final_stop, d.rows[0].en.back() == '.' || d.rows[0].en.back() == '?');
}

// Real pairs join a pieces split: English tokenised as typed text is, the target as written, no
// gold links, copies as asked, and pairs too long for the model left out and counted.
TEST(ParallelData, RealPairsAreAppendedAsPieces) {
    attn::SubwordModel pieces;
    ASSERT_TRUE(attn::SubwordModel::load(std::string(ATTN_FIXTURES_DIR) + "/spm_bpe_small.vocab.tsv", &pieces).ok);
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/real_pairs.tsv";
    std::ofstream(path) << "The bone broke in two places.\tDer Knochen ist an zwei  Stellen gebrochen.\n"
                        << "It\u2019s late!\tEs ist sp\u00e4t!\n"
                        << [] { std::string w; for (int i = 0; i < 80; i++) w += "a "; return w; }() + "\tzu lang\n";
    ParallelData d;
    d.src_vocab = d.tgt_vocab = attn::Vocabulary();
    size_t skipped = 0;
    const attn::Status s = append_real_pieces(path, "de", 1, pieces, 2, 64, &d, &skipped);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_EQ(skipped, 1u);
    ASSERT_EQ(d.examples.size(), 4u);
    EXPECT_EQ(d.rows[0].en, "the bone broke in two places .");
    EXPECT_EQ(d.rows[0].de, "Der Knochen ist an zwei Stellen gebrochen.");
    EXPECT_EQ(d.rows[1].en, "it's late !");
    EXPECT_EQ(d.rows[2].en, d.rows[0].en);
    EXPECT_TRUE(d.examples[0].alignment.empty());
    EXPECT_EQ(d.examples[0].src.back(), attn::Vocabulary::kEos);
    EXPECT_EQ(pieces.decode(d.examples[1].tgt), "Es ist sp\u00e4t!");
    EXPECT_EQ(pieces.decode(std::vector<int32_t>(d.examples[0].src.begin(), d.examples[0].src.end() - 1)), d.rows[0].en);
    EXPECT_FALSE(append_real_pieces(path, "de", 3, pieces, 1, 64, &d, &skipped).ok);  // no such column
}

// Every target row, the final </s> one included, gets something to learn: sure links first,
// possible links where a word has no sure one, and the source </s> where it has neither.
TEST(ParallelData, GuidedAlignmentLinksCoverEveryTargetRow) {
    // Source "the red dress </s>" (4 with </s>), target 紅色 的 洋裝 。 (4 words, then </s>).
    GoldAlignment gold;
    gold.sure = {{0, 1}, {2, 2}};
    gold.possible = {{0, 1}, {1, 1}, {2, 2}, {2, 0}, {3, 7}};  // 3-7: out of range, dropped
    const std::vector<attn::Link> got = guided_alignment_links(gold, 4, 4);
    const std::vector<attn::Link> want = {{0, 1}, {1, 1}, {2, 2}, {3, 3}, {4, 3}};
    EXPECT_EQ(got, want);
}
