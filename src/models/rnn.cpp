#include "models/rnn.h"

#include "core/clock.h"
#include "core/rng.h"
#include "models/model_file.h"

#include <cmath>
#include <limits>

namespace attn {

// ---- [SECTION] weights ------------------------------------------------------------------------

static void add_gru(std::vector<std::pair<std::string, Shape>> & v, const std::string & scope, int64_t in, int64_t n) {
    v.push_back({scope + "/w_ih", Shape{3 * n, in}});
    v.push_back({scope + "/w_hh", Shape{3 * n, n}});
    v.push_back({scope + "/b_ih", Shape{3 * n}});
    v.push_back({scope + "/b_hh", Shape{3 * n}});
}

std::vector<std::pair<std::string, Shape>> RnnModel::expected_tensors(const RnnConfig & c) {
    const int64_t m = c.embed, n = c.hidden, a = c.align, l = c.output, ctx = c.context_size();
    std::vector<std::pair<std::string, Shape>> v = {
        {"src_embed/weight", Shape{c.src_vocab, m}},
        {"tgt_embed/weight", Shape{c.tgt_vocab, m}},
        {"decoder/init/weight", Shape{n, n}},
        {"decoder/init/bias", Shape{n}},
        {"output/hidden/weight", Shape{l, n + ctx + m}},
        {"output/hidden/bias", Shape{l}},
        {"output/proj/weight", Shape{c.tgt_vocab, l}},
        {"output/proj/bias", Shape{c.tgt_vocab}},
    };
    add_gru(v, "encoder/fwd", m, n);
    add_gru(v, "decoder/gru", m + ctx, n);
    if (c.attention) {
        add_gru(v, "encoder/bwd", m, n);
        v.push_back({"attention/w_a", Shape{a, n}});
        v.push_back({"attention/u_a/weight", Shape{a, 2 * n}});
        v.push_back({"attention/u_a/bias", Shape{a}});
        v.push_back({"attention/v_a", Shape{a}});
    }
    return v;
}

int64_t RnnModel::parameter_count(const RnnConfig & cfg) {
    int64_t total = 0;
    for (const auto & [name, shape] : expected_tensors(cfg)) total += shape.numel();
    return total;
}

// PyTorch's defaults: GRU weights and biases U(±1/√n), Xavier-uniform linears, N(0, 1/m)
// embeddings; v_a = 0 as in the paper, so every alignment starts uniform.
TensorMap RnnModel::random_weights(const RnnConfig & c, uint64_t seed) {
    TensorMap m;
    Rng rng(seed);
    for (const auto & [name, shape] : expected_tensors(c)) {
        Tensor t(shape);
        const bool gru = name.rfind("encoder/", 0) == 0 || name.rfind("decoder/gru", 0) == 0;
        const bool bias = name.size() > 5 && name.compare(name.size() - 5, 5, "/bias") == 0;
        if (name == "attention/v_a") {
            // zeros
        } else if (name.find("embed") != std::string::npos) {
            for (int64_t i = 0; i < t.numel(); i++) t[i] = rng.normal() / std::sqrt(float(c.embed));
        } else if (gru) {
            const float k = 1.0f / std::sqrt(float(c.hidden));
            for (int64_t i = 0; i < t.numel(); i++) t[i] = k * (2.0f * rng.uniform() - 1.0f);
        } else if (bias) {
            for (int64_t i = 0; i < t.numel(); i++) t[i] = 0.01f * rng.normal();
        } else {
            const float a = std::sqrt(6.0f / float(shape[0] + shape[1]));
            for (int64_t i = 0; i < t.numel(); i++) t[i] = a * (2.0f * rng.uniform() - 1.0f);
        }
        m.emplace(name, std::move(t));
    }
    return m;
}

Status RnnModel::create(const RnnConfig & cfg, TensorMap tensors, RnnModel * out) {
    if (Status st = cfg.validate(); !st) return st;
    if (Status st = check_tensor_set(expected_tensors(cfg), tensors); !st) return st;
    out->m_cfg = cfg;
    out->m_tensors = std::move(tensors);
    return Status::success();
}

Status RnnModel::load(const std::string & path, RnnModel * out) {
    return load_model_file<RnnConfig>(path, kFormat, "an RNN", out, &out->m_metadata);
}

Status RnnModel::save(const std::string & path, StoreAs store_as) const {
    return write_model_file(path, kFormat, m_cfg.to_json(), m_tensors, m_metadata, store_as);
}

GruWeights RnnModel::gru(const std::string & scope) const {
    return {weight(scope + "/w_ih"), weight(scope + "/w_hh"), weight(scope + "/b_ih"), weight(scope + "/b_hh")};
}

void concat_columns(std::initializer_list<ConstView> parts, Tensor * out) {
    const int64_t N = parts.begin()->rows();
    int64_t cols = 0;
    for (const ConstView & p : parts) cols += p.cols();
    *out = Tensor({N, cols});
    int64_t at = 0;
    for (const ConstView & p : parts) {
        for (int64_t r = 0; r < N; r++) std::copy(p.row(r), p.row(r) + p.cols(), out->data() + r * cols + at);
        at += p.cols();
    }
}

// ---- [SECTION] encoder ------------------------------------------------------------------------

void RnnModel::encode(Compute & cc, const std::vector<int32_t> & src, const std::vector<int> & src_len, int B, int S,
                      bool keep_caches, bool time_steps, RnnEncoding * out) const {
    RnnEncoding & e = *out;
    const int64_t n = m_cfg.hidden, m = m_cfg.embed, SB = int64_t(S) * B;
    e = RnnEncoding{};
    e.B = B, e.S = S;
    e.keep.assign(size_t(SB), 0.0f);
    e.ids.assign(size_t(SB), m_cfg.pad_id);
    for (int b = 0; b < B; b++)
        for (int t = 0; t < S; t++) {
            e.ids[size_t(t * B + b)] = src[size_t(b * S + t)];
            e.keep[size_t(t * B + b)] = t < src_len[size_t(b)] ? 1.0f : 0.0f;
        }
    e.x = Tensor({SB, m});
    cc.embedding(weight("src_embed/weight"), e.ids.data(), SB, e.x);

    // The input side of every step at once: one (S·B, m)·(m, 3n) product per direction.
    // The recurrent side cannot be batched over time: step t needs the state of step t − 1.
    const auto run = [&](const std::string & scope, bool backwards, Tensor * states, std::vector<GruStepCache> * caches) {
        const GruWeights w = gru(scope);
        Tensor gx({SB, 3 * n});
        cc.linear(e.x, w.w_ih, w.b_ih, gx);
        *states = Tensor({SB, n});
        if (keep_caches) caches->assign(size_t(S), GruStepCache{});
        Tensor h({int64_t(B), n});
        for (int i = 0; i < S; i++) {
            const double started = now_ms();
            const int t = backwards ? S - 1 - i : i;
            TensorView h_out(states->data() + int64_t(t) * B * n, {int64_t(B), n});
            gru_step(cc, w, ConstView(gx.data() + int64_t(t) * B * 3 * n, {int64_t(B), 3 * n}), h,
                     e.keep.data() + size_t(t) * B, h_out, keep_caches ? &(*caches)[size_t(t)] : nullptr);
            std::copy(h_out.data, h_out.data + B * n, h.data());
            if (time_steps) {
                const double ms = ms_since(started);
                if (e.step_ms.size() < size_t(S)) e.step_ms.resize(size_t(S), 0.0);
                e.step_ms[size_t(t)] += ms;
            }
        }
    };
    run("encoder/fwd", false, &e.fwd, &e.fwd_cache);
    // C: the forward state after each sentence's last token (padded steps copied it through).
    e.context_c = Tensor({int64_t(B), n});
    std::copy(e.fwd.data() + (SB - B) * n, e.fwd.data() + SB * n, e.context_c.data());
    if (m_cfg.attention) {
        run("encoder/bwd", true, &e.bwd, &e.bwd_cache);
        e.annotations = Tensor({int64_t(B), int64_t(S), 2 * n});
        for (int b = 0; b < B; b++)
            for (int t = 0; t < S; t++) {
                float * a = e.annotations.data() + (int64_t(b) * S + t) * 2 * n;
                const int64_t row = int64_t(t) * B + b;
                std::copy(e.fwd.data() + row * n, e.fwd.data() + (row + 1) * n, a);
                std::copy(e.bwd.data() + row * n, e.bwd.data() + (row + 1) * n, a + n);
            }
        e.uh = Tensor({int64_t(B), int64_t(S), int64_t(m_cfg.align)});
        cc.linear(e.annotations, weight("attention/u_a/weight"), weight("attention/u_a/bias"), e.uh);
        e.init_in = Tensor({int64_t(B), n});  // ←h_1, the backward state at the first word (the paper's choice)
        std::copy(e.bwd.data(), e.bwd.data() + int64_t(B) * n, e.init_in.data());
    } else {
        e.init_in = e.context_c;
    }
    e.s0 = Tensor({int64_t(B), n});
    cc.linear(e.init_in, weight("decoder/init/weight"), weight("decoder/init/bias"), e.s0);
    cc.tanh(e.s0, e.s0);
}

// ---- [SECTION] decoder ------------------------------------------------------------------------

void RnnModel::decoder_step(Compute & cc, const RnnEncoding & enc, ConstView s_prev, const int32_t * y_prev, Tensor * s,
                            Tensor * ctx, RnnStepCache * cache) const {
    const int64_t B = enc.B, S = enc.S, n = m_cfg.hidden, m = m_cfg.embed, A = m_cfg.align, C = m_cfg.context_size();
    Tensor e({B, m});
    cc.embedding(weight("tgt_embed/weight"), y_prev, B, e);
    *ctx = Tensor({B, C});
    Tensor ws, tanh_a, alpha;
    if (m_cfg.attention) {
        // e_ij = v_aᵀ tanh(W_a s_{i-1} + U_a h_j);  α_i = softmax_j(e_i);  c_i = Σ_j α_ij h_j
        ws = Tensor({B, A});
        cc.linear(s_prev, weight("attention/w_a"), ConstView(), ws);
        tanh_a = Tensor({B, S, A});
        alpha = Tensor({B, S});
        const ConstView va = weight("attention/v_a");
        for (int64_t b = 0; b < B; b++) {
            float * scores = alpha.data() + b * S;
            float best = -std::numeric_limits<float>::infinity();
            for (int64_t j = 0; j < S; j++) {
                if (enc.keep[size_t(j * B + b)] == 0.0f) { scores[j] = -std::numeric_limits<float>::infinity(); continue; }
                const float * u = enc.uh.data() + (b * S + j) * A;
                float * th = tanh_a.data() + (b * S + j) * A;
                float sum = 0.0f;
                for (int64_t a = 0; a < A; a++) {
                    th[a] = std::tanh(ws[b * A + a] + u[a]);
                    sum += va[a] * th[a];
                }
                scores[j] = sum;
                best = std::max(best, sum);
            }
            if (cache) {  // the step-through shows the scores the softmax turns into α
                if (b == 0) cache->energy = Tensor({B, S});
                std::copy(scores, scores + S, cache->energy.data() + b * S);
            }
            float z = 0.0f;
            for (int64_t j = 0; j < S; j++) z += scores[j] = enc.keep[size_t(j * B + b)] ? std::exp(scores[j] - best) : 0.0f;
            for (int64_t j = 0; j < S; j++) scores[j] /= z;
            float * c = ctx->data() + b * C;
            for (int64_t j = 0; j < S; j++) {
                const float * h = enc.annotations.data() + (b * S + j) * C;
                if (scores[j] != 0.0f)
                    for (int64_t k = 0; k < C; k++) c[k] += scores[j] * h[k];
            }
        }
    } else {
        std::copy(enc.context_c.data(), enc.context_c.data() + B * C, ctx->data());  // always the same C
    }
    Tensor xin, gx({B, 3 * n});
    concat_columns({e, *ctx}, &xin);
    const GruWeights w = gru("decoder/gru");
    cc.linear(xin, w.w_ih, w.b_ih, gx);
    *s = Tensor({B, n});
    gru_step(cc, w, gx, s_prev, nullptr, *s, cache ? &cache->gru : nullptr);
    if (cache) {
        cache->y_prev.assign(y_prev, y_prev + B);
        cache->s_prev = Tensor({B, n});
        std::copy(s_prev.data, s_prev.data + B * n, cache->s_prev.data());
        cache->e = std::move(e);
        cache->xin = std::move(xin);
        cache->ws = std::move(ws);
        cache->tanh_a = std::move(tanh_a);
        cache->alpha = std::move(alpha);
    }
}

void RnnModel::output(Compute & cc, ConstView s, ConstView ctx, ConstView e, Tensor * hidden, Tensor * logits) const {
    Tensor o;
    concat_columns({s, ctx, e}, &o);
    *hidden = Tensor({o.rows(), int64_t(m_cfg.output)});
    cc.linear(o, weight("output/hidden/weight"), weight("output/hidden/bias"), *hidden);
    cc.tanh(*hidden, *hidden);
    *logits = Tensor({o.rows(), int64_t(m_cfg.tgt_vocab)});
    cc.linear(*hidden, weight("output/proj/weight"), weight("output/proj/bias"), *logits);
}

} // namespace attn
