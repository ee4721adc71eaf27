// GEMM on f32x4: packing, the 4×8 micro-kernel, cache blocking, and the matmul / linear ops on top.
//
//   c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)      matmul; b may be (Bt, N, K) used as bᵀ, or Bt = 1
//   y(N, M)     = x(N, K) · w(M, K)ᵀ + b(M)      linear: the same core with w as a transposed B
//
// Numerics: float32 sums in k order per output (two roundings per step, no FMA), so the error
// grows like √K·ulp of the products' magnitude; the double-precision reference differs by ~1e-6
// relative at K = 512.
#include "backend/simd/gemm_simd.h"

#include "backend/simd/scratch.h"
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"

#include <algorithm>

namespace attn::gemm {

using namespace vec4;

// Cache blocking. A k-slice of one B panel (kKc·8 floats = 8 KB) stays in L1 while a block of
// A panels (kMc·kKc floats = 128 KB) streams through L2.
constexpr int64_t kKc = 256;
constexpr int64_t kMc = 128;

void pack_b(const float * B, int64_t ldb, bool b_is_nk, int64_t K, int64_t N, float * Bp) {
    for (int64_t j0 = 0; j0 < N; j0 += kNr, Bp += kNr * K) {
        const int64_t cols = std::min<int64_t>(kNr, N - j0);
        if (!b_is_nk) {
            if (cols == kNr) {
                for (int64_t k = 0; k < K; k++) {
                    storeu(Bp + k * kNr, loadu(B + k * ldb + j0));
                    storeu(Bp + k * kNr + 4, loadu(B + k * ldb + j0 + 4));
                }
            } else {
                for (int64_t k = 0; k < K; k++)
                    for (int64_t j = 0; j < kNr; j++) Bp[k * kNr + j] = j < cols ? B[k * ldb + j0 + j] : 0.0f;
            }
        } else {
            // Eight sequential read streams (one per row of Bᵀ), 4×4 blocks transposed in registers.
            const float * rows[kNr];
            for (int64_t j = 0; j < kNr; j++) rows[j] = B + (j0 + std::min<int64_t>(j, cols - 1)) * ldb;
            int64_t k = 0;
            if (cols == kNr)
                for (; k + 4 <= K; k += 4)
                    for (int half = 0; half < 2; half++) {
                        const float * const * r = rows + 4 * half;
                        f32x4 r0 = loadu(r[0] + k), r1 = loadu(r[1] + k), r2 = loadu(r[2] + k), r3 = loadu(r[3] + k);
                        transpose4(r0, r1, r2, r3);
                        float * dst = Bp + k * kNr + 4 * half;
                        store(dst, r0);
                        store(dst + kNr, r1);
                        store(dst + 2 * kNr, r2);
                        store(dst + 3 * kNr, r3);
                    }
            for (; k < K; k++)
                for (int64_t j = 0; j < kNr; j++) Bp[k * kNr + j] = j < cols ? rows[j][k] : 0.0f;
        }
    }
}

// Ap[k·4 + i] = A[(i0 + i)·lda + k0 + k] for one 4-row panel, zero rows past the end.
static void pack_a_panel(const float * A, int64_t lda, int64_t rows, int64_t kc, float * Ap) {
    const float * r[kMr];
    for (int i = 0; i < kMr; i++) r[i] = A + std::min<int64_t>(i, rows - 1) * lda;
    int64_t k = 0;
    if (rows == kMr) {
        for (; k + 4 <= kc; k += 4) {  // a 4×4 block per step, transposed in registers
            f32x4 r0 = loadu(r[0] + k), r1 = loadu(r[1] + k), r2 = loadu(r[2] + k), r3 = loadu(r[3] + k);
            transpose4(r0, r1, r2, r3);
            store(Ap + k * kMr, r0);
            store(Ap + (k + 1) * kMr, r1);
            store(Ap + (k + 2) * kMr, r2);
            store(Ap + (k + 3) * kMr, r3);
        }
    }
    for (; k < kc; k++)
        for (int i = 0; i < kMr; i++) Ap[k * kMr + i] = i < rows ? r[i][k] : 0.0f;
}

// The 4×8 micro-kernel: C tile (4, 8) = Ap(4, kc) · Bp(kc, 8), then + C (accumulate) or + bias.
// Ap and Bp are packed, 16-byte aligned and zero padded; rows × cols says how much of the tile is
// real, so only the store knows about tails.
static inline void kernel_4x8(const float * Ap, const float * Bp, int64_t kc, float * C, int64_t ldc, int rows,
                              int cols, bool accumulate, const float * bias) {
    f32x4 c00 = zero(), c01 = zero(), c10 = zero(), c11 = zero();
    f32x4 c20 = zero(), c21 = zero(), c30 = zero(), c31 = zero();
    // One k step: 2 loads of B, 4 broadcasts of A, 8 mul + 8 add.
    auto step = [&](const float * ap, const float * bp) {
        const f32x4 b0 = load(bp), b1 = load(bp + 4);
        f32x4 a = load_splat(ap + 0);
        c00 = fma(a, b0, c00); c01 = fma(a, b1, c01);
        a = load_splat(ap + 1);
        c10 = fma(a, b0, c10); c11 = fma(a, b1, c11);
        a = load_splat(ap + 2);
        c20 = fma(a, b0, c20); c21 = fma(a, b1, c21);
        a = load_splat(ap + 3);
        c30 = fma(a, b0, c30); c31 = fma(a, b1, c31);
    };
    // One loop variable fewer than a k counter: V8 already unrolls this loop itself, but keeps the
    // update, compare and branch per step, and the front end is the tightest resource here.
    // (Unrolling in the source does not help: clang's wasm backend regroups the steps into one
    // expression per accumulator, with every B vector live at once, and V8 then spills.)
    for (const float * const b_end = Bp + kc * kNr; Bp != b_end; Ap += kMr, Bp += kNr) step(Ap, Bp);
    const f32x4 acc[kMr][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}};
    if (rows == kMr && cols == kNr) {
        const f32x4 bias0 = bias ? loadu(bias) : zero(), bias1 = bias ? loadu(bias + 4) : zero();
        for (int i = 0; i < kMr; i++) {
            float * c = C + i * ldc;
            if (accumulate) {
                storeu(c, add(acc[i][0], loadu(c)));
                storeu(c + 4, add(acc[i][1], loadu(c + 4)));
            } else {
                storeu(c, add(acc[i][0], bias0));
                storeu(c + 4, add(acc[i][1], bias1));
            }
        }
        return;
    }
    alignas(16) float tile[kMr][kNr];
    for (int i = 0; i < kMr; i++) {
        store(tile[i], acc[i][0]);
        store(tile[i] + 4, acc[i][1]);
    }
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            float & c = C[i * ldc + j];
            c = accumulate ? tile[i][j] + c : tile[i][j] + (bias ? bias[j] : 0.0f);
        }
}

