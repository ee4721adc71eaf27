// Backward passes on Compute, the fast backends: the matrix products of a linear layer's and an
// attention's backward as GEMMs. Their references are the scalar passes of grad_ops.h.
#include "nn/grad_fast.h"

#include "core/check.h"

#include <algorithm>

namespace attn {

// out(C, R) = in(R, C)ᵀ, in 32×32 tiles so both sides stay in cache.
static void transpose_into(const float * in, int64_t R, int64_t C, float * out) {
    constexpr int64_t kTile = 32;
    for (int64_t r0 = 0; r0 < R; r0 += kTile)
        for (int64_t c0 = 0; c0 < C; c0 += kTile)
            for (int64_t r = r0; r < std::min(R, r0 + kTile); r++)
                for (int64_t c = c0; c < std::min(C, c0 + kTile); c++) out[c * R + r] = in[r * C + c];
}

void linear_backward_fast(Compute & cc, ConstView x, ConstView w, ConstView dy, TensorView dx, TensorView dw,
                          TensorView db) {
    const int64_t N = x.rows(), K = x.cols(), M = w.rows();
    if (!dx.empty()) cc.matmul(dy.reshaped({N, M}), w, /*trans_b=*/false, dx.reshaped({N, K}));
    if (!db.empty())
        for (int64_t n = 0; n < N; n++)
            for (int64_t m = 0; m < M; m++) db.data[m] += dy.data[n * M + m];
    if (!dw.empty()) {
        // dw(M, K) += dyᵀ·x. matmul has no transposed-A form, so one operand is transposed first;
        // the smaller one: dyᵀ·x directly when M ≤ K, else (xᵀ·dy)ᵀ.
        if (M <= K) {
            Tensor dyt({M, N}), prod({M, K});
            transpose_into(dy.data, N, M, dyt.data());
            cc.matmul(dyt, x.reshaped({N, K}), false, prod);
            cc.add(dw, prod, dw);
        } else {
            Tensor xt({K, N}), prod({K, M}), prod_t({M, K});
            transpose_into(x.data, N, K, xt.data());
            cc.matmul(xt, dy.reshaped({N, M}), false, prod);
            transpose_into(prod.data(), K, M, prod_t.data());
            cc.add(dw, prod_t, dw);
        }
    }
}

// Per (batch b, head h), with the head's columns gathered into contiguous (T, dh) blocks and P the
// forward probabilities (Tq, Tk):
//   dP = dO·Vᵀ,  dS = scale · P ∘ (dP − rowsum(P ∘ dP)),  dQ = dS·K,  dK = dSᵀ·Q,  dV = Pᵀ·dO
void attention_backward_fast(Compute & cc, ConstView q, ConstView k, ConstView v, ConstView probs, ConstView dout,
                             int heads, float scale, TensorView dq, TensorView dk, TensorView dv,
                             const float * extra_dprobs) {
    const int64_t D = q.cols(), H = heads, dh = D / H;
    const int64_t B = q.shape.rank >= 3 ? q.shape[0] : 1;
    const int64_t Tq = q.rows() / B, Tk = probs.cols();
    ATTN_ASSERT(probs.numel() == B * H * Tq * Tk && k.rows() == B * Tk && dq.numel() == q.numel() &&
                    dk.numel() == k.numel() && dv.numel() == v.numel(),
                "attention_backward_fast: q %s, k %s, probs %s", q.shape.str().c_str(), k.shape.str().c_str(),
                probs.shape.str().c_str());
    Tensor Q({Tq, dh}), Kh({Tk, dh}), V({Tk, dh}), dO({Tq, dh}), dP({Tq, Tk}), T1({Tk, Tq});
    Tensor dQ({Tq, dh}), dK({Tk, dh}), dV({Tk, dh});
    auto gather = [&](const float * src, int64_t rows, Tensor & dst) {
        for (int64_t r = 0; r < rows; r++) std::copy(src + r * D, src + r * D + dh, dst.data() + r * dh);
    };
    auto scatter = [&](const Tensor & src, int64_t rows, float * dst) {
        for (int64_t r = 0; r < rows; r++) std::copy(src.data() + r * dh, src.data() + (r + 1) * dh, dst + r * D);
    };
    for (int64_t b = 0; b < B; b++)
        for (int64_t h = 0; h < H; h++) {
            const int64_t qo = b * Tq * D + h * dh, ko = b * Tk * D + h * dh;
            gather(q.data + qo, Tq, Q);
            gather(k.data + ko, Tk, Kh);
            gather(v.data + ko, Tk, V);
            gather(dout.data + qo, Tq, dO);
            const float * P = probs.data + (b * H + h) * Tq * Tk;
            cc.matmul(dO, V, /*trans_b=*/true, dP);
            if (extra_dprobs) {
                const float * e = extra_dprobs + (b * H + h) * Tq * Tk;
                for (int64_t i = 0; i < Tq * Tk; i++) dP[i] += e[i];
            }
            for (int64_t i = 0; i < Tq; i++) {  // dP becomes dS in place
                float * row = dP.data() + i * Tk;
                const float * p = P + i * Tk;
                float dot = 0.0f;
                for (int64_t j = 0; j < Tk; j++) dot += p[j] * row[j];
                for (int64_t j = 0; j < Tk; j++) row[j] = scale * p[j] * (row[j] - dot);
            }
            cc.matmul(dP, Kh, false, dQ);
            transpose_into(dP.data(), Tq, Tk, T1.data());
            cc.matmul(T1, Q, false, dK);
            transpose_into(P, Tq, Tk, T1.data());
            cc.matmul(T1, dO, false, dV);
            scatter(dQ, Tq, dq.data + qo);
            scatter(dK, Tk, dk.data + ko);
            scatter(dV, Tk, dv.data + ko);
        }
}

} // namespace attn
