// Softmax over rows on f32x4, with every mask kind.
//
//   y(..., R, C) = softmax over C of (x · scale + mask)
//
// Numerics: max subtracted before exp (vec4::exp, ~1 ulp), float sum in four lanes; against the
// double-summing reference the difference is ~1e-7 relative per probability.
#include "backend/simd/softmax_simd.h"

#include "backend/mask.h"
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"

#include <algorithm>
#include <cmath>

namespace attn {

using namespace vec4;

void softmax_row_simd(const float * x, float * y, int64_t n_valid, int64_t C, float scale, const float * add) {
    const int64_t n = n_valid, n4 = n / 4 * 4;
    // Pass 1: logits = x·scale + mask, and their max.
    const f32x4 vscale = splat(scale);
    f32x4 vmax = splat(-INFINITY);
    int64_t c = 0;
    for (; c < n4; c += 4) {
        f32x4 z = mul(loadu(x + c), vscale);
        if (add) z = vec4::add(z, loadu(add + c));
        storeu(y + c, z);
        vmax = max(vmax, z);
    }
    float row_max = hmax(vmax);
    for (; c < n; c++) {
        y[c] = x[c] * scale + (add ? add[c] : 0.0f);
        row_max = std::max(row_max, y[c]);
    }
    if (!std::isfinite(row_max)) {
        std::fill(y, y + C, 0.0f);
        return;
    }
    // Pass 2: e^(z - max) and the sum. The tail goes through the same vector exp (padded with
    // -inf, whose exp is 0) so every entry has the same numerics.
    const f32x4 vm = splat(row_max);
    const ExpConsts ek = exp_consts();
    f32x4 vsum = zero();
    for (c = 0; c < n4; c += 4) {
        const f32x4 e = vec4::exp(sub(loadu(y + c), vm), ek);
        storeu(y + c, e);
        vsum = vec4::add(vsum, e);
    }
    if (n4 < n) {
        alignas(16) float tail[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
        std::copy(y + n4, y + n, tail);
        const f32x4 e = vec4::exp(sub(load(tail), vm), ek);
        vsum = vec4::add(vsum, e);
        store(tail, e);
        std::copy(tail, tail + (n - n4), y + n4);
    }
    // Pass 3: normalise. One division, then multiplies, as the reference does.
    const f32x4 inv = splat(1.0f / hsum(vsum));
    for (c = 0; c < n4; c += 4) storeu(y + c, mul(loadu(y + c), inv));
    for (; c < n; c++) y[c] *= lane0(inv);
    std::fill(y + n, y + C, 0.0f);
}

void SimdBackend::softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) {
    check_same_numel(x, y, "softmax_rows");
    const int64_t C = x.cols();
    const int64_t R = x.shape.rank >= 2 ? x.shape[x.shape.rank - 2] : 1;  // rows the mask indexes
    const int64_t total_rows = x.rows();
    check_mask(mask, /*B=*/1, R, C);  // one column mask for every row (see backend.h)
    for (int64_t row = 0; row < total_rows; row++) {
        const int64_t r = row % R;
        int64_t n_valid = C;
        const float * add = nullptr;
        switch (mask.kind) {
        case Mask::Kind::None: break;
        case Mask::Kind::Columns: add = mask.values.data; break;
        case Mask::Kind::Full: add = mask.values.data + r * C; break;
        case Mask::Kind::Causal: n_valid = std::clamp<int64_t>(r + (C - R) + 1, 0, C); break;
        }
        softmax_row_simd(x.row(row), y.row(row), n_valid, C, scale, add);
    }
}

} // namespace attn
