#include "models/rnn_decode.h"

#include "core/clock.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

namespace {

// Runs the decoder over `forced` tokens (teacher forcing) or, when forced is null, greedily until
// </s>, max_length or a repetition (repetition_cut); returns the tokens and fills the alignment rows and candidates.
DecodeResult run_decoder(Compute & cc, const RnnModel & model, const RnnEncoding & enc, const std::vector<int32_t> * forced,
                         int max_length, AttentionMap * alignment, AttentionTrace * trace, bool cut_repetitions) {
    const RnnConfig & c = model.config();
    DecodeResult r;
    Tensor s = enc.s0;
    int32_t y = c.bos_id;
    const int steps = forced ? int(forced->size()) : max_length;
    const size_t trace_steps_before = trace ? trace->steps.size() : 0;
    std::vector<double> token_log_probs;
    for (int i = 0; i < steps; i++) {
        RnnStepCache cache;
        Tensor s_next, ctx, hidden, logits;
        model.decoder_step(cc, enc, s, &y, &s_next, &ctx, &cache);
        model.output(cc, s_next, ctx, cache.e, &hidden, &logits);
        const int32_t next = forced ? (*forced)[size_t(i)]
                                    : int32_t(std::max_element(logits.data(), logits.data() + c.tgt_vocab) - logits.data());
        const StepCandidates step = step_candidates(logits.data(), c.tgt_vocab, next, trace ? trace->top_k : 1);
        r.tokens.push_back(next);
        token_log_probs.push_back(std::log(double(std::max(step.chosen_prob, 1e-30f))));
        if (trace) trace->steps.push_back(step);
        if (alignment && c.attention) {
            alignment->values.insert(alignment->values.end(), cache.alpha.data(), cache.alpha.data() + enc.S);
            alignment->rows++;
        }
        s = std::move(s_next);
        y = next;
        if (forced) continue;
        if (next == c.eos_id) { r.finished = true; r.stop = DecodeStop::Eos; break; }
        if (const int keep = cut_repetitions ? repetition_cut(r.tokens) : -1; keep >= 0) {  // a loop: keep one copy
            r.stop = DecodeStop::Repetition;
            r.tokens.resize(size_t(keep));
            token_log_probs.resize(size_t(keep));
            if (trace) trace->steps.resize(trace_steps_before + size_t(keep));
            if (alignment && c.attention) {
                alignment->rows = keep;
                alignment->values.resize(size_t(keep) * size_t(enc.S));
            }
            break;
        }
    }
    for (double l : token_log_probs) r.log_prob += l;
    r.score = r.log_prob;
    return r;
}
} // namespace

DecodeResult rnn_translate(Compute & cc, const RnnModel & model, const std::vector<int32_t> & src, int max_length,
                           AttentionTrace * trace, RnnRunInfo * info, bool cut_repetitions) {
    const double started = now_ms();
    RnnEncoding enc;
    model.encode(cc, src, {int(src.size())}, 1, int(src.size()), false, info != nullptr, &enc);
    const double encoder_ms = ms_since(started);
    const double decoding = now_ms();
    AttentionMap alignment{"alignment", 0, 0, 0, int(src.size()), {}};
    // An RNN has no positional table to end at: only the length rule caps it.
    const int limit = max_length > 0 ? max_length : length_cap(int(src.size()), std::numeric_limits<int>::max());
    DecodeResult r = run_decoder(cc, model, enc, nullptr, limit, trace ? &alignment : nullptr, trace, cut_repetitions);
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
