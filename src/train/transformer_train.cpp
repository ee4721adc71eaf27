// [SECTION] fast linear backward
// [SECTION] the pieces: embeddings, multi-head attention, feed-forward, residual sublayers
// [SECTION] encoder and decoder layers
// [SECTION] the whole model: forward, loss, backward
#include "train/transformer_train.h"

#include "core/check.h"
#include "nn/grad_ops.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <vector>

namespace attn {

// ---- [SECTION] fast linear backward ------------------------------------------------------------

// out(C, R) = in(R, C)ᵀ, in 32×32 tiles so both sides stay in cache.
static void transpose_into(const float * in, int64_t R, int64_t C, float * out) {
    constexpr int64_t kTile = 32;
    for (int64_t r0 = 0; r0 < R; r0 += kTile)
        for (int64_t c0 = 0; c0 < C; c0 += kTile)
            for (int64_t r = r0; r < std::min(R, r0 + kTile); r++)
                for (int64_t c = c0; c < std::min(C, c0 + kTile); c++) out[c * R + r] = in[r * C + c];
}

void linear_backward_fast(Compute & cc, ConstView x, ConstView w, ConstView dy, TensorView dx, TensorView dw,
                          TensorView db) {
    const int64_t N = x.rows(), K = x.cols(), M = w.rows();
    if (!dx.empty()) cc.matmul(dy.reshaped({N, M}), w, /*trans_b=*/false, dx.reshaped({N, K}));
    if (!db.empty())
        for (int64_t n = 0; n < N; n++)
            for (int64_t m = 0; m < M; m++) db.data[m] += dy.data[n * M + m];
    if (!dw.empty()) {
        // dw(M, K) += dyᵀ·x. matmul has no transposed-A form, so one operand is transposed first;
        // the smaller one: dyᵀ·x directly when M ≤ K, else (xᵀ·dy)ᵀ.
        if (M <= K) {
            Tensor dyt({M, N}), prod({M, K});
            transpose_into(dy.data, N, M, dyt.data());
            cc.matmul(dyt, x.reshaped({N, K}), false, prod);
            cc.add(dw, prod, dw);
        } else {
            Tensor xt({K, N}), prod({K, M}), prod_t({M, K});
            transpose_into(x.data, N, K, xt.data());
            cc.matmul(xt, dy.reshaped({N, M}), false, prod);
            transpose_into(prod.data(), K, M, prod_t.data());
            cc.add(dw, prod_t, dw);
        }
    }
}

// Per (batch b, head h), with the head's columns gathered into contiguous (T, dh) blocks and P the
// forward probabilities (Tq, Tk):
//   dP = dO·Vᵀ,  dS = scale · P ∘ (dP − rowsum(P ∘ dP)),  dQ = dS·K,  dK = dSᵀ·Q,  dV = Pᵀ·dO
void attention_backward_fast(Compute & cc, ConstView q, ConstView k, ConstView v, ConstView probs, ConstView dout,
                             int heads, float scale, TensorView dq, TensorView dk, TensorView dv,
                             const float * extra_dprobs) {
    const int64_t D = q.cols(), H = heads, dh = D / H;
    const int64_t B = q.shape.rank >= 3 ? q.shape[0] : 1;
    const int64_t Tq = q.rows() / B, Tk = probs.cols();
    ATTN_ASSERT(probs.numel() == B * H * Tq * Tk && k.rows() == B * Tk && dq.numel() == q.numel() &&
                    dk.numel() == k.numel() && dv.numel() == v.numel(),
                "attention_backward_fast: q %s, k %s, probs %s", q.shape.str().c_str(), k.shape.str().c_str(),
                probs.shape.str().c_str());
    Tensor Q({Tq, dh}), Kh({Tk, dh}), V({Tk, dh}), dO({Tq, dh}), dP({Tq, Tk}), T1({Tk, Tq});
    Tensor dQ({Tq, dh}), dK({Tk, dh}), dV({Tk, dh});
    auto gather = [&](const float * src, int64_t rows, Tensor & dst) {
        for (int64_t r = 0; r < rows; r++) std::copy(src + r * D, src + r * D + dh, dst.data() + r * dh);
    };
    auto scatter = [&](const Tensor & src, int64_t rows, float * dst) {
        for (int64_t r = 0; r < rows; r++) std::copy(src.data() + r * dh, src.data() + (r + 1) * dh, dst + r * D);
    };
    for (int64_t b = 0; b < B; b++)
        for (int64_t h = 0; h < H; h++) {
            const int64_t qo = b * Tq * D + h * dh, ko = b * Tk * D + h * dh;
            gather(q.data + qo, Tq, Q);
            gather(k.data + ko, Tk, Kh);
            gather(v.data + ko, Tk, V);
            gather(dout.data + qo, Tq, dO);
            const float * P = probs.data + (b * H + h) * Tq * Tk;
            cc.matmul(dO, V, /*trans_b=*/true, dP);
            if (extra_dprobs) {
                const float * e = extra_dprobs + (b * H + h) * Tq * Tk;
                for (int64_t i = 0; i < Tq * Tk; i++) dP[i] += e[i];
            }
            for (int64_t i = 0; i < Tq; i++) {  // dP becomes dS in place
                float * row = dP.data() + i * Tk;
                const float * p = P + i * Tk;
                float dot = 0.0f;
                for (int64_t j = 0; j < Tk; j++) dot += p[j] * row[j];
                for (int64_t j = 0; j < Tk; j++) row[j] = scale * p[j] * (row[j] - dot);
            }
            cc.matmul(dP, Kh, false, dQ);
            transpose_into(dP.data(), Tq, Tk, T1.data());
            cc.matmul(T1, Q, false, dK);
            transpose_into(P, Tq, Tk, T1.data());
            cc.matmul(T1, dO, false, dV);
            scatter(dQ, Tq, dq.data + qo);
            scatter(dK, Tk, dk.data + ko);
            scatter(dV, Tk, dv.data + ko);
        }
}

// ---- [SECTION] the pieces ----------------------------------------------------------------------

namespace {

using Grads = TensorMap;

struct Ctx {
    Compute & cc;
    const TensorMap & w;
    Grads * g;  // null: forward only
    const TransformerConfig & cfg;
    float dropout;
    Rng * rng;  // null: no dropout

