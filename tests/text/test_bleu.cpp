// BLEU against NLTK (tests/reference/make_bleu_reference.py) on a committed sample, plus hand cases
// for the tokenisers and the formula.
#include "text/bleu.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace attn;

namespace {

std::string join(const std::vector<std::string> & toks) {
    std::string s;
    for (size_t i = 0; i < toks.size(); i++) s += (i ? " " : "") + toks[i];
    return s;
}

TEST(Bleu, Tokenizer13aByHand) {
    EXPECT_EQ(join(tokenize_13a("Hello, world.")), "Hello , world .");
    EXPECT_EQ(join(tokenize_13a("It costs 3.45 euros, 1,000 in all.")), "It costs 3.45 euros , 1,000 in all .");
    EXPECT_EQ(join(tokenize_13a("From 1990-2000 (approx.)")), "From 1990 - 2000 ( approx . )");
    EXPECT_EQ(join(tokenize_13a("a &amp; b &quot;c&quot;")), "a & b \" c \"");
    EXPECT_EQ(join(tokenize_13a("Müller's Straße!")), "Müller's Straße !");  // ' is not in 13a's symbol class
    EXPECT_EQ(join(tokenize_13a("wait...")), "wait . . .");
}

TEST(Bleu, ChineseIsCharacterLevel) {
    EXPECT_EQ(join(tokenize_zh("注意力機制，很好。")), "注 意 力 機 制 ， 很 好 。");
    EXPECT_EQ(join(tokenize_zh("GPU有80GB")), "GPU 有 80GB");
}

TEST(Bleu, PerfectAndHandComputed) {
    const std::vector<std::vector<std::string>> ref = {{"a", "b", "c", "d", "e"}};
    EXPECT_NEAR(corpus_bleu(ref, ref).bleu, 100.0, 1e-9);
    // hyp "a b c d x": p1 = 4/5, p2 = 3/4, p3 = 2/3, p4 = 1/2, no brevity penalty:
    // BLEU = 100 · (4/5 · 3/4 · 2/3 · 1/2)^(1/4) = 100 · 0.2^0.25 = 66.874
    const BleuScore s = corpus_bleu({{"a", "b", "c", "d", "x"}}, ref);
    EXPECT_NEAR(s.bleu, 100.0 * std::pow(0.2, 0.25), 1e-9);
    EXPECT_NEAR(s.precision[1], 0.75, 1e-12);
    // A 4-token hypothesis of a 5-token reference: brevity penalty exp(1 - 5/4).
    const BleuScore short_hyp = corpus_bleu({{"a", "b", "c", "d"}}, ref);
    EXPECT_NEAR(short_hyp.brevity_penalty, std::exp(1.0 - 5.0 / 4.0), 1e-12);
    EXPECT_EQ(corpus_bleu({{"x", "y"}}, ref).bleu, 0.0);  // no matches: 0, no NaN
    EXPECT_EQ(corpus_bleu(std::vector<std::vector<std::string>>{}, {}).bleu, 0.0);
}

TEST(Bleu, MatchesNltkOnTheCommittedSample) {
    std::ifstream ref_file(std::string(ATTN_FIXTURES_DIR) + "/bleu_reference.json");
    ASSERT_TRUE(ref_file);
    std::stringstream ss;
    ss << ref_file.rdbuf();
    const nlohmann::json ref = nlohmann::json::parse(ss.str(), nullptr, false);
    ASSERT_FALSE(ref.is_discarded());

    std::ifstream sample(std::string(ATTN_FIXTURES_DIR) + "/bleu_sample.tsv");
    ASSERT_TRUE(sample);
    std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> rows;
    std::string line;
    while (std::getline(sample, line)) {
        if (line.empty() || line[0] == '#') continue;
        const size_t t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
        ASSERT_NE(t2, std::string::npos) << line;
        rows[line.substr(0, t1)].first.push_back(line.substr(t1 + 1, t2 - t1 - 1));
        rows[line.substr(0, t1)].second.push_back(line.substr(t2 + 1));
    }
    for (const char * lang : {"de", "zh"}) {
        SCOPED_TRACE(lang);
        const auto & [hyps, refs] = rows.at(lang);
        const BleuTokenizer tok = std::string(lang) == "zh" ? BleuTokenizer::Zh : BleuTokenizer::Tok13a;
        const nlohmann::json & want = ref[lang];
        ASSERT_EQ(hyps.size(), want["hyp_tokens"].size());
        for (size_t i = 0; i < hyps.size(); i++) {  // the tokenisers agree token for token
            EXPECT_EQ(join(bleu_tokenize(hyps[i], tok)), want["hyp_tokens"][i].get<std::string>());
            EXPECT_EQ(join(bleu_tokenize(refs[i], tok)), want["ref_tokens"][i].get<std::string>());
        }
        const double bleu = corpus_bleu(hyps, refs, tok).bleu;
        EXPECT_NEAR(bleu, want["bleu"].get<double>(), 0.01);
        EXPECT_GT(bleu, 10.0);  // a sample with real overlap, so the comparison means something
    }
}

} // namespace
