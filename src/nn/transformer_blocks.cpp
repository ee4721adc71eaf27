// [SECTION] positions and names
// [SECTION] dropout, embedding, linear, layer norm
// [SECTION] multi-head attention and feed-forward
// [SECTION] residual sublayers, encoder and decoder layers
#include "nn/transformer_blocks.h"

#include "nn/grad_fast.h"
#include "nn/grad_ops.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {

void add_into(Tensor & dst, ConstView src) {
    for (int64_t i = 0; i < dst.numel(); i++) dst[i] += src.data[i];
}

// A copy of v's values with shape s (same count): inputs a backward pass will need.
Tensor copy_of(ConstView v, Shape s) {
    Tensor t(s);
    std::copy(v.data, v.data + v.numel(), t.data());
    return t;
}

} // namespace

// ---- [SECTION] positions and names -------------------------------------------------------------

Tensor sinusoidal_positions(int64_t P, int64_t D) {
    Tensor pe({P, D});
    for (int64_t p = 0; p < P; p++)
        for (int64_t i = 0; i < D; i += 2) {
            const double angle = double(p) / std::pow(10000.0, double(i) / double(D));
            pe[p * D + i] = float(std::sin(angle));
            if (i + 1 < D) pe[p * D + i + 1] = float(std::cos(angle));
        }
    return pe;
}

std::string layer_name(const char * side, int layer, const char * part) {
    return std::string(side) + "/layer_" + std::to_string(layer) + "/" + part;
}

// ---- [SECTION] dropout, embedding, linear, layer norm ------------------------------------------

void Dropout::forward(BlockContext & c, Tensor & x) {
    if (!c.rng || c.dropout <= 0.0f) {
        keep = Tensor();
        return;
    }
    keep = Tensor(x.shape());
    dropout_forward(x, c.dropout, *c.rng, keep, x);
}

void Dropout::backward(Tensor & d) const {
    if (keep.numel()) dropout_backward(keep, d, d);
}

void Embedding::forward(BlockContext & c, const std::vector<int32_t> & tokens, int T, Tensor * y) {
    ids = tokens;
    const int64_t D = c.cfg.d_model, N = int64_t(ids.size());
    *y = Tensor({N, D});
    c.cc.embedding(c.matrix(table), ids.data(), N, *y);
    if (c.cfg.scale_embeddings) {
        const float s = std::sqrt(float(D));
        for (int64_t i = 0; i < y->numel(); i++) (*y)[i] *= s;
    }
    // Scaled first, positions added after, never fused into one multiply-add: the same sums on
    // every platform, with or without FMA.
    const ConstView pe(c.positions.data, {int64_t(T), D});
    for (int64_t first = 0; first < N; first += T) {
        const TensorView rows(y->data() + first * D, {int64_t(T), D});
        c.cc.add(rows, pe, rows);
    }
    drop.forward(c, *y);
}

void Embedding::backward(BlockContext & c, Tensor & dy) {
    drop.backward(dy);
    if (!c.g) return;
    const float s = c.cfg.scale_embeddings ? std::sqrt(float(c.cfg.d_model)) : 1.0f;
    for (int64_t i = 0; i < dy.numel(); i++) dy[i] *= s;
    embedding_backward(ids.data(), int64_t(ids.size()), dy, c.grad(table));
}

void Linear::forward(BlockContext & c, ConstView x, TensorView y) const {
    c.cc.linear(x, c.matrix(name + "/weight"), c.weight(name + "/bias"), y);
}

void Linear::backward(BlockContext & c, ConstView x, ConstView dy, TensorView dx) const {
    linear_backward_fast(c.cc, x, c.weight(name + "/weight"), dy, dx, c.grad(name + "/weight"), c.grad(name + "/bias"));
}

void LayerNorm::forward(BlockContext & c, ConstView in, Tensor * out) {
    *out = Tensor(in.shape);
    if (!c.g) {  // nothing to keep for a backward pass: the backend's own layer norm
        c.cc.layer_norm(in, c.weight(name + "/weight"), c.weight(name + "/bias"), c.cfg.layer_norm_eps, *out);
        return;
    }
    x = copy_of(in, in.shape);
    mean = Tensor({x.rows()});
    rstd = Tensor({x.rows()});
    layer_norm_forward_train(x, c.weight(name + "/weight"), c.weight(name + "/bias"), c.cfg.layer_norm_eps, *out, mean,
                             rstd);
}

void LayerNorm::backward(BlockContext & c, ConstView dout, Tensor * dx) {
    *dx = Tensor(x.shape());
    layer_norm_backward(x, c.weight(name + "/weight"), mean, rstd, dout, *dx, c.grad(name + "/weight"),
                        c.grad(name + "/bias"));
}

// ---- [SECTION] multi-head attention and feed-forward -------------------------------------------

MultiHeadAttention::MultiHeadAttention(const std::string & prefix) {
    q.name = prefix + "/q";
    k.name = prefix + "/k";
    v.name = prefix + "/v";
    o.name = prefix + "/o";
}

