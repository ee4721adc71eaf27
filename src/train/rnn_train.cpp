#include "train/rnn_train.h"

#include "nn/grad_fast.h"
#include "nn/grad_ops.h"

#include <cmath>

namespace attn {

namespace {

// The whole teacher-forced pass for one batch, and what backward needs of it.
struct Pass {
    const RnnModel & model;
    const RnnConfig & cfg;
    int B = 0, S = 0, T = 0;
    RnnEncoding enc;
    std::vector<RnnStepCache> steps;  // T
    Tensor s_all, c_all, e_all;       // (T·B, n), (T·B, ctx), (T·B, m), time-major
    Tensor hidden, logits;            // (T·B, l), (T·B, V)
    std::vector<int32_t> targets;     // (T·B), time-major

    Pass(const RnnModel & m) : model(m), cfg(m.config()) {}

    double forward(Compute & cc, const PaddedBatch & b, float smoothing, Tensor * dlogits) {
        B = b.B, S = b.S, T = b.T;
        const int64_t n = cfg.hidden, m = cfg.embed, C = cfg.context_size(), TB = int64_t(T) * B;
        model.encode(cc, b.src, b.src_len, B, S, /*keep_caches=*/dlogits != nullptr, false, &enc);
        s_all = Tensor({TB, n}), c_all = Tensor({TB, C}), e_all = Tensor({TB, m});
        targets.assign(size_t(TB), cfg.pad_id);
        steps.assign(size_t(T), RnnStepCache{});
        Tensor s = enc.s0;
        std::vector<int32_t> y(static_cast<size_t>(B));
        for (int i = 0; i < T; i++) {
            for (int r = 0; r < B; r++) {
                y[size_t(r)] = b.tgt_in[size_t(r * T + i)];
                targets[size_t(i * B + r)] = b.tgt_out[size_t(r * T + i)];
            }
            Tensor s_next, ctx;
            model.decoder_step(cc, enc, s, y.data(), &s_next, &ctx, &steps[size_t(i)]);
            std::copy(s_next.data(), s_next.data() + B * n, s_all.data() + int64_t(i) * B * n);
            std::copy(ctx.data(), ctx.data() + B * C, c_all.data() + int64_t(i) * B * C);
            std::copy(steps[size_t(i)].e.data(), steps[size_t(i)].e.data() + B * m, e_all.data() + int64_t(i) * B * m);
            s = std::move(s_next);
        }
        model.output(cc, s_all, c_all, e_all, &hidden, &logits);
        if (dlogits) *dlogits = Tensor(logits.shape());
        return cross_entropy(logits, targets.data(), TB, cfg.pad_id, smoothing,
                             dlogits ? TensorView(*dlogits) : TensorView());
    }

    // Backward through one GRU step: dh_out -> dh_prev (B, n), dgx (B, 3n); W_hh, b_hh grads.
    static void gru_backward(Compute & cc, const GruWeights & w, const GruStepCache & c, const float * keep,
                             ConstView dh_out, TensorView dgx, Tensor * dh_prev, TensorView dw_hh, TensorView db_hh) {
        const int64_t B = c.h_prev.rows(), n = c.h_prev.cols();
        Tensor dgh({B, 3 * n}), direct({B, n}), through({B, n});
        gru_gates_backward(c, keep, dh_out, dgx, dgh, direct);
        linear_backward_fast(cc, c.h_prev, w.w_hh, dgh, through, dw_hh, db_hh);
        *dh_prev = Tensor({B, n});
        cc.add(direct, through, *dh_prev);
    }

