// Scalar oracle for linear and matmul. Sums run in double: the oracle must be more accurate than
// any backend it judges.
#include "backend/reference/ref_backend.h"

#include <vector>

namespace attn {

// y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)
void RefBackend::linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    check_linear(x, w, b, y);
    const int64_t N = x.rows(), K = x.cols(), M = w.shape[0];
    for (int64_t n = 0; n < N; n++) {
        const float * xr = x.row(n);
        for (int64_t m = 0; m < M; m++) {
            const float * wr = w.row(m);
            double acc = b.empty() ? 0.0 : b[m];
            for (int64_t kk = 0; kk < K; kk++) acc += double(xr[kk]) * wr[kk];
            y.data[n * M + m] = float(acc);
        }
    }
}

// y(N, M) = x(N, K) · widen(w)(M, K)ᵀ + b(M): each weight row widened by the scalar
// CompactView::widen_row, then the same double sum as linear().
void RefBackend::linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) {
    check_linear_compact(x, w, b, y);
    const int64_t N = x.rows(), K = x.cols(), M = w.rows;
    std::vector<float> wr(static_cast<size_t>(K));
    for (int64_t m = 0; m < M; m++) {
        w.widen_row(m, wr.data());
        for (int64_t n = 0; n < N; n++) {
            const float * xr = x.row(n);
            double acc = b.empty() ? 0.0 : b[m];
            for (int64_t kk = 0; kk < K; kk++) acc += double(xr[kk]) * wr[size_t(kk)];
            y.data[n * M + m] = float(acc);
        }
    }
}

// c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)   (or b(Bt, N, K)ᵀ)
void RefBackend::matmul(ConstView a, ConstView b, bool trans_b, TensorView c) {
    int64_t Bt, M, N, K;
    check_matmul(a, b, trans_b, c, &Bt, &M, &N, &K);
    const bool b_broadcast = b.numel() == K * N && Bt > 1;
    for (int64_t bt = 0; bt < Bt; bt++) {
        const float * A = a.data + bt * M * K;
        const float * Bm = b.data + (b_broadcast ? 0 : bt * K * N);
        float * C = c.data + bt * M * N;
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double acc = 0.0;
                for (int64_t kk = 0; kk < K; kk++)
                    acc += double(A[i * K + kk]) * (trans_b ? Bm[j * K + kk] : Bm[kk * N + j]);
                C[i * N + j] = float(acc);
            }
    }
}

} // namespace attn
