// Fused multi-head scaled dot-product attention on f32x4.
//
//   q(B, Tq, H·dh), k(B, Tk, H·dh), v(B, Tk, H·dh)        heads side by side in the last dim
//   probs(B, H, Tq, Tk) = softmax(q_h · k_hᵀ · scale + mask)
//   out(B, Tq, H·dh)    = probs_h · v_h
//
// Per (batch, head): k_h and v_h are packed once into GEMM panels; then, for each tile of query
// rows, scores go straight into that tile of probs (the UI needs probs, so it doubles as the
// score buffer and nothing else of size Tq×Tk exists), are masked and softmaxed there while the
// tile is in L1, and multiply v_h into out. A causal mask also trims the work: keys no row of the
// tile can see are neither scored nor multiplied.
//
// Numerics: float dot products over dh and over Tk (GEMM core), ~1 ulp exp; ~1e-6 relative to
// the double-precision reference.
#include "backend/mask.h"
#include "backend/simd/gemm_simd.h"
#include "backend/simd/scratch.h"
#include "backend/simd/simd_backend.h"
#include "backend/simd/softmax_simd.h"
#include "core/parallel.h"

#include <algorithm>

namespace attn {

// Query rows per tile: a multiple of the GEMM's 4-row panel, so each packed key panel is reused
// by several panels while in L1, and the probs tile (16 × Tk floats) stays in L1 between
// the scores, the softmax and the product with v.
constexpr int64_t kQueryTile = 16;

void SimdBackend::attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                            TensorView probs, TensorView out) {
    const AttentionDims d = check_attention(q, k, v, heads, mask, probs, out);
    const int64_t D = d.H * d.dh, Tq = d.Tq, Tk = d.Tk, dh = d.dh;
    const bool causal = mask.kind == Mask::Kind::Causal;

    // The (batch, head) pairs are independent: split across threads when there is enough work
    // (scores and the product with v: 2·Tq·Tk·dh multiply-adds each), each with its own panels.
    const int64_t pairs = d.B * d.H;
    parallel_ranges(pairs, kernel_parts(pairs * 2 * Tq * Tk * dh, pairs), [&](int64_t pair0, int64_t pair1, int) {
        thread_local Scratch k_scratch, v_scratch;
        float * Kp = k_scratch.get(size_t(gemm::packed_b_size(dh, Tk)));  // k_hᵀ: (dh, Tk) as B
        float * Vp = v_scratch.get(size_t(gemm::packed_b_size(Tk, dh)));  // v_h: (Tk, dh) as B
        for (int64_t pair = pair0; pair < pair1; pair++) {
            const int64_t b = pair / d.H, h = pair % d.H;
            const float * qh = q.data + b * Tq * D + h * dh;
            const float * kh = k.data + b * Tk * D + h * dh;
            const float * vh = v.data + b * Tk * D + h * dh;
            float * oh = out.data + b * Tq * D + h * dh;
            float * P = probs.data + (b * d.H + h) * Tq * Tk;
            gemm::pack_b(kh, D, /*b_is_nk=*/true, dh, Tk, Kp);
            gemm::pack_b(vh, D, /*b_is_nk=*/false, Tk, dh, Vp);

            for (int64_t i0 = 0; i0 < Tq; i0 += kQueryTile) {
                const int64_t rows = std::min(kQueryTile, Tq - i0);
                // Keys visible to any row of this tile: all of them, or under a causal mask those
                // up to the last row's position (query i sits at absolute position i + Tk - Tq).
                const int64_t last_row = i0 + rows - 1;
                const int64_t n_keys = causal ? std::clamp<int64_t>(last_row + (Tk - Tq) + 1, 0, Tk) : Tk;
                float * Pt = P + i0 * Tk;

                // probs tile (rows, n_keys) = q_h tile (rows, dh) · k_hᵀ (dh, n_keys)
                gemm::gemm_packed_b(qh + i0 * D, D, rows, dh, Kp, dh, n_keys, nullptr, Pt, Tk);

                for (int64_t r = 0; r < rows; r++) {
                    const int64_t i = i0 + r;
                    int64_t n_valid = Tk;
                    const float * add = nullptr;
                    switch (mask.kind) {
                    case Mask::Kind::None: break;
                    case Mask::Kind::Columns:
                        add = mask.values.data + (mask.values.shape.rank >= 2 ? b * Tk : 0);
                        break;
                    case Mask::Kind::Full: add = mask.values.data + i * Tk; break;
                    case Mask::Kind::Causal: n_valid = std::clamp<int64_t>(i + (Tk - Tq) + 1, 0, Tk); break;
                    }
                    // Causal rows: n_valid ≤ n_keys, so the unscored columns are exactly the
                    // ones softmax_row_simd zero-fills.
                    softmax_row_simd(Pt + r * Tk, Pt + r * Tk, n_valid, Tk, scale, add);
                }

                // out tile (rows, dh) = probs tile (rows, n_keys) · v_h (n_keys, dh)
                gemm::gemm_packed_b(Pt, Tk, rows, n_keys, Vp, Tk, dh, nullptr, oh + i0 * D, D);
            }
        }
    });
}

} // namespace attn
