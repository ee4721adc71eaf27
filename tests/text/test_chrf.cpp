// chrF by hand and, with multi-reference BLEU, against tests/reference/make_multi_ref_reference.py
// (NLTK's BLEU; chrF written there from sacreBLEU's definition) on a committed sample of the
// shipped translators' everyday outputs.
#include "text/bleu.h"
#include "text/chrf.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace attn;

TEST(Chrf, HandComputed) {
    EXPECT_NEAR(corpus_chrf({"ab"}, {{"ab"}}), 100.0, 1e-9);
    // "abc" against "abd": unigrams 2/3 matched, bigrams 1/2, trigrams 0/1; orders 4..6 have no
    // n-grams and are left out. Precision = recall = (2/3 + 1/2 + 0) / 3 = 7/18, so F = 7/18.
    EXPECT_NEAR(corpus_chrf({"abc"}, {{"abd"}}), 100.0 * 7.0 / 18.0, 1e-9);
    // Whitespace does not count: "a b c" is "abc".
    EXPECT_NEAR(corpus_chrf({"a b\u3000c"}, {{"abc"}}), 100.0, 1e-9);
    // "ab" against "abcd": precision 1 at orders 1-2, recall (2/4 + 1/3) / 2 = 5/12;
    // F2 = 5 · 1 · 5/12 / (4 · 1 + 5/12) = (25/12) / (53/12) = 25/53.
    EXPECT_NEAR(corpus_chrf({"ab"}, {{"abcd"}}), 100.0 * 25.0 / 53.0, 1e-9);
    EXPECT_EQ(corpus_chrf({""}, {{"abc"}}), 0.0);
    EXPECT_EQ(corpus_chrf({"xyz"}, {{"abc"}}), 0.0);
    // With two references the better one counts, whichever comes first.
    EXPECT_NEAR(corpus_chrf({"abc"}, {{"xyz", "abc"}}), 100.0, 1e-9);
    EXPECT_NEAR(corpus_chrf({"abc"}, {{"abc", "xyz"}}), 100.0, 1e-9);
    // Statistics add over the corpus before the score is taken.
    const ChrfStats a = chrf_sentence_stats("abc", "abd");
    EXPECT_EQ(a.hyp[0], 3);
    EXPECT_EQ(a.match[1], 1);
    EXPECT_EQ(a.ref[3], 0);
}

TEST(Bleu, MultiReferenceClipsToTheBestReferenceAndUsesTheClosestLength) {
    // "a b c d" against "a b x y" and "c d e f g h": unigrams clip against the most in one
    // reference (each of a, b, c, d appears once somewhere): 4/4. Length: 4 is closest to 4.
    const BleuScore s = corpus_bleu_multi({{"a", "b", "c", "d"}}, {{{"a", "b", "x", "y"}, {"c", "d", "e", "f", "g", "h"}}});
    EXPECT_NEAR(s.precision[0], 1.0, 1e-12);
    EXPECT_NEAR(s.precision[1], 2.0 / 3.0, 1e-12);  // "a b" and "c d" of "a b", "b c", "c d"
    EXPECT_EQ(s.ref_length, 4);
    // Equally close lengths 3 and 5 for a 4-token hypothesis: the shorter is taken.
    const BleuScore tie = corpus_bleu_multi({{"a", "b", "c", "d"}}, {{{"a", "b", "c", "d", "e"}, {"a", "b", "c"}}});
    EXPECT_EQ(tie.ref_length, 3);
}

TEST(Chrf, MultiReferenceScoresMatchThePythonReference) {
    std::ifstream ref_file(std::string(ATTN_FIXTURES_DIR) + "/multi_ref_reference.json");
    ASSERT_TRUE(ref_file);
    std::stringstream ss;
    ss << ref_file.rdbuf();
    const nlohmann::json want = nlohmann::json::parse(ss.str(), nullptr, false);
    ASSERT_FALSE(want.is_discarded());
    std::ifstream sample(std::string(ATTN_FIXTURES_DIR) + "/multi_ref_sample.tsv");
    ASSERT_TRUE(sample);
    std::map<std::string, std::vector<std::string>> hyps;
    std::map<std::string, std::vector<std::vector<std::string>>> refs;
    std::string line;
    while (std::getline(sample, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cells;
        std::stringstream ls(line);
        std::string cell;
        while (std::getline(ls, cell, '\t')) cells.push_back(cell);
        if (line.back() == '\t') cells.push_back("");
        ASSERT_EQ(cells.size(), 4u) << line;
        hyps[cells[0]].push_back(cells[1]);
        refs[cells[0]].push_back({cells[2], cells[3]});
    }
    for (const std::string lang : {"de", "zh"}) {
        const nlohmann::json & w = want.at(lang);
        ASSERT_EQ(hyps[lang].size(), w.at("sentences").get<size_t>());
        EXPECT_NEAR(corpus_chrf(hyps[lang], refs[lang]), w.at("chrf").get<double>(), 0.01) << lang;
        const BleuTokenizer tok = lang == "zh" ? BleuTokenizer::Zh : BleuTokenizer::Tok13a;
        EXPECT_NEAR(corpus_bleu(hyps[lang], refs[lang], tok).bleu, w.at("bleu").get<double>(), 0.01) << lang;
        for (size_t i = 0; i < hyps[lang].size(); i++)
            EXPECT_NEAR(corpus_chrf({hyps[lang][i]}, {refs[lang][i]}), w.at("sentence_chrf")[i].get<double>(), 0.01)
                << lang << " " << hyps[lang][i];
    }
}
