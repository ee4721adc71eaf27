// Transformer-level benchmarks: the paper's base configuration with random weights, encoding a
// source of S tokens then decoding T tokens greedily with the key/value cache; and the cost of
// one decoder step at a given cache length, which must grow linearly (O(T) per step), not
// quadratically. Timed natively by `attn bench --model` and in the browser through
// build/bench/attn_bench.mjs (bench_model / bench_model_step).
#pragma once
#include "backend/compute.h"
#include "models/transformer.h"

#include <memory>

namespace attn::bench {

TransformerConfig base_config();  // 6 + 6 layers, D 512, F 2048, H 8, shared 37k vocabulary

// The same weights with every matrix (rank 2) held compact, as a file stored as F16 or I8 loads
// with keep_compact; nullptr type: all float32.
Transformer with_storage(const TransformerConfig & cfg, const TensorMap & weights, const CompactType * type);

class ModelBench {
public:
    explicit ModelBench(Compute & cc, const TransformerConfig & cfg = base_config(), uint64_t seed = 7);
    ModelBench(Compute & cc, Transformer model) : m_cc(cc), m_model(std::move(model)) {}
    // Encode src_len tokens, then exactly tgt_len decoder steps (EOS is not allowed to stop it
    // early, so every run does the same work). Returns milliseconds.
    double translate_ms(int src_len, int tgt_len);
    // Milliseconds of one decoder step with `length` positions already in the cache (median of 5).
    double step_ms(int length);

private:
    Compute & m_cc;
    Transformer m_model;
    EncoderOutput m_enc;
};

} // namespace attn::bench
