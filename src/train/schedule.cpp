#include "train/schedule.h"

#include <algorithm>
#include <cmath>

namespace attn {

double noam_rate(int64_t step, int d_model, int warmup, double factor) {
    double s = double(std::max<int64_t>(step, 1));
    double w = double(std::max(warmup, 1));  // warmup 0 would divide by zero; 1 means "no warm-up"
    return factor * std::pow(double(d_model), -0.5) * std::min(std::pow(s, -0.5), s * std::pow(w, -1.5));
}

} // namespace attn
