// Beam search over any incremental Transformer decoder: the CPU one (decode.cpp's beam_decode)
// and the GPU one (gpu/gpu_decode.cpp) run this same search, so a beam picks the same output on
// both whenever their logits agree to within the gaps between candidates' scores.
//
// The decoder advances every live hypothesis at once, so a GPU can run the beam as one batch:
// step(parents, tokens, &logits) feeds tokens[b] to hypothesis b, which continues the decoder
// state of row parents[b] of the previous call (0 on the first call, from the empty state), and
// writes logits(B, V), row b for hypothesis b. Several hypotheses may continue the same row: the
// decoder copies that state once per survivor. It returns false to stop the search (a GPU
// failure; the caller keeps the reason).
#pragma once
#include "models/decode.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace attn {

// GNMT's length penalty lp(Y) = ((5 + |Y|) / 6)^α.
inline double length_penalty(int length, float alpha) { return std::pow((5.0 + length) / 6.0, double(alpha)); }

// The best finished hypothesis by log_prob / lp wins; unfinished ones at max_length compete too,
// marked unfinished. No hypothesis is extended by a token the repeat rule turns down
// (turn_down_repeats); a hypothesis counts the steps whose best token was turned down so.
template <class Step>
DecodeResult beam_search(const TransformerConfig & c, int beam, float alpha, int max_length, Step && step,
                         const RepeatRule & repeats = {}) {
    struct Hyp {
        std::vector<int32_t> tokens;
        double log_prob = 0.0;
        int parent = 0;  // the decoder row this hypothesis continues
        int repeats_avoided = 0;
    };
    std::vector<Hyp> live{Hyp{}};
    std::vector<DecodeResult> finished;
    Tensor logits;
    std::vector<double> lp;
    std::vector<int32_t> parents;
    std::vector<int32_t> fed;
    for (int t = 0; t < max_length && !live.empty(); t++) {
        parents.clear();
        fed.clear();
        for (const Hyp & h : live) {
            parents.push_back(h.parent);
            fed.push_back(h.tokens.empty() ? c.bos_id : h.tokens.back());
        }
        if (!step(parents, fed, &logits)) return DecodeResult{};
        // Expand every live hypothesis by its `beam` best tokens, then keep the `beam` best overall.
        struct Candidate { size_t hyp; int32_t token; double log_prob; bool avoided; };
        std::vector<Candidate> cands;
        for (size_t h = 0; h < live.size(); h++) {
            log_softmax(logits.data() + int64_t(h) * c.tgt_vocab, c.tgt_vocab, &lp);
            const bool avoided = turn_down_repeats(live[h].tokens, repeats, &lp);
            std::vector<int32_t> ids(size_t(c.tgt_vocab));
            std::iota(ids.begin(), ids.end(), 0);
            const size_t k = std::min<size_t>(size_t(beam), ids.size());
            std::partial_sort(ids.begin(), ids.begin() + long(k), ids.end(),
                              [&](int32_t a, int32_t b) { return lp[size_t(a)] > lp[size_t(b)]; });
            for (size_t i = 0; i < k; i++)
                if (std::isfinite(lp[size_t(ids[i])]))
                    cands.push_back({h, ids[i], live[h].log_prob + lp[size_t(ids[i])], avoided});
        }
        std::sort(cands.begin(), cands.end(), [](const Candidate & a, const Candidate & b) { return a.log_prob > b.log_prob; });
        std::vector<Hyp> next;
        for (const Candidate & cd : cands) {
            if (int(next.size()) >= beam) break;
            Hyp h{live[cd.hyp].tokens, cd.log_prob, int(cd.hyp), live[cd.hyp].repeats_avoided + (cd.avoided ? 1 : 0)};
            h.tokens.push_back(cd.token);
            if (cd.token == c.eos_id) {
                const double score = h.log_prob / length_penalty(int(h.tokens.size()), alpha);
                finished.push_back({h.tokens, h.log_prob, score, true, DecodeStop::Eos, h.repeats_avoided});
                continue;  // a finished hypothesis leaves the beam; the others keep expanding
            }
            next.push_back(std::move(h));
        }
        live = std::move(next);
        // Stop once no live hypothesis can beat the best finished one: log-probs only fall, and
        // the best a live one can do is keep its score at the longest allowed length.
        if (!finished.empty() && !live.empty()) {
            double best_finished = -INFINITY;
            for (const DecodeResult & f : finished) best_finished = std::max(best_finished, f.score);
            double best_live = -INFINITY;
            for (const Hyp & h : live) best_live = std::max(best_live, h.log_prob / length_penalty(max_length, alpha));
            if (best_live < best_finished) break;
        }
    }
    for (const Hyp & h : live)  // unfinished at max_length: still candidates, marked unfinished
        finished.push_back({h.tokens, h.log_prob, h.log_prob / length_penalty(int(h.tokens.size()), alpha), false,
                            DecodeStop::LengthCap, h.repeats_avoided});
    return *std::max_element(finished.begin(), finished.end(),
                             [](const DecodeResult & a, const DecodeResult & b) { return a.score < b.score; });
}

} // namespace attn
