// Scalar oracle for multi-head scaled dot-product attention and additive (Bahdanau) scores,
// written exactly as the formulas read: scores, mask, softmax, weighted sum.
#include "backend/mask.h"
#include "backend/reference/ref_backend.h"
#include "core/check.h"

#include <cmath>

namespace attn {

// q(B, Tq, H·dh), k, v(B, Tk, H·dh) -> probs(B, H, Tq, Tk), out(B, Tq, H·dh)
void RefBackend::attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                           TensorView probs, TensorView out) {
    const AttentionDims d = check_attention(q, k, v, heads, mask, probs, out);
    const int64_t D = d.H * d.dh;
    for (int64_t b = 0; b < d.B; b++)
        for (int64_t h = 0; h < d.H; h++)
            for (int64_t i = 0; i < d.Tq; i++) {
                const float * qi = q.data + (b * d.Tq + i) * D + h * d.dh;
                float * p = probs.data + ((b * d.H + h) * d.Tq + i) * d.Tk;
                for (int64_t j = 0; j < d.Tk; j++) {
                    const float * kj = k.data + (b * d.Tk + j) * D + h * d.dh;
                    double dot = 0.0;
                    for (int64_t c = 0; c < d.dh; c++) dot += double(qi[c]) * kj[c];
                    p[j] = float(dot) * scale + mask_value(mask, b, i, j, d.Tq, d.Tk);
                }
                softmax_row_inplace_ref(p, d.Tk);
                float * oi = out.data + (b * d.Tq + i) * D + h * d.dh;
                for (int64_t c = 0; c < d.dh; c++) {
                    double acc = 0.0;
                    for (int64_t j = 0; j < d.Tk; j++) acc += double(p[j]) * v.data[(b * d.Tk + j) * D + h * d.dh + c];
                    oi[c] = float(acc);
                }
            }
}

// scores(Tq, Tk) = Σ_a va(a) · tanh(ws(Tq, A)[i, a] + uh(Tk, A)[j, a])
void RefBackend::additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores) {
    const int64_t Tq = ws.rows(), Tk = uh.rows(), A = ws.cols();
    ATTN_ASSERT(uh.cols() == A && va.numel() == A, "additive_scores: ws %s, uh %s, va %s", ws.shape.str().c_str(),
                uh.shape.str().c_str(), va.shape.str().c_str());
    ATTN_ASSERT(scores.numel() == Tq * Tk && scores.cols() == Tk, "additive_scores: scores %s",
                scores.shape.str().c_str());
    for (int64_t i = 0; i < Tq; i++)
        for (int64_t j = 0; j < Tk; j++) {
            double acc = 0.0;
            for (int64_t a = 0; a < A; a++) acc += double(va[a]) * std::tanh(double(ws.row(i)[a]) + uh.row(j)[a]);
            scores.data[i * Tk + j] = float(acc);
        }
}

} // namespace attn
