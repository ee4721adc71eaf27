#include "nn/pool.h"

#include <algorithm>

namespace attn {

void max_pool2x2_forward(ConstView x, TensorView y, std::vector<int64_t> * argmax) {
    const int64_t NC = x.shape[0] * x.shape[1], H = x.shape[2], W = x.shape[3], Ho = H / 2, Wo = W / 2;
    argmax->assign(size_t(NC * Ho * Wo), 0);
    for (int64_t p = 0; p < NC; p++)
        for (int64_t oy = 0; oy < Ho; oy++)
            for (int64_t ox = 0; ox < Wo; ox++) {
                int64_t best = (p * H + 2 * oy) * W + 2 * ox;
                for (int64_t i = 0; i < 2; i++)
                    for (int64_t j = 0; j < 2; j++) {
                        const int64_t at = (p * H + 2 * oy + i) * W + 2 * ox + j;
                        if (x.data[at] > x.data[best]) best = at;
                    }
                const int64_t o = (p * Ho + oy) * Wo + ox;
                y.data[o] = x.data[best];
                (*argmax)[size_t(o)] = best;
            }
}

void max_pool2x2_backward(const std::vector<int64_t> & argmax, ConstView dy, TensorView dx) {
    std::fill(dx.data, dx.data + dx.numel(), 0.0f);
    for (size_t o = 0; o < argmax.size(); o++) dx.data[argmax[o]] += dy.data[o];
}

void global_avg_pool_forward(ConstView x, TensorView y) {
    const int64_t NC = x.shape[0] * x.shape[1], HW = x.shape[2] * x.shape[3];
    for (int64_t p = 0; p < NC; p++) {
        double s = 0.0;
        for (int64_t i = 0; i < HW; i++) s += x.data[p * HW + i];
        y.data[p] = float(s / double(HW));
    }
}

void global_avg_pool_backward(ConstView dy, TensorView dx) {
    const int64_t NC = dx.shape[0] * dx.shape[1], HW = dx.shape[2] * dx.shape[3];
    for (int64_t p = 0; p < NC; p++)
        for (int64_t i = 0; i < HW; i++) dx.data[p * HW + i] = dy.data[p] / float(HW);
}

void global_max_pool_forward(ConstView x, TensorView y, std::vector<int64_t> * argmax) {
    const int64_t NC = x.shape[0] * x.shape[1], HW = x.shape[2] * x.shape[3];
    argmax->assign(size_t(NC), 0);
    for (int64_t p = 0; p < NC; p++) {
        int64_t best = p * HW;
        for (int64_t i = 1; i < HW; i++)
            if (x.data[p * HW + i] > x.data[best]) best = p * HW + i;
        y.data[p] = x.data[best];
        (*argmax)[size_t(p)] = best;
    }
}

void global_max_pool_backward(const std::vector<int64_t> & argmax, ConstView dy, TensorView dx) {
    for (size_t p = 0; p < argmax.size(); p++) dx.data[argmax[p]] += dy.data[p];
}

void channel_pool_forward(ConstView x, TensorView mean, TensorView max, std::vector<int64_t> * argmax) {
    const int64_t N = x.shape[0], C = x.shape[1], HW = x.shape[2] * x.shape[3];
    argmax->assign(size_t(N * HW), 0);
    for (int64_t n = 0; n < N; n++)
        for (int64_t i = 0; i < HW; i++) {
            double s = 0.0;
            int64_t best = n * C * HW + i;
            for (int64_t c = 0; c < C; c++) {
                const int64_t at = (n * C + c) * HW + i;
                s += x.data[at];
                if (x.data[at] > x.data[best]) best = at;
            }
            mean.data[n * HW + i] = float(s / double(C));
            max.data[n * HW + i] = x.data[best];
            (*argmax)[size_t(n * HW + i)] = best;
        }
}

void channel_pool_backward(const std::vector<int64_t> & argmax, ConstView dmean, ConstView dmax, TensorView dx) {
    const int64_t N = dx.shape[0], C = dx.shape[1], HW = dx.shape[2] * dx.shape[3];
    for (int64_t n = 0; n < N; n++)
        for (int64_t i = 0; i < HW; i++) {
            const float g = dmean.data[n * HW + i] / float(C);
            for (int64_t c = 0; c < C; c++) dx.data[(n * C + c) * HW + i] += g;
            dx.data[argmax[size_t(n * HW + i)]] += dmax.data[n * HW + i];
        }
}

} // namespace attn
