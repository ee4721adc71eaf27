// Backward passes on Compute (the fast backends), for training. Same contracts as their scalar
// references in grad_ops.h, which the tests hold them to: parameter gradients accumulate, input
// gradients are overwritten, an empty view means "not needed".
#pragma once
#include "backend/compute.h"

namespace attn {

// Fast linear backward on Compute: dx(N, K) = dy·w; dw(M, K) += dyᵀ·x; db(M) += Σ_n dy.
// Same contract as nn/grad_ops.h linear_backward, which is its reference in the tests.
void linear_backward_fast(Compute & cc, ConstView x, ConstView w, ConstView dy, TensorView dx, TensorView dw,
                          TensorView db);

// Attention backward as four matrix products per (batch, head) on Compute; same contract as
// nn/grad_ops.h attention_backward (its double-precision reference in the tests).
// `extra_dprobs` (B, H, Tq, Tk), when given, is a gradient on the attention weights themselves (a
// loss on the weights, as guided alignment has), added to dO·Vᵀ before the softmax backward.
void attention_backward_fast(Compute & cc, ConstView q, ConstView k, ConstView v, ConstView probs, ConstView dout,
                             int heads, float scale, TensorView dq, TensorView dk, TensorView dv,
                             const float * extra_dprobs = nullptr);

} // namespace attn
