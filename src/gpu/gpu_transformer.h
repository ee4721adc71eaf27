// The Transformer's inference passes (models/transformer.h) on GPU-resident tensors: the weights
// are uploaded once, then the encoder, the teacher-forced decoder and incremental decoding chain
// GpuKernels with nothing read back but each pass's logits and, when a trace is given, the
// attention probabilities. The math is the CPU model's, op for op: pre- or post-norm residuals,
// QKᵀ / √d_k, the causal mask, sinusoidal positions, embeddings × √D, tied embeddings.
//
// One step runs on the CPU: embeddings × √D is applied once, to the tables, when they are
// uploaded (GpuKernels has no scale op). The products are the CPU model's, value for value.
// A trace gets the attention maps; the Q/K/V captures of the step-through view
// (AttentionTrace::wants_qkv) are not recorded on this path.
//
// Needs the current GL context of `kernels` (kernels.h) for its whole life.
#pragma once
#include "gpu/gpu_tensor.h"
#include "gpu/kernels.h"
#include "gpu/texture_pool.h"
#include "models/transformer.h"

#include <memory>
#include <vector>

namespace attn {

// The encoder's output on the GPU: memory(S, D) and each decoder layer's cross-attention keys
// and values, computed once per sentence (EncoderOutput's twin).
struct GpuEncoderOutput {
    GpuTensor memory;                          // (S, D)
    std::vector<GpuTensor> cross_k, cross_v;   // per decoder layer (S, D)
};

// Incremental decoding state of `batch` hypotheses (one, or a beam's): per decoder layer, the
// keys and values of the `length` positions decoded so far, (batch·length, D), hypothesis b's
// from row b·length. Each step draws them into new textures (shaders/extend_rows_rgba.glsl), in
// the order of that step's hypotheses. After a failed step the cache is unusable.
struct GpuDecoderCache {
    std::vector<GpuTensor> self_k, self_v;
    int length = 0;
    int batch = 1;
};

struct GpuLinear { GpuTensor weight, bias; };      // W(out, in), b(out)
struct GpuNorm { GpuTensor gamma, beta; };         // (D) each
struct GpuAttentionWeights { GpuLinear q, k, v, o; };
struct GpuEncoderLayer {
    GpuAttentionWeights self_attn;
    GpuNorm self_attn_norm, ffn_norm;
    GpuLinear fc1, fc2;
};
struct GpuDecoderLayer {
    GpuAttentionWeights self_attn, cross_attn;
    GpuNorm self_attn_norm, cross_attn_norm, ffn_norm;
    GpuLinear fc1, fc2;
};

class GpuTransformer {
public:
    // Uploads `model`'s weights, RGBA-packed like every tensor of the passes (the packed kernels
    // of kernels.h); the model is not needed afterwards. Fails with the reason, so the caller can
    // stay on the CPU: a texture-size limit, GL memory, or d_model / heads not a multiple of 4
    // (attention_rgba packs a head's d_k into whole texels).
    static Status create(GpuKernels & kernels, const Transformer & model, std::unique_ptr<GpuTransformer> * out);
    GpuTransformer(const GpuTransformer &) = delete;
    GpuTransformer & operator=(const GpuTransformer &) = delete;

    const TransformerConfig & config() const { return m_cfg; }

    // Transformer::encode: src(S) -> memory and cross keys/values; the trace gets "encoder_self".
    Status encode(const std::vector<int32_t> & src, GpuEncoderOutput * out, AttentionTrace * trace);
    // Transformer::decode_full: tgt_in(T) -> logits(T, V_tgt) with causal self-attention; the
    // trace gets "decoder_self" and "cross".
    Status decode_full(const GpuEncoderOutput & enc, const std::vector<int32_t> & tgt_in, Tensor * logits,
                       AttentionTrace * trace);
    // Transformer::decode_step for B hypotheses at once, all at position cache.length:
    // hypothesis b continues hypothesis parents[b] of the cache (0 for every one at the first
    // step) and is fed tokens[b]; logits(B, V_tgt), row b for hypothesis b. A beam's step is one
    // batch: the same draws as one hypothesis's, and one readback.
    GpuDecoderCache new_cache() const;
    Status decode_step(const GpuEncoderOutput & enc, GpuDecoderCache & cache, const std::vector<int32_t> & parents,
                       const std::vector<int32_t> & tokens, Tensor * logits);
    // One hypothesis: feeds `token`, logits(1, V_tgt).
    Status decode_step(const GpuEncoderOutput & enc, GpuDecoderCache & cache, int32_t token, Tensor * logits);

private:
    explicit GpuTransformer(GpuKernels & kernels) : m_k(kernels) {}
    Status upload(const Transformer & model);  // gpu_transformer_weights.cpp

    // x(T, D) = table[ids] + PE[positions], the table already × √D where configured.
    Status embed(const GpuTensor & table, const std::vector<int32_t> & ids, const std::vector<int32_t> & positions,
                 GpuTensor * x);
    // Replaces x by the residual sublayer around f: pre-norm x + f(LN(x)), post-norm LN(x + f(x)).
    // f(in, skip, &out) writes out = skip + sublayer(in), the sum fused into the sublayer's last
    // product (GpuEpilogue).
    template <class F> Status residual(const GpuNorm & norm, GpuTensor * x, F && f);
    // out(batch·Tq, D) = residual + multi-head attention of xq(batch·Tq, D) over keys k and values
    // v (already projected, (batch·Tk, D)), each batch over its own keys.
    Status attend(const GpuAttentionWeights & w, const GpuTensor & xq, const GpuTensor & k, const GpuTensor & v,
                  int64_t batch, Mask::Kind mask, const char * kind, int layer, AttentionTrace * trace,
                  const GpuTensor & residual, GpuTensor * out);
    // out = residual + fc2(activation(fc1(x))), the activation and the sum in the products' epilogues.
    Status feed_forward(const GpuLinear & fc1, const GpuLinear & fc2, const GpuTensor & x, const GpuTensor & residual,
                        GpuTensor * out);
    // y = x·Wᵀ + b, through the epilogue.
    Status project(const GpuLinear & l, const GpuTensor & x, GpuTensor * y, const GpuEpilogue & epilogue = {});
    // Final norm (pre-norm only) and the generator: logits(T, V_tgt), read back.
    Status generate(GpuTensor x, Tensor * logits);
    Status make(Shape shape, GpuTensor * t);  // an Rgba4 tensor from m_pool
    // The layer's cache tensor for the step's hypotheses (decode_step): each continues its parent's
    // rows and gets its row of rows(B, D).
    Status extend(const GpuDecoderCache & cache, const std::vector<int32_t> & parents, GpuTensor rows,
                  GpuTensor * layer_cache);

    GpuKernels & m_k;
    TransformerConfig m_cfg;
    GpuTensor m_src_embed, m_tgt_embed;  // × √D when scale_embeddings; src empty when tied == All
    GpuLinear m_generator;                // the decoder's table, unscaled, when tied
    GpuTensor m_positions;                // (max_positions, D), gathered like an embedding
    std::vector<GpuEncoderLayer> m_enc;
    std::vector<GpuDecoderLayer> m_dec;
    GpuNorm m_enc_final, m_dec_final;     // pre-norm only
    // Every tensor of the passes, outputs included, comes from here (texture_pool.h): a step makes
    // about sixty and drops them again.
    std::shared_ptr<TexturePool> m_pool = std::make_shared<TexturePool>();
};

} // namespace attn
