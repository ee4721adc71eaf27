// Corpus BLEU (Papineni et al. 2002) as sacreBLEU computes it by default: one or more references per
// sentence, n-grams up to 4 with uniform weights, clipped counts summed over the corpus, brevity
// penalty from the corpus lengths, score in 0..100. Tokenisation as sacreBLEU's:
//   Tok13a  the "13a" tokeniser of WMT's mteval-v13a script (German, English)
//   Zh      every CJK character is a token; other runs are tokenised as 13a (Chinese)
// Checked against NLTK's corpus_bleu on a committed sample (tests/text/test_bleu.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

enum class BleuTokenizer { Tok13a, Zh };

std::vector<std::string> tokenize_13a(std::string_view text);
std::vector<std::string> tokenize_zh(std::string_view text);
std::vector<std::string> bleu_tokenize(std::string_view text, BleuTokenizer tok);

struct BleuScore {
    double bleu = 0.0;              // 0..100
    double precision[4] = {0, 0, 0, 0};  // clipped n-gram precisions, 0..1
    double brevity_penalty = 0.0;
    int64_t hyp_length = 0, ref_length = 0;
};

// Without smoothing, as NLTK's default: a corpus with no matching 4-gram scores 0.
BleuScore corpus_bleu(const std::vector<std::vector<std::string>> & hypotheses,
                      const std::vector<std::vector<std::string>> & references);
BleuScore corpus_bleu(const std::vector<std::string> & hypotheses, const std::vector<std::string> & references,
                      BleuTokenizer tok);

// Several references per hypothesis (references[k] for hypothesis k): each n-gram's count is
// clipped to the most any one reference has, and the reference length is the one closest to the
// hypothesis's (the shorter on a tie), as sacreBLEU and NLTK do.
BleuScore corpus_bleu_multi(const std::vector<std::vector<std::string>> & hypotheses,
                            const std::vector<std::vector<std::vector<std::string>>> & references);
BleuScore corpus_bleu(const std::vector<std::string> & hypotheses, const std::vector<std::vector<std::string>> & references,
                      BleuTokenizer tok);

} // namespace attn
