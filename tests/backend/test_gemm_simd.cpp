// The simd GEMM core (backend/simd/gemm_simd.h) on edge shapes against a plain double loop:
// every M, N, K from {1, 3, 7, 33, 65, 257} (tails of the 4×8 tile, of the 4-lane vectors, and
// of the 128-row / 256-deep cache blocks), both layouts of B, bias or not, strided A and C
// (attention's heads are column blocks), K beyond one cache block, and K = 0. gemm::linear gets
// the same shapes plus both sides of its switch between its own path and gemm().
#include "backend/simd/gemm_simd.h"

#include "core/tensor.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

using namespace attn;

namespace {

const int64_t kSizes[] = {1, 3, 7, 33, 65, 257};

struct Problem {
    int64_t M, N, K;
    bool b_is_nk;
    bool with_bias;
    int64_t pad = 0;  // extra floats per row of A and C, so lda > K and ldc > N
    bool linear = false;  // through gemm::linear (B(N, K), no padding) instead of gemm::gemm
};

// Runs gemm::gemm on random data and checks every element against a double-precision loop.
// Tolerance per element: 4·eps·√(K+1)·(√(Σ_k (a_k·b_k)²) + |bias|). A float sum of K products
// (and the bias: one more term) of random sign drifts by about eps·√K times the terms'
// root-sum-square; 4x that never trips on correct code, while any wrong index or missed tail
// is off by a whole product.
void check(const Problem & p) {
    SCOPED_TRACE("M=" + std::to_string(p.M) + " N=" + std::to_string(p.N) + " K=" + std::to_string(p.K) +
                 (p.b_is_nk ? " B(N,K)" : " B(K,N)") + (p.with_bias ? " +bias" : "") +
                 " pad=" + std::to_string(p.pad) + (p.linear ? " linear" : ""));
    const int64_t lda = p.K + p.pad, ldc = p.N + p.pad, ldb = p.b_is_nk ? p.K : p.N;
    Tensor A = random_normal({std::max<int64_t>(p.M * lda, 1)}, 11);
    Tensor B = random_normal({std::max<int64_t>(p.K * p.N, 1)}, 12);
    Tensor bias = random_normal({p.N}, 13);
    const float sentinel = 12345.0f;
    std::vector<float> C(size_t(p.M * ldc), sentinel);
    if (p.linear)  // y(M, N) = x(M, K) · W(N, K)ᵀ + b(N)
        gemm::linear(A.data(), p.M, p.K, B.data(), p.N, p.with_bias ? bias.data() : nullptr, C.data());
    else
        gemm::gemm(A.data(), lda, p.M, p.K, B.data(), ldb, p.b_is_nk, p.N, p.with_bias ? bias.data() : nullptr,
                   C.data(), ldc);

    const double eps = std::ldexp(1.0, -24);
    int failures = 0;
    for (int64_t i = 0; i < p.M; i++) {
        for (int64_t j = 0; j < p.N; j++) {
            double want = p.with_bias ? bias[j] : 0.0, sq = 0.0;
            for (int64_t k = 0; k < p.K; k++) {
                const double prod = double(A[i * lda + k]) * (p.b_is_nk ? B[j * ldb + k] : B[k * ldb + j]);
                want += prod;
                sq += prod * prod;
            }
            const double tol = 4 * eps * std::sqrt(double(p.K + 1)) *
                               (std::sqrt(sq) + (p.with_bias ? std::fabs(bias[j]) : 0.0));
            const double got = C[size_t(i * ldc + j)];
            if (!(std::fabs(got - want) <= tol) && failures++ < 5)
                ADD_FAILURE() << "C[" << i << ", " << j << "] = " << got << ", want " << want << " ± " << tol;
        }
        for (int64_t j = p.N; j < ldc; j++)  // the padding between rows of C is never written
            if (C[size_t(i * ldc + j)] != sentinel && failures++ < 5)
                ADD_FAILURE() << "wrote past the row end at C[" << i << ", " << j << "]";
    }
}

} // namespace

TEST(GemmSimd, AllEdgeShapesBothLayouts) {
    for (int64_t M : kSizes)
        for (int64_t N : kSizes)
            for (int64_t K : kSizes)
                for (bool nk : {false, true}) check({M, N, K, nk, /*with_bias=*/(M + N + K) % 2 == 1});
}

Problem linear(int64_t rows, int64_t out, int64_t K, bool with_bias) {
    Problem p{rows, out, K, /*b_is_nk=*/true, with_bias};
    p.linear = true;
    return p;
}

TEST(GemmSimd, LinearAllEdgeShapes) {
    for (int64_t rows : {1, 3, 4, 5, 7, 8, 9, 33, 65})
        for (int64_t out : kSizes)
            for (int64_t K : {0, 1, 3, 7, 33, 65, 257})
                check(linear(rows, out, K, /*with_bias=*/(rows + out + K) % 2 == 1));
}

TEST(GemmSimd, LinearAtTransformerShapes) {
    // The encoder's three weight shapes at 32 rows, and both sides of linear's switch to gemm()
    // (packed x of 64K floats: 32 rows at K = 2048 stay, 33 go).
    check(linear(32, 512, 512, true));
    check(linear(32, 2048, 512, true));
    check(linear(32, 512, 2048, true));
    check(linear(33, 70, 2048, false));
    check(linear(128, 130, 512, true));
    check(linear(129, 13, 512, true));
}

TEST(GemmSimd, StridedRowsAsInAttentionHeads) {
    for (int64_t M : {1, 3, 7, 33})
        for (int64_t N : {1, 8, 33})
            for (bool nk : {false, true}) check({M, N, 64, nk, true, /*pad=*/5});
}

TEST(GemmSimd, DeepKSpansSeveralCacheBlocks) {
    for (int64_t K : {255, 256, 257, 512, 513, 700})
        for (bool nk : {false, true}) {
            check({33, 17, K, nk, true});
            check({2, 17, K, nk, true});  // the few-rows path
        }
}

TEST(GemmSimd, ZeroDepthGivesBiasOrZeros) {
    check({5, 9, 0, false, true});
    check({5, 9, 0, true, false});
    check({2, 9, 0, true, true});
}

TEST(GemmSimd, PrepackedBServesAPrefixOfK) {
    // attention packs v once (Tk rows) and multiplies only the first n_keys of them.
    const int64_t M = 6, N = 11, K_packed = 40, K = 23;
    Tensor A = random_normal({M, K}, 21), B = random_normal({K_packed, N}, 22);
    std::vector<float> Bp(size_t(gemm::packed_b_size(K_packed, N)) + 16);
    float * bp = Bp.data() + (16 - reinterpret_cast<uintptr_t>(Bp.data()) / 4 % 16) % 16;  // 64-byte aligned
    gemm::pack_b(B.data(), N, false, K_packed, N, bp);
    std::vector<float> C(size_t(M * N));
    gemm::gemm_packed_b(A.data(), K, M, K, bp, K_packed, N, nullptr, C.data(), N);
    for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
            double want = 0;
            for (int64_t k = 0; k < K; k++) want += double(A[i * K + k]) * B[k * N + j];
            EXPECT_NEAR(C[size_t(i * N + j)], want, 1e-5) << i << ", " << j;  // |want| ≲ 15: ~20 ulp
        }
}
