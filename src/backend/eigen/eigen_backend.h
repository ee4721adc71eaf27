// Eigen 3.4 backend: Eigen::Map over the same row-major buffers, no copies. The native default for
// the ops where it measures fastest. Eigen has no wasm SIMD path (it falls back to scalar code
// there), so the web uses the simd backend instead. Ops it does not override fall back to the
// reference loops (RefBackend).
#pragma once
#include "backend/reference/ref_backend.h"

namespace attn {

class EigenBackend : public RefBackend {
public:
    const char * name() const override { return "eigen"; }
    bool supports(Op op) const override;

    void linear(ConstView x, ConstView w, ConstView b, TensorView y) override;
    void matmul(ConstView a, ConstView b, bool trans_b, TensorView c) override;
    void softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) override;
    void layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) override;
    void relu(ConstView x, TensorView y) override;
    void tanh(ConstView x, TensorView y) override;
    void sigmoid(ConstView x, TensorView y) override;
    void add(ConstView a, ConstView b, TensorView y) override;
    void mul(ConstView a, ConstView b, TensorView y) override;
    void attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                   TensorView probs, TensorView out) override;
};

} // namespace attn
