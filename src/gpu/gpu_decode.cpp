#include "gpu/gpu_decode.h"

#include "gpu/gpu_try.h"
#include "models/beam_search.h"

#include <algorithm>

namespace attn {

Status gpu_greedy_decode(GpuTransformer & model, const GpuEncoderOutput & enc, int max_length, DecodeResult * out,
                         const RepeatRule & repeats) {
    GpuDecoderCache cache = model.new_cache();
    Status failed = Status::success();
    DecodeResult r = greedy_search(model.config(), max_length, [&](int32_t token, Tensor * logits) {
        failed = model.decode_step(enc, cache, token, logits);
        return bool(failed);
    }, repeats);
    if (!failed) return failed;
    *out = std::move(r);
    return Status::success();
}

Status gpu_beam_decode(GpuTransformer & model, const GpuEncoderOutput & enc, int beam, float alpha, int max_length,
                       DecodeResult * out, const RepeatRule & repeats) {
    GpuDecoderCache cache = model.new_cache();
    Status failed = Status::success();
    auto step = [&](const std::vector<int32_t> & parents, const std::vector<int32_t> & tokens, Tensor * logits) {
        failed = model.decode_step(enc, cache, parents, tokens, logits);
        return bool(failed);
    };
    DecodeResult r = beam_search(model.config(), beam, alpha, max_length, step, repeats);
    if (!failed) return failed;
    *out = std::move(r);
    return Status::success();
}

// record_forced_trace on the GPU: decode_full over BOS + output[:-1].
static Status forced_trace(GpuTransformer & model, const GpuEncoderOutput & enc, const std::vector<int32_t> & output,
                           AttentionTrace * trace) {
    if (output.empty()) return Status::success();
    const TransformerConfig & c = model.config();
    std::vector<int32_t> tgt_in{c.bos_id};
    tgt_in.insert(tgt_in.end(), output.begin(), output.end() - 1);
    Tensor logits;
    GPU_TRY(model.decode_full(enc, tgt_in, &logits, trace));
    for (size_t t = 0; t < output.size(); t++)
        trace->steps.push_back(step_candidates(logits.data() + int64_t(t) * c.tgt_vocab, c.tgt_vocab, output[t], trace->top_k));
    return Status::success();
}

Status gpu_translate(GpuTransformer & model, const std::vector<int32_t> & src, const DecodeOptions & opts,
                     AttentionTrace * trace, DecodeResult * out) {
    GpuEncoderOutput enc;
    GPU_TRY(model.encode(src, &enc, trace));
    const int max_length = default_max_length(model.config(), int(src.size()), opts.max_length);
    GPU_TRY(opts.beam <= 1 ? gpu_greedy_decode(model, enc, max_length, out, opts.repeats)
                           : gpu_beam_decode(model, enc, opts.beam, opts.length_penalty, max_length, out, opts.repeats));
    return trace ? forced_trace(model, enc, out->tokens, trace) : Status::success();
}

} // namespace attn
