// Scalar oracle for layer_norm: two passes (mean, then variance of x - mean) in double, which
// avoids the cancellation of the one-pass E[x²] - E[x]² formula.
#include "backend/reference/ref_backend.h"
#include "core/check.h"

#include <cmath>

namespace attn {

// y(N, D) = (x - mean) / sqrt(var + eps) * gamma + beta
void RefBackend::layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) {
    check_same_numel(x, y, "layer_norm");
    const int64_t N = x.rows(), D = x.cols();
    ATTN_ASSERT(gamma.numel() == D && beta.numel() == D, "layer_norm: gamma %s, beta %s for D=%lld",
                gamma.shape.str().c_str(), beta.shape.str().c_str(), (long long)D);
    for (int64_t n = 0; n < N; n++) {
        const float * xr = x.row(n);
        double mean = 0.0;
        for (int64_t d = 0; d < D; d++) mean += xr[d];
        mean /= double(D);
        double var = 0.0;
        for (int64_t d = 0; d < D; d++) var += (xr[d] - mean) * (xr[d] - mean);
        var /= double(D);
        const double rstd = 1.0 / std::sqrt(var + eps);
        float * yr = y.data + n * D;
        for (int64_t d = 0; d < D; d++) yr[d] = float((xr[d] - mean) * rstd * gamma[d] + beta[d]);
    }
}

} // namespace attn
