// Inference forward passes of the Transformer's building blocks, on Compute ops, for one sentence
// and the incremental decoder's cache. The blocks with backward passes are in transformer_blocks.h.
#pragma once
#include "backend/compute.h"

namespace attn {

struct LinearWeights { WeightView weight; ConstView bias; };  // weight(out, in), float32 or compact; bias(out) or empty
struct NormWeights { ConstView weight, bias; };     // (D), (D)
struct AttentionWeights { LinearWeights q, k, v, o; };

// The intermediate tensors of one multi-head attention call, kept for traces and the
// step-through view: q(Tq, D), k(Tk, D), v(Tk, D), probs(1, H, Tq, Tk), context(Tq, D).
struct AttentionActivations {
    Tensor q, k, v, probs, context;
};

// out(Tq, D) = MHA(xq, xkv): q = xq·W_qᵀ + b_q, k = xkv·W_kᵀ + b_k, v = xkv·W_vᵀ + b_v,
// context = attention(q, k, v, heads, 1/√dh, mask), out = context·W_oᵀ + b_o.
// When k and v are already projected (cross-attention from a cache), pass them as k_proj/v_proj
// and xkv is ignored.
void multi_head_attention(Compute & cc, const AttentionWeights & w, int heads, ConstView xq, ConstView xkv,
                          const Mask & mask, AttentionActivations * act, TensorView out,
                          ConstView k_proj = {}, ConstView v_proj = {});

// out(T, D) = fc2(act(fc1(x))), hidden (T, F) as scratch.
void feed_forward(Compute & cc, const LinearWeights & fc1, const LinearWeights & fc2, bool gelu, ConstView x,
                  Tensor * hidden, TensorView out);

} // namespace attn
