// The f32x4 GEMM core, shared by matmul, linear and the fused attention kernel.
//
//   C(M, N) = A(M, K) · B + bias(N)     B given as (K, N) row-major, or as (N, K) (i.e. Bᵀ stored)
//
// Design: a 4×8 register tile (8 f32x4 accumulators, 2 B vectors, 1 broadcast A value and one
// product: 12 of the 15 xmm registers V8 allocates). Measured under node: 4×8 ~47 GFLOPS; 5×8
// and source-level unrolling ~30 (V8 spills). B is packed into 8-column panels, k-major
// (Bp[k·8 + j]), A into 4-row panels, k-major (Ap[k·4 + i]); both zero-padded, so the
// micro-kernel never branches on a tail: partial tiles are computed whole and stored partially.
// Packing B once and reusing it is what lets attention pack K and V once per head. linear() runs
// the same micro-kernel the other way round (weights as A, read in place; x packed as B), since
// with few rows packing the weights would cost a large share of the work.
#pragma once
#include <cstdint>

namespace attn::gemm {

constexpr int kMr = 4;  // rows of a register tile / an A panel
constexpr int kNr = 8;  // columns of a register tile / a B panel

// Floats a packed B of (K, N) needs: ceil(N / 8) panels of K·8.
inline int64_t packed_b_size(int64_t K, int64_t N) { return (N + kNr - 1) / kNr * kNr * K; }

// Packs B into 8-column panels: panel q holds columns 8q..8q+7, Bp[q·8K + k·8 + j]. Bp must be
// 16-byte aligned (the micro-kernel reads it with aligned loads).
//   b_is_nk == false: B(K, N), element (k, n) at B[k·ldb + n]
//   b_is_nk == true:  B(N, K), element (k, n) at B[n·ldb + k]     (nn.Linear weights, keys)
void pack_b(const float * B, int64_t ldb, bool b_is_nk, int64_t K, int64_t N, float * Bp);

// C(M, N) = A(M, K) · B + bias(N), with B already packed by pack_b for some bp_k ≥ K rows (the
// first K rows of each panel are used: attention packs V once and multiplies only the unmasked
// prefix). bias may be null. Rows of A and C are lda / ldc floats apart (heads of attention are
// column blocks of a wider matrix).
void gemm_packed_b(const float * A, int64_t lda, int64_t M, int64_t K, const float * Bp, int64_t bp_k, int64_t N,
                   const float * bias, float * C, int64_t ldc);

// The whole thing: packs B (or, for M < 4, skips packing: a row-times-matrix loop is faster
// than copying the matrix once for so little reuse).
void gemm(const float * A, int64_t lda, int64_t M, int64_t K, const float * B, int64_t ldb, bool b_is_nk,
          int64_t N, const float * bias, float * C, int64_t ldc);

// y(N, M) = x(N, K) · W(M, K)ᵀ + bias(M): nn.Linear. bias may be null; y's rows are ldy floats
// apart (a block of output features of a wider y), M by default. W is never packed while
// N·K ≤ 64K floats (few rows: up to 128 at K = 512, a decoder step's 1); beyond, this is gemm()
// with W as a transposed B.
void linear(const float * x, int64_t N, int64_t K, const float * W, int64_t M, const float * bias, float * y,
            int64_t ldy);
inline void linear(const float * x, int64_t N, int64_t K, const float * W, int64_t M, const float * bias, float * y) {
    linear(x, N, K, W, M, bias, y, M);
}

// A thread's share of a linear's output features is a multiple of this (two register tiles).
constexpr int64_t kLinearBlock = 8;

} // namespace attn::gemm