    ConstView weight(const std::string & name) const { return w.at(name).cview(); }
    TensorView grad(const std::string & name) const { return g ? g->at(name).view() : TensorView(); }
};

void add_into(Tensor & dst, ConstView src) {
    for (int64_t i = 0; i < dst.numel(); i++) dst[i] += src.data[i];
}

// Dropout as the paper applies it; a no-op (keep = all ones, not even allocated) without it.
struct Dropout {
    Tensor keep;
    void forward(Ctx & c, Tensor & x) {
        if (!c.rng || c.dropout <= 0.0f) { keep = Tensor(); return; }
        keep = Tensor(x.shape());
        dropout_forward(x, c.dropout, *c.rng, keep, x);
    }
    void backward(Tensor & d) const {
        if (keep.numel()) dropout_backward(keep, d, d);
    }
};

// y(B·T, D) = table[ids]·√D + PE[t], then dropout.
struct Embedding {
    std::string table;
    std::vector<int32_t> ids;
    Dropout drop;

    void forward(Ctx & c, const std::vector<int32_t> & tokens, int T, Tensor * y) {
        ids = tokens;
        const int64_t D = c.cfg.d_model, N = int64_t(ids.size());
        *y = Tensor({N, D});
        c.cc.embedding(c.weight(table), ids.data(), N, *y);
        const float s = c.cfg.scale_embeddings ? std::sqrt(float(D)) : 1.0f;
        // PE(t, 2i) = sin(t / 10000^(2i/D)), PE(t, 2i+1) = cos(same), as Transformer::bind builds it.
        std::vector<float> pe(size_t(T) * D);
        for (int64_t t = 0; t < T; t++)
            for (int64_t i = 0; i < D; i += 2) {
                const double angle = double(t) / std::pow(10000.0, double(i) / double(D));
                pe[size_t(t * D + i)] = float(std::sin(angle));
                if (i + 1 < D) pe[size_t(t * D + i + 1)] = float(std::cos(angle));
            }
        for (int64_t r = 0; r < N; r++)
            for (int64_t d = 0; d < D; d++) (*y)[r * D + d] = (*y)[r * D + d] * s + pe[size_t((r % T) * D + d)];
        drop.forward(c, *y);
    }
    void backward(Ctx & c, Tensor & dy) {
        drop.backward(dy);
        if (!c.g) return;
        const float s = c.cfg.scale_embeddings ? std::sqrt(float(c.cfg.d_model)) : 1.0f;
        for (int64_t i = 0; i < dy.numel(); i++) dy[i] *= s;  // positions are constants: no gradient
        embedding_backward(ids.data(), int64_t(ids.size()), dy, c.grad(table));
    }
};

struct Linear {
    std::string name;  // prefix: name + "/weight", name + "/bias"
    void forward(Ctx & c, ConstView x, TensorView y) const {
        c.cc.linear(x, c.weight(name + "/weight"), c.weight(name + "/bias"), y);
    }
    // dx is overwritten (may be empty), parameter grads accumulate.
    void backward(Ctx & c, ConstView x, ConstView dy, TensorView dx) const {
        linear_backward_fast(c.cc, x, c.weight(name + "/weight"), dy, dx, c.grad(name + "/weight"),
                             c.grad(name + "/bias"));
    }
};

// Multi-head attention of xq(B, Tq, D) over xkv(B, Tk, D).
struct MultiHeadAttention {
    Linear q, k, v, o;
    Mask mask;
    int B = 0, Tq = 0, Tk = 0;
    Tensor xq, xkv, qp, kp, vp, probs, ctx;
    Tensor extra_dprobs;  // (B, H, Tq, Tk) when a loss looks at the weights (guided alignment)

