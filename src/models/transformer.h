// The encoder-decoder Transformer (Vaswani et al. 2017): its weights and files, and inference:
// encoder, decoder with a causal mask and cross-attention, a full teacher-forced decoder pass, and
// incremental decoding with a key/value cache. The full passes run through transformer_pass.h,
// the same blocks training runs (train/transformer_train.h).
//
// Weights are named tensors with scoped names, stored as safetensors:
//   encoder/embed/weight                     (V_src, D)    absent when tied == All (decoder's is used)
//   decoder/embed/weight                     (V_tgt, D)
//   generator/weight (V_tgt, D), generator/bias (V_tgt)    weight absent when tied != None
//   {encoder,decoder}/layer_<i>/self_attn/{q,k,v,o}/{weight (D, D), bias (D)}
//   decoder/layer_<i>/cross_attn/{q,k,v,o}/{weight, bias}
//   {encoder,decoder}/layer_<i>/ffn/fc1/{weight (F, D), bias (F)}, ffn/fc2/{weight (D, F), bias (D)}
//   {encoder,decoder}/layer_<i>/{self_attn,cross_attn,ffn}_norm/{weight (D), bias (D)}
//   {encoder,decoder}/final_norm/{weight, bias}            pre-norm only
// Linear weights follow nn.Linear: W(out, in), y = x·Wᵀ + b.
#pragma once
#include "backend/compute.h"
#include "core/status.h"
#include "io/safetensors.h"
#include "nn/transformer_config.h"
#include "nn/attention_trace.h"
#include "nn/layers.h"
#include "nn/transformer_blocks.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace attn {

// A decoder layer's weights, as views: what the incremental decoder reads.
struct DecoderLayer {
    AttentionWeights self_attn, cross_attn;
    NormWeights self_attn_norm, cross_attn_norm, ffn_norm;
    LinearWeights fc1, fc2;
};

// The encoder's output for one source sentence: memory(S, D), plus each decoder layer's
// cross-attention keys and values, which depend only on the memory and are computed once.
struct EncoderOutput {
    Tensor memory;                 // (S, D)
    std::vector<Tensor> cross_k;   // per decoder layer (S, D)
    std::vector<Tensor> cross_v;
    int source_length() const { return int(memory.rows()); }
};

// Incremental decoding state: per decoder layer, the keys and values of every position decoded
// so far. Preallocated to max_positions rows; `length` rows are valid.
struct DecoderCache {
    std::vector<Tensor> self_k, self_v;  // per layer (max_positions, D)
    int length = 0;
};

class Transformer {
public:
    // Views into the tensors are bound once, so a copy would point into the original: moves only
    // (a moved std::map keeps its nodes, and with them the tensors the views point at).
    Transformer() = default;
    Transformer(const Transformer &) = delete;
    Transformer & operator=(const Transformer &) = delete;
    Transformer(Transformer &&) = default;
    Transformer & operator=(Transformer &&) = default;

    // Takes ownership of the tensors, checks that every expected name is present with the right
    // shape and nothing unexpected is left, and binds the layer views. `compact` holds matrices
    // kept as a file stored them (F16, I8): inference reads them there, in place of float32.
    static Status create(const TransformerConfig & cfg, TensorMap tensors, Transformer * out);
    static Status create(const TransformerConfig & cfg, TensorMap tensors, CompactMap compact, Transformer * out);
    static constexpr const char * kFormat = "attention-playground/transformer/1";  // the file's metadata "format"
    // safetensors + config metadata. With keep_compact, the file's F16 and I8 matrices stay as
    // stored (for inference: a half or a quarter of the memory); without, all is float32 (training).
    static Status load(const std::string & path, Transformer * out, bool keep_compact = false);
    Status save(const std::string & path, StoreAs store_as = StoreAs::F32) const;  // F16: half the size
    // Other metadata travelling with the weights (a translator's vocabularies, its corpus); load()
    // keeps every entry except "format" and "config", save() writes them back.
    const std::map<std::string, std::string> & metadata() const { return m_metadata; }
    void set_metadata(const std::string & key, std::string value) { m_metadata[key] = std::move(value); }
    // Random weights in the usual initialisation (Xavier-uniform linears, N(0, D^-1/2) embeddings,
    // unit norms), deterministic from the seed: for tests and benchmarks.
    static TensorMap random_weights(const TransformerConfig & cfg, uint64_t seed);
    static std::vector<std::pair<std::string, Shape>> expected_tensors(const TransformerConfig & cfg);

    const TransformerConfig & config() const { return m_cfg; }
    // The float32 tensors; a model loaded with keep_compact holds its F16/I8 matrices apart.
    const TensorMap & tensors() const { return m_tensors; }
    const CompactMap & compact_tensors() const { return m_compact; }
    Tensor widened(const std::string & name) const;  // any weight as float32, wherever it is held
    const Tensor & positions() const { return m_positions; }  // (max_positions, D), added to embeddings
    // For training: values may be changed in place (the layer views point into these tensors);
    // replacing or reshaping a tensor would leave the views dangling.
    TensorMap & parameters() { return m_tensors; }
    int64_t parameter_count() const;
    static int64_t parameter_count(const TransformerConfig & cfg);  // from the shapes, no allocation

    // src(S) -> memory. Ids must be in [0, V_src) and S ≤ max_positions (callers check user input).
    void encode(Compute & cc, const std::vector<int32_t> & src, EncoderOutput * out, AttentionTrace * trace) const;
    // Teacher-forced decoder pass: tgt_in(T) -> logits(T, V_tgt), causal self-attention.
    void decode_full(Compute & cc, const EncoderOutput & enc, const std::vector<int32_t> & tgt_in, Tensor * logits,
                     AttentionTrace * trace) const;
    // Incremental decoding: feed one token at position cache.length, get logits(1, V_tgt).
    // Costs O(length) per step: only the new row's projections and attention are computed.
    DecoderCache new_cache() const;
    void decode_step(Compute & cc, const EncoderOutput & enc, DecoderCache & cache, int32_t token,
                     Tensor * logits) const;

private:
    void embed(Compute & cc, const WeightView & table, const std::vector<int32_t> & ids, int first_position,
               Tensor * x) const;
    BlockContext inference_context(Compute & cc) const;
    Status bind();

    TransformerConfig m_cfg;
    TensorMap m_tensors;
    CompactMap m_compact;
    std::map<std::string, std::string> m_metadata;
    WeightView m_tgt_embed, m_generator_w;
    ConstView m_generator_b;
    std::vector<DecoderLayer> m_dec;
    NormWeights m_dec_final;
    Tensor m_positions;  // (max_positions, D) sinusoidal table
};

} // namespace attn
