// Finite-difference gradient checks shared by the nn/ tests: for an op y = f(x, params), the
// scalar L = Σ r ∘ y with a fixed random r has the backward with dy = r as its gradient, compared
// with the central difference (L(x + h·e_i) − L(x − h·e_i)) / 2h at random indices i.
#pragma once
#include "core/rng.h"
#include "core/tensor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace attn {

// L = Σ r ∘ y, in double.
inline double weighted_sum(ConstView y, ConstView r) {
    EXPECT_EQ(y.numel(), r.numel());
    double acc = 0.0;
    for (int64_t i = 0; i < y.numel(); i++) acc += double(y.data[i]) * r.data[i];
    return acc;
}

// Float forwards sum to L with relative error ~1e-7 per output; divided by 2h = 2e-2 that is
// ~1e-5 of the gradient's scale, and the O(h²) truncation error of the central difference is of
// the same order for these smooth, O(1) functions. The bound
//   |analytic - numeric| <= kRel · max(|analytic|, |numeric|) + kAbs · scale
// with scale = the largest |gradient| seen for this tensor (its typical magnitude) is ~15x the
// worst difference measured over all checks below (6.5% of the bound, attention dk), while a
// dropped term, a missing scale or a wrong index is off by a large fraction of scale.
constexpr double kRel = 2e-3;
constexpr double kAbs = 2e-4;
constexpr float kStep = 1e-2f;

inline std::vector<int64_t> pick_indices(int64_t numel, int count, uint64_t seed) {
    std::vector<int64_t> idx;
    if (numel <= count) {
        for (int64_t i = 0; i < numel; i++) idx.push_back(i);
        return idx;
    }
    Rng rng(seed);
    for (int n = 0; n < count; n++) idx.push_back(int64_t(rng.below(uint64_t(numel))));
    return idx;
}

// Compares analytic[i] with the central difference of loss() w.r.t. param[i] at the given indices.
// param is restored bit-exactly after each probe.
inline void expect_matches_fd(const std::string & what, Tensor & param, ConstView analytic,
                       const std::function<double()> & loss, const std::vector<int64_t> & indices,
                       float h = kStep) {
    ASSERT_EQ(param.numel(), analytic.numel()) << what;
    std::vector<double> numeric(indices.size());
    for (size_t n = 0; n < indices.size(); n++) {
        const int64_t i = indices[n];
        const float saved = param[i];
        const float plus = saved + h, minus = saved - h;
        param[i] = plus;
        const double l_plus = loss();
        param[i] = minus;
        const double l_minus = loss();
        param[i] = saved;
        numeric[n] = (l_plus - l_minus) / (double(plus) - double(minus));  // the step floats really took
    }
    double scale = 0.0;
    for (int64_t i = 0; i < analytic.numel(); i++) scale = std::max(scale, std::fabs(double(analytic.data[i])));
    for (double v : numeric) scale = std::max(scale, std::fabs(v));
    int failures = 0;
    for (size_t n = 0; n < indices.size(); n++) {
        const double a = analytic.data[indices[n]], num = numeric[n];
        const double bound = kRel * std::max(std::fabs(a), std::fabs(num)) + kAbs * scale;
        if (!(std::fabs(a - num) <= bound) && failures++ < 5)
            ADD_FAILURE() << what << "[" << indices[n] << "]: analytic " << a << ", numeric " << num
                          << ", |diff| " << std::fabs(a - num) << " > " << bound << " (scale " << scale << ")";
    }
    EXPECT_EQ(failures, 0) << what << ": " << failures << " of " << indices.size() << " indices differ";
}

inline void expect_matches_fd(const std::string & what, Tensor & param, ConstView analytic,
                       const std::function<double()> & loss, uint64_t seed, float h = kStep) {
    expect_matches_fd(what, param, analytic, loss, pick_indices(param.numel(), 20, seed), h);
}

inline bool all_zero(ConstView t) {
    return std::all_of(t.data, t.data + t.numel(), [](float v) { return v == 0.0f; });
}

} // namespace attn
