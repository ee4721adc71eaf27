#include "train/schedule.h"

#include <algorithm>
#include <cmath>

namespace attn {

double noam_rate(int64_t step, int d_model, int warmup, double factor) {
    double s = double(std::max<int64_t>(step, 1));
    double w = double(std::max(warmup, 1));  // warmup 0 would divide by zero; 1 means "no warm-up"
    return factor * std::pow(double(d_model), -0.5) * std::min(std::pow(s, -0.5), s * std::pow(w, -1.5));
}

double cosine_rate(int64_t step, double peak, int warmup, int64_t total) {
    const double s = double(std::max<int64_t>(step, 1));
    if (warmup > 0 && s <= warmup) return peak * s / double(warmup);
    const double span = double(std::max<int64_t>(total - warmup, 1));
    const double progress = std::min(1.0, (s - double(std::max(warmup, 0))) / span);
    return peak * 0.5 * (1.0 + std::cos(M_PI * progress));
}

} // namespace attn
