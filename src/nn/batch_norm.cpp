#include "nn/batch_norm.h"

#include <cmath>

namespace attn {

void batch_norm_train_forward(ConstView x, ConstView gamma, ConstView beta, float eps, float momentum,
                              TensorView running_mean, TensorView running_var, TensorView y, BatchNormCache * cache) {
    const int64_t N = x.shape[0], C = x.shape[1], HW = x.shape[2] * x.shape[3], M = N * HW;
    if (cache) {
        cache->x_hat = Tensor(x.shape);
        cache->rstd = Tensor({C});
    }
    for (int64_t c = 0; c < C; c++) {
        double sum = 0.0, sq = 0.0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < HW; i++) sum += x.data[(n * C + c) * HW + i];
        const double mean = sum / double(M);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < HW; i++) {
                const double d = x.data[(n * C + c) * HW + i] - mean;
                sq += d * d;
            }
        const double var = sq / double(M);
        const float rstd = float(1.0 / std::sqrt(var + double(eps)));
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < HW; i++) {
                const int64_t at = (n * C + c) * HW + i;
                const float xh = float(x.data[at] - mean) * rstd;
                y.data[at] = gamma.data[c] * xh + beta.data[c];
                if (cache) cache->x_hat[at] = xh;
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
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < HW; i++) {
                const int64_t at = (n * C + c) * HW + i;
                sum_dy += dy.data[at];
                sum_dy_xh += double(dy.data[at]) * cache.x_hat[at];
            }
        if (!dgamma.empty()) dgamma.data[c] += float(sum_dy_xh);
        if (!dbeta.empty()) dbeta.data[c] += float(sum_dy);
        if (dx.empty()) continue;
        const double k = double(gamma.data[c]) * cache.rstd[c] / double(M);
        for (int64_t n = 0; n < N; n++)
            for (int64_t i = 0; i < HW; i++) {
                const int64_t at = (n * C + c) * HW + i;
                dx.data[at] = float(k * (double(M) * dy.data[at] - sum_dy - double(cache.x_hat[at]) * sum_dy_xh));
            }
    }
}

} // namespace attn
