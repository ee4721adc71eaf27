// The f32x4 layer (backend/simd/vec4.h) against plain float code, lane by lane, and its exp, tanh
// and sigmoid against double-precision libm over their whole useful range. Runs on whichever
// path this build compiled (wasm simd128 under node, SSE2 natively); vec4::kIsa says which.
#include "backend/simd/vec4.h"
#include "core/half.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace attn;
namespace v = attn::vec4;

namespace {

struct Lanes { alignas(16) float f[4]; };
Lanes lanes(v::f32x4 x) { Lanes l; v::store(l.f, x); return l; }
v::f32x4 make(float a, float b, float c, float d) { alignas(16) float f[4] = {a, b, c, d}; return v::load(f); }
uint32_t bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

// Error of `got` in units in the last place of the float nearest to `want`.
double ulps(float got, double want) {
    const float w = float(want);
    const double ulp = double(std::nextafter(std::fabs(w), INFINITY)) - std::fabs(w);
    return std::fabs(double(got) - want) / ulp;
}

// Applies f to xs four at a time and returns the worst error in ulps against ref over |ref| ≥ floor.
template <class F, class R> double worst_ulps(const std::vector<float> & xs, F f, R ref, double * worst_x) {
    double worst = 0;
    for (size_t i = 0; i + 4 <= xs.size(); i += 4) {
        const Lanes y = lanes(f(v::loadu(&xs[i])));
        for (int l = 0; l < 4; l++) {
            const double e = ulps(y.f[l], ref(double(xs[i + l])));
            if (e > worst) { worst = e; *worst_x = xs[i + l]; }
        }
    }
    return worst;
}

std::vector<float> sweep(float lo, float hi, int n) {
    std::vector<float> xs(size_t(n / 4 * 4));
    for (size_t i = 0; i < xs.size(); i++) xs[i] = lo + (hi - lo) * float(i) / float(xs.size() - 1);
    return xs;
}

} // namespace

TEST(Vec4, ReportsItsInstructionSet) {
    RecordProperty("isa", v::kIsa);
    std::printf("vec4 path: %s\n", v::kIsa);
    SUCCEED();
}

TEST(Vec4, ArithmeticMatchesScalarFloatBitForBit) {
    const float a[4] = {1.5f, -2.25f, 3e-3f, 7e10f}, b[4] = {0.1f, 3.0f, -1e-3f, -2.5e10f}, c[4] = {1, -1, 0.5f, 1e20f};
    const v::f32x4 va = v::loadu(a), vb = v::loadu(b), vc = v::loadu(c);
    const Lanes s = lanes(v::add(va, vb)), d = lanes(v::sub(va, vb)), m = lanes(v::mul(va, vb)),
                q = lanes(v::div(va, vb)), f = lanes(v::fma(va, vb, vc)), r = lanes(v::sqrt(v::abs(va)));
    for (int i = 0; i < 4; i++) {
        EXPECT_EQ(s.f[i], a[i] + b[i]);
        EXPECT_EQ(d.f[i], a[i] - b[i]);
        EXPECT_EQ(m.f[i], a[i] * b[i]);
        EXPECT_EQ(q.f[i], a[i] / b[i]);
        const float product = a[i] * b[i];  // rounded on its own: fma is documented as unfused
        EXPECT_EQ(f.f[i], product + c[i]);
        EXPECT_EQ(r.f[i], std::sqrt(std::fabs(a[i])));
    }
}

