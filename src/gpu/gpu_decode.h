// Greedy translation on the GPU: models/decode.h's greedy_decode and translate() (beam 1) with a
// GpuTransformer. Each step reads back only its logits(1, V); the token is chosen on the CPU, as
// the next step's embedding id must come from there anyway.
#pragma once
#include "gpu/gpu_transformer.h"
#include "models/decode.h"

namespace attn {

// greedy_decode: BOS, then the argmax of each step's log-softmax until EOS or max_length tokens.
Status gpu_greedy_decode(GpuTransformer & model, const GpuEncoderOutput & enc, int max_length, DecodeResult * out);

// translate() with beam 1: encode, greedy decode (max_length as DecodeOptions::max_length, -1 for
// the paper's rule), and with a trace the encoder maps and a teacher-forced decoder pass over the
// result (record_forced_trace): decoder self and cross maps and each step's alternatives.
Status gpu_translate(GpuTransformer & model, const std::vector<int32_t> & src, int max_length, AttentionTrace * trace,
                     DecodeResult * out);

} // namespace attn
