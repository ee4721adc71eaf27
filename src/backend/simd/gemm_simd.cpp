// GEMM on f32x4: packing, the 4×8 micro-kernel, cache blocking, and the matmul / linear ops on top.
//
//   c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)      matmul; b may be (Bt, N, K) used as bᵀ, or Bt = 1
//   y(N, M)     = x(N, K) · w(M, K)ᵀ + b(M)      linear: the same micro-kernel with the roles
//                                                swapped, w's rows read in place (see linear())
//
// Numerics: float32 sums in k order per output (two roundings per step, no FMA), so the error
// grows like √K·ulp of the products' magnitude; the double-precision reference differs by ~1e-6
// relative at K = 512.
#include "backend/simd/gemm_simd.h"

#include "backend/simd/scratch.h"
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"
#include "core/parallel.h"

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

// Where the micro-kernel reads its 4 A values per k step: a packed A panel (Ap[k·4 + i], one
// pointer), or four rows of a row-major matrix read in place (linear's weights, see linear()).
// Either way each value is one splat load; the in-place form only costs more pointer updates.
struct PackedA {
    const float * p;
    f32x4 splat(int i) const { return load_splat(p + i); }
    void next() { p += kMr; }
};
struct RowsA {
    const float * r[kMr];
    f32x4 splat(int i) const { return load_splat(r[i]); }
    void next() {
        for (int i = 0; i < kMr; i++) r[i]++;
    }
};

// The 4×8 register tile: c[i][h] holds row i, columns 4h..4h+3.
struct Tile4x8 {
    f32x4 c[kMr][2];
};

// The micro-kernel proper: tile (4, 8) = A(4, kc) · Bp(kc, 8). Bp is packed, 16-byte aligned and
// zero padded, so the loop never branches on a tail.
template <class A> static inline Tile4x8 multiply_4x8(A a, const float * Bp, int64_t kc) {
    f32x4 c00 = zero(), c01 = zero(), c10 = zero(), c11 = zero();
    f32x4 c20 = zero(), c21 = zero(), c30 = zero(), c31 = zero();
    // One k step: 2 loads of B, 4 broadcasts of A, 8 mul + 8 add.
    auto step = [&](const float * bp) {
        const f32x4 b0 = load(bp), b1 = load(bp + 4);
        f32x4 ai = a.splat(0);
        c00 = fma(ai, b0, c00); c01 = fma(ai, b1, c01);
        ai = a.splat(1);
        c10 = fma(ai, b0, c10); c11 = fma(ai, b1, c11);
        ai = a.splat(2);
        c20 = fma(ai, b0, c20); c21 = fma(ai, b1, c21);
        ai = a.splat(3);
        c30 = fma(ai, b0, c30); c31 = fma(ai, b1, c31);
    };
    // One loop variable fewer than a k counter: V8 already unrolls this loop itself, but keeps the
    // update, compare and branch per step, and the front end is the tightest resource here.
    // (Unrolling in the source does not help: clang's wasm backend regroups the steps into one
    // expression per accumulator, with every B vector live at once, and V8 then spills.)
    for (const float * const b_end = Bp + kc * kNr; Bp != b_end; a.next(), Bp += kNr) step(Bp);
    return {{{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}}};
}