TEST(Vec4, LoadsStoresSplatsAndUnalignedAccess) {
    alignas(16) float buf[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    const Lanes u = lanes(v::loadu(buf + 1));
    for (int i = 0; i < 4; i++) EXPECT_EQ(u.f[i], float(i + 1));
    v::storeu(buf + 3, v::splat(-1.0f));
    EXPECT_EQ(buf[2], 2.0f);
    EXPECT_EQ(buf[3], -1.0f);
    EXPECT_EQ(buf[6], -1.0f);
    EXPECT_EQ(buf[7], 7.0f);
    const Lanes ls = lanes(v::load_splat(buf + 8));
    for (int i = 0; i < 4; i++) EXPECT_EQ(ls.f[i], 8.0f);
    const Lanes z = lanes(v::zero());
    for (int i = 0; i < 4; i++) EXPECT_EQ(bits(z.f[i]), 0u);  // +0, not -0
}

// Compact weights' widening: every int8 value, at every offset (unaligned loads), and every finite
// half, bit for bit against the scalar conversions.
TEST(Vec4, WidensEveryInt8AndEveryFiniteHalfExactly) {
    std::vector<int8_t> codes(256 + 4);
    for (int i = 0; i < 256; i++) codes[size_t(i)] = int8_t(i - 128);
    for (int i = 0; i + 4 <= 256; i++) {
        const Lanes l = lanes(v::load_i8_as_f32(codes.data() + i));
        for (int j = 0; j < 4; j++) ASSERT_EQ(l.f[j], float(i + j - 128)) << i;
    }
    const v::HalfConsts k = v::half_consts();
    std::vector<uint16_t> halves;
    for (uint32_t h = 0; h < 0x10000; h++)
        if (((h >> 10) & 0x1F) != 0x1F) halves.push_back(uint16_t(h));  // Inf and NaN are never widened
    halves.push_back(0x3C00);  // one more, so an odd start still has four to read
    for (size_t i = 0; i + 4 <= halves.size(); i += 3) {  // steps of 3: aligned and unaligned starts
        const Lanes l = lanes(v::f16_bits_to_f32(v::load_u16_bits(halves.data() + i), k));
        for (int j = 0; j < 4; j++) ASSERT_EQ(bits(l.f[j]), bits(f16_to_float(halves[i + size_t(j)]))) << halves[i + size_t(j)];
    }
    // The wide loads: sixteen codes, eight halves (the shorter path from the top of each lane).
    for (int i = 0; i + 16 <= 256; i += 5) {
        v::f32x4 four[4];
        v::load_i8x16_as_f32(codes.data() + i, four);
        for (int q = 0; q < 4; q++) {
            const Lanes l = lanes(four[q]);
            for (int j = 0; j < 4; j++) ASSERT_EQ(l.f[j], float(i + 4 * q + j - 128)) << i;
        }
    }
    for (size_t i = 0; i + 8 <= halves.size(); i += 7) {
        v::f32x4 two[2];
        v::load_u16x8_hi_bits(halves.data() + i, two);
        for (int q = 0; q < 2; q++) {
            const Lanes l = lanes(v::f16_hi_bits_to_f32(two[q], k));
            for (int j = 0; j < 4; j++) {
                const uint16_t h = halves[i + size_t(4 * q + j)];
                ASSERT_EQ(bits(l.f[j]), bits(f16_to_float(h))) << h;
            }
        }
    }
}

TEST(Vec4, MaxMinFollowTheCompareAndSelectDefinition) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    // max(a, b) = a > b ? a : b, so max(x, 0) is 0 for NaN and -0 (what relu needs).
    const Lanes mx = lanes(v::max(make(nan, -0.0f, 2.0f, -3.0f), v::zero()));
    EXPECT_EQ(bits(mx.f[0]), 0u);
    EXPECT_EQ(bits(mx.f[1]), 0u);
    EXPECT_EQ(mx.f[2], 2.0f);
    EXPECT_EQ(mx.f[3], 0.0f);
    const Lanes mn = lanes(v::min(make(1.0f, -5.0f, 2.0f, -INFINITY), make(0.5f, 4.0f, 2.0f, 0.0f)));
    EXPECT_EQ(mn.f[0], 0.5f);
    EXPECT_EQ(mn.f[1], -5.0f);
    EXPECT_EQ(mn.f[2], 2.0f);
    EXPECT_EQ(mn.f[3], -INFINITY);
}

