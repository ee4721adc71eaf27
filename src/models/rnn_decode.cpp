#include "models/rnn_decode.h"

#include "core/clock.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

namespace {

// Runs the decoder over `forced` tokens (teacher forcing) or, when forced is null, greedily
// (turning down what the repeat rule says) until </s> or max_length; returns
// the tokens and fills the alignment rows, their scores before the softmax (energy, optional) and
// the candidates.
DecodeResult run_decoder(Compute & cc, const RnnModel & model, const RnnEncoding & enc, const std::vector<int32_t> * forced,
                         int max_length, AttentionMap * alignment, AttentionMap * energy, AttentionTrace * trace,
                         const RepeatRule & repeats) {
    const RnnConfig & c = model.config();
    DecodeResult r;
    Tensor s = enc.s0;
    int32_t y = c.bos_id;
    const int steps = forced ? int(forced->size()) : max_length;
    std::vector<double> lp;
    for (int i = 0; i < steps; i++) {
        RnnStepCache cache;
        Tensor s_next, ctx, hidden, logits;
        model.decoder_step(cc, enc, s, &y, &s_next, &ctx, &cache);
        model.output(cc, s_next, ctx, cache.e, &hidden, &logits);
        int32_t next;
        if (forced) {
            next = (*forced)[size_t(i)];
        } else {
            log_softmax(logits.data(), c.tgt_vocab, &lp);
            if (turn_down_repeats(r.tokens, repeats, &lp)) r.repeats_avoided++;
            next = int32_t(std::max_element(lp.begin(), lp.end()) - lp.begin());
        }
        const StepCandidates step = step_candidates(logits.data(), c.tgt_vocab, next, trace ? trace->top_k : 1);
        r.tokens.push_back(next);
        r.log_prob += std::log(double(std::max(step.chosen_prob, 1e-30f)));
        if (trace) trace->steps.push_back(step);
        if (alignment && c.attention) {
            alignment->values.insert(alignment->values.end(), cache.alpha.data(), cache.alpha.data() + enc.S);
            alignment->rows++;
        }
        if (energy && c.attention) {
            energy->values.insert(energy->values.end(), cache.energy.data(), cache.energy.data() + enc.S);
            energy->rows++;
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
                           AttentionTrace * trace, RnnRunInfo * info, const RepeatRule & repeats) {
    const double started = now_ms();
    RnnEncoding enc;
    model.encode(cc, src, {int(src.size())}, 1, int(src.size()), false, info != nullptr, &enc);
    const double encoder_ms = ms_since(started);
    const double decoding = now_ms();
    AttentionMap alignment{"alignment", 0, 0, 0, int(src.size()), {}};
    // An RNN has no positional table to end at: only the length rule caps it.
    const int limit = max_length > 0 ? max_length : length_cap(int(src.size()), std::numeric_limits<int>::max());
    AttentionMap energy{"alignment_energy", 0, 0, 0, int(src.size()), {}};
    DecodeResult r = run_decoder(cc, model, enc, nullptr, limit, trace ? &alignment : nullptr, trace ? &energy : nullptr, trace, repeats);
    if (trace && model.config().attention) {
        trace->maps.push_back(std::move(alignment));
        trace->maps.push_back(std::move(energy));
    }
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
    run_decoder(cc, model, enc, &output, 0, &alignment, nullptr, nullptr, RepeatRule::off());
    return alignment;
}

} // namespace attn
