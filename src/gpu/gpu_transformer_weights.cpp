// GpuTransformer: uploading a loaded Transformer's weights, by the names of transformer.h.
#include "gpu/gpu_transformer.h"

#include "gpu/gpu_try.h"

#include <cmath>
#include <string>

namespace attn {

Status GpuTransformer::create(GpuKernels & kernels, const Transformer & model, std::unique_ptr<GpuTransformer> * out) {
    const TransformerConfig & c = model.config();
    // attention_rgba packs each head's d_k into whole texels.
    if (c.head_dim() % 4 != 0)
        return Status::error("the WebGL2 path needs d_model / heads to be a multiple of 4; this model has " +
                             std::to_string(c.d_model) + " / " + std::to_string(c.heads));
    std::unique_ptr<GpuTransformer> g(new GpuTransformer(kernels));
    GPU_TRY(g->upload(model));
    *out = std::move(g);
    return Status::success();
}

static std::string layer_prefix(const char * side, int i) { return std::string(side) + "/layer_" + std::to_string(i) + "/"; }

Status GpuTransformer::upload(const Transformer & model) {
    const TransformerConfig & c = model.config();
    m_cfg = c;
    const TexelLayout rgba = TexelLayout::Rgba4;
    // Textures hold float32: compact matrices are widened one at a time for the upload.
    auto tensor = [&](const std::string & name, GpuTensor * g) { return GpuTensor::upload(model.widened(name).cview(), g, rgba); };
    auto linear = [&](const std::string & p, GpuLinear * l) {
        GPU_TRY(tensor(p + "/weight", &l->weight));
        return tensor(p + "/bias", &l->bias);
    };
    auto norm = [&](const std::string & p, GpuNorm * n) {
        GPU_TRY(tensor(p + "/weight", &n->gamma));
        return tensor(p + "/bias", &n->beta);
    };
    auto attention = [&](const std::string & p, GpuAttentionWeights * a) {
        GPU_TRY(linear(p + "/q", &a->q));
        GPU_TRY(linear(p + "/k", &a->k));
        GPU_TRY(linear(p + "/v", &a->v));
        return linear(p + "/o", &a->o);
    };
    // The CPU model multiplies each gathered row by √D (Transformer::embed); scaling the table
    // once gives the same float products and saves a kernel per step.
    auto embedding = [&](const std::string & name, GpuTensor * g) {
        const Tensor table = model.widened(name);
        if (!c.scale_embeddings) return GpuTensor::upload(table.cview(), g, rgba);
        const float s = std::sqrt(float(c.d_model));
        Tensor scaled(table.shape());
        for (int64_t i = 0; i < table.numel(); i++) scaled[i] = table[i] * s;
        return GpuTensor::upload(scaled.cview(), g, rgba);
    };

    GPU_TRY(embedding("decoder/embed/weight", &m_tgt_embed));
    if (c.tied != TiedEmbeddings::All) GPU_TRY(embedding("encoder/embed/weight", &m_src_embed));
    // Tied generators read the decoder's table unscaled: a copy of its own when the embedding is scaled.
    GPU_TRY(tensor(c.tied == TiedEmbeddings::None ? "generator/weight" : "decoder/embed/weight", &m_generator.weight));
    GPU_TRY(tensor("generator/bias", &m_generator.bias));
    GPU_TRY(GpuTensor::upload(model.positions().cview(), &m_positions, rgba));

    m_enc.resize(size_t(c.encoder_layers));
    for (int i = 0; i < c.encoder_layers; i++) {
        const std::string p = layer_prefix("encoder", i);
        GpuEncoderLayer & L = m_enc[size_t(i)];
        GPU_TRY(attention(p + "self_attn", &L.self_attn));
        GPU_TRY(norm(p + "self_attn_norm", &L.self_attn_norm));
        GPU_TRY(linear(p + "ffn/fc1", &L.fc1));
        GPU_TRY(linear(p + "ffn/fc2", &L.fc2));
        GPU_TRY(norm(p + "ffn_norm", &L.ffn_norm));
    }
    m_dec.resize(size_t(c.decoder_layers));
    for (int i = 0; i < c.decoder_layers; i++) {
        const std::string p = layer_prefix("decoder", i);
        GpuDecoderLayer & L = m_dec[size_t(i)];
        GPU_TRY(attention(p + "self_attn", &L.self_attn));
        GPU_TRY(norm(p + "self_attn_norm", &L.self_attn_norm));
        GPU_TRY(attention(p + "cross_attn", &L.cross_attn));
        GPU_TRY(norm(p + "cross_attn_norm", &L.cross_attn_norm));
        GPU_TRY(linear(p + "ffn/fc1", &L.fc1));
        GPU_TRY(linear(p + "ffn/fc2", &L.fc2));
        GPU_TRY(norm(p + "ffn_norm", &L.ffn_norm));
    }
    if (c.norm == NormPlacement::Pre) {
        if (c.encoder_layers > 0) GPU_TRY(norm("encoder/final_norm", &m_enc_final));
        GPU_TRY(norm("decoder/final_norm", &m_dec_final));
    }
    return Status::success();
}

} // namespace attn
