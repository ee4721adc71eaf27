// Learning-rate schedules. A schedule is a pure function of the step number, so resuming from a
// checkpoint only needs the step, not any schedule state.
#pragma once
#include <cstdint>

namespace attn {

// The "Noam" schedule of Vaswani et al. 2017 (§5.3): linear warm-up for `warmup` steps, then
// decay with the inverse square root of the step:
//     lr = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5)
// Steps count from 1 (step 0 would be a zero rate, then infinity; it is treated as step 1).
// The peak, at step == warmup, is factor · (d_model · warmup)^-0.5.
double noam_rate(int64_t step, int d_model, int warmup, double factor = 1.0);

// Linear warm-up to `peak` over `warmup` steps, then a half cosine down to 0 at `total` (SGDR
// without restarts, Loshchilov & Hutter 2017), the usual schedule for image classifiers:
//     step ≤ warmup:  peak · step / warmup
//     after:          peak · ½ (1 + cos(π · (step − warmup) / (total − warmup)))
double cosine_rate(int64_t step, double peak, int warmup, int64_t total);

} // namespace attn
