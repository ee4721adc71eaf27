// Backward of linear and layer norm (grad_ops.h). Scalar reference loops; every sum over a long
// dimension (N rows of a batch, K or M features) runs in double, as in the forward oracles.
#include "core/check.h"
#include "nn/grad_ops.h"

#include <cmath>

namespace attn {

// Forward:  y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)      (x may have leading dims: N = x.rows())
// Backward: dx(N, K)  = dy(N, M) · w(M, K)            overwritten
//           dw(M, K) += dy(N, M)ᵀ · x(N, K)           accumulated
//           db(M)    += Σ_n dy(n, :)                   accumulated
void linear_backward(ConstView x, ConstView w, ConstView dy, TensorView dx, TensorView dw, TensorView db) {
    ATTN_ASSERT(w.shape.rank == 2 && x.cols() == w.shape[1], "linear_backward: x %s, w %s", x.shape.str().c_str(),
                w.shape.str().c_str());
    const int64_t N = x.rows(), K = x.cols(), M = w.shape[0];
    ATTN_ASSERT(dy.rows() == N && dy.cols() == M, "linear_backward: dy %s for x %s, w %s", dy.shape.str().c_str(),
                x.shape.str().c_str(), w.shape.str().c_str());
    ATTN_ASSERT(dx.empty() || dx.numel() == N * K, "linear_backward: dx %s", dx.shape.str().c_str());
    ATTN_ASSERT(dw.empty() || dw.numel() == M * K, "linear_backward: dw %s", dw.shape.str().c_str());
    ATTN_ASSERT(db.empty() || db.numel() == M, "linear_backward: db %s", db.shape.str().c_str());

    if (!dx.empty())
        for (int64_t n = 0; n < N; n++)
            for (int64_t kk = 0; kk < K; kk++) {
                double acc = 0.0;
                for (int64_t m = 0; m < M; m++) acc += double(dy.data[n * M + m]) * w.data[m * K + kk];
                dx.data[n * K + kk] = float(acc);
            }
    // Parameter gradients sum over the batch: the whole sum is formed in double and added to the
    // float accumulator once, so the result does not depend on how rows were split into calls.
    if (!dw.empty())
        for (int64_t m = 0; m < M; m++)
            for (int64_t kk = 0; kk < K; kk++) {
                double acc = 0.0;
                for (int64_t n = 0; n < N; n++) acc += double(dy.data[n * M + m]) * x.data[n * K + kk];
                dw.data[m * K + kk] += float(acc);
            }
    if (!db.empty())
        for (int64_t m = 0; m < M; m++) {
            double acc = 0.0;
            for (int64_t n = 0; n < N; n++) acc += dy.data[n * M + m];
            db.data[m] += float(acc);
        }
}

// Forward with saved statistics, the same numerics as the reference layer_norm (two passes in
// double), so y is bit-identical to Backend::layer_norm on the reference backend.
//   x(N, D), gamma(D), beta(D) -> y(N, D), mean(N), rstd(N) = 1/sqrt(var + eps)
// mean and rstd may be empty (inference-style call).
void layer_norm_forward_train(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y,
                              TensorView mean, TensorView rstd) {
    const int64_t N = x.rows(), D = x.cols();
    ATTN_ASSERT(y.numel() == x.numel() && gamma.numel() == D && beta.numel() == D,
                "layer_norm_forward_train: x %s, y %s, gamma %s, beta %s", x.shape.str().c_str(),
                y.shape.str().c_str(), gamma.shape.str().c_str(), beta.shape.str().c_str());
    ATTN_ASSERT(mean.empty() || mean.numel() == N, "layer_norm_forward_train: mean %s", mean.shape.str().c_str());
    ATTN_ASSERT(rstd.empty() || rstd.numel() == N, "layer_norm_forward_train: rstd %s", rstd.shape.str().c_str());
    for (int64_t n = 0; n < N; n++) {
        const float * xr = x.row(n);
        double mu = 0.0;
        for (int64_t d = 0; d < D; d++) mu += xr[d];
        mu /= double(D);
        double var = 0.0;
        for (int64_t d = 0; d < D; d++) var += (xr[d] - mu) * (xr[d] - mu);
        var /= double(D);
        const double rs = 1.0 / std::sqrt(var + eps);
        float * yr = y.data + n * D;
        for (int64_t d = 0; d < D; d++) yr[d] = float((xr[d] - mu) * rs * gamma[d] + beta[d]);
        if (!mean.empty()) mean.data[n] = float(mu);
        if (!rstd.empty()) rstd.data[n] = float(rs);
    }
}

// Forward:  xhat = (x - mean) · rstd,  y(N, D) = xhat · gamma(D) + beta(D)
// Backward, per row, with g = dy ∘ gamma (the gradient reaching xhat):
//   dx(N, D)   = rstd · (g - mean_D(g) - xhat · mean_D(g ∘ xhat))      overwritten
//   dgamma(D) += Σ_n dy ∘ xhat                                          accumulated
//   dbeta(D)  += Σ_n dy                                                  accumulated
// Why the two mean terms: mean and rstd depend on every x of the row, so moving one x shifts the
// mean (-mean(g)) and rescales the spread (-xhat·mean(g∘xhat)); the sum of dx over a row is 0.
void layer_norm_backward(ConstView x, ConstView gamma, ConstView mean, ConstView rstd, ConstView dy, TensorView dx,
                         TensorView dgamma, TensorView dbeta) {
    const int64_t N = x.rows(), D = x.cols();
    ATTN_ASSERT(gamma.numel() == D && mean.numel() == N && rstd.numel() == N && dy.numel() == x.numel(),
                "layer_norm_backward: x %s, gamma %s, mean %s, rstd %s, dy %s", x.shape.str().c_str(),
                gamma.shape.str().c_str(), mean.shape.str().c_str(), rstd.shape.str().c_str(),
                dy.shape.str().c_str());
    ATTN_ASSERT(dx.empty() || dx.numel() == x.numel(), "layer_norm_backward: dx %s", dx.shape.str().c_str());
    ATTN_ASSERT(dgamma.empty() || dgamma.numel() == D, "layer_norm_backward: dgamma %s",
                dgamma.shape.str().c_str());
    ATTN_ASSERT(dbeta.empty() || dbeta.numel() == D, "layer_norm_backward: dbeta %s", dbeta.shape.str().c_str());

    if (!dx.empty())
        for (int64_t n = 0; n < N; n++) {
            const float * xr = x.row(n);
            const float * dyr = dy.row(n);
            const double mu = mean[n], rs = rstd[n];
            double g_mean = 0.0, g_xhat_mean = 0.0;
            for (int64_t d = 0; d < D; d++) {
                const double g = double(dyr[d]) * gamma[d];
                g_mean += g;
                g_xhat_mean += g * (xr[d] - mu) * rs;
            }
            g_mean /= double(D);
            g_xhat_mean /= double(D);
            float * dxr = dx.data + n * D;
            for (int64_t d = 0; d < D; d++) {
                const double g = double(dyr[d]) * gamma[d];
                const double xhat = (xr[d] - mu) * rs;
                dxr[d] = float(rs * (g - g_mean - xhat * g_xhat_mean));
            }
        }
    for (int64_t d = 0; d < D; d++) {
        if (dgamma.empty() && dbeta.empty()) break;
        double acc_gamma = 0.0, acc_beta = 0.0;
        for (int64_t n = 0; n < N; n++) {
            const double g = dy.data[n * D + d];
            acc_gamma += g * (x.data[n * D + d] - double(mean[n])) * rstd[n];
            acc_beta += g;
        }
        if (!dgamma.empty()) dgamma.data[d] += float(acc_gamma);
        if (!dbeta.empty()) dbeta.data[d] += float(acc_beta);
    }
}

} // namespace attn
