// Element-wise ops on f32x4: relu, gelu, tanh, sigmoid, and add / mul with row broadcast.
//
//   y = f(x)               any shape; y may alias x
//   y = a ∘ b              b has a's shape, or b(C) broadcast over a's rows; y may alias a
//
// Numerics: relu, add and mul are exact (bit-identical to the reference); tanh and sigmoid use
// vec4's exp-based forms, within ~2 ulp of the double-precision reference; gelu uses vec4's
// fitted erf / erfc, within a few ulp (more, relatively, in the far negative tail; see vec4.h).
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"

#include <algorithm>

namespace attn {

using namespace vec4;

// y[i] = f(x[i]); the tail goes through f on a padded vector so every element gets the same
// numerics whatever its position. Functions with constants capture them (vec4's *_consts()),
// so they are built once per call, not once per vector.
template <class F> static void map_unary(const float * x, float * y, int64_t n, F f) {
    int64_t i = 0;
    for (; i + 4 <= n; i += 4) storeu(y + i, f(loadu(x + i)));
    if (i < n) {
        alignas(16) float tail[4] = {0, 0, 0, 0};
        std::copy(x + i, x + n, tail);
        store(tail, f(load(tail)));
        std::copy(tail, tail + (n - i), y + i);
    }
}

// y = a ∘ b with b either a's size or one row (bn = a.cols()) repeated.
template <class F> static void map_binary(ConstView a, ConstView b, TensorView y, F f) {
    const int64_t n = a.numel(), bn = b.numel();
    const int64_t row = bn == n ? n : bn;  // length of one run over which b is contiguous
    for (int64_t r0 = 0; r0 < n; r0 += row) {
        const float * ar = a.data + r0;
        float * yr = y.data + r0;
        int64_t i = 0;
        for (; i + 4 <= row; i += 4) storeu(yr + i, f(loadu(ar + i), loadu(b.data + i)));
        for (; i < row; i++) yr[i] = lane0(f(splat(ar[i]), splat(b.data[i])));
    }
}

void SimdBackend::relu(ConstView x, TensorView y) {
    check_same_numel(x, y, "relu");
    // max(x, 0) picks 0 for NaN and -0 too, like the reference's x > 0 ? x : 0.
    map_unary(x.data, y.data, x.numel(), [](f32x4 v) { return max(v, zero()); });
}

void SimdBackend::gelu(ConstView x, TensorView y) {
    check_same_numel(x, y, "gelu");
    map_unary(x.data, y.data, x.numel(), [k = gelu_consts()](f32x4 v) { return vec4::gelu(v, k); });
}

void SimdBackend::tanh(ConstView x, TensorView y) {
    check_same_numel(x, y, "tanh");
    map_unary(x.data, y.data, x.numel(), [k = tanh_consts()](f32x4 v) { return vec4::tanh(v, k); });
}

void SimdBackend::sigmoid(ConstView x, TensorView y) {
    check_same_numel(x, y, "sigmoid");
    map_unary(x.data, y.data, x.numel(), [k = exp_consts()](f32x4 v) { return vec4::sigmoid(v, k); });
}

void SimdBackend::add(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "add");
    if (a.numel() == 0) return;
    map_binary(a, b, y, [](f32x4 p, f32x4 q) { return vec4::add(p, q); });
}

void SimdBackend::mul(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "mul");
    if (a.numel() == 0) return;
    map_binary(a, b, y, [](f32x4 p, f32x4 q) { return vec4::mul(p, q); });
}

} // namespace attn
