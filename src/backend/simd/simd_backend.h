// The f32x4 backend: our own kernels written against simd/vec4.h, so one source runs as wasm
// simd128 in the browser (the web's fast path) and as SSE2 natively (where the tests run it).
// Ops it does not override fall back to the reference loops (RefBackend); supports() names them.
#pragma once
#include "backend/reference/ref_backend.h"

namespace attn {

class SimdBackend : public RefBackend {
public:
    const char * name() const override { return "simd"; }
    bool supports(Op op) const override;

    void linear(ConstView x, ConstView w, ConstView b, TensorView y) override;                  // gemm_simd.cpp
    void linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) override;  // linear_compact_simd.cpp
    void matmul(ConstView a, ConstView b, bool trans_b, TensorView c) override;                 // gemm_simd.cpp
    void softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) override;      // softmax_simd.cpp
    void layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) override;  // norm_simd.cpp
    void relu(ConstView x, TensorView y) override;                                              // elementwise_simd.cpp
    void gelu(ConstView x, TensorView y) override;
    void tanh(ConstView x, TensorView y) override;
    void sigmoid(ConstView x, TensorView y) override;
    void add(ConstView a, ConstView b, TensorView y) override;
    void mul(ConstView a, ConstView b, TensorView y) override;
    void attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                   TensorView probs, TensorView out) override;                                  // attention_simd.cpp
    void additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores) override;  // additive_simd.cpp
};

} // namespace attn
