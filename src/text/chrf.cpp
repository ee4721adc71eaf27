#include "text/chrf.h"

#include "core/utf8.h"

#include <algorithm>
#include <map>

namespace attn {

namespace {

constexpr double kBeta = 2.0;

// The code points of the text without its whitespace (sacreBLEU's default drops it before
// counting, so "Hallo Welt" and "HalloWelt" have the same n-grams).
std::vector<uint32_t> chars_without_space(std::string_view text) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < text.size();) {
        const uint32_t cp = utf8_decode(text, i);
        if (!is_unicode_space(cp)) out.push_back(cp);
    }
    return out;
}

using Counts = std::map<std::vector<uint32_t>, int64_t>;

Counts ngrams(const std::vector<uint32_t> & chars, size_t n) {
    Counts c;
    for (size_t i = 0; i + n <= chars.size(); i++) c[std::vector<uint32_t>(chars.begin() + long(i), chars.begin() + long(i + n))]++;
    return c;
}

} // namespace

void ChrfStats::add(const ChrfStats & o) {
    for (int n = 0; n < kChrfOrder; n++) {
        hyp[size_t(n)] += o.hyp[size_t(n)];
        ref[size_t(n)] += o.ref[size_t(n)];
        match[size_t(n)] += o.match[size_t(n)];
    }
}

ChrfStats chrf_sentence_stats(std::string_view hypothesis, std::string_view reference) {
    const std::vector<uint32_t> h = chars_without_space(hypothesis), r = chars_without_space(reference);
    ChrfStats s;
    for (size_t n = 1; n <= size_t(kChrfOrder); n++) {
        const Counts hc = ngrams(h, n), rc = ngrams(r, n);
        s.hyp[n - 1] = h.size() >= n ? int64_t(h.size() - n + 1) : 0;
        s.ref[n - 1] = r.size() >= n ? int64_t(r.size() - n + 1) : 0;
        for (const auto & [gram, count] : hc)
            if (auto it = rc.find(gram); it != rc.end()) s.match[n - 1] += std::min(count, it->second);
    }
    return s;
}

double chrf_from_stats(const ChrfStats & s) {
    double precision = 0.0, recall = 0.0;
    int orders = 0;
    for (int n = 0; n < kChrfOrder; n++) {
        if (s.hyp[size_t(n)] == 0 || s.ref[size_t(n)] == 0) continue;
        precision += double(s.match[size_t(n)]) / double(s.hyp[size_t(n)]);
        recall += double(s.match[size_t(n)]) / double(s.ref[size_t(n)]);
        orders++;
    }
    if (orders == 0) return 0.0;
    precision /= orders;
    recall /= orders;
    if (precision + recall == 0.0) return 0.0;
    const double b2 = kBeta * kBeta;
    return 100.0 * (1.0 + b2) * precision * recall / (b2 * precision + recall);
}

double corpus_chrf(const std::vector<std::string> & hypotheses, const std::vector<std::vector<std::string>> & references) {
    ChrfStats total;
    for (size_t k = 0; k < hypotheses.size() && k < references.size(); k++) {
        ChrfStats best;
        double best_f = -1.0;
        for (const std::string & ref : references[k]) {
            const ChrfStats s = chrf_sentence_stats(hypotheses[k], ref);
            const double f = chrf_from_stats(s);
            if (f > best_f) { best_f = f; best = s; }
        }
        total.add(best);
    }
    return chrf_from_stats(total);
}

} // namespace attn
