// Backward passes (and the few training-only forwards they need), next to the inference ops they
// invert. Scalar reference code: training runs natively (and, time-sliced, on the web) on these;
// every function has a finite-difference gradient check in tests/nn/test_grad_check.cpp.
//
// Conventions: shapes as in backend/backend.h. Parameter gradients (dw, db, dgamma, dbeta,
// dtable) ACCUMULATE (+=) so several uses of one weight, or several micro-batches, add up;
// input gradients (dx, dq, ...) are OVERWRITTEN. An empty TensorView means "not needed".
#pragma once
#include "backend/backend.h"
#include "core/rng.h"

#include <cstdint>

namespace attn {

// y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)   (x and dy may have leading dims, flattened into N)
//   dx(N, K) = dy · w          dw(M, K) += dyᵀ · x          db(M) += Σ_n dy
void linear_backward(ConstView x, ConstView w, ConstView dy, TensorView dx, TensorView dw, TensorView db);

// y(N, D) = (x - mean) · rstd · gamma + beta; the forward also saves mean(N) and rstd(N) (either
// may be empty). y is bit-identical to the reference backend's layer_norm.
void layer_norm_forward_train(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y,
                              TensorView mean, TensorView rstd);
void layer_norm_backward(ConstView x, ConstView gamma, ConstView mean, ConstView rstd, ConstView dy, TensorView dx,
                         TensorView dgamma, TensorView dbeta);

// y = softmax_C(x·scale + mask) (rows): dx = scale · y ∘ (dy − Σ_c dy ∘ y). Masked positions
// (y = 0) get dx = 0. dx may alias y or dy.
void softmax_rows_backward(ConstView y, ConstView dy, float scale, TensorView dx);

// Multi-head attention core, q(B, Tq, H·dh), k, v(B, Tk, H·dh), probs(B, H, Tq, Tk) from the
// forward (Backend::attention), dout(B, Tq, H·dh):
//   dv = Pᵀ·dout_h,  dP = dout_h·v_hᵀ,  dS = softmax_backward(P, dP, scale),  dq = dS·k_h,  dk = dSᵀ·q_h
void attention_backward(ConstView q, ConstView k, ConstView v, ConstView probs, ConstView dout, int heads,
                        float scale, TensorView dq, TensorView dk, TensorView dv);

// y(T, D) = table[ids]:  dtable[ids[t]] += dy[t]  (repeated ids add up)
void embedding_backward(const int32_t * ids, int64_t T, ConstView dy, TensorView dtable);

// Element-wise; dx may alias x or dy.
void relu_backward(ConstView x, ConstView dy, TensorView dx);  // dx = dy · [x > 0]
void gelu_backward(ConstView x, ConstView dy, TensorView dx);  // dx = dy · (Φ(x) + x·φ(x)), exact erf GELU

// Inverted dropout: keep[i] = 1/(1-p) with probability 1-p, else 0; y = x ∘ keep. p in [0, 1);
// p = 0 keeps all (keep = 1, y = x) and draws nothing from rng. y may alias x; dx may alias dy.
void dropout_forward(ConstView x, float p, Rng & rng, TensorView keep, TensorView y);
void dropout_backward(ConstView keep, ConstView dy, TensorView dx);  // dx = dy ∘ keep

// Cross-entropy with label smoothing, PyTorch's definition (nn.CrossEntropyLoss(label_smoothing=ε,
// ignore_index=ignore_id, reduction='mean')): the target distribution is (1-ε)·onehot + ε/V, the
// loss is averaged over positions whose target != ignore_id. logits(N, V), targets(N).
// Returns the mean loss (0 when every target is ignored) and, if dlogits is given, writes
// d(mean loss)/d(logits) (zero rows for ignored positions). Numerics: log-softmax in double.
double cross_entropy(ConstView logits, const int32_t * targets, int64_t N, int32_t ignore_id, float smoothing,
                     TensorView dlogits);

} // namespace attn
