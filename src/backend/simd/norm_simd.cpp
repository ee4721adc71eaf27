// Layer normalisation on f32x4.
//
//   y(N, D) = (x - mean) / sqrt(var + eps) · gamma(D) + beta(D)     biased var, over the last dim
//
// Numerics: two passes (mean, then Σ(x - mean)²) as the reference does, which avoids the
// cancellation of E[x²] - E[x]²; float sums in four lanes, ~1e-6 relative to the reference.
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"
#include "core/check.h"

#include <cmath>

namespace attn {

using namespace vec4;

void SimdBackend::layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) {
    check_same_numel(x, y, "layer_norm");
    const int64_t N = x.rows(), D = x.cols(), D4 = D / 4 * 4;
    ATTN_ASSERT(gamma.numel() == D && beta.numel() == D, "layer_norm: gamma %s, beta %s for D=%lld",
                gamma.shape.str().c_str(), beta.shape.str().c_str(), (long long)D);
    for (int64_t n = 0; n < N; n++) {
        const float * xr = x.row(n);
        float * yr = y.row(n);
        // Two accumulators per sum: one add chain would wait on the add latency every vector.
        f32x4 sum0 = zero(), sum1 = zero();
        int64_t d = 0;
        for (; d + 8 <= D; d += 8) {
            sum0 = vec4::add(sum0, loadu(xr + d));
            sum1 = vec4::add(sum1, loadu(xr + d + 4));
        }
        for (; d < D4; d += 4) sum0 = vec4::add(sum0, loadu(xr + d));
        float sum = hsum(vec4::add(sum0, sum1));
        for (; d < D; d++) sum += xr[d];
        const float mean = sum / float(D);

        const f32x4 vmean = splat(mean);
        f32x4 sq0 = zero(), sq1 = zero();
        for (d = 0; d + 8 <= D; d += 8) {
            const f32x4 c0 = sub(loadu(xr + d), vmean), c1 = sub(loadu(xr + d + 4), vmean);
            sq0 = fma(c0, c0, sq0);
            sq1 = fma(c1, c1, sq1);
        }
        for (; d < D4; d += 4) {
            const f32x4 c = sub(loadu(xr + d), vmean);
            sq0 = fma(c, c, sq0);
        }
        float sq = hsum(vec4::add(sq0, sq1));
        for (; d < D; d++) sq += (xr[d] - mean) * (xr[d] - mean);
        const float rstd = float(1.0 / std::sqrt(double(sq) / double(D) + eps));

        const f32x4 vrstd = splat(rstd);
        for (d = 0; d < D4; d += 4) {
            const f32x4 c = vec4::mul(sub(loadu(xr + d), vmean), vrstd);
            storeu(yr + d, fma(c, loadu(gamma.data + d), loadu(beta.data + d)));
        }
        for (; d < D; d++) yr[d] = (xr[d] - mean) * rstd * gamma[d] + beta[d];
    }
}

} // namespace attn
