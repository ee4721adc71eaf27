#include "models/decode.h"

#include "models/beam_search.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn {

void log_softmax(const float * logits, int V, std::vector<double> * out) {
    out->resize(size_t(V));
    double mx = -INFINITY;
    for (int i = 0; i < V; i++) mx = std::max(mx, double(logits[i]));
    double sum = 0.0;
    for (int i = 0; i < V; i++) sum += std::exp(double(logits[i]) - mx);
    const double lse = mx + std::log(sum);
    for (int i = 0; i < V; i++) (*out)[size_t(i)] = double(logits[i]) - lse;
}

StepCandidates step_candidates(const float * logits, int V, int32_t chosen, int top_k) {
    std::vector<double> lp;
    log_softmax(logits, V, &lp);
    StepCandidates step;
    step.chosen = chosen;
    step.chosen_prob = float(std::exp(lp[size_t(chosen)]));
    std::vector<int32_t> ids(static_cast<size_t>(V));
    std::iota(ids.begin(), ids.end(), 0);
    const size_t k = std::min<size_t>(size_t(std::max(top_k, 1)), ids.size());
    std::partial_sort(ids.begin(), ids.begin() + long(k), ids.end(),
                      [&](int32_t a, int32_t b) { return lp[size_t(a)] > lp[size_t(b)]; });
    for (size_t i = 0; i < k; i++) step.top.push_back({ids[i], float(std::exp(lp[size_t(ids[i])]))});
    return step;
}

const char * decode_stop_name(DecodeStop stop) {
    switch (stop) {
        case DecodeStop::Eos: return "eos";
        default: return "length_cap";
    }
}

int length_cap(int source_length, int max_positions) {
    return std::max(1, std::min(2 * source_length + 10, max_positions));
}

std::vector<int32_t> repeating_tokens(const std::vector<int32_t> & tokens) {
    std::vector<int32_t> out;
    const size_t T = tokens.size();
    if (T >= 2 && tokens[T - 1] == tokens[T - 2]) out.push_back(tokens[T - 1]);
    // A unit of n: the last n-1 tokens repeat the n-1 before the token at T-n, which would
    // complete the second copy.
    for (size_t n = 2; n <= 4 && 2 * n - 1 <= T; n++)
        if (std::equal(tokens.end() - long(n - 1), tokens.end(), tokens.end() - long(2 * n - 1)))
            out.push_back(tokens[T - n]);
    return out;
}

bool turn_down_repeats(const std::vector<int32_t> & tokens, const RepeatRule & rule, std::vector<double> * log_probs) {
    if (!rule.on) return false;
    std::vector<int32_t> banned = repeating_tokens(tokens);
    banned.erase(std::remove_if(banned.begin(), banned.end(), [&](int32_t t) {
        return std::find(rule.exempt.begin(), rule.exempt.end(), t) != rule.exempt.end();
    }), banned.end());
    if (banned.empty()) return false;
    const int32_t best = int32_t(std::max_element(log_probs->begin(), log_probs->end()) - log_probs->begin());
    for (int32_t t : banned) (*log_probs)[size_t(t)] = -INFINITY;
    return std::find(banned.begin(), banned.end(), best) != banned.end();
}

int default_max_length(const TransformerConfig & cfg, int source_length, int requested) {
    const int cap = cfg.max_positions;  // the positional table's end
    if (requested > 0) return std::max(1, std::min(requested, cap));
    return length_cap(source_length, cap);
}

DecodeResult greedy_search(const TransformerConfig & c, int max_length,
                           const std::function<bool(int32_t token, Tensor * logits)> & step, const RepeatRule & repeats) {
    DecodeResult r;
    Tensor logits;
    std::vector<double> lp;
    int32_t token = c.bos_id;
    for (int t = 0; t < max_length; t++) {
        if (!step(token, &logits)) break;
        log_softmax(logits.data(), c.tgt_vocab, &lp);
        if (turn_down_repeats(r.tokens, repeats, &lp)) r.repeats_avoided++;
        token = int32_t(std::max_element(lp.begin(), lp.end()) - lp.begin());
        r.tokens.push_back(token);
        r.log_prob += lp[size_t(token)];
        if (token == c.eos_id) { r.finished = true; r.stop = DecodeStop::Eos; break; }
    }
    r.score = r.log_prob;
    return r;
}

DecodeResult greedy_decode(Compute & cc, const Transformer & model, const EncoderOutput & enc, int max_length,
                           const RepeatRule & repeats) {
    DecoderCache cache = model.new_cache();
    return greedy_search(model.config(), max_length, [&](int32_t token, Tensor * logits) {
        model.decode_step(cc, enc, cache, token, logits);
        return true;
    }, repeats);
}

DecodeResult beam_decode(Compute & cc, const Transformer & model, const EncoderOutput & enc, int beam,
                         float alpha, int max_length, const RepeatRule & repeats) {
    // One cache per hypothesis, stepped one after the other: a survivor gets a copy of its
    // parent's cache.
    std::vector<DecoderCache> caches{model.new_cache()};
    const int64_t V = model.config().tgt_vocab;
    auto step = [&](const std::vector<int32_t> & parents, const std::vector<int32_t> & tokens, Tensor * logits) {
        std::vector<DecoderCache> next;
        for (int32_t p : parents) next.push_back(caches[size_t(p)]);
        caches = std::move(next);
        *logits = Tensor(Shape{int64_t(tokens.size()), V});
        Tensor row;
        for (size_t b = 0; b < tokens.size(); b++) {
            model.decode_step(cc, enc, caches[b], tokens[b], &row);
            std::copy(row.data(), row.data() + V, logits->data() + int64_t(b) * V);
        }
        return true;
    };
    return beam_search(model.config(), beam, alpha, max_length, step, repeats);
}

void record_forced_trace(Compute & cc, const Transformer & model, const EncoderOutput & enc,
                         const std::vector<int32_t> & output, AttentionTrace * trace) {
    if (output.empty()) return;
    const TransformerConfig & c = model.config();
    std::vector<int32_t> tgt_in{c.bos_id};
    tgt_in.insert(tgt_in.end(), output.begin(), output.end() - 1);
    Tensor logits;
    model.decode_full(cc, enc, tgt_in, &logits, trace);
    for (size_t t = 0; t < output.size(); t++)
        trace->steps.push_back(step_candidates(logits.data() + int64_t(t) * c.tgt_vocab, c.tgt_vocab, output[t], trace->top_k));
}


DecodeResult translate(Compute & cc, const Transformer & model, const std::vector<int32_t> & src,
                       const DecodeOptions & opts, AttentionTrace * trace) {
    EncoderOutput enc;
    model.encode(cc, src, &enc, trace);
    const int max_length = default_max_length(model.config(), int(src.size()), opts.max_length);
    DecodeResult r = opts.beam <= 1 ? greedy_decode(cc, model, enc, max_length, opts.repeats)
                                    : beam_decode(cc, model, enc, opts.beam, opts.length_penalty, max_length, opts.repeats);
    if (trace) record_forced_trace(cc, model, enc, r.tokens, trace);
    return r;
}

} // namespace attn
