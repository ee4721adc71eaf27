#include "nn/conv.h"

#include "core/parallel.h"

#include <algorithm>
#include <vector>

namespace attn {

// The output columns ox whose input column ox·s − p + j lies inside [0, W): [*lo, *hi).
static void valid_columns(const ConvGeometry & g, int j, int Wo, int * lo, int * hi) {
    // ox·s ≥ p − j  and  ox·s ≤ W − 1 + p − j
    const int a = g.pad - j, b = g.W - 1 + g.pad - j;
    *lo = a <= 0 ? 0 : (a + g.stride - 1) / g.stride;
    *hi = b < 0 ? 0 : std::min(Wo, b / g.stride + 1);
    if (*hi < *lo) *hi = *lo;
}

void im2col(const float * x, const ConvGeometry & g, float * cols) {
    // The hot loop of every convolution: bounds are worked out per row segment, not per element,
    // and a stride-1 segment is a straight copy.
    const int Ho = g.out_h(), Wo = g.out_w();
    for (int c = 0; c < g.C; c++)
        for (int i = 0; i < g.k; i++)
            for (int j = 0; j < g.k; j++) {
                float * row = cols + (int64_t(c) * g.k * g.k + i * g.k + j) * Ho * Wo;
                int lo, hi;
                valid_columns(g, j, Wo, &lo, &hi);
                for (int oy = 0; oy < Ho; oy++) {
                    float * out = row + oy * Wo;
                    const int y = oy * g.stride - g.pad + i;
                    if (y < 0 || y >= g.H) {
                        std::fill(out, out + Wo, 0.0f);
                        continue;
                    }
                    const float * in = x + (int64_t(c) * g.H + y) * g.W - g.pad + j;  // in[ox·s] = x[c, y, ox·s − p + j]
                    std::fill(out, out + lo, 0.0f);
                    if (g.stride == 1) std::copy(in + lo, in + hi, out + lo);
                    else for (int ox = lo; ox < hi; ox++) out[ox] = in[ox * g.stride];
                    std::fill(out + hi, out + Wo, 0.0f);
                }
            }
}

void col2im(const float * cols, const ConvGeometry & g, float * dx) {
    const int Ho = g.out_h(), Wo = g.out_w();
    for (int c = 0; c < g.C; c++)
        for (int i = 0; i < g.k; i++)
            for (int j = 0; j < g.k; j++) {
                const float * row = cols + (int64_t(c) * g.k * g.k + i * g.k + j) * Ho * Wo;
                int lo, hi;
                valid_columns(g, j, Wo, &lo, &hi);
                for (int oy = 0; oy < Ho; oy++) {
                    const int y = oy * g.stride - g.pad + i;
                    if (y < 0 || y >= g.H) continue;
                    float * out = dx + (int64_t(c) * g.H + y) * g.W - g.pad + j;
                    const float * in = row + oy * Wo;
                    if (g.stride == 1) for (int ox = lo; ox < hi; ox++) out[ox] += in[ox];  // vectorises
                    else for (int ox = lo; ox < hi; ox++) out[ox * g.stride] += in[ox];
                }
            }
}

static ConvGeometry geometry(ConstView x, ConstView w, int stride, int pad) {
    return {int(x.shape[1]), int(x.shape[2]), int(x.shape[3]), int(w.shape[2]), stride, pad};
}

void conv2d_forward(Compute & cc, ConstView x, ConstView w, ConstView b, int stride, int pad, TensorView y) {
    const ConvGeometry g = geometry(x, w, stride, pad);
    const int64_t N = x.shape[0], O = w.shape[0], K = int64_t(g.C) * g.k * g.k, P = int64_t(g.out_h()) * g.out_w();
    const ConstView w2({w.data, {O, K}});
    // Images are independent: with compute_threads() > 1 each thread takes a contiguous range,
    // with its own patch buffer and Compute (Compute counts calls: it is not shared across threads).
    parallel_ranges(N, compute_threads(), [&](int64_t n0, int64_t n1, int part) {
        Compute local(cc.backend_for(Op::Matmul));
        Compute & c = part == 0 ? cc : local;
        Tensor cols({K, P});
        for (int64_t n = n0; n < n1; n++) {
            im2col(x.data + n * g.C * g.H * g.W, g, cols.data());
            TensorView yn(y.data + n * O * P, {O, P});
            c.matmul(w2, cols, /*trans_b=*/false, yn);
            if (!b.empty())
                for (int64_t o = 0; o < O; o++)
                    for (int64_t p = 0; p < P; p++) yn.data[o * P + p] += b.data[o];
        }
    });
}

void conv2d_backward(Compute & cc, ConstView x, ConstView w, ConstView dy, int stride, int pad, TensorView dx,
                     TensorView dw, TensorView db) {
    const ConvGeometry g = geometry(x, w, stride, pad);
    const int64_t N = x.shape[0], O = w.shape[0], K = int64_t(g.C) * g.k * g.k, P = int64_t(g.out_h()) * g.out_w();
    Tensor wt({K, O});
    for (int64_t o = 0; o < O; o++)  // wᵀ once: dcols = wᵀ·dy_n for every image
        for (int64_t kk = 0; kk < K; kk++) wt[kk * O + o] = w.data[o * K + kk];
    if (!dx.empty()) std::fill(dx.data, dx.data + dx.numel(), 0.0f);
    // Part 0 accumulates straight into dw and db (one thread: the sums of the plain loop); the other
    // parts into their own buffers, added after in part order, so a run is repeatable.
    const int parts = int(std::min<int64_t>(compute_threads(), std::max<int64_t>(N, 1)));
    std::vector<Tensor> dw_part(static_cast<size_t>(parts)), db_part(static_cast<size_t>(parts));
    parallel_ranges(N, parts, [&](int64_t n0, int64_t n1, int part) {
        Compute local(cc.backend_for(Op::Matmul));
        Compute & c = part == 0 ? cc : local;
        TensorView dw_acc = dw, db_acc = db;
        if (part > 0 && !dw.empty()) {
            dw_part[size_t(part)] = Tensor(dw.shape);
            dw_acc = dw_part[size_t(part)].view();
        }
        if (part > 0 && !db.empty()) {
            db_part[size_t(part)] = Tensor(db.shape);
            db_acc = db_part[size_t(part)].view();
        }
        Tensor cols({K, P}), dcols({K, P}), dw_n({O, K});
        for (int64_t n = n0; n < n1; n++) {
            const ConstView dyn(dy.data + n * O * P, {O, P});
            im2col(x.data + n * g.C * g.H * g.W, g, cols.data());
            if (!dw.empty()) {  // dw(O, K) += dy_n(O, P) · cols(K, P)ᵀ
                c.matmul(dyn, cols, /*trans_b=*/true, dw_n);
                c.add(TensorView(dw_acc.data, {O, K}), dw_n, TensorView(dw_acc.data, {O, K}));
            }
            if (!db.empty())
                for (int64_t o = 0; o < O; o++)
                    for (int64_t p = 0; p < P; p++) db_acc.data[o] += dyn.data[o * P + p];
            if (!dx.empty()) {
                c.matmul(wt, dyn, false, dcols);
                col2im(dcols.data(), g, dx.data + n * g.C * g.H * g.W);
            }
        }
    });
    for (int part = 1; part < parts; part++) {
        if (!dw.empty())
            for (int64_t i = 0; i < dw.numel(); i++) dw.data[i] += dw_part[size_t(part)][i];
        if (!db.empty())
            for (int64_t i = 0; i < db.numel(); i++) db.data[i] += db_part[size_t(part)][i];
    }
}

void conv2d_reference(ConstView x, ConstView w, ConstView b, int stride, int pad, TensorView y) {
    const ConvGeometry g = geometry(x, w, stride, pad);
    const int64_t N = x.shape[0], O = w.shape[0];
    const int Ho = g.out_h(), Wo = g.out_w();
    for (int64_t n = 0; n < N; n++)
        for (int64_t o = 0; o < O; o++)
            for (int oy = 0; oy < Ho; oy++)
                for (int ox = 0; ox < Wo; ox++) {
                    double sum = b.empty() ? 0.0 : b.data[o];
                    for (int c = 0; c < g.C; c++)
                        for (int i = 0; i < g.k; i++)
                            for (int j = 0; j < g.k; j++) {
                                const int yy = oy * stride - pad + i, xx = ox * stride - pad + j;
                                if (yy < 0 || yy >= g.H || xx < 0 || xx >= g.W) continue;
                                sum += double(w.data[((o * g.C + c) * g.k + i) * g.k + j]) *
                                       x.data[((n * g.C + c) * g.H + yy) * g.W + xx];
                            }
                    y.data[((n * O + o) * Ho + oy) * Wo + ox] = float(sum);
                }
}

} // namespace attn
