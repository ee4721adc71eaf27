// Eigen backend: row-major Eigen::Map over the views (no copies), .noalias() products.
#include "backend/eigen/eigen_backend.h"

#include "backend/mask.h"

#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <vector>

namespace attn {

using RowMat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MapC = Eigen::Map<const RowMat>;  // views may start mid-tensor: no alignment promise
using Map = Eigen::Map<RowMat>;
using VecC = Eigen::Map<const Eigen::RowVectorXf>;
// Views into the middle of a tensor (one head, one batch) are not 16-byte aligned in general.
using MapCU = Eigen::Map<const RowMat, Eigen::Unaligned, Eigen::OuterStride<>>;
using MapU = Eigen::Map<RowMat, Eigen::Unaligned, Eigen::OuterStride<>>;

bool EigenBackend::supports(Op op) const {
    switch (op) {
    case Op::Gelu:            // erf has no vectorised Eigen path worth having; the loop is the same
    case Op::Embedding:       // a memcpy per row either way
    case Op::AdditiveScores:  // tanh per (i, j, a): nothing to batch into a product
    case Op::LinearCompact:   // the simd backend's kernels widen F16/I8 as they read; Eigen would widen whole matrices
        return false;
    default: return true;
    }
}

// y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)
void EigenBackend::linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    check_linear(x, w, b, y);
    const int64_t N = x.rows(), K = x.cols(), M = w.shape[0];
    MapC X(x.data, N, K), W(w.data, M, K);
    Map Y(y.data, N, M);
    Y.noalias() = X * W.transpose();
    if (!b.empty()) Y.rowwise() += VecC(b.data, M);
}

// c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)   (or b(Bt, N, K)ᵀ)
void EigenBackend::matmul(ConstView a, ConstView b, bool trans_b, TensorView c) {
    int64_t Bt, M, N, K;
    check_matmul(a, b, trans_b, c, &Bt, &M, &N, &K);
    const bool b_broadcast = b.numel() == K * N && Bt > 1;
    for (int64_t bt = 0; bt < Bt; bt++) {
        Eigen::Map<const RowMat> A(a.data + bt * M * K, M, K);
        Eigen::Map<RowMat> C(c.data + bt * M * N, M, N);
        const float * bp = b.data + (b_broadcast ? 0 : bt * K * N);
        if (trans_b) C.noalias() = A * Eigen::Map<const RowMat>(bp, N, K).transpose();
        else C.noalias() = A * Eigen::Map<const RowMat>(bp, K, N);
    }
}

// In-place softmax of each row of S(R, C) (S already holds scores*scale + mask), with the
// contract's numerics: max subtracted, fully masked rows become zeros.
template <class M> static void softmax_rows_inplace(M && S) {
    for (Eigen::Index r = 0; r < S.rows(); r++) {
        auto row = S.row(r);
        const float mx = row.maxCoeff();
        if (!std::isfinite(mx)) { row.setZero(); continue; }
        // A removed logit (-inf) gives exactly 0, as the contract says: Eigen's vectorised exp
        // clamps its argument at about -88.72 and returns 2.9e-39 for it (seen on an AVX2 machine,
        // where OpTest.SoftmaxRowsAllMasks/eigen and the CLI's trace check caught it).
        row = (row.array() == -std::numeric_limits<float>::infinity()).select(0.0f, (row.array() - mx).exp());
        row /= row.sum();
    }
}

void EigenBackend::softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) {
    check_same_numel(x, y, "softmax_rows");
    const int64_t C = x.cols(), R = x.shape.rank >= 2 ? x.shape[x.shape.rank - 2] : 1;
    const int64_t rows = x.rows();
    check_mask(mask, /*B=*/1, R, C);  // one column mask for every row (see backend.h)
    Map Y(y.data, rows, C);
    Y = MapC(x.data, rows, C) * scale;
    if (mask.kind != Mask::Kind::None)
        for (int64_t row = 0; row < rows; row++)
            for (int64_t c = 0; c < C; c++) Y(row, c) += mask_value(mask, 0, row % R, c, R, C);
    softmax_rows_inplace(Y);
}

