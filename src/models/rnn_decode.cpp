#include "models/rnn_decode.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace attn {

namespace {
using clock = std::chrono::steady_clock;
double ms_since(clock::time_point t) { return std::chrono::duration<double, std::milli>(clock::now() - t).count(); }

// Runs the decoder over `forced` tokens (teacher forcing) or, when forced is null, greedily until
// </s> or max_length; returns the tokens and fills the alignment rows and candidates.
DecodeResult run_decoder(Compute & cc, const RnnModel & model, const RnnEncoding & enc, const std::vector<int32_t> * forced,
                         int max_length, AttentionMap * alignment, AttentionTrace * trace) {
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
        const int32_t next = forced ? (*forced)[size_t(i)]
                                    : int32_t(std::max_element(logits.data(), logits.data() + c.tgt_vocab) - logits.data());
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
        if (!forced && next == c.eos_id) { r.finished = true; break; }
    }
    r.score = r.log_prob;
    return r;
}
} // namespace

DecodeResult rnn_translate(Compute & cc, const RnnModel & model, const std::vector<int32_t> & src, int max_length,
                           AttentionTrace * trace, RnnRunInfo * info) {
    const auto started = clock::now();
    RnnEncoding enc;
    model.encode(cc, src, {int(src.size())}, 1, int(src.size()), false, info != nullptr, &enc);
    const double encoder_ms = ms_since(started);
    const auto decoding = clock::now();
    AttentionMap alignment{"alignment", 0, 0, 0, int(src.size()), {}};
    const int limit = max_length > 0 ? max_length : 2 * int(src.size()) + 10;
    DecodeResult r = run_decoder(cc, model, enc, nullptr, limit, trace ? &alignment : nullptr, trace);
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
    run_decoder(cc, model, enc, &output, 0, &alignment, nullptr);
    return alignment;
}

} // namespace attn
