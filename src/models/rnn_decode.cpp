#include "models/rnn_decode.h"

#include "core/clock.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

namespace {

// The argmax of a logits row among the tokens that do not repeat `written` (repeating_tokens);
// *avoided when the overall argmax was one of those.
int32_t best_unrepeated(const float * logits, int V, const std::vector<int32_t> & written, bool * avoided) {
    const std::vector<int32_t> banned = repeating_tokens(written);
    auto is_banned = [&](int32_t t) { return std::find(banned.begin(), banned.end(), t) != banned.end(); };
    int32_t best = -1, best_allowed = -1;
    for (int32_t v = 0; v < V; v++) {
        if (best < 0 || logits[v] > logits[best]) best = v;
        if (!is_banned(v) && (best_allowed < 0 || logits[v] > logits[best_allowed])) best_allowed = v;
    }
    *avoided = best != best_allowed;
    return best_allowed;
}

// Runs the decoder over `forced` tokens (teacher forcing) or, when forced is null, greedily
// (turning down repetitions unless avoid_repetitions is off) until </s> or max_length; returns
// the tokens and fills the alignment rows and candidates.
DecodeResult run_decoder(Compute & cc, const RnnModel & model, const RnnEncoding & enc, const std::vector<int32_t> * forced,
                         int max_length, AttentionMap * alignment, AttentionTrace * trace, bool avoid_repetitions) {
    const RnnConfig & c = model.config();
    DecodeResult r;
    Tensor s = enc.s0;
    int32_t y = c.bos_id;
    const int steps = forced ? int(forced->size()) : max_length;
    for (int i = 0; i < steps; i++) {
        RnnStepCache cache;
        Tensor s_next, ctx, hidden, logits;
        model.decoder_step(cc, enc, s, &y, &s_next, &ctx, &cache);
        model.output(cc, s_next, ctx, cache.e, &hidden, &logits);
        int32_t next;
        if (forced) {
            next = (*forced)[size_t(i)];
        } else if (avoid_repetitions) {
            bool avoided = false;
            next = best_unrepeated(logits.data(), c.tgt_vocab, r.tokens, &avoided);
            r.repeats_avoided += avoided ? 1 : 0;
        } else {
            next = int32_t(std::max_element(logits.data(), logits.data() + c.tgt_vocab) - logits.data());
        }
        const StepCandidates step = step_candidates(logits.data(), c.tgt_vocab, next, trace ? trace->top_k : 1);
        r.tokens.push_back(next);
        r.log_prob += std::log(double(std::max(step.chosen_prob, 1e-30f)));
        if (trace) trace->steps.push_back(step);
        if (alignment && c.attention) {
            alignment->values.insert(alignment->values.end(), cache.alpha.data(), cache.alpha.data() + enc.S);
            alignment->rows++;
        }
        s = std::move(s_next);
        y = next;
        if (forced) continue;
        if (next == c.eos_id) { r.finished = true; r.stop = DecodeStop::Eos; break; }
    }
    r.score = r.log_prob;
    return r;
}
} // namespace

DecodeResult rnn_translate(Compute & cc, const RnnModel & model, const std::vector<int32_t> & src, int max_length,
                           AttentionTrace * trace, RnnRunInfo * info, bool avoid_repetitions) {
    const double started = now_ms();
    RnnEncoding enc;
    model.encode(cc, src, {int(src.size())}, 1, int(src.size()), false, info != nullptr, &enc);
    const double encoder_ms = ms_since(started);
    const double decoding = now_ms();
    AttentionMap alignment{"alignment", 0, 0, 0, int(src.size()), {}};
    // An RNN has no positional table to end at: only the length rule caps it.
    const int limit = max_length > 0 ? max_length : length_cap(int(src.size()), std::numeric_limits<int>::max());
    DecodeResult r = run_decoder(cc, model, enc, nullptr, limit, trace ? &alignment : nullptr, trace, avoid_repetitions);
    if (trace && model.config().attention) trace->maps.push_back(std::move(alignment));
    if (info) {
        info->context_c.assign(enc.context_c.data(), enc.context_c.data() + enc.context_c.numel());
        info->encoder_step_ms = enc.step_ms;
        info->encoder_ms = encoder_ms;
        info->decoder_ms = ms_since(decoding);
    }
    return r;
}

AttentionMap rnn_forced_alignment(Compute & cc, const RnnModel & model, const std::vector<int32_t> & src,
                                  const std::vector<int32_t> & output) {
    RnnEncoding enc;
    model.encode(cc, src, {int(src.size())}, 1, int(src.size()), false, false, &enc);
    AttentionMap alignment{"alignment", 0, 0, 0, int(src.size()), {}};
    run_decoder(cc, model, enc, &output, 0, &alignment, nullptr, false);
    return alignment;
}

} // namespace attn