void EigenBackend::layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) {
    check_same_numel(x, y, "layer_norm");
    const int64_t N = x.rows(), D = x.cols();
    MapC X(x.data, N, D);
    Map Y(y.data, N, D);
    const VecC g(gamma.data, D), bta(beta.data, D);
    for (int64_t n = 0; n < N; n++) {
        const float mean = X.row(n).mean();
        Y.row(n) = X.row(n).array() - mean;
        const float var = Y.row(n).squaredNorm() / float(D);
        Y.row(n) = (Y.row(n).array() * (1.0f / std::sqrt(var + eps))) * g.array() + bta.array();
    }
}

static Eigen::Map<const Eigen::ArrayXf> arr(ConstView v) { return {v.data, Eigen::Index(v.numel())}; }
static Eigen::Map<Eigen::ArrayXf> arr(TensorView v) { return {v.data, Eigen::Index(v.numel())}; }

void EigenBackend::relu(ConstView x, TensorView y) { check_same_numel(x, y, "relu"); arr(y) = arr(x).max(0.0f); }
void EigenBackend::tanh(ConstView x, TensorView y) { check_same_numel(x, y, "tanh"); arr(y) = arr(x).tanh(); }
void EigenBackend::sigmoid(ConstView x, TensorView y) {
    check_same_numel(x, y, "sigmoid");
    arr(y) = 1.0f / (1.0f + (-arr(x)).exp());
}

void EigenBackend::add(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "add");
    if (b.numel() == a.numel()) { arr(y) = arr(a) + arr(b); return; }
    Map(y.data, y.rows(), y.cols()) = MapC(a.data, a.rows(), a.cols()).rowwise() + VecC(b.data, b.numel());
}

void EigenBackend::mul(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "mul");
    if (b.numel() == a.numel()) { arr(y) = arr(a) * arr(b); return; }
    Map Y(y.data, y.rows(), y.cols());
    Y = MapC(a.data, a.rows(), a.cols());
    Y.array().rowwise() *= VecC(b.data, b.numel()).array();
}

// Per (batch, head): S = q_h·k_hᵀ·scale + mask, softmax, out_h = P·v_h. The heads are column
// blocks of q/k/v, read through strided maps; probs is written in place as the score buffer.
void EigenBackend::attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                             TensorView probs, TensorView out) {
    const AttentionDims d = check_attention(q, k, v, heads, mask, probs, out);
    const int64_t D = d.H * d.dh;
    std::vector<float> mrow(size_t(d.Tk));
    for (int64_t b = 0; b < d.B; b++)
        for (int64_t h = 0; h < d.H; h++) {
            MapCU Q(q.data + b * d.Tq * D + h * d.dh, d.Tq, d.dh, Eigen::OuterStride<>(D));
            MapCU K(k.data + b * d.Tk * D + h * d.dh, d.Tk, d.dh, Eigen::OuterStride<>(D));
            MapCU V(v.data + b * d.Tk * D + h * d.dh, d.Tk, d.dh, Eigen::OuterStride<>(D));
            Map P(probs.data + (b * d.H + h) * d.Tq * d.Tk, d.Tq, d.Tk);
            MapU O(out.data + b * d.Tq * D + h * d.dh, d.Tq, d.dh, Eigen::OuterStride<>(D));
            P.noalias() = (Q * K.transpose()) * scale;
            if (mask.kind != Mask::Kind::None)
                for (int64_t i = 0; i < d.Tq; i++) {
                    mask_row(mask, b, i, d.Tq, d.Tk, mrow.data());
                    P.row(i) += VecC(mrow.data(), d.Tk);
                }
            softmax_rows_inplace(P);
            O.noalias() = P * V;
        }
}

} // namespace attn
