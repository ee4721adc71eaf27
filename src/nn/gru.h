// The gated recurrent unit (Cho et al. 2014), batched over B independent sequences, in PyTorch's
// nn.GRU convention (gate order r, z, n; a separate bias on each side), so torch can produce
// golden values for it:
//   r  = σ(gx_r + gh_r)              gx = x·W_ihᵀ + b_ih  (B, 3H): the input side, which callers
//   z  = σ(gx_z + gh_z)                                    compute for many steps in one product
//   n  = tanh(gx_n + r ∘ gh_n)       gh = h·W_hhᵀ + b_hh  (B, 3H): the recurrent side, one step
//   h' = (1 − z) ∘ n + z ∘ h
// A `keep` flag per row (1: a real token, 0: padding) makes padded steps copy h through, so each
// sequence in a padded batch ends with the state after its own last token.
#pragma once
#include "backend/compute.h"
#include "core/tensor.h"

namespace attn {

struct GruWeights {
    ConstView w_ih, w_hh, b_ih, b_hh;  // (3H, I), (3H, H), (3H), (3H)
    int64_t hidden() const { return w_hh.cols(); }
};

// What the backward pass needs from one step.
struct GruStepCache {
    Tensor h_prev, r, z, n, gh_n;  // (B, H) each; gh_n = (h·W_hhᵀ + b_hh)_n
};

// gx(B, 3H), h_prev(B, H) -> h_out(B, H). keep may be null (every row real). h_out must not alias h_prev.
void gru_step(Compute & cc, const GruWeights & w, ConstView gx, ConstView h_prev, const float * keep, TensorView h_out,
              GruStepCache * cache);

// Backward through the gates of one step: from dh_out(B, H), the gradients on the two
// pre-activations, dgx(B, 3H) and dgh(B, 3H), and the part of dh_prev(B, H) that bypasses W_hh
// (z ∘ dh', and all of dh' on padded rows). The caller adds dgh·W_hh to dh_prev and accumulates
// the weight gradients (dW_hh += dghᵀ·h_prev, db_hh += Σ dgh; the same with dgx and the input).
void gru_gates_backward(const GruStepCache & c, const float * keep, ConstView dh_out, TensorView dgx, TensorView dgh,
                        TensorView dh_prev_direct);

} // namespace attn