    void backward(Compute & cc, const Tensor & dlogits, TensorMap & g) {
        const int64_t n = cfg.hidden, m = cfg.embed, C = cfg.context_size(), A = cfg.align;
        const int64_t SB = int64_t(S) * B;
        auto grad = [&](const std::string & name) -> TensorView { return g.at(name); };

        // Output layer: logits = W_p·t + b, t = tanh(W_h·[s; c; e] + b).
        Tensor dhidden(hidden.shape());
        linear_backward_fast(cc, hidden, model.weight("output/proj/weight"), dlogits, dhidden,
                             grad("output/proj/weight"), grad("output/proj/bias"));
        for (int64_t i = 0; i < dhidden.numel(); i++) dhidden[i] *= 1.0f - hidden[i] * hidden[i];
        Tensor o, d_o;
        concat_columns({s_all, c_all, e_all}, &o);
        d_o = Tensor(o.shape());
        linear_backward_fast(cc, o, model.weight("output/hidden/weight"), dhidden, d_o,
                             grad("output/hidden/weight"), grad("output/hidden/bias"));

        // Decoder steps, last to first. ds carries d(loss)/d(s_i) from the steps after i.
        Tensor ds({int64_t(B), n}), dC({int64_t(B), n});
        Tensor dannot = cfg.attention ? Tensor({int64_t(B), int64_t(S), C}) : Tensor();
        Tensor duh = cfg.attention ? Tensor({int64_t(B), int64_t(S), A}) : Tensor();
        const GruWeights dec = model.gru("decoder/gru");
        const int64_t W = n + C + m;
        for (int i = T - 1; i >= 0; i--) {
            const RnnStepCache & st = steps[size_t(i)];
            for (int64_t r = 0; r < B; r++)
                for (int64_t k = 0; k < n; k++) ds[r * n + k] += d_o[(int64_t(i) * B + r) * W + k];
            Tensor dgx({int64_t(B), 3 * n}), ds_prev;
            gru_backward(cc, dec, st.gru, nullptr, ds, dgx, &ds_prev, grad("decoder/gru/w_hh"), grad("decoder/gru/b_hh"));
            Tensor dxin(st.xin.shape());
            linear_backward_fast(cc, st.xin, dec.w_ih, dgx, dxin, grad("decoder/gru/w_ih"), grad("decoder/gru/b_ih"));
            // Split [E y; c]: both halves also feed the output layer.
            Tensor de({int64_t(B), m}), dc({int64_t(B), C});
            for (int64_t r = 0; r < B; r++) {
                const float * out_row = d_o.data() + (int64_t(i) * B + r) * W;
                for (int64_t k = 0; k < m; k++) de[r * m + k] = dxin[r * (m + C) + k] + out_row[n + C + k];
                for (int64_t k = 0; k < C; k++) dc[r * C + k] = dxin[r * (m + C) + m + k] + out_row[n + k];
            }
            embedding_backward(st.y_prev.data(), B, de, grad("tgt_embed/weight"));
            if (cfg.attention) {
                attention_backward(st, dc, dannot, duh, ds_prev, cc, g);
            } else {
                cc.add(dC, dc, dC);
            }
            ds = std::move(ds_prev);
        }

        // s_0 = tanh(W_init·init_in + b).
        for (int64_t k = 0; k < ds.numel(); k++) ds[k] *= 1.0f - enc.s0[k] * enc.s0[k];
        Tensor dinit(enc.init_in.shape());
        linear_backward_fast(cc, enc.init_in, model.weight("decoder/init/weight"), ds, dinit,
                             grad("decoder/init/weight"), grad("decoder/init/bias"));

        // Gradients on the encoder states, time-major like the states.
        Tensor dfwd({SB, n}), dbwd = cfg.attention ? Tensor({SB, n}) : Tensor();
        if (cfg.attention) {
            Tensor dannot_u(dannot.shape());
            linear_backward_fast(cc, enc.annotations, model.weight("attention/u_a/weight"), duh, dannot_u,
                                 grad("attention/u_a/weight"), grad("attention/u_a/bias"));
            cc.add(dannot, dannot_u, dannot);
            for (int64_t b = 0; b < B; b++)
                for (int64_t t = 0; t < S; t++) {
                    const float * d = dannot.data() + (b * S + t) * C;
                    const int64_t row = t * B + b;
                    for (int64_t k = 0; k < n; k++) dfwd[row * n + k] += d[k], dbwd[row * n + k] += d[n + k];
                }
            for (int64_t k = 0; k < int64_t(B) * n; k++) dbwd[k] += dinit[k];  // init_in = ←h at t = 0
        } else {
            cc.add(dC, dinit, dC);  // C feeds s_0 and every step
            // C is the forward state at the last time step (padding copied each sentence's through).
            for (int64_t k = 0; k < int64_t(B) * n; k++) dfwd[(SB - B) * n + k] += dC[k];
        }

        Tensor dx(enc.x.shape());
        encoder_backward(cc, "encoder/fwd", false, enc.fwd_cache, dfwd, g, &dx);
        if (cfg.attention) {
            Tensor dx_b(enc.x.shape());
            encoder_backward(cc, "encoder/bwd", true, enc.bwd_cache, dbwd, g, &dx_b);
            cc.add(dx, dx_b, dx);
        }
        embedding_backward(enc.ids.data(), SB, dx, grad("src_embed/weight"));
    }

