// GpuTransformer: the encoder, the full decoder and the incremental step, mirroring
// models/transformer.cpp. Every tensor is RGBA-packed (gpu_tensor.h), weights and activations
// alike, so each op is the packed kernel. Every intermediate is a fresh texture: kernels cannot
// write a tensor they read, so the CPU model's in-place adds become a second texture here.
#include "gpu/gpu_transformer.h"

#include "core/check.h"
#include "gpu/gpu_try.h"

#include <cmath>
#include <numeric>

namespace attn {

Status GpuTransformer::make(Shape shape, GpuTensor * t) { return m_pool->create(shape, t, TexelLayout::Rgba4); }

// One AttentionMap per head from probs(1, H, Tq, Tk), as the CPU model records them.
static Status record_maps(AttentionTrace * trace, const char * kind, int layer, const GpuTensor & probs) {
    Tensor p(probs.shape());
    GPU_TRY(probs.read(p));
    const int H = int(p.shape()[1]), rows = int(p.shape()[2]), cols = int(p.shape()[3]);
    for (int h = 0; h < H; h++) {
        AttentionMap m{kind, layer, h, rows, cols, {}};
        const float * v = p.data() + int64_t(h) * rows * cols;
        m.values.assign(v, v + int64_t(rows) * cols);
        trace->maps.push_back(std::move(m));
    }
    return Status::success();
}

Status GpuTransformer::project(const GpuLinear & l, const GpuTensor & x, GpuTensor * y, const GpuEpilogue & epilogue) {
    GPU_TRY(make({x.rows(), l.weight.shape()[0]}, y));
    return m_k.linear_rgba(x, l.weight, &l.bias, *y, epilogue);
}

// 0, 1, ..., n - 1: the positions of a whole sequence.
static std::vector<int32_t> first_positions(size_t n) {
    std::vector<int32_t> positions(n);
    std::iota(positions.begin(), positions.end(), 0);
    return positions;
}

Status GpuTransformer::embed(const GpuTensor & table, const std::vector<int32_t> & ids,
                             const std::vector<int32_t> & positions, GpuTensor * x) {
    const int64_t T = int64_t(ids.size()), D = m_cfg.d_model;
    // The positions' rows are gathered like tokens.
    GpuTensor tokens, pe;
    GPU_TRY(make({T, D}, &tokens));
    GPU_TRY(m_k.embedding_rgba(table, ids.data(), T, tokens));
    GPU_TRY(make({T, D}, &pe));
    GPU_TRY(m_k.embedding_rgba(m_positions, positions.data(), T, pe));
    GPU_TRY(make({T, D}, x));
    return m_k.add_rgba(tokens, pe, *x);
}

template <class F>
Status GpuTransformer::residual(const GpuNorm & n, GpuTensor * x, F && f) {
    const float eps = m_cfg.layer_norm_eps;
    GpuTensor y;
    if (m_cfg.norm == NormPlacement::Pre) {
        GpuTensor normed;
        GPU_TRY(make(x->shape(), &normed));
        GPU_TRY(m_k.layer_norm_rgba(*x, n.gamma, n.beta, eps, normed));
        GPU_TRY(f(normed, *x, &y));
    } else {
        GpuTensor sum;
        GPU_TRY(f(*x, *x, &sum));
        GPU_TRY(make(x->shape(), &y));
        GPU_TRY(m_k.layer_norm_rgba(sum, n.gamma, n.beta, eps, y));
    }
    *x = std::move(y);
    return Status::success();
}

// multi_head_attention (nn/layers.cpp) with the keys and values already projected.
Status GpuTransformer::attend(const GpuAttentionWeights & w, const GpuTensor & xq, const GpuTensor & k,
                              const GpuTensor & v, int64_t batch, Mask::Kind mask, const char * kind, int layer,
                              AttentionTrace * trace, const GpuTensor & residual, GpuTensor * out) {
    const int64_t Tq = xq.rows() / batch, Tk = k.rows() / batch, D = m_cfg.d_model, H = m_cfg.heads;
    GpuTensor q, probs, context;
    GPU_TRY(project(w.q, xq, &q));
    q.reshape({batch, Tq, D});  // attention_rgba takes the batch from q's first dimension
    GPU_TRY(make({batch, H, Tq, Tk}, &probs));
    GPU_TRY(make({batch * Tq, D}, &context));
    const float scale = 1.0f / std::sqrt(float(D / H));
    GPU_TRY(m_k.attention_rgba(q, k, v, int(H), scale, GpuMask{mask, nullptr}, probs, context));
    GPU_TRY(project(w.o, context, out, GpuEpilogue{GpuActivation::None, &residual}));
    return trace ? record_maps(trace, kind, layer, probs) : Status::success();
}

Status GpuTransformer::feed_forward(const GpuLinear & fc1, const GpuLinear & fc2, const GpuTensor & x,
                                    const GpuTensor & residual, GpuTensor * out) {
    const GpuActivation activation = m_cfg.activation == Activation::Gelu ? GpuActivation::Gelu : GpuActivation::Relu;
    GpuTensor hidden;
    GPU_TRY(project(fc1, x, &hidden, GpuEpilogue{activation, nullptr}));
    return project(fc2, hidden, out, GpuEpilogue{GpuActivation::None, &residual});
}

Status GpuTransformer::generate(GpuTensor x, Tensor * logits) {
    if (m_cfg.norm == NormPlacement::Pre) {
        GpuTensor y;
        GPU_TRY(make(x.shape(), &y));
        GPU_TRY(m_k.layer_norm_rgba(x, m_dec_final.gamma, m_dec_final.beta, m_cfg.layer_norm_eps, y));
        x = std::move(y);
    }
    *logits = Tensor({x.rows(), m_generator.weight.shape()[0]});
    return m_k.linear_read(x, m_generator.weight, &m_generator.bias, *logits);
}

Status GpuTransformer::encode(const std::vector<int32_t> & src, GpuEncoderOutput * out, AttentionTrace * trace) {
    const DeferredAllocationChecks deferred;  // a failed allocation shows at the decoder's logits read (gl.h)
    const TransformerConfig & c = m_cfg;
    GpuTensor x;
    GPU_TRY(embed(c.tied == TiedEmbeddings::All ? m_tgt_embed : m_src_embed, src, first_positions(src.size()), &x));
    for (int l = 0; l < c.encoder_layers; l++) {
        const GpuEncoderLayer & L = m_enc[size_t(l)];
        GPU_TRY(residual(L.self_attn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            GpuTensor k, v;
            GPU_TRY(project(L.self_attn.k, in, &k));
            GPU_TRY(project(L.self_attn.v, in, &v));
            return attend(L.self_attn, in, k, v, 1, Mask::Kind::None, "encoder_self", l, trace, skip, o);
        }));
        GPU_TRY(residual(L.ffn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            return feed_forward(L.fc1, L.fc2, in, skip, o);
        }));
    }
    if (c.norm == NormPlacement::Pre && c.encoder_layers > 0) {
        GpuTensor y;
        GPU_TRY(make(x.shape(), &y));
        GPU_TRY(m_k.layer_norm_rgba(x, m_enc_final.gamma, m_enc_final.beta, c.layer_norm_eps, y));
        x = std::move(y);
    }
    out->memory = std::move(x);
    out->cross_k.clear();
    out->cross_v.clear();
    out->cross_k.resize(size_t(c.decoder_layers));
    out->cross_v.resize(size_t(c.decoder_layers));
    for (int l = 0; l < c.decoder_layers; l++) {
        const GpuAttentionWeights & w = m_dec[size_t(l)].cross_attn;
        GPU_TRY(project(w.k, out->memory, &out->cross_k[size_t(l)]));
        GPU_TRY(project(w.v, out->memory, &out->cross_v[size_t(l)]));
    }
    return Status::success();
}

