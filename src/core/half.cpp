#include "core/half.h"

#include <cmath>
#include <cstring>

namespace attn {

namespace {

float bits_to_float(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

} // namespace

float f16_to_float(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1Fu;
    const uint32_t mantissa = h & 0x3FFu;
    if (exponent == 0x1F) return bits_to_float(sign | 0x7F800000u | (mantissa << 13));  // Inf, NaN
    if (exponent != 0) return bits_to_float(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
    const float subnormal = std::ldexp(float(mantissa), -24);  // exact: mantissa < 2^10
    return sign ? -subnormal : subnormal;
}

uint16_t float_to_f16(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    const uint16_t sign = uint16_t((bits >> 16) & 0x8000u);
    const uint32_t abs = bits & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u) return uint16_t(sign | 0x7C00u | (abs > 0x7F800000u ? 0x200u : 0));  // Inf, NaN
    if (abs >= 0x477FF000u) return uint16_t(sign | 0x7C00u);  // rounds past 65504: Inf
    if (abs < 0x38800000u) {  // below 2^-14: a subnormal half (or zero), in units of 2^-24
        const float scaled = std::ldexp(bits_to_float(abs), 24);  // exact; rint rounds ties to even
        return uint16_t(sign | uint16_t(std::nearbyint(scaled)));
    }
    // Normal: rebias the exponent, round the 13 dropped mantissa bits to nearest, ties to even.
    const uint32_t mantissa_lsb = (abs >> 13) & 1u;
    const uint32_t rounded = abs + 0xFFFu + mantissa_lsb;
    return uint16_t(sign | (((rounded >> 13) - ((127u - 15u) << 10)) & 0x7FFFu));
}

} // namespace attn