void gemm_packed_b(const float * A, int64_t lda, int64_t M, int64_t K, const float * Bp, int64_t bp_k, int64_t N,
                   const float * bias, float * C, int64_t ldc) {
    if (M <= 0 || N <= 0) return;
    thread_local Scratch a_scratch;
    const int64_t kc_max = std::min(K, kKc);
    const int64_t mc_max = std::min((M + kMr - 1) / kMr * kMr, kMc);
    float * Ap = a_scratch.get(size_t(mc_max * std::max<int64_t>(kc_max, 1)));
    // K = 0 still runs one pass, so C gets the bias (or zeros) rather than stale values.
    for (int64_t k0 = 0; k0 < K || k0 == 0; k0 += kKc) {
        const int64_t kc = std::min(kKc, K - k0);
        const bool first = k0 == 0;
        for (int64_t i0 = 0; i0 < M; i0 += kMc) {
            const int64_t mc = std::min(kMc, M - i0);
            for (int64_t p = 0; p < mc; p += kMr)
                pack_a_panel(A + (i0 + p) * lda + k0, lda, std::min<int64_t>(kMr, mc - p), kc, Ap + p * kc);
            for (int64_t j0 = 0; j0 < N; j0 += kNr) {
                const int cols = int(std::min<int64_t>(kNr, N - j0));
                const float * Bq = Bp + j0 * bp_k + k0 * kNr;  // panel j0/8 starts at (j0/8)·8·bp_k
                for (int64_t p = 0; p < mc; p += kMr)
                    kernel_4x8(Ap + p * kc, Bq, kc, C + (i0 + p) * ldc + j0, ldc, int(std::min<int64_t>(kMr, mc - p)),
                               cols, !first, first && bias ? bias + j0 : nullptr);
            }
        }
    }
}