Status GpuTransformer::decode_full(const GpuEncoderOutput & enc, const std::vector<int32_t> & tgt_in, Tensor * logits,
                                   AttentionTrace * trace) {
    const DeferredAllocationChecks deferred;  // a failed allocation shows at the logits read (gl.h)
    GpuTensor x;
    GPU_TRY(embed(m_tgt_embed, tgt_in, first_positions(tgt_in.size()), &x));
    for (int l = 0; l < m_cfg.decoder_layers; l++) {
        const GpuDecoderLayer & L = m_dec[size_t(l)];
        GPU_TRY(residual(L.self_attn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            GpuTensor k, v;
            GPU_TRY(project(L.self_attn.k, in, &k));
            GPU_TRY(project(L.self_attn.v, in, &v));
            return attend(L.self_attn, in, k, v, 1, Mask::Kind::Causal, "decoder_self", l, trace, skip, o);
        }));
        GPU_TRY(residual(L.cross_attn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            return attend(L.cross_attn, in, enc.cross_k[size_t(l)], enc.cross_v[size_t(l)], 1, Mask::Kind::None,
                          "cross", l, trace, skip, o);
        }));
        GPU_TRY(residual(L.ffn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            return feed_forward(L.fc1, L.fc2, in, skip, o);
        }));
    }
    return generate(std::move(x), logits);
}