TEST(Vec4, CompareSelectAndBitOps) {
    const v::f32x4 a = make(1, 2, 3, 4), b = make(4, 2, 1, 5);
    const Lanes lt = lanes(v::select(v::lt(a, b), v::splat(10), v::splat(20)));
    const Lanes ge = lanes(v::select(v::ge(a, b), v::splat(10), v::splat(20)));
    const float want_lt[4] = {10, 20, 20, 10};
    for (int i = 0; i < 4; i++) {
        EXPECT_EQ(lt.f[i], want_lt[i]);
        EXPECT_EQ(ge.f[i], want_lt[i] == 10 ? 20 : 10);
    }
    const Lanes ab = lanes(v::abs(make(-1.5f, 2.0f, -0.0f, -INFINITY)));
    EXPECT_EQ(ab.f[0], 1.5f);
    EXPECT_EQ(bits(ab.f[2]), 0u);
    EXPECT_EQ(ab.f[3], INFINITY);
}

TEST(Vec4, HorizontalSumAndMax) {
    // Small integers: every summation order is exact, so the comparison can be exact.
    EXPECT_EQ(v::hsum(make(1, 2, 3, 4)), 10.0f);
    EXPECT_EQ(v::hsum(make(-8, 0.5f, 0.25f, 8)), 0.75f);
    EXPECT_EQ(v::hmax(make(1, 9, 3, 4)), 9.0f);
    EXPECT_EQ(v::hmax(make(-INFINITY, -INFINITY, -INFINITY, -2)), -2.0f);
    EXPECT_EQ(v::hmax(v::splat(-INFINITY)), -INFINITY);
}

// exp: ≤ 2 ulp over the whole range with normal results (measured: 1.05 ulp on all three
// paths; libm's expf is ≤ 1). Exactly +0 from -87.68 down, -inf included; +inf above 88.38.
TEST(Vec4, ExpIsWithinTwoUlpAndSaturatesCleanly) {
    double at = 0;
    const double worst = worst_ulps(sweep(-87.33f, 88.37f, 400000), [](v::f32x4 x) { return v::exp(x); },
                                    [](double x) { return std::exp(x); }, &at);
    EXPECT_LE(worst, 2.0) << "at x = " << at;
    const double worst_small = worst_ulps(sweep(-1.0f, 1.0f, 100000), [](v::f32x4 x) { return v::exp(x); },
                                          [](double x) { return std::exp(x); }, &at);
    EXPECT_LE(worst_small, 2.0) << "at x = " << at;
    EXPECT_EQ(lanes(v::exp(v::zero())).f[0], 1.0f);
    const Lanes low = lanes(v::exp(make(-INFINITY, -1000.0f, -87.7f, -104.0f)));
    for (int i = 0; i < 4; i++) EXPECT_EQ(bits(low.f[i]), 0u) << "lane " << i;  // +0 exactly
    const Lanes high = lanes(v::exp(make(INFINITY, 1000.0f, 88.4f, 89.0f)));
    for (int i = 0; i < 4; i++) EXPECT_EQ(high.f[i], INFINITY) << "lane " << i;
}

