#include "nn/batch_norm.h"

#include <cmath>

namespace attn {

// Per-row sums in eight double lanes. One double accumulator is a serial chain the compiler
// cannot vectorise, and it made batch norm a tenth of a training step; eight lanes vectorise and
// keep double precision, which the whole-model finite-difference test needs (float lanes made its
// loss jitter by 1e-7, enough to flip the sign of a small derivative).
namespace {

constexpr int kLanes = 8;

template <typename Term>
double lane_sum(int64_t n, Term term) {
    double lane[kLanes] = {};
    int64_t i = 0;
    for (; i + kLanes <= n; i += kLanes)
        for (int k = 0; k < kLanes; k++) lane[k] += term(i + k);
    double total = 0.0;
    for (; i < n; i++) total += term(i);
    for (double v : lane) total += v;
    return total;
}

} // namespace

void batch_norm_train_forward(ConstView x, ConstView gamma, ConstView beta, float eps, float momentum,
                              TensorView running_mean, TensorView running_var, TensorView y, BatchNormCache * cache) {
    const int64_t N = x.shape[0], C = x.shape[1], HW = x.shape[2] * x.shape[3], M = N * HW;
    if (cache) {
        cache->x_hat = Tensor(x.shape);
        cache->rstd = Tensor({C});
    }
    for (int64_t c = 0; c < C; c++) {
        double sum = 0.0, sq = 0.0;
        for (int64_t n = 0; n < N; n++) {
            const float * row = x.data + (n * C + c) * HW;
            sum += lane_sum(HW, [row](int64_t i) { return double(row[i]); });
        }
        const double mean = sum / double(M);
        for (int64_t n = 0; n < N; n++) {  // two passes: E[(x − μ)²] keeps precision that E[x²] − μ² loses
            const float * row = x.data + (n * C + c) * HW;
            sq += lane_sum(HW, [row, mean](int64_t i) { return (row[i] - mean) * (row[i] - mean); });
        }
        const double var = sq / double(M);
        const float rstd = float(1.0 / std::sqrt(var + double(eps)));
        const float g = gamma.data[c], b = beta.data[c];
        for (int64_t n = 0; n < N; n++) {
            const int64_t at = (n * C + c) * HW;
            const float * in = x.data + at;
            float * out = y.data + at;
            float * xh = cache ? cache->x_hat.data() + at : nullptr;
            for (int64_t i = 0; i < HW; i++) out[i] = g * (float(in[i] - mean) * rstd) + b;
            if (xh)
                for (int64_t i = 0; i < HW; i++) xh[i] = float(in[i] - mean) * rstd;
        }
        if (cache) cache->rstd[c] = rstd;
        if (!running_mean.empty()) {
            running_mean.data[c] = (1.0f - momentum) * running_mean.data[c] + momentum * float(mean);
            const double unbiased = M > 1 ? sq / double(M - 1) : var;
            running_var.data[c] = (1.0f - momentum) * running_var.data[c] + momentum * float(unbiased);
        }
    }
}

void batch_norm_inference(ConstView x, ConstView gamma, ConstView beta, ConstView running_mean, ConstView running_var,
                          float eps, TensorView y) {
    const int64_t N = x.shape[0], C = x.shape[1], HW = x.shape[2] * x.shape[3];
    for (int64_t c = 0; c < C; c++) {
        const float scale = gamma.data[c] / std::sqrt(running_var.data[c] + eps);
        const float shift = beta.data[c] - running_mean.data[c] * scale;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < HW; i++) y.data[(n * C + c) * HW + i] = x.data[(n * C + c) * HW + i] * scale + shift;
    }
}

// With x̂ and rstd saved: dx = rstd/M · (M·g − Σg − x̂·Σ(g·x̂)), where g = dy·γ.
void batch_norm_backward(const BatchNormCache & cache, ConstView gamma, ConstView dy, TensorView dx, TensorView dgamma,
                         TensorView dbeta) {
    const int64_t N = dy.shape[0], C = dy.shape[1], HW = dy.shape[2] * dy.shape[3], M = N * HW;
    for (int64_t c = 0; c < C; c++) {
        double sum_dy = 0.0, sum_dy_xh = 0.0;
        for (int64_t n = 0; n < N; n++) {
            const float * d = dy.data + (n * C + c) * HW;
            const float * xh = cache.x_hat.data() + (n * C + c) * HW;
            sum_dy += lane_sum(HW, [d](int64_t i) { return double(d[i]); });
            sum_dy_xh += lane_sum(HW, [d, xh](int64_t i) { return double(d[i]) * xh[i]; });
        }
        if (!dgamma.empty()) dgamma.data[c] += float(sum_dy_xh);
        if (!dbeta.empty()) dbeta.data[c] += float(sum_dy);
        if (dx.empty()) continue;
        // dx = γ·rstd·(dy − mean(dy) − x̂·mean(dy·x̂)): the means taken first, so float loses nothing
        // to the cancellation that M·dy − Σdy would suffer.
        const float scale = gamma.data[c] * cache.rstd[c];
        const float mean_dy = float(sum_dy / double(M)), mean_dy_xh = float(sum_dy_xh / double(M));
        for (int64_t n = 0; n < N; n++) {
            const int64_t at = (n * C + c) * HW;
            const float * d = dy.data + at;
            const float * xh = cache.x_hat.data() + at;
            float * out = dx.data + at;
            for (int64_t i = 0; i < HW; i++) out[i] = scale * (d[i] - mean_dy - xh[i] * mean_dy_xh);
        }
    }
}

} // namespace attn
