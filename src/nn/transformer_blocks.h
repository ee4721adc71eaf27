// The Transformer's blocks, each with its forward and its backward pass side by side: embedding,
// linear, layer norm, multi-head attention, feed-forward, dropout, the residual sublayer, and the
// encoder and decoder layers made of them.
//
//   forward:  x (B·T, D) -> y (B·T, D), keeping what the backward pass needs
//   backward: dy -> dx (overwritten); parameter gradients accumulate into the context's map
//
// Blocks name their weights as the model file does ("decoder/layer_0/cross_attn/q/weight") and
// read them from the context, so a block holds no weights of its own, only its activations.
// Forward ops run on Compute (the fast backends); the backward passes use Compute for their
// matrix products (grad_fast.h) and the scalar code of grad_ops.h for the rest.
#pragma once
#include "backend/compute.h"
#include "core/rng.h"
#include "nn/transformer_config.h"

#include <functional>
#include <string>
#include <vector>

namespace attn {

// What every block reads: the ops, the weights and, when training, the gradients and dropout.
struct BlockContext {
    Compute & cc;
    const TensorMap & w;
    TensorMap * g;  // null: forward only
    const TransformerConfig & cfg;
    ConstView positions;  // (max_positions, D), sinusoidal_positions()
    float dropout = 0.0f;
    Rng * rng = nullptr;  // null: no dropout
    const CompactMap * compact = nullptr;  // inference only: matrices kept as the file stored them

    ConstView weight(const std::string & name) const { return w.at(name).cview(); }
    // A matrix that a linear layer or an embedding reads: compact when the model holds it so.
    WeightView matrix(const std::string & name) const {
        if (compact)
            if (auto it = compact->find(name); it != compact->end()) return it->second.view();
        return weight(name);
    }
    TensorView grad(const std::string & name) const { return g ? g->at(name).view() : TensorView(); }
};

// PE(p, 2i) = sin(p / 10000^(2i/D)), PE(p, 2i+1) = cos(same angle): (P, D).
Tensor sinusoidal_positions(int64_t P, int64_t D);

// "encoder/layer_2/ffn/fc1": a layer's part, as the model file names it.
std::string layer_name(const char * side, int layer, const char * part);

// Inverted dropout (the paper's P_drop); a no-op, not even a mask, without it.
struct Dropout {
    Tensor keep;
    void forward(BlockContext & c, Tensor & x);
    void backward(Tensor & d) const;
};

// y(B·T, D) = table[ids]·√D + PE[t], then dropout. T is the padded length: row r is position r % T.
struct Embedding {
    std::string table;
    std::vector<int32_t> ids;
    Dropout drop;
    void forward(BlockContext & c, const std::vector<int32_t> & tokens, int T, Tensor * y);
    void backward(BlockContext & c, Tensor & dy);  // into the table's gradient; positions are constants
};

// y(N, M) = x(N, K)·Wᵀ + b, with W = name + "/weight", b = name + "/bias".
struct Linear {
    std::string name;
    void forward(BlockContext & c, ConstView x, TensorView y) const;
    void backward(BlockContext & c, ConstView x, ConstView dy, TensorView dx) const;  // dx may be empty
};

// y(N, D) = LN(x) with weight and bias name + "/weight", "/bias".
struct LayerNorm {
    std::string name;
    Tensor x, mean, rstd;
    void forward(BlockContext & c, ConstView in, Tensor * out);
    void backward(BlockContext & c, ConstView dout, Tensor * dx);
};

// Multi-head attention of xq(B·Tq, D) over xkv(B·Tk, D): q, k, v projections, softmax(q·kᵀ/√dh
// + mask)·v per head, then the output projection.
struct MultiHeadAttention {
    Linear q, k, v, o;
    Mask mask;
    int B = 0, Tq = 0, Tk = 0;
    Tensor xq, xkv, qp, kp, vp, probs, ctx;  // probs (B, H, Tq, Tk)
    Tensor extra_dprobs;  // (B, H, Tq, Tk) when a loss looks at the weights (guided alignment)

    explicit MultiHeadAttention(const std::string & prefix = "");
    void forward(BlockContext & c, ConstView in_q, ConstView in_kv, int batch, const Mask & m, Tensor * out);
    // dout(B·Tq, D) -> dxq, dxkv (both overwritten; for self-attention the caller adds them).
    void backward(BlockContext & c, ConstView dout, Tensor * dxq, Tensor * dxkv);
};

// y = fc2(act(fc1(x))), act ReLU or GELU: (N, D) -> (N, F) -> (N, D).
struct FeedForward {
    Linear fc1, fc2;
    Tensor x, pre, act;
    void forward(BlockContext & c, ConstView in, Tensor * out);
    void backward(BlockContext & c, ConstView dout, Tensor * dx);
};

// A residual sublayer around f, with the configured norm placement:
//   post-norm  x <- LN(x + drop(f(x)))        pre-norm  x <- x + drop(f(LN(x)))
struct Residual {
    LayerNorm norm;
    Dropout drop;
    using Pass = std::function<void(ConstView, Tensor *)>;  // f's forward (in -> out) or backward (dout -> din)
    void forward(BlockContext & c, Tensor & x, const Pass & f);
    // dx: the gradient at the sublayer's output on entry, at its input on return.
    void backward(BlockContext & c, Tensor & dx, const Pass & f);
};

// Self-attention and feed-forward, each a residual sublayer.
struct EncoderBlock {
    MultiHeadAttention attn;
    FeedForward ffn;
    Residual r_attn, r_ffn;

    explicit EncoderBlock(int layer);
    void forward(BlockContext & c, Tensor & x, int B, const Mask & src_mask);
    void backward(BlockContext & c, Tensor & dx);
};

// Masked (causal) self-attention, cross-attention over the encoder's memory, feed-forward.
struct DecoderBlock {
    MultiHeadAttention self_attn, cross_attn;
    FeedForward ffn;
    Residual r_self, r_cross, r_ffn;

    explicit DecoderBlock(int layer);
    void forward(BlockContext & c, Tensor & x, const Tensor & memory, int B, const Mask & src_mask);
    void backward(BlockContext & c, Tensor & dx, Tensor & dmemory);  // dmemory accumulates
};

} // namespace attn
