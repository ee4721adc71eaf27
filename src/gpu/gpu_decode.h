// Translation on the GPU: models/decode.h's translate() with a GpuTransformer, greedy or beam
// search (the same search code as the CPU's). Each step reads back only its logits(1, V); tokens
// are chosen on the CPU, as the next step's embedding id must come from there anyway.
#pragma once
#include "gpu/gpu_transformer.h"
#include "models/decode.h"

namespace attn {

// greedy_decode: BOS, then the argmax of each step's log-softmax until EOS or max_length tokens.
Status gpu_greedy_decode(GpuTransformer & model, const GpuEncoderOutput & enc, int max_length, DecodeResult * out,
                         const RepeatRule & repeats = {});

// beam_decode: `beam` hypotheses scored by log_prob / lp(|Y|) with length penalty α = alpha. The
// live hypotheses step as one batch (GpuTransformer::decode_step): per output position, one
// decoder step's draws and one readback of their logits, whatever the beam.
Status gpu_beam_decode(GpuTransformer & model, const GpuEncoderOutput & enc, int beam, float alpha, int max_length,
                       DecodeResult * out, const RepeatRule & repeats = {});

// translate(): encode, decode (opts.beam 1: greedy, else beam search with opts.length_penalty;
// opts.max_length -1 for the paper's rule), and with a trace the encoder maps and a teacher-forced
// decoder pass over the result (record_forced_trace): decoder self and cross maps and each step's
// alternatives.
Status gpu_translate(GpuTransformer & model, const std::vector<int32_t> & src, const DecodeOptions & opts,
                     AttentionTrace * trace, DecodeResult * out);

} // namespace attn