// C tile (rows, cols) = the tile, + C (accumulate) or + bias(cols). Only this store knows about
// tails: a partial tile is computed whole and stored partially.
static inline void store_4x8(const Tile4x8 & t, float * C, int64_t ldc, int rows, int cols, bool accumulate,
                             const float * bias) {
    if (rows == kMr && cols == kNr) {
        const f32x4 bias0 = bias ? loadu(bias) : zero(), bias1 = bias ? loadu(bias + 4) : zero();
        for (int i = 0; i < kMr; i++) {
            float * c = C + i * ldc;
            if (accumulate) {
                storeu(c, add(t.c[i][0], loadu(c)));
                storeu(c + 4, add(t.c[i][1], loadu(c + 4)));
            } else {
                storeu(c, add(t.c[i][0], bias0));
                storeu(c + 4, add(t.c[i][1], bias1));
            }
        }
        return;
    }
    alignas(16) float tile[kMr][kNr];
    for (int i = 0; i < kMr; i++) {
        store(tile[i], t.c[i][0]);
        store(tile[i] + 4, t.c[i][1]);
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
                    store_4x8(multiply_4x8(PackedA{Ap + p * kc}, Bq, kc), C + (i0 + p) * ldc + j0, ldc,
                              int(std::min<int64_t>(kMr, mc - p)), cols, !first, first && bias ? bias + j0 : nullptr);
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


// ---- linear: y(N, M) = x(N, K) · W(M, K)ᵀ + b(M) ------------------------------------------------
//
// Layers call this with few rows and big weights (Transformer-base at seq 32: x 32×512, W up to
// 2048×512). gemm() would pack all of W on every call, for only N/4 uses of each packed panel;
// weights cannot be packed once and kept, since training updates them in place. So the roles swap:
//   yᵀ(M, N) = W(M, K) · xᵀ(K, N)
// W is the A side, read in place (RowsA: the micro-kernel splats A values, so packing A buys
// nothing but one pointer), and x is the B side, packed: N·K floats instead of M·K.
//
// Memory order: weights arrive cold (a forward pass touches each once), so how W streams matters.
// Taking 4 consecutive rows of W per tile (gemm's order) starts 4 fresh 2 KB streams per tile at
// K = 512, and cold weights then cost ~15-20% more than warm ones (node): the hardware prefetcher
// never gets going. Here W's rows are
// split into 4 contiguous quarters of Q rows and tile p takes row p of each: each of the 4 streams
// reads its quarter front to back. With no K blocking they stay sequential; the tile's 4 rows
// (4·K floats) are reused from L1/L2 by every 8-row panel of x.
//
// Tiles are stored whole into yT (4Q, N rounded up to 8) scratch, then transposed into y with the
// bias: an extra pass over the output (N·M floats against N·M·K multiply-adds).
//
// Measured under node, 32 rows, cold weights: 15-30% faster than gemm() per call; the
// Transformer-base encoder layer at seq 32 5.8 -> 5.0 ms. K blocking (128/256/512) and packing
// each 4-row slice of W (one pointer instead of four) measured no better.

// Packed x beyond this (floats) no longer sits in L2 next to W's rows: gemm() blocks for that.
constexpr int64_t kLinearMaxPackedX = 64 * 1024;

// y(N, M) = yT(M, N)ᵀ + bias(M); yT rows are ldt floats apart and 16-byte aligned, y's ldy apart.
static void transpose_add_bias(const float * yT, int64_t ldt, int64_t M, int64_t N, const float * bias, float * y,
                               int64_t ldy) {
    int64_t m0 = 0;
    for (; m0 + 4 <= M; m0 += 4) {
        const f32x4 b4 = bias ? loadu(bias + m0) : zero();
        int64_t n0 = 0;
        for (; n0 + 4 <= N; n0 += 4) {
            const float * t = yT + m0 * ldt + n0;
            f32x4 r0 = load(t), r1 = load(t + ldt), r2 = load(t + 2 * ldt), r3 = load(t + 3 * ldt);
            transpose4(r0, r1, r2, r3);
            float * d = y + n0 * ldy + m0;
            storeu(d, add(r0, b4));
            storeu(d + ldy, add(r1, b4));
            storeu(d + 2 * ldy, add(r2, b4));
            storeu(d + 3 * ldy, add(r3, b4));
        }
        for (; n0 < N; n0++)
            for (int64_t m = m0; m < m0 + 4; m++) y[n0 * ldy + m] = yT[m * ldt + n0] + (bias ? bias[m] : 0.0f);
    }
    for (; m0 < M; m0++)
        for (int64_t n = 0; n < N; n++) y[n * ldy + m0] = yT[m0 * ldt + n] + (bias ? bias[m0] : 0.0f);
}

// The swapped product above, for 4 ≤ N and N·K ≤ kLinearMaxPackedX.
static void linear_w_streamed(const float * x, int64_t N, int64_t K, const float * W, int64_t M, const float * bias,
                              float * y, int64_t ldy) {
    thread_local Scratch x_scratch, t_scratch;
    float * Xp = x_scratch.get(size_t(packed_b_size(K, N)));
    pack_b(x, K, /*b_is_nk=*/true, K, N, Xp);  // xᵀ (K, N) as B panels: 8 rows of x each

    const int64_t Q = (M + kMr - 1) / kMr;              // rows per quarter of W
    const int64_t ldt = (N + kNr - 1) / kNr * kNr;      // yT row stride: whole panels of x
    float * yT = t_scratch.get(size_t(kMr * Q * ldt));  // yT row i·Q + p: W row i·Q + p
    for (int64_t p = 0; p < Q; p++) {
        RowsA w_rows;  // rows past M (the last quarter's tail) repeat row M-1: computed, never read
        for (int i = 0; i < kMr; i++) w_rows.r[i] = W + std::min(i * Q + p, M - 1) * K;
        for (int64_t n0 = 0; n0 < N; n0 += kNr) {
            const Tile4x8 t = multiply_4x8(w_rows, Xp + n0 * K, K);
            for (int i = 0; i < kMr; i++) {
                float * d = yT + (i * Q + p) * ldt + n0;
                store(d, t.c[i][0]);
                store(d + 4, t.c[i][1]);
            }
        }
    }
    transpose_add_bias(yT, ldt, M, N, bias, y, ldy);
}

void linear(const float * x, int64_t N, int64_t K, const float * W, int64_t M, const float * bias, float * y, int64_t ldy) {
    if (N < kMr) {
        gemm_few_rows(x, K, N, K, W, K, /*b_is_nk=*/true, M, bias, y, ldy);
    } else if (N * K <= kLinearMaxPackedX) {
        linear_w_streamed(x, N, K, W, M, bias, y, ldy);
    } else {
        gemm(x, K, N, K, W, K, /*b_is_nk=*/true, M, bias, y, ldy);
    }
}

} // namespace attn::gemm

namespace attn {

// y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)
void SimdBackend::linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    check_linear(x, w, b, y);
    const int64_t N = x.rows(), K = x.cols(), M = w.shape[0];
    const float * bias = b.empty() ? nullptr : b.data;
    // Large products split by blocks of output features (rows of w), one block per thread: each
    // value is the same dot product as on one thread.
    const int64_t blocks = (M + gemm::kLinearBlock - 1) / gemm::kLinearBlock;
    parallel_ranges(blocks, kernel_parts(N * K * M, blocks), [&](int64_t b0, int64_t b1, int) {
        const int64_t m0 = b0 * gemm::kLinearBlock, m1 = std::min(M, b1 * gemm::kLinearBlock);
        gemm::linear(x.data, N, K, w.data + m0 * K, m1 - m0, bias ? bias + m0 : nullptr, y.data + m0, M);
    });
}

// c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)   (or b(Bt, N, K)ᵀ)
// Large products split across threads by batches, or with one batch by blocks of 16 rows of a
// (every block a whole number of the micro-kernel's 4-row panels, the last one taking the rest, so
// no part falls to the few-rows path and each value is the same sum as on one thread).
void SimdBackend::matmul(ConstView a, ConstView b, bool trans_b, TensorView c) {
    int64_t Bt, M, N, K;
    check_matmul(a, b, trans_b, c, &Bt, &M, &N, &K);
    const bool b_broadcast = b.numel() == K * N && Bt > 1;
    const int64_t ldb = trans_b ? K : N, work = Bt * M * N * K;
    auto batches = [&](int64_t bt0, int64_t bt1) {
        if (b_broadcast && M >= gemm::kMr) {
            // One packing of the shared b serves every batch.
            thread_local Scratch shared_b;
            float * Bp = shared_b.get(size_t(gemm::packed_b_size(K, N)));
            gemm::pack_b(b.data, ldb, trans_b, K, N, Bp);
            for (int64_t bt = bt0; bt < bt1; bt++)
                gemm::gemm_packed_b(a.data + bt * M * K, K, M, K, Bp, K, N, nullptr, c.data + bt * M * N, N);
            return;
        }
        for (int64_t bt = bt0; bt < bt1; bt++)
            gemm::gemm(a.data + bt * M * K, K, M, K, b.data + (b_broadcast ? 0 : bt * K * N), ldb, trans_b, N, nullptr,
                       c.data + bt * M * N, N);
    };
    if (Bt > 1) {
        parallel_ranges(Bt, kernel_parts(work, Bt), [&](int64_t bt0, int64_t bt1, int) { batches(bt0, bt1); });
        return;
    }
    constexpr int64_t kRowBlock = 16;
    const int64_t blocks = M / kRowBlock;
    if (blocks < 2) {
        batches(0, 1);
        return;
    }
    parallel_ranges(blocks, kernel_parts(work, blocks), [&](int64_t r0, int64_t r1, int) {
        const int64_t m0 = r0 * kRowBlock, m1 = r1 == blocks ? M : r1 * kRowBlock;
        gemm::gemm(a.data + m0 * K, K, m1 - m0, K, b.data, ldb, trans_b, N, nullptr, c.data + m0 * N, N);
    });
}

} // namespace attn