    void forward(Ctx & c, ConstView in_q, ConstView in_kv, int batch, const Mask & m, Tensor * out) {
        const int64_t D = c.cfg.d_model, H = c.cfg.heads;
        B = batch;
        Tq = int(in_q.rows() / B);
        Tk = int(in_kv.rows() / B);
        mask = m;
        xq = Tensor({B, Tq, D});
        xkv = Tensor({B, Tk, D});
        std::copy(in_q.data, in_q.data + in_q.numel(), xq.data());
        std::copy(in_kv.data, in_kv.data + in_kv.numel(), xkv.data());
        qp = Tensor({B, Tq, D}); kp = Tensor({B, Tk, D}); vp = Tensor({B, Tk, D});
        q.forward(c, xq, qp);
        k.forward(c, xkv, kp);
        v.forward(c, xkv, vp);
        probs = Tensor({B, H, Tq, Tk});
        ctx = Tensor({B, Tq, D});
        c.cc.attention(qp, kp, vp, int(H), 1.0f / std::sqrt(float(D / H)), mask, probs, ctx);
        *out = Tensor({int64_t(B) * Tq, D});
        o.forward(c, ctx, *out);
    }
    // dout(B·Tq, D) -> dxq (overwritten), dxkv (overwritten; for self-attention the caller adds both)
    void backward(Ctx & c, ConstView dout, Tensor * dxq, Tensor * dxkv) {
        const int64_t D = c.cfg.d_model, H = c.cfg.heads;
        Tensor dctx({B, Tq, D}), dq({B, Tq, D}), dk({B, Tk, D}), dv({B, Tk, D});
        o.backward(c, ctx, dout, dctx);
        attention_backward_fast(c.cc, qp, kp, vp, probs, dctx, int(H), 1.0f / std::sqrt(float(D / H)), dq, dk, dv,
                                extra_dprobs.numel() ? extra_dprobs.data() : nullptr);
        *dxq = Tensor({int64_t(B) * Tq, D});
        *dxkv = Tensor({int64_t(B) * Tk, D});
        Tensor tmp({int64_t(B) * Tk, D});
        q.backward(c, xq, dq, *dxq);
        k.backward(c, xkv, dk, *dxkv);
        v.backward(c, xkv, dv, tmp);
        add_into(*dxkv, tmp);
    }
};

struct FeedForward {
    Linear fc1, fc2;
    Tensor x, pre, act;
    void forward(Ctx & c, ConstView in, Tensor * out) {
        x = Tensor(in.shape);
        std::copy(in.data, in.data + in.numel(), x.data());
        pre = Tensor({x.rows(), int64_t(c.cfg.d_ff)});
        fc1.forward(c, x, pre);
        act = Tensor(pre.shape());
        if (c.cfg.activation == Activation::Gelu) c.cc.gelu(pre, act);
        else c.cc.relu(pre, act);
        *out = Tensor(x.shape());
        fc2.forward(c, act, *out);
    }
    void backward(Ctx & c, ConstView dout, Tensor * dx) {
        Tensor dact(act.shape()), dpre(pre.shape());
        fc2.backward(c, act, dout, dact);
        if (c.cfg.activation == Activation::Gelu) gelu_backward(pre, dact, dpre);
        else relu_backward(pre, dact, dpre);
        *dx = Tensor(x.shape());
        fc1.backward(c, x, dpre, *dx);
    }
};

struct LayerNorm {
    std::string name;
    Tensor x, mean, rstd;
    void forward(Ctx & c, ConstView in, Tensor * out) {
        x = Tensor(in.shape);
        std::copy(in.data, in.data + in.numel(), x.data());
        mean = Tensor({x.rows()});
        rstd = Tensor({x.rows()});
        *out = Tensor(x.shape());
        layer_norm_forward_train(x, c.weight(name + "/weight"), c.weight(name + "/bias"), c.cfg.layer_norm_eps, *out,
                                 mean, rstd);
    }
    void backward(Ctx & c, ConstView dout, Tensor * dx) {
        *dx = Tensor(x.shape());
        layer_norm_backward(x, c.weight(name + "/weight"), mean, rstd, dout, *dx, c.grad(name + "/weight"),
                            c.grad(name + "/bias"));
    }
};

// A residual sublayer around f, with the configured norm placement:
//   post-norm  x <- LN(x + drop(f(x)))        pre-norm  x <- x + drop(f(LN(x)))
// f.forward(in, out) and f.backward(dout, din) are passed as functions.
struct Residual {
    LayerNorm norm;
    Dropout drop;
    using Fwd = std::function<void(ConstView, Tensor *)>;
    using Bwd = std::function<void(ConstView, Tensor *)>;

