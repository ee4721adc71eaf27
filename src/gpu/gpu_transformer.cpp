// GpuTransformer: the encoder, the full decoder and the incremental step, mirroring
// models/transformer.cpp. Every tensor is RGBA-packed (gpu_tensor.h), weights and activations
// alike, so each op is the packed kernel. Every intermediate is a fresh texture: kernels cannot
// write a tensor they read, so the CPU model's in-place adds become a second texture here.
#include "gpu/gpu_transformer.h"

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

Status GpuTransformer::project(const GpuLinear & l, const GpuTensor & x, GpuTensor * y) {
    GPU_TRY(make({x.rows(), l.weight.shape()[0]}, y));
    return m_k.linear_rgba(x, l.weight, &l.bias, *y);
}

Status GpuTransformer::embed(const GpuTensor & table, const std::vector<int32_t> & ids, int first_position,
                             GpuTensor * x) {
    const int64_t T = int64_t(ids.size()), D = m_cfg.d_model;
    // The positions' rows are gathered like tokens: ids first_position, first_position + 1, ...
    std::vector<int32_t> positions(ids.size());
    std::iota(positions.begin(), positions.end(), first_position);
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
    GpuTensor sub, y;
    GPU_TRY(make(x->shape(), &y));
    if (m_cfg.norm == NormPlacement::Pre) {
        GpuTensor normed;
        GPU_TRY(make(x->shape(), &normed));
        GPU_TRY(m_k.layer_norm_rgba(*x, n.gamma, n.beta, eps, normed));
        GPU_TRY(f(normed, &sub));
        GPU_TRY(m_k.add_rgba(*x, sub, y));
    } else {
        GpuTensor sum;
        GPU_TRY(f(*x, &sub));
        GPU_TRY(make(x->shape(), &sum));
        GPU_TRY(m_k.add_rgba(sub, *x, sum));
        GPU_TRY(m_k.layer_norm_rgba(sum, n.gamma, n.beta, eps, y));
    }
    *x = std::move(y);
    return Status::success();
}

// multi_head_attention (nn/layers.cpp) with the keys and values already projected.
Status GpuTransformer::attend(const GpuAttentionWeights & w, const GpuTensor & xq, const GpuTensor & k,
                              const GpuTensor & v, Mask::Kind mask, const char * kind, int layer,
                              AttentionTrace * trace, GpuTensor * out) {
    const int64_t Tq = xq.rows(), Tk = k.rows(), D = m_cfg.d_model, H = m_cfg.heads;
    GpuTensor q, probs, context;
    GPU_TRY(project(w.q, xq, &q));
    GPU_TRY(make({1, H, Tq, Tk}, &probs));
    GPU_TRY(make({Tq, D}, &context));
    const float scale = 1.0f / std::sqrt(float(D / H));
    GPU_TRY(m_k.attention_rgba(q, k, v, int(H), scale, GpuMask{mask, nullptr}, probs, context));
    GPU_TRY(project(w.o, context, out));
    return trace ? record_maps(trace, kind, layer, probs) : Status::success();
}

Status GpuTransformer::feed_forward(const GpuLinear & fc1, const GpuLinear & fc2, const GpuTensor & x,
                                    GpuTensor * out) {
    GpuTensor hidden, activated;
    GPU_TRY(project(fc1, x, &hidden));
    GPU_TRY(make(hidden.shape(), &activated));
    GPU_TRY(m_cfg.activation == Activation::Gelu ? m_k.gelu_rgba(hidden, activated) : m_k.relu_rgba(hidden, activated));
    return project(fc2, activated, out);
}

Status GpuTransformer::generate(GpuTensor x, Tensor * logits) {
    if (m_cfg.norm == NormPlacement::Pre) {
        GpuTensor y;
        GPU_TRY(make(x.shape(), &y));
        GPU_TRY(m_k.layer_norm_rgba(x, m_dec_final.gamma, m_dec_final.beta, m_cfg.layer_norm_eps, y));
        x = std::move(y);
    }
    GpuTensor out;
    GPU_TRY(project(m_generator, x, &out));
    *logits = Tensor(out.shape());
    return out.read(*logits);
}

