#include "train/grad_clip.h"

#include <cmath>

namespace attn {

double global_grad_norm(const TensorMap & grads) {
    double sum = 0.0;
    for (const auto & [name, g] : grads) {
        const float * d = g.data();
        for (int64_t i = 0; i < g.numel(); i++) sum += double(d[i]) * double(d[i]);
    }
    return std::sqrt(sum);
}

double clip_grad_norm(TensorMap & grads, double max_norm) {
    const double norm = global_grad_norm(grads);
    if (!std::isfinite(norm) || norm <= max_norm) return norm;
    const float scale = float(max_norm / (norm + 1e-6));
    for (auto & [name, g] : grads) {
        float * d = g.data();
        for (int64_t i = 0; i < g.numel(); i++) d[i] *= scale;
    }
    return norm;
}

} // namespace attn