    void forward(Ctx & c, Tensor & x, const Fwd & f) {
        Tensor y;
        if (c.cfg.norm == NormPlacement::Pre) {
            Tensor n;
            norm.forward(c, x, &n);
            f(n, &y);
            drop.forward(c, y);
            add_into(x, y);
        } else {
            f(x, &y);
            drop.forward(c, y);
            add_into(y, x);
            norm.forward(c, y, &x);
        }
    }
    // dx: gradient w.r.t. the sublayer's output on entry, w.r.t. its input on return.
    void backward(Ctx & c, Tensor & dx, const Bwd & f) {
        if (c.cfg.norm == NormPlacement::Pre) {
            Tensor dy = dx, dn, dnx;  // the skip path passes dx through unchanged
            drop.backward(dy);
            f(dy, &dn);
            norm.backward(c, dn, &dnx);
            add_into(dx, dnx);
        } else {
            Tensor dsum;
            norm.backward(c, dx, &dsum);  // d(x + drop(f(x)))
            Tensor dy = dsum, df;
            drop.backward(dy);
            f(dy, &df);
            add_into(dsum, df);
            dx = std::move(dsum);
        }
    }
};

// ---- [SECTION] encoder and decoder layers ------------------------------------------------------

std::string layer_name(const char * side, int l, const char * part) {
    return std::string(side) + "/layer_" + std::to_string(l) + "/" + part;
}

MultiHeadAttention make_mha(const std::string & p) {
    MultiHeadAttention m;
    m.q.name = p + "/q"; m.k.name = p + "/k"; m.v.name = p + "/v"; m.o.name = p + "/o";
    return m;
}

struct EncoderLayerState {
    MultiHeadAttention attn;
    FeedForward ffn;
    Residual r_attn, r_ffn;

    EncoderLayerState(int l) : attn(make_mha(layer_name("encoder", l, "self_attn"))) {
        ffn.fc1.name = layer_name("encoder", l, "ffn/fc1");
        ffn.fc2.name = layer_name("encoder", l, "ffn/fc2");
        r_attn.norm.name = layer_name("encoder", l, "self_attn_norm");
        r_ffn.norm.name = layer_name("encoder", l, "ffn_norm");
    }
    void forward(Ctx & c, Tensor & x, int B, const Mask & src_mask) {
        r_attn.forward(c, x, [&](ConstView in, Tensor * out) { attn.forward(c, in, in, B, src_mask, out); });
        r_ffn.forward(c, x, [&](ConstView in, Tensor * out) { ffn.forward(c, in, out); });
    }
    void backward(Ctx & c, Tensor & dx) {
        r_ffn.backward(c, dx, [&](ConstView d, Tensor * din) { ffn.backward(c, d, din); });
        r_attn.backward(c, dx, [&](ConstView d, Tensor * din) {
            Tensor dkv;
            attn.backward(c, d, din, &dkv);
            add_into(*din, dkv);
        });
    }
};

struct DecoderLayerState {
    MultiHeadAttention self_attn, cross_attn;
    FeedForward ffn;
    Residual r_self, r_cross, r_ffn;