Status GpuTransformer::encode(const std::vector<int32_t> & src, GpuEncoderOutput * out, AttentionTrace * trace) {
    const DeferredAllocationChecks deferred;  // a failed allocation shows at the decoder's logits read (gl.h)
    const TransformerConfig & c = m_cfg;
    GpuTensor x;
    GPU_TRY(embed(c.tied == TiedEmbeddings::All ? m_tgt_embed : m_src_embed, src, 0, &x));
    for (int l = 0; l < c.encoder_layers; l++) {
        const GpuEncoderLayer & L = m_enc[size_t(l)];
        GPU_TRY(residual(L.self_attn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            GpuTensor k, v;
            GPU_TRY(project(L.self_attn.k, in, &k));
            GPU_TRY(project(L.self_attn.v, in, &v));
            return attend(L.self_attn, in, k, v, Mask::Kind::None, "encoder_self", l, trace, o);
        }));
        GPU_TRY(residual(L.ffn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            return feed_forward(L.fc1, L.fc2, in, o);
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
    GPU_TRY(embed(m_tgt_embed, tgt_in, 0, &x));
    for (int l = 0; l < m_cfg.decoder_layers; l++) {
        const GpuDecoderLayer & L = m_dec[size_t(l)];
        GPU_TRY(residual(L.self_attn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            GpuTensor k, v;
            GPU_TRY(project(L.self_attn.k, in, &k));
            GPU_TRY(project(L.self_attn.v, in, &v));
            return attend(L.self_attn, in, k, v, Mask::Kind::Causal, "decoder_self", l, trace, o);
        }));
        GPU_TRY(residual(L.cross_attn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            return attend(L.cross_attn, in, enc.cross_k[size_t(l)], enc.cross_v[size_t(l)], Mask::Kind::None,
                          "cross", l, trace, o);
        }));
        GPU_TRY(residual(L.ffn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            return feed_forward(L.fc1, L.fc2, in, o);
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

// Appends row(1, D) to the layer's cache tensor (length, D), or starts it at the first step.
Status GpuTransformer::append_row(GpuTensor row, std::shared_ptr<const GpuTensor> * cache) {
    if (!*cache) {
        *cache = std::make_shared<const GpuTensor>(std::move(row));
        return Status::success();
    }
    const GpuTensor & old = **cache;
    auto grown = std::make_shared<GpuTensor>();
    GPU_TRY(make({old.rows() + 1, old.cols()}, grown.get()));
    GPU_TRY(m_k.concat_rows_rgba(old, row, *grown));
    *cache = std::move(grown);
    return Status::success();
}

Status GpuTransformer::decode_step(const GpuEncoderOutput & enc, GpuDecoderCache & cache, int32_t token,
                                   Tensor * logits) {
    const DeferredAllocationChecks deferred;  // a failed allocation shows at the logits read (gl.h)
    GpuTensor x;
    GPU_TRY(embed(m_tgt_embed, {token}, cache.length, &x));
    for (int l = 0; l < m_cfg.decoder_layers; l++) {
        const GpuDecoderLayer & L = m_dec[size_t(l)];
        GPU_TRY(residual(L.self_attn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            // Only the new position's key and value are computed; earlier ones come from the cache.
            GpuTensor k_row, v_row;
            GPU_TRY(project(L.self_attn.k, in, &k_row));
            GPU_TRY(project(L.self_attn.v, in, &v_row));
            GPU_TRY(append_row(std::move(k_row), &cache.self_k[size_t(l)]));
            GPU_TRY(append_row(std::move(v_row), &cache.self_v[size_t(l)]));
            // All cached keys are at or before the query's position: no mask needed.
            return attend(L.self_attn, in, *cache.self_k[size_t(l)], *cache.self_v[size_t(l)], Mask::Kind::None,
                          "decoder_self", l, nullptr, o);
        }));
        GPU_TRY(residual(L.cross_attn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            return attend(L.cross_attn, in, enc.cross_k[size_t(l)], enc.cross_v[size_t(l)], Mask::Kind::None,
                          "cross", l, nullptr, o);
        }));
        GPU_TRY(residual(L.ffn_norm, &x, [&](const GpuTensor & in, GpuTensor * o) {
            return feed_forward(L.fc1, L.fc2, in, o);
        }));
    }
    GPU_TRY(generate(std::move(x), logits));
    cache.length++;
    return Status::success();
}

} // namespace attn
