#include "text/aer.h"

#include <algorithm>
#include <set>

namespace attn {

std::vector<Link> links_from_attention(const float * w, int rows, int cols) {
    std::vector<Link> links;
    for (int i = 0; i < rows; i++) {
        const float * row = w + static_cast<size_t>(i) * cols;
        int best = -1;
        float best_w = 0.0f;
        for (int j = 0; j < cols; j++)
            if (row[j] > best_w) { best_w = row[j]; best = j; }
        if (best >= 0) links.emplace_back(i, best);
    }
    return links;
}

double alignment_error_rate(const std::vector<Link> & predicted, const std::vector<Link> & sure,
                            const std::vector<Link> & possible) {
    const std::set<Link> A(predicted.begin(), predicted.end()), S(sure.begin(), sure.end());
    std::set<Link> P(possible.begin(), possible.end());
    P.insert(S.begin(), S.end());
    if (A.empty() && S.empty()) return 1.0;
    size_t a_and_s = 0, a_and_p = 0;
    for (const Link & l : A) {
        a_and_s += S.count(l);
        a_and_p += P.count(l);
    }
    return 1.0 - double(a_and_s + a_and_p) / double(A.size() + S.size());
}

} // namespace attn
