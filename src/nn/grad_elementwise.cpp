// Backward of the element-wise ops and the embedding gather, and the training-only dropout
// (grad_ops.h). Element-wise: dx may alias dy (each element is read before it is written).
#include "core/check.h"
#include "nn/grad_ops.h"

#include <cmath>

namespace attn {

// Forward:  y(T, D) = table(V, D)[ids[t]]
// Backward: dtable[ids[t]] += dy[t] for every t, accumulated: a token seen twice in the sequence
// (or a table shared with an output projection) collects every contribution.
void embedding_backward(const int32_t * ids, int64_t T, ConstView dy, TensorView dtable) {
    const int64_t V = dtable.rows(), D = dtable.cols();
    ATTN_ASSERT(dy.numel() == T * D && dy.cols() == D, "embedding_backward: dy %s for T=%lld, dtable %s",
                dy.shape.str().c_str(), (long long)T, dtable.shape.str().c_str());
    for (int64_t t = 0; t < T; t++) {
        ATTN_ASSERT(ids[t] >= 0 && ids[t] < V, "embedding_backward: id %d outside vocabulary of %lld", ids[t],
                    (long long)V);
        float * dst = dtable.row(ids[t]);
        for (int64_t d = 0; d < D; d++) dst[d] += dy.data[t * D + d];
    }
}

// dx = dy · [x > 0]   (the derivative at exactly 0 is taken as 0, as PyTorch does)
void relu_backward(ConstView x, ConstView dy, TensorView dx) {
    ATTN_ASSERT(dy.numel() == x.numel() && dx.numel() == x.numel(), "relu_backward: x %s, dy %s, dx %s",
                x.shape.str().c_str(), dy.shape.str().c_str(), dx.shape.str().c_str());
    const int64_t n = x.numel();
    for (int64_t i = 0; i < n; i++) dx.data[i] = x.data[i] > 0.0f ? dy.data[i] : 0.0f;
}

// Exact GELU, y = x·Φ(x):  dy/dx = Φ(x) + x·φ(x),  Φ(x) = (1 + erf(x/√2))/2,  φ(x) = e^(-x²/2)/√(2π)
void gelu_backward(ConstView x, ConstView dy, TensorView dx) {
    ATTN_ASSERT(dy.numel() == x.numel() && dx.numel() == x.numel(), "gelu_backward: x %s, dy %s, dx %s",
                x.shape.str().c_str(), dy.shape.str().c_str(), dx.shape.str().c_str());
    const double inv_sqrt2 = 0.70710678118654752440, inv_sqrt_2pi = 0.39894228040143267794;
    for (int64_t i = 0; i < x.numel(); i++) {
        const double v = x.data[i];
        const double cdf = 0.5 * (1.0 + std::erf(v * inv_sqrt2));
        const double pdf = inv_sqrt_2pi * std::exp(-0.5 * v * v);
        dx.data[i] = float(dy.data[i] * (cdf + v * pdf));
    }
}

// Inverted dropout: keep[i] = 1/(1-p) with probability 1-p, else 0; y = x ∘ keep. Scaling the kept
// units by 1/(1-p) keeps E[y] = x, so inference needs no rescaling. keep is saved for the backward.
// p = 0 draws nothing from rng and makes keep all ones (y == x exactly). y may alias x.
void dropout_forward(ConstView x, float p, Rng & rng, TensorView keep, TensorView y) {
    ATTN_ASSERT(p >= 0.0f && p < 1.0f, "dropout_forward: p = %g outside [0, 1)", double(p));
    ATTN_ASSERT(keep.numel() == x.numel() && y.numel() == x.numel(), "dropout_forward: x %s, keep %s, y %s",
                x.shape.str().c_str(), keep.shape.str().c_str(), y.shape.str().c_str());
    const float kept_scale = 1.0f / (1.0f - p);
    for (int64_t i = 0; i < x.numel(); i++) {
        keep.data[i] = (p == 0.0f || rng.uniform() >= p) ? kept_scale : 0.0f;
        y.data[i] = x.data[i] * keep.data[i];
    }
}

// dx = dy ∘ keep   (the same mask as the forward: y is linear in x with slope keep)
void dropout_backward(ConstView keep, ConstView dy, TensorView dx) {
    ATTN_ASSERT(dy.numel() == keep.numel() && dx.numel() == keep.numel(), "dropout_backward: keep %s, dy %s, dx %s",
                keep.shape.str().c_str(), dy.shape.str().c_str(), dx.shape.str().c_str());
    for (int64_t i = 0; i < keep.numel(); i++) dx.data[i] = dy.data[i] * keep.data[i];
}

} // namespace attn