void MultiHeadAttention::forward(BlockContext & c, ConstView in_q, ConstView in_kv, int batch, const Mask & m,
                                 Tensor * out) {
    const int64_t D = c.cfg.d_model, H = c.cfg.heads;
    B = batch;
    Tq = int(in_q.rows() / B);
    Tk = int(in_kv.rows() / B);
    mask = m;
    xq = copy_of(in_q, {B, Tq, D});
    xkv = copy_of(in_kv, {B, Tk, D});
    qp = Tensor({B, Tq, D});
    kp = Tensor({B, Tk, D});
    vp = Tensor({B, Tk, D});
    q.forward(c, xq, qp);
    k.forward(c, xkv, kp);
    v.forward(c, xkv, vp);
    probs = Tensor({B, H, Tq, Tk});
    ctx = Tensor({B, Tq, D});
    c.cc.attention(qp, kp, vp, int(H), 1.0f / std::sqrt(float(D / H)), mask, probs, ctx);
    *out = Tensor({int64_t(B) * Tq, D});
    o.forward(c, ctx, *out);
}

void MultiHeadAttention::backward(BlockContext & c, ConstView dout, Tensor * dxq, Tensor * dxkv) {
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

void FeedForward::forward(BlockContext & c, ConstView in, Tensor * out) {
    x = copy_of(in, in.shape);
    pre = Tensor({x.rows(), int64_t(c.cfg.d_ff)});
    fc1.forward(c, x, pre);
    act = Tensor(pre.shape());
    if (c.cfg.activation == Activation::Gelu) c.cc.gelu(pre, act);
    else c.cc.relu(pre, act);
    *out = Tensor(x.shape());
    fc2.forward(c, act, *out);
}

void FeedForward::backward(BlockContext & c, ConstView dout, Tensor * dx) {
    Tensor dact(act.shape()), dpre(pre.shape());
    fc2.backward(c, act, dout, dact);
    if (c.cfg.activation == Activation::Gelu) gelu_backward(pre, dact, dpre);
    else relu_backward(pre, dact, dpre);
    *dx = Tensor(x.shape());
    fc1.backward(c, x, dpre, *dx);
}

// ---- [SECTION] residual sublayers, encoder and decoder layers ----------------------------------

void Residual::forward(BlockContext & c, Tensor & x, const Pass & f) {
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

void Residual::backward(BlockContext & c, Tensor & dx, const Pass & f) {
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

EncoderBlock::EncoderBlock(int l) : attn(layer_name("encoder", l, "self_attn")) {
    ffn.fc1.name = layer_name("encoder", l, "ffn/fc1");
    ffn.fc2.name = layer_name("encoder", l, "ffn/fc2");
    r_attn.norm.name = layer_name("encoder", l, "self_attn_norm");
    r_ffn.norm.name = layer_name("encoder", l, "ffn_norm");
}

void EncoderBlock::forward(BlockContext & c, Tensor & x, int B, const Mask & src_mask) {
    r_attn.forward(c, x, [&](ConstView in, Tensor * out) { attn.forward(c, in, in, B, src_mask, out); });
    r_ffn.forward(c, x, [&](ConstView in, Tensor * out) { ffn.forward(c, in, out); });
}

void EncoderBlock::backward(BlockContext & c, Tensor & dx) {
    r_ffn.backward(c, dx, [&](ConstView d, Tensor * din) { ffn.backward(c, d, din); });
    r_attn.backward(c, dx, [&](ConstView d, Tensor * din) {
        Tensor dkv;
        attn.backward(c, d, din, &dkv);
        add_into(*din, dkv);
    });
}

DecoderBlock::DecoderBlock(int l)
    : self_attn(layer_name("decoder", l, "self_attn")), cross_attn(layer_name("decoder", l, "cross_attn")) {
    ffn.fc1.name = layer_name("decoder", l, "ffn/fc1");
    ffn.fc2.name = layer_name("decoder", l, "ffn/fc2");
    r_self.norm.name = layer_name("decoder", l, "self_attn_norm");
    r_cross.norm.name = layer_name("decoder", l, "cross_attn_norm");
    r_ffn.norm.name = layer_name("decoder", l, "ffn_norm");
}

void DecoderBlock::forward(BlockContext & c, Tensor & x, const Tensor & memory, int B, const Mask & src_mask) {
    r_self.forward(c, x, [&](ConstView in, Tensor * out) { self_attn.forward(c, in, in, B, Mask::causal(), out); });
    r_cross.forward(c, x, [&](ConstView in, Tensor * out) { cross_attn.forward(c, in, memory, B, src_mask, out); });
    r_ffn.forward(c, x, [&](ConstView in, Tensor * out) { ffn.forward(c, in, out); });
}

void DecoderBlock::backward(BlockContext & c, Tensor & dx, Tensor & dmemory) {
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

} // namespace attn
