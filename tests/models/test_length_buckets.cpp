// BLEU by source length (models/length_buckets.h) on hand-built items: which bucket a sentence
// falls in, that each bucket's and each summary group's score is corpus BLEU over exactly its
// sentences (recomputed here with text/bleu.h directly), the drop, and per-bucket limiting.
#include "models/length_buckets.h"
#include "text/bleu.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

namespace {

// An English source of `words` words, with a final full stop that is not counted.
std::string source_of(int words) {
    std::string s;
    for (int i = 0; i < words; i++) s += "w" + std::to_string(i) + " ";
    return s + ".";
}

// A reference of `n` distinct German-looking tokens, and a hypothesis that gets every
// `wrong_every`-th of them wrong (where depends on the seed), so BLEU differs between buckets.
struct Pair {
    std::string reference, hypothesis;
};
Pair pair_of(int n, int seed, int wrong_every) {
    Pair p;
    for (int i = 0; i < n; i++) {
        const std::string word = "Wort" + std::to_string(seed * 100 + i);
        p.reference += (i ? " " : "") + word;
        p.hypothesis += (i ? " " : "") + ((i + seed) % wrong_every == 0 ? std::string("falsch") : word);
    }
    return p;
}

// Items over many lengths; longer sentences are translated worse (as an RNN would): a wrong word
// in every 12 for 1 word, in every 5 for 40 (still leaving 4-grams to match).
void build(const std::vector<int> & lengths, std::vector<EvalItem> * items, std::vector<std::string> * hyps) {
    for (size_t k = 0; k < lengths.size(); k++) {
        const int n = lengths[k];
        const Pair p = pair_of(n + 2, int(k), std::max(5, 12 - n * 7 / 40));
        items->push_back({source_of(n), p.reference, ""});
        hyps->push_back(p.hypothesis);
    }
}

// Corpus BLEU of the items whose source has [lo, hi] words, straight from text/bleu.h.
double direct_bleu(const std::vector<EvalItem> & items, const std::vector<std::string> & hyps, int lo, int hi) {
    std::vector<std::string> h, r;
    for (size_t i = 0; i < items.size(); i++) {
        const int n = source_word_count(items[i].source);
        if (n >= lo && n <= hi) h.push_back(hyps[i]), r.push_back(items[i].reference);
    }
    return corpus_bleu(h, r, BleuTokenizer::Tok13a).bleu;
}

std::vector<int> every_length(int longest, int copies) {
    std::vector<int> out;
    for (int c = 0; c < copies; c++)
        for (int n = 1; n <= longest; n++) out.push_back(n);
    return out;
}

} // namespace

TEST(LengthBuckets, CountsWordsAsTheCorpusDoes) {
    EXPECT_EQ(source_word_count("you study"), 2);
    EXPECT_EQ(source_word_count("you study ."), 2);
    EXPECT_EQ(source_word_count("why is a sneaker yellow ?"), 5);
    EXPECT_EQ(source_word_count("yes , you study ."), 4);  // inner punctuation is a token
    EXPECT_EQ(source_word_count("  spaced   out  "), 2);
    EXPECT_EQ(source_word_count(""), 0);
    EXPECT_EQ(source_word_count(source_of(37)), 37);
}

TEST(LengthBuckets, AssignsFiveWordBucketsAndAnOpenLast) {
    const int expected[][2] = {{0, 0}, {1, 0}, {5, 0}, {6, 1}, {10, 1}, {11, 2}, {30, 5}, {31, 6}, {35, 6},
                               {36, 7}, {40, 7}, {41, 8}, {99, 8}};
    for (const auto & e : expected) EXPECT_EQ(length_bucket_index(e[0]), e[1]) << e[0] << " words";
    EXPECT_EQ(length_bucket(0).label, "1-5");
    EXPECT_EQ(length_bucket(0).min_words, 1);
    EXPECT_EQ(length_bucket(0).max_words, 5);
    EXPECT_EQ(length_bucket(7).label, "36-40");
    EXPECT_EQ(length_bucket(8).label, "41+");
    EXPECT_EQ(length_bucket(8).min_words, 41);

    // Three sentences of 3 words, one of 6, none of 11-35, two of 38.
    std::vector<EvalItem> items;
    std::vector<std::string> hyps;
    build({3, 3, 6, 38, 3, 38}, &items, &hyps);
    const LengthBleu r = bleu_by_source_length(items, hyps, false);
    ASSERT_EQ(r.buckets.size(), 8u) << "no 41+ bucket without a sentence that long";
    const int counts[] = {3, 1, 0, 0, 0, 0, 0, 2};
    for (size_t b = 0; b < 8; b++) {
        EXPECT_EQ(r.buckets[b].sentences, counts[b]) << r.buckets[b].range.label;
        EXPECT_EQ(r.buckets[b].range.label, length_bucket(int(b)).label);
        EXPECT_EQ(std::isnan(r.buckets[b].bleu), counts[b] == 0) << "an empty bucket has no score, a full one has";
    }

    items.push_back({source_of(44), "ein langer Satz", ""});
    hyps.push_back("ein langer Satz");
    const LengthBleu with_long = bleu_by_source_length(items, hyps, false);
    ASSERT_EQ(with_long.buckets.size(), 9u);
    EXPECT_EQ(with_long.buckets[8].range.label, "41+");
    EXPECT_EQ(with_long.buckets[8].sentences, 1);
    EXPECT_EQ(with_long.long_group.sentences, 2) << "31-40 leaves the 44-word sentence out";
}