GpuDecoderCache GpuTransformer::new_cache() const {
    GpuDecoderCache cache;
    cache.self_k.resize(size_t(m_cfg.decoder_layers));
    cache.self_v.resize(size_t(m_cfg.decoder_layers));
    return cache;
}

// Row b of rows(B, D) appended to the cache rows of hypothesis parents[b] (cache.batch × length
// rows, or none at the first step): the layer's new cache tensor (B·(length + 1), D).
Status GpuTransformer::extend(const GpuDecoderCache & cache, const std::vector<int32_t> & parents, GpuTensor rows,
                              GpuTensor * layer_cache) {
    if (cache.length == 0) {  // every hypothesis continues the empty state: the rows are the cache
        *layer_cache = std::move(rows);
        return Status::success();
    }
    GpuTensor grown;
    GPU_TRY(make({rows.rows() * (cache.length + 1), rows.cols()}, &grown));
    GPU_TRY(m_k.extend_rows_rgba(*layer_cache, cache.batch, parents.data(), rows, grown));
    *layer_cache = std::move(grown);
    return Status::success();
}

Status GpuTransformer::decode_step(const GpuEncoderOutput & enc, GpuDecoderCache & cache,
                                   const std::vector<int32_t> & parents, const std::vector<int32_t> & tokens,
                                   Tensor * logits) {
    const DeferredAllocationChecks deferred;  // a failed allocation shows at the logits read (gl.h)
    const int64_t B = int64_t(tokens.size());
    ATTN_ASSERT(B > 0 && parents.size() == tokens.size(), "decode_step: %zu parents, %zu tokens", parents.size(),
                tokens.size());
    GpuTensor x;  // (B, D): one row per hypothesis, all at position cache.length
    GPU_TRY(embed(m_tgt_embed, tokens, std::vector<int32_t>(tokens.size(), cache.length), &x));
    for (int l = 0; l < m_cfg.decoder_layers; l++) {
        const GpuDecoderLayer & L = m_dec[size_t(l)];
        GPU_TRY(residual(L.self_attn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            // Only the new position's keys and values are computed; earlier ones come from the cache.
            GpuTensor k_rows, v_rows;
            GPU_TRY(project(L.self_attn.k, in, &k_rows));
            GPU_TRY(project(L.self_attn.v, in, &v_rows));
            GPU_TRY(extend(cache, parents, std::move(k_rows), &cache.self_k[size_t(l)]));
            GPU_TRY(extend(cache, parents, std::move(v_rows), &cache.self_v[size_t(l)]));
            // Each hypothesis attends over its own keys, all at or before its position: no mask.
            return attend(L.self_attn, in, cache.self_k[size_t(l)], cache.self_v[size_t(l)], B, Mask::Kind::None,
                          "decoder_self", l, nullptr, skip, o);
        }));
        GPU_TRY(residual(L.cross_attn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            // Every hypothesis attends over the same source: B query rows, one batch.
            return attend(L.cross_attn, in, enc.cross_k[size_t(l)], enc.cross_v[size_t(l)], 1, Mask::Kind::None,
                          "cross", l, nullptr, skip, o);
        }));
        GPU_TRY(residual(L.ffn_norm, &x, [&](const GpuTensor & in, const GpuTensor & skip, GpuTensor * o) {
            return feed_forward(L.fc1, L.fc2, in, skip, o);
        }));
    }
    GPU_TRY(generate(std::move(x), logits));
    cache.length++;
    cache.batch = int(B);
    return Status::success();
}

Status GpuTransformer::decode_step(const GpuEncoderOutput & enc, GpuDecoderCache & cache, int32_t token,
                                   Tensor * logits) {
    return decode_step(enc, cache, {0}, {token}, logits);
}

} // namespace attn
