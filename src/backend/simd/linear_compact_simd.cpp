// linear on compact weights: y(N, M) = x(N, K) · widen(W)(M, K)ᵀ + b(M), W in F16 or in I8 with a
// scale per row (core/compact_tensor.h).
//
// Few rows (N ≤ 4: a decoder step is 1): each output is a dot product of a weight row and a row
// of x, the row widened a 16-byte load at a time in registers and multiplied straight into the
// accumulators, so W streams from memory once per row of x at 2 or 1 bytes per value. An I8
// row's dot product runs on its integer codes and the row's scale multiplies the sum once.
//
// More rows (the encoder, a whole decoder pass): W is widened a block of rows at a time into a
// small float scratch, which the float GEMM then multiplies by all N rows, so each weight is
// widened once per call, not once per row; the block stays in cache while it is used.
#include "backend/simd/gemm_simd.h"
#include "backend/simd/scratch.h"
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"
#include "core/half.h"

#include <algorithm>

namespace attn {
namespace {

using namespace vec4;

constexpr int64_t kDirectMaxRows = 4;   // up to this many rows of x: the register path
constexpr int64_t kBlockRows = 32;      // rows of W widened per block on the GEMM path

// A compact matrix's rows, widened a chunk (one 16-byte load), four, or one value at a time.
struct I8Rows {
    static constexpr int kChunk = 16;
    const int8_t * w;
    int64_t K;
    void chunk(int64_t m, int64_t k, f32x4 out[4]) const { load_i8x16_as_f32(w + m * K + k, out); }
    f32x4 four(int64_t m, int64_t k) const { return load_i8_as_f32(w + m * K + k); }
    float one(int64_t m, int64_t k) const { return float(w[m * K + k]); }
};

struct F16Rows {
    static constexpr int kChunk = 8;
    const uint16_t * w;
    int64_t K;
    HalfConsts c = half_consts();
    void chunk(int64_t m, int64_t k, f32x4 out[2]) const {
        load_u16x8_hi_bits(w + m * K + k, out);
        out[0] = f16_hi_bits_to_f32(out[0], c);
        out[1] = f16_hi_bits_to_f32(out[1], c);
    }
    f32x4 four(int64_t m, int64_t k) const { return f16_bits_to_f32(load_u16_bits(w + m * K + k), c); }
    float one(int64_t m, int64_t k) const { return f16_to_float(w[m * K + k]); }
};

// y[n][m] = scale[m] · (x[n] · w[m]) + bias[m] for every n < N, m < M; scales may be null (1).
// One weight row at a time, two accumulators: few enough live registers that V8 keeps them all
// (four rows at a time, sharing the loads of x, measured 2-3x slower under wasm: spills).
template <class Rows>
void direct(const Rows & w, const float * x, int64_t N, int64_t K, int64_t M, const float * scales,
            const float * bias, float * y) {
    constexpr int V = Rows::kChunk / 4;  // f32x4 per chunk
    for (int64_t n = 0; n < N; n++) {
        const float * xr = x + n * K;
        float * yr = y + n * M;
        for (int64_t m = 0; m < M; m++) {
            f32x4 acc[2] = {zero(), zero()};
            int64_t k = 0;
            for (; k + Rows::kChunk <= K; k += Rows::kChunk) {
                f32x4 wv[V];
                w.chunk(m, k, wv);
                for (int j = 0; j < V; j++) acc[j & 1] = fma(wv[j], loadu(xr + k + 4 * j), acc[j & 1]);
            }
            for (; k + 4 <= K; k += 4) acc[0] = fma(w.four(m, k), loadu(xr + k), acc[0]);
            float sum = hsum(add(acc[0], acc[1]));
            for (; k < K; k++) sum += w.one(m, k) * xr[k];
            yr[m] = sum * (scales ? scales[m] : 1.0f) + (bias ? bias[m] : 0.0f);
        }
    }
}

// The GEMM path: W's rows [m0, m0 + rows) widened (and scaled) into `block`, then
// y[:, m0 ..] = x · blockᵀ + bias.
template <class Rows>
void blocked(const Rows & w, ConstView x, int64_t M, const float * scales, const float * bias, float * y) {
    const int64_t N = x.rows(), K = x.cols();
    thread_local Scratch scratch;
    float * block = scratch.get(size_t(kBlockRows * K));
    for (int64_t m0 = 0; m0 < M; m0 += kBlockRows) {
        const int64_t rows = std::min(kBlockRows, M - m0);
        for (int64_t r = 0; r < rows; r++) {
            const float scale = scales ? scales[m0 + r] : 1.0f;
            const f32x4 s = splat(scale);
            float * out = block + r * K;
            int64_t k = 0;
            for (; k + 4 <= K; k += 4) storeu(out + k, mul(w.four(m0 + r, k), s));
            for (; k < K; k++) out[k] = w.one(m0 + r, k) * scale;
        }
        gemm::gemm(x.data, K, N, K, block, K, /*b_is_nk=*/true, rows, bias ? bias + m0 : nullptr, y + m0, M);
    }
}

} // namespace

void SimdBackend::linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) {
    check_linear_compact(x, w, b, y);
    const int64_t N = x.rows(), K = x.cols(), M = w.rows;
    const float * bias = b.empty() ? nullptr : b.data;
    const bool i8 = w.type == CompactType::I8;
    if (N > kDirectMaxRows) {
        if (i8) blocked(I8Rows{w.codes(), K}, x, M, w.scales, bias, y.data);
        else blocked(F16Rows{w.halves(), K}, x, M, nullptr, bias, y.data);
    } else if (i8) {
        direct(I8Rows{w.codes(), K}, x.data, N, K, M, w.scales, bias, y.data);
    } else {
        direct(F16Rows{w.halves(), K}, x.data, N, K, M, nullptr, bias, y.data);
    }
}

} // namespace attn