    DecoderLayerState(int l)
        : self_attn(make_mha(layer_name("decoder", l, "self_attn"))),
          cross_attn(make_mha(layer_name("decoder", l, "cross_attn"))) {
        ffn.fc1.name = layer_name("decoder", l, "ffn/fc1");
        ffn.fc2.name = layer_name("decoder", l, "ffn/fc2");
        r_self.norm.name = layer_name("decoder", l, "self_attn_norm");
        r_cross.norm.name = layer_name("decoder", l, "cross_attn_norm");
        r_ffn.norm.name = layer_name("decoder", l, "ffn_norm");
    }
    void forward(Ctx & c, Tensor & x, const Tensor & memory, int B, const Mask & src_mask) {
        r_self.forward(c, x, [&](ConstView in, Tensor * out) { self_attn.forward(c, in, in, B, Mask::causal(), out); });
        r_cross.forward(c, x, [&](ConstView in, Tensor * out) { cross_attn.forward(c, in, memory, B, src_mask, out); });
        r_ffn.forward(c, x, [&](ConstView in, Tensor * out) { ffn.forward(c, in, out); });
    }
    void backward(Ctx & c, Tensor & dx, Tensor & dmemory) {
        r_ffn.backward(c, dx, [&](ConstView d, Tensor * din) { ffn.backward(c, d, din); });
        r_cross.backward(c, dx, [&](ConstView d, Tensor * din) {
            Tensor dmem;
            cross_attn.backward(c, d, din, &dmem);
            add_into(dmemory, dmem);
        });
        r_self.backward(c, dx, [&](ConstView d, Tensor * din) {
            Tensor dkv;
            self_attn.backward(c, d, din, &dkv);
            add_into(*din, dkv);
        });
    }
};

} // namespace

// ---- [SECTION] the whole model: forward, loss, backward ----------------------------------------

struct TransformerTrainer::Impl {
    Embedding src_embed, tgt_embed;
    std::vector<EncoderLayerState> enc;
    std::vector<DecoderLayerState> dec;
    LayerNorm enc_final, dec_final;
    Tensor memory, dec_out, logits;

    explicit Impl(const TransformerConfig & cfg) {
        src_embed.table = cfg.tied == TiedEmbeddings::All ? "decoder/embed/weight" : "encoder/embed/weight";
        tgt_embed.table = "decoder/embed/weight";
        for (int l = 0; l < cfg.encoder_layers; l++) enc.emplace_back(l);
        for (int l = 0; l < cfg.decoder_layers; l++) dec.emplace_back(l);
        enc_final.name = "encoder/final_norm";
        dec_final.name = "decoder/final_norm";
    }

    static std::string generator_weight(const TransformerConfig & cfg) {
        return cfg.tied == TiedEmbeddings::None ? "generator/weight" : "decoder/embed/weight";
    }

    // Returns the mean loss; fills logits.
    double forward(Ctx & c, const PaddedBatch & b, Tensor * dlogits) {
        const TransformerConfig & cfg = c.cfg;
        const Mask src_mask = Mask::columns(b.src_key_mask);
        Tensor x;
        src_embed.forward(c, b.src, b.S, &x);
        for (EncoderLayerState & L : enc) L.forward(c, x, b.B, src_mask);
        if (cfg.norm == NormPlacement::Pre && cfg.encoder_layers > 0) {
            Tensor y;
            enc_final.forward(c, x, &y);
            x = std::move(y);
        }
        memory = std::move(x);
        Tensor y;
        tgt_embed.forward(c, b.tgt_in, b.T, &y);
        for (DecoderLayerState & L : dec) L.forward(c, y, memory, b.B, src_mask);
        if (cfg.norm == NormPlacement::Pre) {
            Tensor z;
            dec_final.forward(c, y, &z);
            y = std::move(z);
        }
        dec_out = std::move(y);
        logits = Tensor({int64_t(b.B) * b.T, int64_t(cfg.tgt_vocab)});
        c.cc.linear(dec_out, c.weight(generator_weight(cfg)), c.weight("generator/bias"), logits);
        if (dlogits) *dlogits = Tensor(logits.shape());
        const double ce = cross_entropy(logits, b.tgt_out.data(), logits.rows(), cfg.pad_id, smoothing,
                                        dlogits ? dlogits->view() : TensorView());
        return ce + alignment_loss(b, dlogits != nullptr);
    }