    // c_i = Σ_j α_ij h_j, α_i = softmax(v_aᵀ tanh(ws_i + uh_j)), ws_i = W_a·s_{i-1}.
    void attention_backward(const RnnStepCache & st, const Tensor & dc, Tensor & dannot, Tensor & duh, Tensor & ds_prev,
                            Compute & cc, TensorMap & g) {
        const int64_t C = cfg.context_size(), A = cfg.align, n = cfg.hidden;
        const ConstView va = model.weight("attention/v_a");
        TensorView dva = g.at("attention/v_a");
        Tensor dws({int64_t(B), A});
        std::vector<float> dalpha(static_cast<size_t>(S));
        for (int64_t b = 0; b < B; b++) {
            const float * alpha = st.alpha.data() + b * S;
            const float * dcb = dc.data() + b * C;
            float dot = 0.0f;
            for (int64_t j = 0; j < S; j++) {
                if (alpha[j] == 0.0f) { dalpha[size_t(j)] = 0.0f; continue; }
                const float * h = enc.annotations.data() + (b * S + j) * C;
                float * dh = dannot.data() + (b * S + j) * C;
                float d = 0.0f;
                for (int64_t k = 0; k < C; k++) d += dcb[k] * h[k], dh[k] += alpha[j] * dcb[k];
                dalpha[size_t(j)] = d;
                dot += alpha[j] * d;
            }
            for (int64_t j = 0; j < S; j++) {
                if (alpha[j] == 0.0f) continue;
                const float dscore = alpha[j] * (dalpha[size_t(j)] - dot);
                const float * th = st.tanh_a.data() + (b * S + j) * A;
                float * du = duh.data() + (b * S + j) * A;
                for (int64_t a = 0; a < A; a++) {
                    dva.data[a] += dscore * th[a];
                    const float dpre = dscore * va[a] * (1.0f - th[a] * th[a]);
                    dws[b * A + a] += dpre;
                    du[a] += dpre;
                }
            }
        }
        Tensor ds_att({int64_t(B), n});
        linear_backward_fast(cc, st.s_prev, model.weight("attention/w_a"), dws, ds_att, g.at("attention/w_a"), TensorView());
        cc.add(ds_prev, ds_att, ds_prev);
    }

    // Backpropagation through one encoder direction; dstates(S·B, n) time-major -> dx(S·B, m).
    void encoder_backward(Compute & cc, const std::string & scope, bool backwards, const std::vector<GruStepCache> & caches,
                          const Tensor & dstates, TensorMap & g, Tensor * dx) {
        const int64_t n = cfg.hidden;
        const GruWeights w = model.gru(scope);
        Tensor dgx({int64_t(S) * B, 3 * n}), dh({int64_t(B), n});
        for (int i = S - 1; i >= 0; i--) {  // reverse of the order the forward ran in
            const int t = backwards ? S - 1 - i : i;
            for (int64_t k = 0; k < int64_t(B) * n; k++) dh[k] += dstates[int64_t(t) * B * n + k];
            Tensor dh_prev;
            gru_backward(cc, w, caches[size_t(t)], enc.keep.data() + size_t(t) * B, dh,
                         TensorView(dgx.data() + int64_t(t) * B * 3 * n, {int64_t(B), 3 * n}), &dh_prev,
                         g.at(scope + "/w_hh"), g.at(scope + "/b_hh"));
            dh = std::move(dh_prev);
        }
        linear_backward_fast(cc, enc.x, w.w_ih, dgx, *dx, g.at(scope + "/w_ih"), g.at(scope + "/b_ih"));
    }
};

} // namespace

double RnnTrainer::forward_backward(const PaddedBatch & batch, Rng &, TensorMap * grads) {
    for (const auto & [name, t] : m_model.tensors()) {
        auto it = grads->find(name);
        if (it == grads->end() || it->second.shape() != t.shape()) (*grads)[name] = Tensor(t.shape());
        else it->second.fill(0.0f);
    }
    Pass p(m_model);
    Tensor dlogits;
    const double loss = p.forward(m_cc, batch, m_smoothing, &dlogits);
    p.backward(m_cc, dlogits, *grads);
    return loss;
}

double RnnTrainer::loss(const PaddedBatch & batch) {
    Pass p(m_model);
    return p.forward(m_cc, batch, m_smoothing, nullptr);
}

} // namespace attn
