#include "models/length_buckets.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace attn {

namespace {

const int kLastIndex = kBucketedWords / kBucketWords;  // the open "41+" bucket

// Corpus BLEU over the items whose source length lies in `range`.
LengthScore score_range(const LengthRange & range, const std::vector<EvalItem> & items,
                        const std::vector<std::string> & hypotheses, const std::vector<int> & words, bool chinese) {
    LengthScore out;
    out.range = range;
    std::vector<EvalItem> subset;
    std::vector<std::string> subset_hyps;
    for (size_t i = 0; i < items.size(); i++) {
        // An empty source counts as the shortest bucket's (length_bucket_index puts it there too).
        const int w = std::max(words[i], 1);
        if (w < range.min_words || w > range.max_words) continue;
        subset.push_back(items[i]);
        subset_hyps.push_back(hypotheses[i]);
    }
    out.sentences = int(subset.size());
    out.bleu = subset.empty() ? std::numeric_limits<double>::quiet_NaN() : reference_bleu(subset_hyps, subset, chinese);
    return out;
}

} // namespace

int source_word_count(const std::string & english) {
    std::istringstream words(english);
    std::string w, last;
    int n = 0;
    while (words >> w) n++, last = w;
    if (last == "." || last == "?") n--;
    return n;
}

int length_bucket_index(int words) {
    if (words > kBucketedWords) return kLastIndex;
    return (std::max(words, 1) - 1) / kBucketWords;
}

LengthRange length_bucket(int index) {
    if (index >= kLastIndex)
        return {kBucketedWords + 1, std::numeric_limits<int>::max(), std::to_string(kBucketedWords + 1) + "+"};
    const int lo = index * kBucketWords + 1, hi = lo + kBucketWords - 1;
    return {lo, hi, std::to_string(lo) + "-" + std::to_string(hi)};
}

LengthBleu bleu_by_source_length(const std::vector<EvalItem> & items, const std::vector<std::string> & hypotheses,
                                 bool chinese) {
    std::vector<int> words;
    words.reserve(items.size());
    int longest = 0;
    for (const EvalItem & item : items) {
        words.push_back(source_word_count(item.source));
        longest = std::max(longest, words.back());
    }
    LengthBleu out;
    const int buckets = longest > kBucketedWords ? kLastIndex + 1 : kLastIndex;
    for (int b = 0; b < buckets; b++) out.buckets.push_back(score_range(length_bucket(b), items, hypotheses, words, chinese));
    out.short_group = score_range({1, 10, "<=10"}, items, hypotheses, words, chinese);
    out.long_group = score_range({31, 40, "31-40"}, items, hypotheses, words, chinese);
    out.drop = out.short_group.bleu - out.long_group.bleu;
    return out;
}

std::vector<EvalItem> first_per_bucket(const std::vector<EvalItem> & items, size_t per_bucket) {
    if (per_bucket == 0) return items;
    std::vector<size_t> taken(size_t(kLastIndex) + 1, 0);
    std::vector<EvalItem> out;
    for (const EvalItem & item : items) {
        size_t & n = taken[size_t(length_bucket_index(source_word_count(item.source)))];
        if (n < per_bucket) out.push_back(item), n++;
    }
    return out;
}

} // namespace attn
