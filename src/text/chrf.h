// chrF (Popović 2015) as sacreBLEU 2 computes it by default: character n-grams of orders 1..6
// with whitespace removed, β = 2, statistics summed over the corpus, precision and recall each
// averaged over the orders that occur (the chrF++.py rule, no ε smoothing), then F_β, 0..100.
// With several references, each sentence keeps the statistics of the reference it scores best
// against, as sacreBLEU does. Needs no tokeniser, so it treats Chinese and German alike.
// Checked against an independent Python implementation on a committed sample (tests/text/test_chrf.cpp).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

constexpr int kChrfOrder = 6;

// Per order n (1..6): hypothesis n-grams, reference n-grams, matched (clipped) n-grams.
struct ChrfStats {
    std::array<int64_t, kChrfOrder> hyp{}, ref{}, match{};
    void add(const ChrfStats & o);
};

ChrfStats chrf_sentence_stats(std::string_view hypothesis, std::string_view reference);
double chrf_from_stats(const ChrfStats & s);  // 0..100

// references[k]: the references of hypothesis k (at least one each).
double corpus_chrf(const std::vector<std::string> & hypotheses, const std::vector<std::vector<std::string>> & references);

} // namespace attn
