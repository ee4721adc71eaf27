// Backward of softmax rows and of the multi-head attention core (grad_ops.h). Masks need no
// special case: the forward's probabilities are exactly 0 where a mask removed a position, and
// every gradient that flows through such a position is multiplied by that 0.
#include "core/check.h"
#include "nn/grad_ops.h"

#include <vector>

namespace attn {

namespace {

// One row of the softmax Jacobian-vector product, for y = softmax(s), s = x·scale + mask:
//   dx_c = scale · y_c · (dy_c - Σ_c' dy_c' · y_c')
// A fully masked row (all y = 0) gives all zeros, matching its forward.
void softmax_row_backward(const float * y, const double * dy, int64_t C, double scale, double * dx) {
    double dot = 0.0;
    for (int64_t c = 0; c < C; c++) dot += dy[c] * y[c];
    for (int64_t c = 0; c < C; c++) dx[c] = scale * y[c] * (dy[c] - dot);
}

} // namespace

// y(..., C), dy(..., C) -> dx(..., C)   (rows independent; dx overwritten, may alias dy)
void softmax_rows_backward(ConstView y, ConstView dy, float scale, TensorView dx) {
    ATTN_ASSERT(dy.numel() == y.numel() && dx.numel() == y.numel() && dy.cols() == y.cols() &&
                    dx.cols() == y.cols(),
                "softmax_rows_backward: y %s, dy %s, dx %s", y.shape.str().c_str(), dy.shape.str().c_str(),
                dx.shape.str().c_str());
    const int64_t C = y.cols();
    std::vector<double> dy_row(C), dx_row(C);
    for (int64_t r = 0; r < y.rows(); r++) {
        for (int64_t c = 0; c < C; c++) dy_row[c] = dy.data[r * C + c];  // copied first: dx may alias dy
        softmax_row_backward(y.row(r), dy_row.data(), C, scale, dx_row.data());
        for (int64_t c = 0; c < C; c++) dx.data[r * C + c] = float(dx_row[c]);
    }
}

// Forward, per batch b and head h (heads side by side in the last dim, columns h·dh .. h·dh+dh):
//   S = q_h(Tq, dh) · k_h(Tk, dh)ᵀ · scale + mask,  P(Tq, Tk) = softmax_rows(S),  out_h = P · v_h
// Backward, given dout(B, Tq, H·dh):
//   dv_h(Tk, dh) = Pᵀ · dout_h            dP(Tq, Tk) = dout_h · v_hᵀ
//   dS(Tq, Tk)   = softmax_backward(P, dP, scale)   (the scale is folded in: d/d(q·k))
//   dq_h(Tq, dh) = dS · k_h               dk_h(Tk, dh) = dSᵀ · q_h
// Shapes: q(B, Tq, D), k, v(B, Tk, D), probs(B, H, Tq, Tk), D = H·dh; rank-2 q/k/v mean B = 1.
// dq, dk, dv are overwritten; any may be empty.
void attention_backward(ConstView q, ConstView k, ConstView v, ConstView probs, ConstView dout, int heads,
                        float scale, TensorView dq, TensorView dk, TensorView dv) {
    const int64_t D = q.cols();
    ATTN_ASSERT(heads > 0 && D % heads == 0, "attention_backward: width %lld not divisible by %d heads",
                (long long)D, heads);
    const int64_t H = heads, dh = D / H;
    const int64_t B = q.shape.rank >= 3 ? q.shape[0] : 1;
    const int64_t Tq = q.rows() / B, Tk = probs.cols();
    ATTN_ASSERT(k.cols() == D && v.cols() == D && k.rows() == B * Tk && v.rows() == B * Tk,
                "attention_backward: q %s, k %s, v %s, probs %s", q.shape.str().c_str(), k.shape.str().c_str(),
                v.shape.str().c_str(), probs.shape.str().c_str());
    ATTN_ASSERT(probs.numel() == B * H * Tq * Tk, "attention_backward: probs %s for B=%lld H=%lld Tq=%lld",
                probs.shape.str().c_str(), (long long)B, (long long)H, (long long)Tq);
    ATTN_ASSERT(dout.numel() == q.numel() && dout.cols() == D, "attention_backward: dout %s",
                dout.shape.str().c_str());
    ATTN_ASSERT(dq.empty() || dq.numel() == q.numel(), "attention_backward: dq %s", dq.shape.str().c_str());
    ATTN_ASSERT(dk.empty() || dk.numel() == k.numel(), "attention_backward: dk %s", dk.shape.str().c_str());
    ATTN_ASSERT(dv.empty() || dv.numel() == v.numel(), "attention_backward: dv %s", dv.shape.str().c_str());

    // dk and dv sum over all Tq queries; they are gathered in double and written once at the end.
    std::vector<double> dk_acc(dk.empty() ? 0 : size_t(k.numel()), 0.0);
    std::vector<double> dv_acc(dv.empty() ? 0 : size_t(v.numel()), 0.0);
    std::vector<double> dP(Tk), dS(Tk);
    for (int64_t b = 0; b < B; b++)
        for (int64_t h = 0; h < H; h++)
            for (int64_t i = 0; i < Tq; i++) {
                const int64_t q_off = (b * Tq + i) * D + h * dh;  // row i of q_h, dout_h, dq_h
                const float * P = probs.data + ((b * H + h) * Tq + i) * Tk;
                const float * dout_i = dout.data + q_off;
                for (int64_t j = 0; j < Tk; j++) {
                    const float * vj = v.data + (b * Tk + j) * D + h * dh;
                    double acc = 0.0;
                    for (int64_t c = 0; c < dh; c++) acc += double(dout_i[c]) * vj[c];
                    dP[j] = acc;
                }
                softmax_row_backward(P, dP.data(), Tk, scale, dS.data());
                if (!dq.empty())
                    for (int64_t c = 0; c < dh; c++) {
                        double acc = 0.0;
                        for (int64_t j = 0; j < Tk; j++) acc += dS[j] * k.data[(b * Tk + j) * D + h * dh + c];
                        dq.data[q_off + c] = float(acc);
                    }
                for (int64_t j = 0; j < Tk; j++) {
                    const int64_t kv_off = (b * Tk + j) * D + h * dh;  // row j of k_h, v_h
                    for (int64_t c = 0; c < dh; c++) {
                        if (!dk.empty()) dk_acc[kv_off + c] += dS[j] * q.data[q_off + c];
                        if (!dv.empty()) dv_acc[kv_off + c] += double(P[j]) * dout_i[c];
                    }
                }
            }
    for (size_t n = 0; n < dk_acc.size(); n++) dk.data[n] = float(dk_acc[n]);
    for (size_t n = 0; n < dv_acc.size(); n++) dv.data[n] = float(dv_acc[n]);
}

} // namespace attn
