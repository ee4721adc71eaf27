#include "nn/cbam.h"

#include "nn/conv.h"
#include "nn/grad_ops.h"
#include "nn/pool.h"

#include <cmath>

namespace attn {

static float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

constexpr float kCbamBnEps = 1e-5f, kCbamBnMomentum = 0.1f;  // PyTorch's defaults, as the network's other norms

void cbam_forward(Compute & cc, const CbamWeights & w, ConstView f, TensorView out, CbamCache * c) {
    const int64_t N = f.shape[0], C = f.shape[1], H = f.shape[2], W = f.shape[3], HW = H * W, R = w.fc1_w.shape[0];
    // Channel attention: both descriptors through the shared MLP, summed, squashed.
    c->avg = Tensor({N, C}), c->max = Tensor({N, C});
    global_avg_pool_forward(f, c->avg);
    global_max_pool_forward(f, c->max, &c->max_at);
    c->h_avg = Tensor({N, R}), c->h_max = Tensor({N, R});
    Tensor o_avg({N, C}), o_max({N, C});
    cc.linear(c->avg, w.fc1_w, w.fc1_b, c->h_avg);
    cc.linear(c->max, w.fc1_w, w.fc1_b, c->h_max);
    cc.relu(c->h_avg, c->h_avg);
    cc.relu(c->h_max, c->h_max);
    cc.linear(c->h_avg, w.fc2_w, w.fc2_b, o_avg);
    cc.linear(c->h_max, w.fc2_w, w.fc2_b, o_max);
    c->channel = Tensor({N, C});
    for (int64_t i = 0; i < N * C; i++) c->channel[i] = sigmoid(o_avg[i] + o_max[i]);
    c->refined = Tensor(f.shape);
    for (int64_t p = 0; p < N * C; p++)
        for (int64_t i = 0; i < HW; i++) c->refined[p * HW + i] = c->channel[p] * f.data[p * HW + i];
    // Spatial attention: where, over the channel-refined map.
    c->pooled = Tensor({N, 2, H, W});
    Tensor mean({N, H, W}), max({N, H, W});
    channel_pool_forward(c->refined, mean, max, &c->pooled_at);
    for (int64_t n = 0; n < N; n++) {
        std::copy(mean.data() + n * HW, mean.data() + (n + 1) * HW, c->pooled.data() + (2 * n) * HW);
        std::copy(max.data() + n * HW, max.data() + (n + 1) * HW, c->pooled.data() + (2 * n + 1) * HW);
    }
    c->spatial_logit = Tensor({N, 1, H, W});
    conv2d_forward(cc, c->pooled, w.spatial_w, w.spatial_b, 1, int(w.spatial_w.shape[2]) / 2, c->spatial_logit);
    c->spatial = Tensor({N, 1, H, W});
    if (const CbamSpatialNorm * bn = w.spatial_norm; !bn) {
        c->spatial = c->spatial_logit;
    } else if (bn->training) {
        batch_norm_train_forward(c->spatial_logit, bn->gamma, bn->beta, kCbamBnEps, kCbamBnMomentum, bn->running_mean,
                                 bn->running_var, c->spatial, &c->spatial_bn);
    } else {
        batch_norm_inference(c->spatial_logit, bn->gamma, bn->beta, bn->running_mean, bn->running_var, kCbamBnEps,
                             c->spatial);
    }
    for (int64_t i = 0; i < c->spatial.numel(); i++) c->spatial[i] = sigmoid(c->spatial[i]);
    for (int64_t n = 0; n < N; n++)
        for (int64_t ch = 0; ch < C; ch++)
            for (int64_t i = 0; i < HW; i++) {
                const int64_t at = (n * C + ch) * HW + i;
                out.data[at] = c->spatial[n * HW + i] * c->refined[at];
            }
}

void cbam_backward(Compute & cc, const CbamWeights & w, const CbamCache & c, ConstView f, ConstView dout, TensorView df,
                   const CbamGrads & g) {
    const int64_t N = f.shape[0], C = f.shape[1], H = f.shape[2], W = f.shape[3], HW = H * W, R = w.fc1_w.shape[0];
    // out = M_s ⊙ F': into F' directly, and through M_s.
    Tensor drefined(f.shape), dspatial_pre({N, 1, H, W});
    for (int64_t n = 0; n < N; n++)
        for (int64_t i = 0; i < HW; i++) {
            const float ms = c.spatial[n * HW + i];
            double dms = 0.0;
            for (int64_t ch = 0; ch < C; ch++) {
                const int64_t at = (n * C + ch) * HW + i;
                drefined[at] = dout.data[at] * ms;
                dms += double(dout.data[at]) * c.refined[at];
            }
            dspatial_pre[n * HW + i] = float(dms) * ms * (1.0f - ms);
        }
    if (w.spatial_norm) {  // through the batch norm to the conv's output
        Tensor dlogit(dspatial_pre.shape());
        batch_norm_backward(c.spatial_bn, w.spatial_norm->gamma, dspatial_pre, dlogit, g.spatial_norm_gamma,
                            g.spatial_norm_beta);
        dspatial_pre = std::move(dlogit);
    }
    Tensor dpooled(c.pooled.shape());
    conv2d_backward(cc, c.pooled, w.spatial_w, dspatial_pre, 1, int(w.spatial_w.shape[2]) / 2, dpooled, g.spatial_w,
                    g.spatial_b);
    Tensor dmean({N, H, W}), dmax({N, H, W});
    for (int64_t n = 0; n < N; n++) {
        std::copy(dpooled.data() + (2 * n) * HW, dpooled.data() + (2 * n + 1) * HW, dmean.data() + n * HW);
        std::copy(dpooled.data() + (2 * n + 1) * HW, dpooled.data() + (2 * n + 2) * HW, dmax.data() + n * HW);
    }
    channel_pool_backward(c.pooled_at, dmean, dmax, drefined);
    // F' = M_c ⊙ F.
    Tensor dlogit({N, C});
    for (int64_t p = 0; p < N * C; p++) {
        double dmc = 0.0;
        for (int64_t i = 0; i < HW; i++) {
            df.data[p * HW + i] = drefined[p * HW + i] * c.channel[p];
            dmc += double(drefined[p * HW + i]) * f.data[p * HW + i];
        }
        dlogit[p] = float(dmc) * c.channel[p] * (1.0f - c.channel[p]);
    }
    // Both MLP branches receive dlogit; then back through the poolings into F.
    for (int branch = 0; branch < 2; branch++) {
        const Tensor & h = branch == 0 ? c.h_avg : c.h_max;
        Tensor dh({N, R}), dpre({N, R}), ddesc({N, C});
        linear_backward(h, w.fc2_w, dlogit, dh, g.fc2_w, g.fc2_b);
        relu_backward(h, dh, dpre);  // h = relu(pre): h > 0 exactly where pre > 0
        linear_backward(branch == 0 ? c.avg : c.max, w.fc1_w, dpre, ddesc, g.fc1_w, g.fc1_b);
        if (branch == 0) {
            for (int64_t p = 0; p < N * C; p++)
                for (int64_t i = 0; i < HW; i++) df.data[p * HW + i] += ddesc[p] / float(HW);
        } else {
            global_max_pool_backward(c.max_at, ddesc, df);
        }
    }
}

} // namespace attn