TEST(LengthBuckets, EachBucketIsCorpusBleuOverItsOwnSentences) {
    std::vector<EvalItem> items;
    std::vector<std::string> hyps;
    build(every_length(44, 3), &items, &hyps);
    const LengthBleu r = bleu_by_source_length(items, hyps, false);
    ASSERT_EQ(r.buckets.size(), 9u);
    for (const LengthScore & b : r.buckets) {
        const int hi = std::min(b.range.max_words, 1000);
        EXPECT_EQ(b.sentences, 3 * (std::min(hi, 44) - b.range.min_words + 1)) << b.range.label;
        EXPECT_GT(b.bleu, 0.0) << b.range.label;
        EXPECT_LT(b.bleu, 100.0) << b.range.label;
        EXPECT_DOUBLE_EQ(b.bleu, direct_bleu(items, hyps, b.range.min_words, hi)) << b.range.label;
    }
    // The items were built to get worse with length, so the buckets must differ and fall.
    EXPECT_GT(r.buckets.front().bleu, r.buckets[7].bleu + 5.0);
}

TEST(LengthBuckets, ChineseIsScoredOnCharacters) {
    // References are space-separated tokens; hypotheses are display strings (no spaces in Chinese).
    std::vector<EvalItem> items = {{source_of(2), "我們 念書 。", ""}, {source_of(3), "他 不 離開 。", ""},
                                   {source_of(7), "一 隻 運動鞋 為什麼 是 黃色 的 ？", ""}};
    std::vector<std::string> hyps = {"我們念書。", "他不離開。", "一隻運動鞋為什麼是紅色的？"};
    const LengthBleu r = bleu_by_source_length(items, hyps, true);
    const double first = corpus_bleu(std::vector<std::string>{"我們念書。", "他不離開。"},
                                      std::vector<std::string>{"我們念書。", "他不離開。"}, BleuTokenizer::Zh).bleu;
    const double second = corpus_bleu(std::vector<std::string>{hyps[2]}, std::vector<std::string>{"一隻運動鞋為什麼是黃色的？"},
                                      BleuTokenizer::Zh).bleu;
    EXPECT_DOUBLE_EQ(r.buckets[0].bleu, first);
    EXPECT_DOUBLE_EQ(r.buckets[1].bleu, second);
    EXPECT_DOUBLE_EQ(r.buckets[0].bleu, 100.0);
    EXPECT_LT(r.buckets[1].bleu, 100.0);
    EXPECT_GT(r.buckets[1].bleu, 0.0) << "characters match where whole-string tokens would not";
}

TEST(LengthBuckets, SummaryGroupsPoolTheirSentencesAndDropIsTheirDifference) {
    std::vector<EvalItem> items;
    std::vector<std::string> hyps;
    build(every_length(42, 2), &items, &hyps);
    const LengthBleu r = bleu_by_source_length(items, hyps, false);
    EXPECT_EQ(r.short_group.range.min_words, 1);
    EXPECT_EQ(r.short_group.range.max_words, 10);
    EXPECT_EQ(r.short_group.sentences, 20);
    EXPECT_EQ(r.long_group.range.min_words, 31);
    EXPECT_EQ(r.long_group.range.max_words, 40);
    EXPECT_EQ(r.long_group.sentences, 20);
    EXPECT_DOUBLE_EQ(r.short_group.bleu, direct_bleu(items, hyps, 1, 10));
    EXPECT_DOUBLE_EQ(r.long_group.bleu, direct_bleu(items, hyps, 31, 40));
    // Pooled counts, not the mean of the two buckets' scores.
    EXPECT_NE(r.short_group.bleu, 0.5 * (r.buckets[0].bleu + r.buckets[1].bleu));
    EXPECT_DOUBLE_EQ(r.drop, r.short_group.bleu - r.long_group.bleu);
    EXPECT_GT(r.drop, 0.0);

    // No long sentences: no long score and no drop.
    std::vector<EvalItem> short_items;
    std::vector<std::string> short_hyps;
    build({2, 4, 9}, &short_items, &short_hyps);
    const LengthBleu s = bleu_by_source_length(short_items, short_hyps, false);
    EXPECT_EQ(s.long_group.sentences, 0);
    EXPECT_TRUE(std::isnan(s.long_group.bleu));
    EXPECT_TRUE(std::isnan(s.drop));
}

TEST(LengthBuckets, FirstPerBucketKeepsTheFirstNOfEachInOrder) {
    std::vector<EvalItem> items;
    std::vector<std::string> hyps;
    build({3, 12, 4, 13, 5, 1, 14, 45, 46}, &items, &hyps);
    const std::vector<EvalItem> two = first_per_bucket(items, 2);
    std::vector<int> lengths;
    for (const EvalItem & e : two) lengths.push_back(source_word_count(e.source));
    EXPECT_EQ(lengths, (std::vector<int>{3, 12, 4, 13, 45, 46}));
    EXPECT_EQ(first_per_bucket(items, 0).size(), items.size()) << "0 means all";
    EXPECT_EQ(first_per_bucket(items, 1).size(), 3u);
}
