#include "nn/gru.h"

#include <cmath>

namespace attn {

static float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

void gru_step(Compute & cc, const GruWeights & w, ConstView gx, ConstView h_prev, const float * keep, TensorView h_out,
              GruStepCache * cache) {
    const int64_t B = h_prev.rows(), H = w.hidden();
    Tensor gh({B, 3 * H});
    cc.linear(h_prev, w.w_hh, w.b_hh, gh);
    if (cache) {
        cache->h_prev = Tensor({B, H});
        std::copy(h_prev.data, h_prev.data + B * H, cache->h_prev.data());
        for (Tensor * t : {&cache->r, &cache->z, &cache->n, &cache->gh_n}) *t = Tensor({B, H});
    }
    for (int64_t b = 0; b < B; b++) {
        const float * x = gx.data + b * 3 * H;
        const float * g = gh.data() + b * 3 * H;
        const float * h = h_prev.data + b * H;
        float * out = h_out.data + b * H;
        const bool real = !keep || keep[b] != 0.0f;
        for (int64_t j = 0; j < H; j++) {
            const float r = sigmoid(x[j] + g[j]);
            const float z = sigmoid(x[H + j] + g[H + j]);
            const float n = std::tanh(x[2 * H + j] + r * g[2 * H + j]);
            out[j] = real ? (1.0f - z) * n + z * h[j] : h[j];
            if (cache) {
                const int64_t i = b * H + j;
                cache->r[i] = r, cache->z[i] = z, cache->n[i] = n, cache->gh_n[i] = g[2 * H + j];
            }
        }
    }
}

void gru_gates_backward(const GruStepCache & c, const float * keep, ConstView dh_out, TensorView dgx, TensorView dgh,
                        TensorView dh_prev_direct) {
    const int64_t B = c.h_prev.rows(), H = c.h_prev.cols();
    for (int64_t b = 0; b < B; b++) {
        const bool real = !keep || keep[b] != 0.0f;
        for (int64_t j = 0; j < H; j++) {
            const int64_t i = b * H + j;
            const float dh = dh_out.data[i];
            float * gx = dgx.data + b * 3 * H;
            float * gh = dgh.data + b * 3 * H;
            if (!real) {
                dh_prev_direct.data[i] = dh;
                gx[j] = gx[H + j] = gx[2 * H + j] = gh[j] = gh[H + j] = gh[2 * H + j] = 0.0f;
                continue;
            }
            const float r = c.r[i], z = c.z[i], n = c.n[i];
            const float dn = dh * (1.0f - z), dz = dh * (c.h_prev[i] - n);
            const float da_n = dn * (1.0f - n * n);
            const float da_r = da_n * c.gh_n[i] * r * (1.0f - r);
            const float da_z = dz * z * (1.0f - z);
            gx[j] = gh[j] = da_r;
            gx[H + j] = gh[H + j] = da_z;
            gx[2 * H + j] = da_n;
            gh[2 * H + j] = da_n * r;
            dh_prev_direct.data[i] = dh * z;
        }
    }
}

} // namespace attn