// M < 4 rows: each output row is a row-times-matrix product, computed straight from B.
static void gemm_few_rows(const float * A, int64_t lda, int64_t M, int64_t K, const float * B, int64_t ldb,
                          bool b_is_nk, int64_t N, const float * bias, float * C, int64_t ldc) {
    for (int64_t i = 0; i < M; i++) {
        const float * a = A + i * lda;
        float * c = C + i * ldc;
        if (b_is_nk) {
            // c[n] = a · B[n, :]: a dot product per output, four lanes over k.
            for (int64_t n = 0; n < N; n++) {
                const float * b = B + n * ldb;
                f32x4 acc0 = zero(), acc1 = zero();
                int64_t k = 0;
                for (; k + 8 <= K; k += 8) {
                    acc0 = fma(loadu(a + k), loadu(b + k), acc0);
                    acc1 = fma(loadu(a + k + 4), loadu(b + k + 4), acc1);
                }
                float s = hsum(add(acc0, acc1));
                for (; k < K; k++) s += a[k] * b[k];
                c[n] = s + (bias ? bias[n] : 0.0f);
            }
        } else {
            // c[:] = Σ_k a[k]·B[k, :]: row updates, four lanes over n.
            for (int64_t n = 0; n < N; n++) c[n] = bias ? bias[n] : 0.0f;
            for (int64_t k = 0; k < K; k++) {
                const f32x4 ak = splat(a[k]);
                const float * b = B + k * ldb;
                int64_t n = 0;
                for (; n + 4 <= N; n += 4) storeu(c + n, fma(ak, loadu(b + n), loadu(c + n)));
                for (; n < N; n++) c[n] += a[k] * b[n];
            }
        }
    }
}

void gemm(const float * A, int64_t lda, int64_t M, int64_t K, const float * B, int64_t ldb, bool b_is_nk,
          int64_t N, const float * bias, float * C, int64_t ldc) {
    if (M < kMr) {
        gemm_few_rows(A, lda, M, K, B, ldb, b_is_nk, N, bias, C, ldc);
        return;
    }
    thread_local Scratch b_scratch;
    float * Bp = b_scratch.get(size_t(packed_b_size(K, N)));
    pack_b(B, ldb, b_is_nk, K, N, Bp);
    gemm_packed_b(A, lda, M, K, Bp, K, N, bias, C, ldc);
}

} // namespace attn::gemm

namespace attn {

// y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)
void SimdBackend::linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    check_linear(x, w, b, y);
    const int64_t N = x.rows(), K = x.cols(), M = w.shape[0];
    gemm::gemm(x.data, K, N, K, w.data, K, /*b_is_nk=*/true, M, b.empty() ? nullptr : b.data, y.data, M);
}

// c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)   (or b(Bt, N, K)ᵀ)
void SimdBackend::matmul(ConstView a, ConstView b, bool trans_b, TensorView c) {
    int64_t Bt, M, N, K;
    check_matmul(a, b, trans_b, c, &Bt, &M, &N, &K);
    const bool b_broadcast = b.numel() == K * N && Bt > 1;
    const int64_t ldb = trans_b ? K : N;
    if (b_broadcast && M >= gemm::kMr) {
        // One packing of the shared b serves every batch.
        thread_local Scratch shared_b;
        float * Bp = shared_b.get(size_t(gemm::packed_b_size(K, N)));
        gemm::pack_b(b.data, ldb, trans_b, K, N, Bp);
        for (int64_t bt = 0; bt < Bt; bt++)
            gemm::gemm_packed_b(a.data + bt * M * K, K, M, K, Bp, K, N, nullptr, c.data + bt * M * N, N);
        return;
    }
    for (int64_t bt = 0; bt < Bt; bt++)
        gemm::gemm(a.data + bt * M * K, K, M, K, b.data + (b_broadcast ? 0 : bt * K * N), ldb, trans_b, N, nullptr,
                   c.data + bt * M * N, N);
}

} // namespace attn
