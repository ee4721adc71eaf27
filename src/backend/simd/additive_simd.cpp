// Additive (Bahdanau) attention scores on f32x4.
//
//   scores(Tq, Tk) = Σ_a va(A)[a] · tanh(ws(Tq, A)[i, a] + uh(Tk, A)[j, a])
//
// Numerics: vec4::tanh (≤ 2 ulp) and a float sum in four lanes over A; ~1e-6 relative to the
// double-precision reference for A in the hundreds.
#include "backend/simd/simd_backend.h"
#include "backend/simd/vec4.h"
#include "core/check.h"

#include <algorithm>

namespace attn {

using namespace vec4;

void SimdBackend::additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores) {
    const int64_t Tq = ws.rows(), Tk = uh.rows(), A = ws.cols(), A4 = A / 4 * 4;
    ATTN_ASSERT(uh.cols() == A && va.numel() == A, "additive_scores: ws %s, uh %s, va %s", ws.shape.str().c_str(),
                uh.shape.str().c_str(), va.shape.str().c_str());
    ATTN_ASSERT(scores.numel() == Tq * Tk && scores.cols() == Tk, "additive_scores: scores %s",
                scores.shape.str().c_str());
    // The tail of A, zero-padded: va = 0 there, so the padded lanes add nothing.
    const TanhConsts tk = tanh_consts();
    alignas(16) float va_tail[4] = {0, 0, 0, 0};
    std::copy(va.data + A4, va.data + A, va_tail);
    for (int64_t i = 0; i < Tq; i++) {
        const float * wsi = ws.row(i);
        alignas(16) float ws_tail[4] = {0, 0, 0, 0};
        std::copy(wsi + A4, wsi + A, ws_tail);
        for (int64_t j = 0; j < Tk; j++) {
            const float * uhj = uh.row(j);
            f32x4 acc = zero();
            for (int64_t a = 0; a < A4; a += 4)
                acc = fma(loadu(va.data + a), vec4::tanh(vec4::add(loadu(wsi + a), loadu(uhj + a)), tk), acc);
            if (A4 < A) {
                alignas(16) float uh_tail[4] = {0, 0, 0, 0};
                std::copy(uhj + A4, uhj + A, uh_tail);
                acc = fma(load(va_tail), vec4::tanh(vec4::add(load(ws_tail), load(uh_tail)), tk), acc);
            }
            scores.data[i * Tk + j] = hsum(acc);
        }
    }
}

} // namespace attn