// tanh: ≤ 3 ulp (measured 1.3, just above 0.625 where 1 - 2/(e^2x + 1) takes over); odd, and
// exactly ±1 from |x| ≈ 9.01 on (where 1 - tanh drops below half an ulp of 1), at ±inf too.
TEST(Vec4, TanhIsWithinThreeUlpAndSaturates) {
    double at = 0;
    const double worst = worst_ulps(sweep(-12.0f, 12.0f, 400000), [](v::f32x4 x) { return v::tanh(x); },
                                    [](double x) { return std::tanh(x); }, &at);
    EXPECT_LE(worst, 3.0) << "at x = " << at;
    const double worst_tiny = worst_ulps(sweep(-1e-3f, 1e-3f, 40000), [](v::f32x4 x) { return v::tanh(x); },
                                         [](double x) { return std::tanh(x); }, &at);
    EXPECT_LE(worst_tiny, 3.0) << "at x = " << at;
    const Lanes sat = lanes(v::tanh(make(INFINITY, -INFINITY, 9.1f, -30.0f)));
    EXPECT_EQ(sat.f[0], 1.0f);
    EXPECT_EQ(sat.f[1], -1.0f);
    EXPECT_EQ(sat.f[2], 1.0f);
    EXPECT_EQ(sat.f[3], -1.0f);
    const Lanes zeros = lanes(v::tanh(make(0.0f, -0.0f, 1e-30f, -1e-30f)));
    EXPECT_EQ(bits(zeros.f[0]), 0u);
    EXPECT_EQ(bits(zeros.f[1]), bits(-0.0f));
    EXPECT_EQ(zeros.f[2], 1e-30f);
    EXPECT_EQ(zeros.f[3], -1e-30f);
}

// sigmoid: ≤ 3 ulp over [-87, 30] (results there are normal floats; measured 2.5); exactly 0 at
// -inf and below -88, exactly 1 from x = 17 on (1 - e^-17 rounds to 1) and at +inf.
TEST(Vec4, SigmoidIsWithinThreeUlpAndSaturates) {
    double at = 0;
    const double worst = worst_ulps(sweep(-87.0f, 30.0f, 400000), [](v::f32x4 x) { return v::sigmoid(x); },
                                    [](double x) { return 1.0 / (1.0 + std::exp(-x)); }, &at);
    EXPECT_LE(worst, 3.0) << "at x = " << at;
    const Lanes sat = lanes(v::sigmoid(make(-INFINITY, -1000.0f, 17.0f, INFINITY)));
    EXPECT_EQ(sat.f[0], 0.0f);
    EXPECT_EQ(sat.f[1], 0.0f);
    EXPECT_EQ(sat.f[2], 1.0f);
    EXPECT_EQ(sat.f[3], 1.0f);
    EXPECT_EQ(lanes(v::sigmoid(v::zero())).f[0], 0.5f);
}

// gelu = x·Φ(x) against x/2·erfc(-x/√2) in double (the erfc form: 1 + erf cancels in the tail):
//   x ≥ -0.7: ≤ 4 ulp relative (measured 3.1).
//   x < -0.7: the tail, ≤ (z² + 6) ulp with z = |x|/√2, from rounding x²/2 before the exp (vec4.h).
// Exactly x for large x, ±0-ish (|y| < 1e-35) far left, 0 at 0.
TEST(Vec4, GeluMatchesTheErfFormula) {
    const auto ref = [](double x) { return 0.5 * x * std::erfc(-x * 0.70710678118654752440); };
    double at = 0;
    const double worst = worst_ulps(sweep(-0.7f, 10.0f, 400000), [](v::f32x4 x) { return v::gelu(x); }, ref, &at);
    EXPECT_LE(worst, 4.0) << "at x = " << at;
    const std::vector<float> tail = sweep(-12.0f, -0.7f, 200000);
    for (size_t i = 0; i + 4 <= tail.size(); i += 4) {
        const Lanes y = lanes(v::gelu(v::loadu(&tail[i])));
        for (int l = 0; l < 4; l++) {
            const double z2 = double(tail[i + l]) * tail[i + l] / 2;
            ASSERT_LE(ulps(y.f[l], ref(tail[i + l])), z2 + 6.0) << "x = " << tail[i + l];
        }
    }
    const Lanes big = lanes(v::gelu(make(20.0f, 1e6f, -20.0f, 0.0f)));
    EXPECT_EQ(big.f[0], 20.0f);
    EXPECT_EQ(big.f[1], 1e6f);
    EXPECT_LE(std::fabs(big.f[2]), 1e-35f);
    EXPECT_EQ(big.f[3], 0.0f);
}