    // Guided alignment on one cross-attention head: cross-entropy between the gold distribution
    // A (B, T, S) and the head's weights P; with `grad`, stores dLoss/dP for the backward pass.
    double alignment_loss(const PaddedBatch & b, bool grad) {
        if (alignment_weight <= 0.0f || b.alignment_rows == 0 || dec.empty()) return 0.0;
        const int layer = alignment_layer < 0 ? int(dec.size()) - 1 : std::min(alignment_layer, int(dec.size()) - 1);
        MultiHeadAttention & m = dec[size_t(layer)].cross_attn;
        const int64_t H = m.probs.shape()[1], T = b.T, S = b.S, h = std::min<int64_t>(alignment_head, H - 1);
        if (grad) m.extra_dprobs = Tensor(m.probs.shape());
        const float eps = 1e-9f, norm = alignment_weight / float(b.alignment_rows);
        double loss = 0.0;
        for (int64_t r = 0; r < b.B; r++)
            for (int64_t t = 0; t < T; t++)
                for (int64_t s = 0; s < S; s++) {
                    const float a = b.alignment[(r * T + t) * S + s];
                    if (a == 0.0f) continue;
                    const int64_t at = ((r * H + h) * T + t) * S + s;
                    const float p = m.probs[at];
                    loss -= double(norm) * a * std::log(p + eps);
                    if (grad) m.extra_dprobs[at] = -norm * a / (p + eps);
                }
        return loss;
    }

    void backward(Ctx & c, Tensor & dlogits) {
        const TransformerConfig & cfg = c.cfg;
        Tensor dy(dec_out.shape());
        linear_backward_fast(c.cc, dec_out, c.weight(generator_weight(cfg)), dlogits, dy,
                             c.grad(generator_weight(cfg)), c.grad("generator/bias"));
        if (cfg.norm == NormPlacement::Pre) {
            Tensor d;
            dec_final.backward(c, dy, &d);
            dy = std::move(d);
        }
        Tensor dmemory(memory.shape());
        for (int l = int(dec.size()) - 1; l >= 0; l--) dec[size_t(l)].backward(c, dy, dmemory);
        tgt_embed.backward(c, dy);
        Tensor dx = std::move(dmemory);
        if (cfg.norm == NormPlacement::Pre && cfg.encoder_layers > 0) {
            Tensor d;
            enc_final.backward(c, dx, &d);
            dx = std::move(d);
        }
        for (int l = int(enc.size()) - 1; l >= 0; l--) enc[size_t(l)].backward(c, dx);
        src_embed.backward(c, dx);
    }

    float smoothing = 0.0f;
    float alignment_weight = 0.0f;
    int alignment_layer = -1, alignment_head = 0;
};

TransformerTrainer::TransformerTrainer(Compute & cc, Transformer & model, TrainOptions opts)
    : m_cc(cc), m_model(model), m_opts(opts) {}

double TransformerTrainer::forward_backward(const PaddedBatch & batch, Rng & rng, TensorMap * grads) {
    ATTN_ASSERT(grads, "forward_backward needs a gradient map");
    for (const auto & [name, t] : m_model.tensors()) {
        auto it = grads->find(name);
        if (it == grads->end() || it->second.shape() != t.shape()) (*grads)[name] = Tensor(t.shape());
        else it->second.fill(0.0f);
    }
    Impl impl(m_model.config());
    impl.smoothing = m_opts.label_smoothing;
    impl.alignment_weight = m_opts.alignment_weight;
    impl.alignment_layer = m_opts.alignment_layer;
    impl.alignment_head = m_opts.alignment_head;
    Ctx c{m_cc, m_model.tensors(), grads, m_model.config(), m_opts.dropout, m_opts.dropout > 0 ? &rng : nullptr};
    Tensor dlogits;
    const double loss = impl.forward(c, batch, &dlogits);
    impl.backward(c, dlogits);
    return loss;
}

double TransformerTrainer::loss(const PaddedBatch & batch) {
    Impl impl(m_model.config());
    impl.smoothing = m_opts.label_smoothing;
    impl.alignment_weight = m_opts.alignment_weight;
    impl.alignment_layer = m_opts.alignment_layer;
    impl.alignment_head = m_opts.alignment_head;
    Ctx c{m_cc, m_model.tensors(), nullptr, m_model.config(), 0.0f, nullptr};
    return impl.forward(c, batch, nullptr);
}

} // namespace attn
