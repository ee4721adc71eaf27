// Transformer inference: weights binding, encoder, full and incremental decoder, traces.
// [SECTION] weights: names, shapes, random init, load/save
// [SECTION] embeddings and positions
// [SECTION] encoder
// [SECTION] decoder (full pass and incremental step)
// [SECTION] trace recording
#include "models/transformer.h"

#include "core/rng.h"
#include "models/model_file.h"
#include "models/transformer_pass.h"

#include <cmath>

namespace attn {


// ---- [SECTION] weights: names, shapes, random init, load/save ---------------------------------

static std::string layer_prefix(const char * side, int i) { return std::string(side) + "/layer_" + std::to_string(i) + "/"; }

std::vector<std::pair<std::string, Shape>> Transformer::expected_tensors(const TransformerConfig & c) {
    const int64_t D = c.d_model, F = c.d_ff;
    std::vector<std::pair<std::string, Shape>> out;
    auto linear = [&](const std::string & p, int64_t o, int64_t i) {
        out.push_back({p + "/weight", {o, i}});
        out.push_back({p + "/bias", {o}});
    };
    auto norm = [&](const std::string & p) {
        out.push_back({p + "/weight", {D}});
        out.push_back({p + "/bias", {D}});
    };
    auto attention = [&](const std::string & p) {
        for (const char * n : {"q", "k", "v", "o"}) linear(p + "/" + n, D, D);
    };
    if (c.tied != TiedEmbeddings::All) out.push_back({"encoder/embed/weight", {c.src_vocab, D}});
    out.push_back({"decoder/embed/weight", {c.tgt_vocab, D}});
    if (c.tied == TiedEmbeddings::None) out.push_back({"generator/weight", {c.tgt_vocab, D}});
    out.push_back({"generator/bias", {c.tgt_vocab}});
    for (int i = 0; i < c.encoder_layers; i++) {
        const std::string p = layer_prefix("encoder", i);
        attention(p + "self_attn");
        norm(p + "self_attn_norm");
        linear(p + "ffn/fc1", F, D);
        linear(p + "ffn/fc2", D, F);
        norm(p + "ffn_norm");
    }
    for (int i = 0; i < c.decoder_layers; i++) {
        const std::string p = layer_prefix("decoder", i);
        attention(p + "self_attn");
        norm(p + "self_attn_norm");
        attention(p + "cross_attn");
        norm(p + "cross_attn_norm");
        linear(p + "ffn/fc1", F, D);
        linear(p + "ffn/fc2", D, F);
        norm(p + "ffn_norm");
    }
    if (c.norm == NormPlacement::Pre) {
        if (c.encoder_layers > 0) norm("encoder/final_norm");
        norm("decoder/final_norm");
    }
    return out;
}

TensorMap Transformer::random_weights(const TransformerConfig & c, uint64_t seed) {
    TensorMap m;
    Rng rng(seed);
    for (const auto & [name, shape] : expected_tensors(c)) {
        Tensor t(shape);
        const bool is_embed = name.find("embed") != std::string::npos || name == "generator/weight";
        const bool is_norm = name.find("norm") != std::string::npos;
        const bool is_bias = name.size() > 5 && name.compare(name.size() - 5, 5, "/bias") == 0;
        if (is_embed) {
            for (int64_t i = 0; i < t.numel(); i++) t[i] = rng.normal() / std::sqrt(float(c.d_model));
        } else if (is_norm) {  // near-unit scales, small shifts: exercises the affine part
            for (int64_t i = 0; i < t.numel(); i++) t[i] = (is_bias ? 0.0f : 1.0f) + 0.1f * rng.normal();
        } else if (is_bias) {
            for (int64_t i = 0; i < t.numel(); i++) t[i] = 0.05f * rng.normal();
        } else {  // Xavier-uniform
            const float a = std::sqrt(6.0f / float(shape[0] + shape[1]));
            for (int64_t i = 0; i < t.numel(); i++) t[i] = a * (2.0f * rng.uniform() - 1.0f);
        }
        m.emplace(name, std::move(t));
    }
    return m;
}

Status Transformer::create(const TransformerConfig & cfg, TensorMap tensors, Transformer * out) {
    return create(cfg, std::move(tensors), CompactMap{}, out);
}

Status Transformer::create(const TransformerConfig & cfg, TensorMap tensors, CompactMap compact, Transformer * out) {
    if (Status st = cfg.validate(); !st) return st;
    // A compact matrix stands in for its float32 tensor: each expected name is in one of the two.
    std::vector<std::pair<std::string, Shape>> expected_f32;
    size_t compact_expected = 0;
    for (const auto & [name, shape] : expected_tensors(cfg)) {
        auto it = compact.find(name);
        if (it == compact.end()) {
            expected_f32.push_back({name, shape});
            continue;
        }
        if (it->second.shape() != shape)
            return Status::error("weights: tensor " + name + " has shape " + it->second.shape().str() + ", expected " +
                                 shape.str());
        compact_expected++;
    }
    if (compact_expected != compact.size()) return Status::error("weights: a compact tensor this configuration does not have");
    if (Status st = check_tensor_set(expected_f32, tensors); !st) return st;
    out->m_cfg = cfg;
    out->m_tensors = std::move(tensors);
    out->m_compact = std::move(compact);
    return out->bind();
}

Tensor Transformer::widened(const std::string & name) const {
    if (auto it = m_compact.find(name); it != m_compact.end()) return it->second.widen();
    return m_tensors.at(name);
}

BlockContext Transformer::inference_context(Compute & cc) const {
    BlockContext ctx{cc, m_tensors, nullptr, m_cfg, m_positions};
    ctx.compact = &m_compact;
    return ctx;
}

Status Transformer::bind() {
    auto get = [&](const std::string & n) -> ConstView { return m_tensors.at(n).cview(); };
    auto matrix = [&](const std::string & n) -> WeightView {
        if (auto it = m_compact.find(n); it != m_compact.end()) return it->second.view();
        return get(n);
    };
    auto linear = [&](const std::string & p) { return LinearWeights{matrix(p + "/weight"), get(p + "/bias")}; };
    auto norm = [&](const std::string & p) { return NormWeights{get(p + "/weight"), get(p + "/bias")}; };
    auto attention = [&](const std::string & p) {
        return AttentionWeights{linear(p + "/q"), linear(p + "/k"), linear(p + "/v"), linear(p + "/o")};
    };
    const TransformerConfig & c = m_cfg;
    // Views for the incremental decoder (decode_step); the full passes read the tensors by name.
    m_tgt_embed = matrix("decoder/embed/weight");
    m_generator_w = matrix(generator_weight_name(c));
    m_generator_b = get("generator/bias");
    m_dec.clear();
    for (int i = 0; i < c.decoder_layers; i++) {
        const std::string p = layer_prefix("decoder", i);
        m_dec.push_back({attention(p + "self_attn"), attention(p + "cross_attn"), norm(p + "self_attn_norm"),
                         norm(p + "cross_attn_norm"), norm(p + "ffn_norm"), linear(p + "ffn/fc1"),
                         linear(p + "ffn/fc2")});
    }
    if (c.norm == NormPlacement::Pre) m_dec_final = norm("decoder/final_norm");
    m_positions = sinusoidal_positions(c.max_positions, c.d_model);
    return Status::success();
}

int64_t Transformer::parameter_count(const TransformerConfig & cfg) {
    int64_t n = 0;
    for (const auto & [name, shape] : expected_tensors(cfg)) n += shape.numel();
    return n;
}

int64_t Transformer::parameter_count() const {
    int64_t n = 0;
    for (const auto & [name, t] : m_tensors) n += t.numel();
    for (const auto & [name, t] : m_compact) n += t.shape().numel();
    return n;
}

Status Transformer::load(const std::string & path, Transformer * out, bool keep_compact) {
    if (!keep_compact) return load_model_file<TransformerConfig>(path, kFormat, "a Transformer", out, &out->m_metadata);
    TensorMap tensors;
    CompactMap compact;
    std::string config_json;
    std::map<std::string, std::string> meta;
    if (Status st = read_model_file(path, kFormat, "a Transformer", &tensors, &config_json, &meta, &compact); !st) return st;
    TransformerConfig cfg;
    if (Status st = TransformerConfig::from_json(config_json, &cfg); !st) return Status::error(path + ": " + st.message);
    if (Status st = create(cfg, std::move(tensors), std::move(compact), out); !st) return Status::error(path + ": " + st.message);
    out->m_metadata = std::move(meta);
    return Status::success();
}

Status Transformer::save(const std::string & path, StoreAs store_as) const {
    if (m_compact.empty()) return write_model_file(path, kFormat, m_cfg.to_json(), m_tensors, m_metadata, store_as);
    TensorMap all = m_tensors;
    for (const auto & [name, t] : m_compact) all.emplace(name, t.widen());
    return write_model_file(path, kFormat, m_cfg.to_json(), all, m_metadata, store_as);
}

// ---- [SECTION] embeddings and positions -------------------------------------------------------

// x(T, D) = table[ids] · √D + PE[first_position .. first_position + T)
void Transformer::embed(Compute & cc, const WeightView & table, const std::vector<int32_t> & ids, int first_position,
                        Tensor * x) const {
    const int64_t T = int64_t(ids.size()), D = m_cfg.d_model;
    *x = Tensor({T, D});
    cc.embedding(table, ids.data(), T, *x);
    if (m_cfg.scale_embeddings) {
        const float s = std::sqrt(float(D));
        for (int64_t i = 0; i < x->numel(); i++) (*x)[i] *= s;
    }
    cc.add(*x, ConstView(m_positions.data() + int64_t(first_position) * D, {T, D}), *x);
}

// ---- [SECTION] trace recording ----------------------------------------------------------------

static void record_maps(AttentionTrace * trace, const char * kind, int layer, const Tensor & probs) {
    const int H = int(probs.shape()[1]), rows = int(probs.shape()[2]), cols = int(probs.shape()[3]);
    for (int h = 0; h < H; h++) {
        AttentionMap m{kind, layer, h, rows, cols, {}};
        const float * p = probs.data() + int64_t(h) * rows * cols;
        m.values.assign(p, p + int64_t(rows) * cols);
        trace->maps.push_back(std::move(m));
    }
}

static std::vector<float> head_columns(ConstView x, int head, int dh) {
    std::vector<float> out;
    out.reserve(size_t(x.rows()) * dh);
    for (int64_t r = 0; r < x.rows(); r++) out.insert(out.end(), x.row(r) + head * dh, x.row(r) + (head + 1) * dh);
    return out;
}

static void record_qkv(AttentionTrace * trace, const char * kind, int layer, int heads, ConstView xq, ConstView xkv,
                       ConstView q, ConstView k, ConstView v) {
    for (int h = 0; h < heads; h++) {
        if (!trace->wants_qkv(kind, layer, h)) continue;
        QkvCapture c;
        c.kind = kind;
        c.layer = layer;
        c.head = h;
        c.d_model = int(xq.cols());
        c.dh = int(q.cols()) / heads;
        c.q_rows = int(q.rows());
        c.kv_rows = int(k.rows());
        c.x_query.assign(xq.data, xq.data + xq.numel());
        if (!xkv.empty()) c.x_key.assign(xkv.data, xkv.data + xkv.numel());
        c.q = head_columns(q, h, c.dh);
        c.k = head_columns(k, h, c.dh);
        c.v = head_columns(v, h, c.dh);
        c.scale = 1.0f / std::sqrt(float(c.dh));
        trace->qkv.push_back(std::move(c));
    }
}

// ---- [SECTION] encoder -------------------------------------------------------------------------

// One residual sublayer: post-norm x = LN(x + f(x)), pre-norm x = x + f(LN(x)). `f` reads its
// input and writes (T, D) into `out`.
template <class F>
static void residual(Compute & cc, NormPlacement placement, const NormWeights & n, float eps, Tensor * x,
                     Tensor * normed, Tensor * out, F && f) {
    if (placement == NormPlacement::Pre) {
        *normed = Tensor(x->shape());
        cc.layer_norm(*x, n.weight, n.bias, eps, *normed);
        f(ConstView(*normed), out);
        cc.add(*x, *out, *x);
    } else {
        f(ConstView(*x), out);
        cc.add(*out, *x, *out);
        cc.layer_norm(*out, n.weight, n.bias, eps, *x);
    }
}

void Transformer::encode(Compute & cc, const std::vector<int32_t> & src, EncoderOutput * out,
                         AttentionTrace * trace) const {
    const TransformerConfig & c = m_cfg;
    const int64_t S = int64_t(src.size()), D = c.d_model;
    BlockContext ctx = inference_context(cc);
    TransformerPass pass(c);
    pass.encode(ctx, src, 1, int(S), Mask::none());
    if (trace)
        for (int l = 0; l < c.encoder_layers; l++) {
            const MultiHeadAttention & a = pass.enc[size_t(l)].attn;
            record_maps(trace, "encoder_self", l, a.probs);
            record_qkv(trace, "encoder_self", l, c.heads, a.xq, a.xkv, a.qp, a.kp, a.vp);
        }
    out->memory = std::move(pass.memory);
    out->cross_k.assign(size_t(c.decoder_layers), Tensor());
    out->cross_v.assign(size_t(c.decoder_layers), Tensor());
    for (int l = 0; l < c.decoder_layers; l++) {
        const AttentionWeights & w = m_dec[size_t(l)].cross_attn;
        out->cross_k[size_t(l)] = Tensor({S, D});
        out->cross_v[size_t(l)] = Tensor({S, D});
        cc.linear(out->memory, w.k.weight, w.k.bias, out->cross_k[size_t(l)]);
        cc.linear(out->memory, w.v.weight, w.v.bias, out->cross_v[size_t(l)]);
    }
}

// ---- [SECTION] decoder (full pass and incremental step) ---------------------------------------

void Transformer::decode_full(Compute & cc, const EncoderOutput & enc, const std::vector<int32_t> & tgt_in,
                              Tensor * logits, AttentionTrace * trace) const {
    const TransformerConfig & c = m_cfg;
    BlockContext ctx = inference_context(cc);
    TransformerPass pass(c);
    pass.memory = enc.memory;
    pass.decode(ctx, tgt_in, 1, int(tgt_in.size()), Mask::none(), logits);
    if (!trace) return;
    for (int l = 0; l < c.decoder_layers; l++) {
        const DecoderBlock & L = pass.dec[size_t(l)];
        record_maps(trace, "decoder_self", l, L.self_attn.probs);
        record_qkv(trace, "decoder_self", l, c.heads, L.self_attn.xq, L.self_attn.xkv, L.self_attn.qp, L.self_attn.kp,
                   L.self_attn.vp);
        record_maps(trace, "cross", l, L.cross_attn.probs);
        record_qkv(trace, "cross", l, c.heads, L.cross_attn.xq, L.cross_attn.xkv, L.cross_attn.qp, L.cross_attn.kp,
                   L.cross_attn.vp);
    }
}

DecoderCache Transformer::new_cache() const {
    DecoderCache cache;
    for (int l = 0; l < m_cfg.decoder_layers; l++) {
        cache.self_k.emplace_back(Shape{m_cfg.max_positions, m_cfg.d_model});
        cache.self_v.emplace_back(Shape{m_cfg.max_positions, m_cfg.d_model});
    }
    return cache;
}

void Transformer::decode_step(Compute & cc, const EncoderOutput & enc, DecoderCache & cache, int32_t token,
                              Tensor * logits) const {
    const TransformerConfig & c = m_cfg;
    const int64_t D = c.d_model, t = cache.length;
    Tensor x, normed, sub, hidden;
    AttentionActivations act;
    embed(cc, m_tgt_embed, {token}, int(t), &x);
    for (int l = 0; l < c.decoder_layers; l++) {
        const DecoderLayer & L = m_dec[size_t(l)];
        residual(cc, c.norm, L.self_attn_norm, c.layer_norm_eps, &x, &normed, &sub, [&](ConstView in, Tensor * o) {
            // Only the new position's key and value are computed; earlier ones come from the cache.
            TensorView k_row(cache.self_k[size_t(l)].data() + t * D, {1, D});
            TensorView v_row(cache.self_v[size_t(l)].data() + t * D, {1, D});
            cc.linear(in, L.self_attn.k.weight, L.self_attn.k.bias, k_row);
            cc.linear(in, L.self_attn.v.weight, L.self_attn.v.bias, v_row);
            *o = Tensor({1, D});
            // All t+1 keys are at or before the query's position: no mask needed.
            multi_head_attention(cc, L.self_attn, c.heads, in, ConstView(), Mask::none(), &act, *o,
                                 ConstView(cache.self_k[size_t(l)].data(), {t + 1, D}),
                                 ConstView(cache.self_v[size_t(l)].data(), {t + 1, D}));
        });
        residual(cc, c.norm, L.cross_attn_norm, c.layer_norm_eps, &x, &normed, &sub, [&](ConstView in, Tensor * o) {
            *o = Tensor({1, D});
            multi_head_attention(cc, L.cross_attn, c.heads, in, ConstView(), Mask::none(), &act, *o,
                                 enc.cross_k[size_t(l)], enc.cross_v[size_t(l)]);
        });
        residual(cc, c.norm, L.ffn_norm, c.layer_norm_eps, &x, &normed, &sub, [&](ConstView in, Tensor * o) {
            *o = Tensor({1, D});
            feed_forward(cc, L.fc1, L.fc2, c.activation == Activation::Gelu, in, &hidden, *o);
        });
    }
    if (c.norm == NormPlacement::Pre) {
        Tensor y({1, D});
        cc.layer_norm(x, m_dec_final.weight, m_dec_final.bias, c.layer_norm_eps, y);
        x = std::move(y);
    }
    *logits = Tensor({1, int64_t(c.tgt_vocab)});
    cc.linear(x, m_generator_w, m_generator_b, *logits);
    cache.length++;
}

} // namespace attn
