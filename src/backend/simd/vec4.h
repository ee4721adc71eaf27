// f32x4: four float lanes, the one vocabulary every simd/ kernel is written in. This is the only
// file with intrinsics, so each kernel is written once and compiles three ways:
//   wasm simd128   under __wasm_simd128__ (emcc -msimd128): the web's fast path
//   SSE2           under __SSE2__ (every x86-64): how the native tests exercise the same kernels
//   scalar struct  otherwise, or when ATTN_WITH_SIMD is off: same results, no speed
// fma(a, b, c) is a·b + c rounded twice on every path: wasm simd128 and SSE2 have no fused
// multiply-add, and keeping natively the rounding the browser does means a native test pass
// vouches for the web's numbers too.
//
// Also here: exp, tanh, sigmoid and gelu on f32x4 (softmax, activations), since exp needs integer
// bit tricks on the lanes.
#pragma once
#include <cstdint>

#if defined(ATTN_WITH_SIMD) && defined(__wasm_simd128__)
#define ATTN_VEC4_WASM 1
#include <wasm_simd128.h>
#elif defined(ATTN_WITH_SIMD) && defined(__SSE2__)
#define ATTN_VEC4_SSE2 1
#include <emmintrin.h>
#include <cstring>
#else
#define ATTN_VEC4_SCALAR 1
#include <cmath>
#include <cstring>
#endif

namespace attn::vec4 {

constexpr int kLanes = 4;

#if defined(ATTN_VEC4_WASM)
const char * const kIsa = "wasm-simd128";
using f32x4 = v128_t;

inline f32x4 zero() { return wasm_f32x4_splat(0.0f); }
inline f32x4 splat(float v) { return wasm_f32x4_splat(v); }
inline f32x4 load_splat(const float * p) { return wasm_v128_load32_splat(p); }
// wasm has one unaligned-tolerant load; "aligned" is only a promise the other targets can use.
inline f32x4 load(const float * p) { return wasm_v128_load(p); }
inline f32x4 loadu(const float * p) { return wasm_v128_load(p); }
inline void store(float * p, f32x4 v) { wasm_v128_store(p, v); }
inline void storeu(float * p, f32x4 v) { wasm_v128_store(p, v); }
inline f32x4 add(f32x4 a, f32x4 b) { return wasm_f32x4_add(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return wasm_f32x4_sub(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return wasm_f32x4_mul(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return wasm_f32x4_div(a, b); }
// pmax/pmin ("pseudo" min/max, defined as a compare and select) compile to one maxps/minps in
// V8; wasm's f32x4.max/min must order NaN and ±0 and cost several instructions.
inline f32x4 max(f32x4 a, f32x4 b) { return wasm_f32x4_pmax(b, a); }  // a > b ? a : b
inline f32x4 min(f32x4 a, f32x4 b) { return wasm_f32x4_pmin(b, a); }  // a < b ? a : b
inline f32x4 sqrt(f32x4 a) { return wasm_f32x4_sqrt(a); }
inline f32x4 abs(f32x4 a) { return wasm_f32x4_abs(a); }
inline f32x4 lt(f32x4 a, f32x4 b) { return wasm_f32x4_lt(a, b); }  // all-ones lanes where a < b
inline f32x4 ge(f32x4 a, f32x4 b) { return wasm_f32x4_ge(a, b); }
inline f32x4 bit_and(f32x4 a, f32x4 b) { return wasm_v128_and(a, b); }
inline f32x4 bit_or(f32x4 a, f32x4 b) { return wasm_v128_or(a, b); }
inline f32x4 bit_xor(f32x4 a, f32x4 b) { return wasm_v128_xor(a, b); }
inline f32x4 select(f32x4 mask, f32x4 yes, f32x4 no) { return wasm_v128_bitselect(yes, no, mask); }
inline float lane0(f32x4 a) { return wasm_f32x4_extract_lane(a, 0); }
inline f32x4 swap_halves(f32x4 a) { return wasm_i32x4_shuffle(a, a, 2, 3, 0, 1); }
inline f32x4 swap_pairs(f32x4 a) { return wasm_i32x4_shuffle(a, a, 1, 0, 3, 2); }
// Rows r0..r3 of a 4×4 block become its columns (GEMM packing).
inline void transpose4(f32x4 & r0, f32x4 & r1, f32x4 & r2, f32x4 & r3) {
    const f32x4 t0 = wasm_i32x4_shuffle(r0, r1, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(r2, r3, 0, 4, 1, 5);
    const f32x4 t2 = wasm_i32x4_shuffle(r0, r1, 2, 6, 3, 7), t3 = wasm_i32x4_shuffle(r2, r3, 2, 6, 3, 7);
    r0 = wasm_i64x2_shuffle(t0, t1, 0, 2);
    r1 = wasm_i64x2_shuffle(t0, t1, 1, 3);
    r2 = wasm_i64x2_shuffle(t2, t3, 0, 2);
    r3 = wasm_i64x2_shuffle(t2, t3, 1, 3);
}
// Bit-level integer views, for exp's exponent arithmetic.
inline f32x4 shl_i32(f32x4 a, int n) { return wasm_i32x4_shl(a, n); }
inline f32x4 splat_bits(uint32_t bits) { return wasm_i32x4_splat(int32_t(bits)); }
// Hides a value from the optimiser. V8 rebuilds a v128.const at every use (3-4 instructions), and
// clang sinks constants into loops, next to their uses; passing a constant through here once,
// before the loop, keeps it in a wasm local instead: a register, or a one-instruction reload.
inline f32x4 opaque(f32x4 v) { __asm__("" : "+r"(v)); return v; }
// Compact weights (core/compact_tensor.h), four values from p (any alignment): int8 codes as
// floats, and halves as their 16 bits zero-extended into each lane (f16_bits_to_f32 widens them).
inline f32x4 load_i8_as_f32(const int8_t * p) {
    const v128_t bytes = wasm_v128_load32_zero(p);
    return wasm_f32x4_convert_i32x4(wasm_i32x4_extend_low_i16x8(wasm_i16x8_extend_low_i8x16(bytes)));
}
inline f32x4 load_u16_bits(const uint16_t * p) { return wasm_u32x4_extend_low_u16x8(wasm_v128_load64_zero(p)); }
// Wider loads for the inner loops: sixteen codes as four f32x4, eight halves as two f32x4 of
// their bits, each shifted into the top half of its lane (half_hi_bits_to_f32 widens those).
inline void load_i8x16_as_f32(const int8_t * p, f32x4 out[4]) {
    const v128_t b = wasm_v128_load(p);
    const v128_t lo = wasm_i16x8_extend_low_i8x16(b), hi = wasm_i16x8_extend_high_i8x16(b);
    out[0] = wasm_f32x4_convert_i32x4(wasm_i32x4_extend_low_i16x8(lo));
    out[1] = wasm_f32x4_convert_i32x4(wasm_i32x4_extend_high_i16x8(lo));
    out[2] = wasm_f32x4_convert_i32x4(wasm_i32x4_extend_low_i16x8(hi));
    out[3] = wasm_f32x4_convert_i32x4(wasm_i32x4_extend_high_i16x8(hi));
}
inline void load_u16x8_hi_bits(const uint16_t * p, f32x4 out[2]) {
    const v128_t h = wasm_v128_load(p);
    out[0] = wasm_i32x4_shl(wasm_u32x4_extend_low_u16x8(h), 16);
    out[1] = wasm_i32x4_shl(wasm_u32x4_extend_high_u16x8(h), 16);
}
inline f32x4 shr_i32_arith(f32x4 a, int n) { return wasm_i32x4_shr(a, n); }

#elif defined(ATTN_VEC4_SSE2)
const char * const kIsa = "sse2";
using f32x4 = __m128;

inline f32x4 zero() { return _mm_setzero_ps(); }
inline f32x4 splat(float v) { return _mm_set1_ps(v); }
inline f32x4 load_splat(const float * p) { return _mm_load1_ps(p); }
inline f32x4 load(const float * p) { return _mm_load_ps(p); }  // p 16-byte aligned
inline f32x4 loadu(const float * p) { return _mm_loadu_ps(p); }
inline void store(float * p, f32x4 v) { _mm_store_ps(p, v); }
inline void storeu(float * p, f32x4 v) { _mm_storeu_ps(p, v); }
inline f32x4 add(f32x4 a, f32x4 b) { return _mm_add_ps(a, b); }
inline f32x4 sub(f32x4 a, f32x4 b) { return _mm_sub_ps(a, b); }
inline f32x4 mul(f32x4 a, f32x4 b) { return _mm_mul_ps(a, b); }
inline f32x4 div(f32x4 a, f32x4 b) { return _mm_div_ps(a, b); }
inline f32x4 max(f32x4 a, f32x4 b) { return _mm_max_ps(a, b); }  // a > b ? a : b
inline f32x4 min(f32x4 a, f32x4 b) { return _mm_min_ps(a, b); }  // a < b ? a : b
inline f32x4 sqrt(f32x4 a) { return _mm_sqrt_ps(a); }
inline f32x4 abs(f32x4 a) { return _mm_andnot_ps(_mm_set1_ps(-0.0f), a); }
inline f32x4 lt(f32x4 a, f32x4 b) { return _mm_cmplt_ps(a, b); }
inline f32x4 ge(f32x4 a, f32x4 b) { return _mm_cmpge_ps(a, b); }
inline f32x4 bit_and(f32x4 a, f32x4 b) { return _mm_and_ps(a, b); }
inline f32x4 bit_or(f32x4 a, f32x4 b) { return _mm_or_ps(a, b); }
inline f32x4 bit_xor(f32x4 a, f32x4 b) { return _mm_xor_ps(a, b); }
inline f32x4 select(f32x4 mask, f32x4 yes, f32x4 no) {
    return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no));
}
inline float lane0(f32x4 a) { return _mm_cvtss_f32(a); }
inline f32x4 swap_halves(f32x4 a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(1, 0, 3, 2)); }
inline f32x4 swap_pairs(f32x4 a) { return _mm_shuffle_ps(a, a, _MM_SHUFFLE(2, 3, 0, 1)); }
inline void transpose4(f32x4 & r0, f32x4 & r1, f32x4 & r2, f32x4 & r3) { _MM_TRANSPOSE4_PS(r0, r1, r2, r3); }
inline f32x4 shl_i32(f32x4 a, int n) { return _mm_castsi128_ps(_mm_slli_epi32(_mm_castps_si128(a), n)); }
inline f32x4 splat_bits(uint32_t bits) { return _mm_castsi128_ps(_mm_set1_epi32(int32_t(bits))); }
inline f32x4 opaque(f32x4 v) { return v; }  // x86 compilers read constants as memory operands: no need
inline f32x4 load_i8_as_f32(const int8_t * p) {
    int32_t four;
    std::memcpy(&four, p, 4);
    __m128i b = _mm_cvtsi32_si128(four);
    b = _mm_unpacklo_epi8(b, b);   // SSE2 has no sign extension: each byte into the top of a
    b = _mm_unpacklo_epi16(b, b);  // 32-bit lane, then an arithmetic shift brings it down
    return _mm_cvtepi32_ps(_mm_srai_epi32(b, 24));
}
inline f32x4 load_u16_bits(const uint16_t * p) {
    const __m128i h = _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p));
    return _mm_castsi128_ps(_mm_unpacklo_epi16(h, _mm_setzero_si128()));
}
inline void load_i8x16_as_f32(const int8_t * p, f32x4 out[4]) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    const __m128i lo = _mm_unpacklo_epi8(b, b), hi = _mm_unpackhi_epi8(b, b);  // each byte twice
    // Each byte into the top of a 32-bit lane (four times over), then down with its sign.
    out[0] = _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpacklo_epi16(lo, lo), 24));
    out[1] = _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpackhi_epi16(lo, lo), 24));
    out[2] = _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpacklo_epi16(hi, hi), 24));
    out[3] = _mm_cvtepi32_ps(_mm_srai_epi32(_mm_unpackhi_epi16(hi, hi), 24));
}
inline void load_u16x8_hi_bits(const uint16_t * p, f32x4 out[2]) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    out[0] = _mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), h));
    out[1] = _mm_castsi128_ps(_mm_unpackhi_epi16(_mm_setzero_si128(), h));
}
inline f32x4 shr_i32_arith(f32x4 a, int n) { return _mm_castsi128_ps(_mm_srai_epi32(_mm_castps_si128(a), n)); }

#else
const char * const kIsa = "scalar";
struct f32x4 { float v[4]; };

namespace detail {
template <class F> inline f32x4 map2(f32x4 a, f32x4 b, F f) {
    return {{f(a.v[0], b.v[0]), f(a.v[1], b.v[1]), f(a.v[2], b.v[2]), f(a.v[3], b.v[3])}};
}
inline uint32_t bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
inline float from_bits(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
inline float mask_of(bool b) { return from_bits(b ? 0xFFFFFFFFu : 0u); }
} // namespace detail

inline f32x4 zero() { return {{0, 0, 0, 0}}; }
inline f32x4 splat(float v) { return {{v, v, v, v}}; }
inline f32x4 load_splat(const float * p) { return splat(*p); }
inline f32x4 load(const float * p) { return {{p[0], p[1], p[2], p[3]}}; }
inline f32x4 loadu(const float * p) { return load(p); }
inline void store(float * p, f32x4 v) { for (int i = 0; i < 4; i++) p[i] = v.v[i]; }
inline void storeu(float * p, f32x4 v) { store(p, v); }
inline f32x4 add(f32x4 a, f32x4 b) { return detail::map2(a, b, [](float x, float y) { return x + y; }); }
inline f32x4 sub(f32x4 a, f32x4 b) { return detail::map2(a, b, [](float x, float y) { return x - y; }); }
inline f32x4 mul(f32x4 a, f32x4 b) { return detail::map2(a, b, [](float x, float y) { return x * y; }); }
inline f32x4 div(f32x4 a, f32x4 b) { return detail::map2(a, b, [](float x, float y) { return x / y; }); }
inline f32x4 max(f32x4 a, f32x4 b) { return detail::map2(a, b, [](float x, float y) { return x > y ? x : y; }); }
inline f32x4 min(f32x4 a, f32x4 b) { return detail::map2(a, b, [](float x, float y) { return x < y ? x : y; }); }
inline f32x4 lt(f32x4 a, f32x4 b) {
    return detail::map2(a, b, [](float x, float y) { return detail::mask_of(x < y); });
}
inline f32x4 ge(f32x4 a, f32x4 b) {
    return detail::map2(a, b, [](float x, float y) { return detail::mask_of(x >= y); });
}
inline f32x4 bit_and(f32x4 a, f32x4 b) {
    return detail::map2(a, b, [](float x, float y) { return detail::from_bits(detail::bits(x) & detail::bits(y)); });
}
inline f32x4 bit_or(f32x4 a, f32x4 b) {
    return detail::map2(a, b, [](float x, float y) { return detail::from_bits(detail::bits(x) | detail::bits(y)); });
}
inline f32x4 bit_xor(f32x4 a, f32x4 b) {
    return detail::map2(a, b, [](float x, float y) { return detail::from_bits(detail::bits(x) ^ detail::bits(y)); });
}
inline f32x4 abs(f32x4 a) { return bit_and(a, splat(detail::from_bits(0x7FFFFFFFu))); }
inline f32x4 select(f32x4 mask, f32x4 yes, f32x4 no) {
    return bit_or(bit_and(mask, yes), bit_and(bit_xor(mask, splat(detail::mask_of(true))), no));
}
inline float lane0(f32x4 a) { return a.v[0]; }
inline f32x4 swap_halves(f32x4 a) { return {{a.v[2], a.v[3], a.v[0], a.v[1]}}; }
inline f32x4 swap_pairs(f32x4 a) { return {{a.v[1], a.v[0], a.v[3], a.v[2]}}; }
inline void transpose4(f32x4 & r0, f32x4 & r1, f32x4 & r2, f32x4 & r3) {
    f32x4 * r[4] = {&r0, &r1, &r2, &r3};
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            const float t = r[i]->v[j];
            r[i]->v[j] = r[j]->v[i];
            r[j]->v[i] = t;
        }
}
inline f32x4 shl_i32(f32x4 a, int n) {
    f32x4 r;
    for (int i = 0; i < 4; i++) r.v[i] = detail::from_bits(detail::bits(a.v[i]) << n);
    return r;
}
inline f32x4 splat_bits(uint32_t bits) { return splat(detail::from_bits(bits)); }
inline f32x4 opaque(f32x4 v) { return v; }
inline f32x4 load_i8_as_f32(const int8_t * p) { return {{float(p[0]), float(p[1]), float(p[2]), float(p[3])}}; }
inline f32x4 load_u16_bits(const uint16_t * p) {
    return {{detail::from_bits(p[0]), detail::from_bits(p[1]), detail::from_bits(p[2]), detail::from_bits(p[3])}};
}
inline void load_i8x16_as_f32(const int8_t * p, f32x4 out[4]) {
    for (int i = 0; i < 4; i++) out[i] = load_i8_as_f32(p + 4 * i);
}
inline void load_u16x8_hi_bits(const uint16_t * p, f32x4 out[2]) {
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 4; j++) out[i].v[j] = detail::from_bits(uint32_t(p[4 * i + j]) << 16);
}
inline f32x4 shr_i32_arith(f32x4 a, int n) {
    f32x4 r;
    for (int i = 0; i < 4; i++) r.v[i] = detail::from_bits(uint32_t(int32_t(detail::bits(a.v[i])) >> n));
    return r;
}
inline f32x4 sqrt(f32x4 a) {
    f32x4 r;
    for (int i = 0; i < 4; i++) r.v[i] = std::sqrt(a.v[i]);
    return r;
}
#endif

// ---- Built on the primitives above: identical on every target ---------------------------------

// a·b + c with two roundings (see the top of this file for why never a fused one).
inline f32x4 fma(f32x4 a, f32x4 b, f32x4 c) { return add(mul(a, b), c); }

// Horizontal reductions: two shuffle steps instead of four scalar extracts.
inline float hsum(f32x4 a) {
    a = add(a, swap_halves(a));
    return lane0(add(a, swap_pairs(a)));
}
inline float hmax(f32x4 a) {
    a = max(a, swap_halves(a));
    return lane0(max(a, swap_pairs(a)));
}

// Halves to floats, from load_u16_bits' lanes: the half's exponent and mantissa shifted into a
// float's place, then times 2^112 (= 2^(127 - 15), the difference of the exponent biases), which
// is exact for every finite half, subnormals included; the sign is put back last. Inf and NaN
// halves would come out finite: compact weights never hold them (io/safetensors.h refuses them).
struct HalfConsts {
    f32x4 sign, magnitude, rebias, hi_mask;
};
inline HalfConsts half_consts() {
    return {opaque(splat_bits(0x8000u)), opaque(splat_bits(0x7FFFu)), opaque(splat(5.192296858534828e33f)),  // 2^112
            opaque(splat_bits(0x8FFFE000u))};
}
inline f32x4 f16_bits_to_f32(f32x4 h, const HalfConsts & k) {
    const f32x4 sign = shl_i32(bit_and(h, k.sign), 16);
    const f32x4 magnitude = shl_i32(bit_and(h, k.magnitude), 13);
    return bit_or(mul(magnitude, k.rebias), sign);
}
// The same from a half held in the top 16 bits of its lane (load_u16x8_hi_bits), in fewer steps:
// an arithmetic shift by 3 puts the exponent and mantissa where a float's go and keeps the sign
// in bit 31; the mask clears the three copies of the sign the shift brought into bits 28-30.
inline f32x4 f16_hi_bits_to_f32(f32x4 h, const HalfConsts & k) {
    return mul(bit_and(shr_i32_arith(h, 3), k.hi_mask), k.rebias);
}

// ---- exp, tanh, sigmoid, gelu -----------------------------------------------------------------
// Each takes its constants as a struct that a kernel builds once, before its loop (see opaque());
// the one-argument forms build them on the spot, for code outside hot loops.

// e^x on each lane, relative error about 1 ulp (tests/backend/test_vec4.cpp measures it).
//   x = n·ln2 + r, |r| ≤ ln2/2  ->  e^x = 2^n · e^r
// e^r comes from a degree-6 polynomial fitted (Chebyshev nodes) to e^r on that interval; its own
// error is 0.2 ulp, the rest is float rounding. ln2 is split in two (Cody–Waite) so n·ln2_hi is
// exact and r keeps its low bits even for |x| near 88.
// Range: x ≤ -87.68 (-inf, and the masked lanes of softmax, included) gives exactly 0 with no
// compare or select: x is clamped to -88, where n = -127 and the bits of "2^n" are those of +0.
// Results between -87.68 and -87.34 are the (correctly tiny) denormals; that is the only place
// exp makes any, which matters because on many x86 CPUs each costs a ~100-cycle microcode assist.
// x > 88.37 gives +inf (the true values there lie within 30% of FLT_MAX; softmax only feeds
// x ≤ 0, tanh and sigmoid saturate).
struct ExpConsts {
    f32x4 lo, hi, log2e, round, ln2_hi, ln2_lo, p6, p5, p4, p3, p2, one;
};

inline ExpConsts exp_consts() {
    return {
        opaque(splat(-88.0f)),
        // Just above 127.5·ln2, so every x beyond it rounds to n = 128, whose exponent bits are +inf.
        opaque(splat(88.7f)),
        opaque(splat(1.44269502f)),
        // 1.5·2^23 + 127: adding it to x·log2(e) pushes the fraction out of the mantissa, leaving
        // n + 127 (the biased exponent of 2^n) in the low bits; no float->int conversion (wasm's
        // saturating one is slow on x86).
        opaque(splat(12582912.0f + 127.0f)),
        opaque(splat(0.693359375f)),    // ln2_hi: 9 significant bits, so n·ln2_hi is exact
        opaque(splat(-2.12194442e-4f)),  // ln2_lo = ln2 - ln2_hi
        opaque(splat(1.39261759e-3f)),
        opaque(splat(8.36317334e-3f)),
        opaque(splat(4.16665562e-2f)),
        opaque(splat(1.66665778e-1f)),
        opaque(splat(0.5f)),
        opaque(splat(1.0f)),
    };
}

inline f32x4 exp(f32x4 x, const ExpConsts & k) {
    x = min(max(x, k.lo), k.hi);  // max picks lo for NaN too
    const f32x4 t = fma(x, k.log2e, k.round);
    const f32x4 n = sub(t, k.round);
    const f32x4 r = sub(sub(x, mul(n, k.ln2_hi)), mul(n, k.ln2_lo));
    // P(r) = c2 + c3·r + r²·(c4 + c5·r + c6·r²) (Estrin's split): the same polynomial as Horner's
    // rule but a dependency chain half as long, which is what limits exp's throughput in V8.
    const f32x4 r2 = mul(r, r);
    const f32x4 lo_part = fma(k.p3, r, k.p2);
    const f32x4 hi_part = fma(k.p6, r2, fma(k.p5, r, k.p4));
    const f32x4 P = fma(hi_part, r2, lo_part);
    const f32x4 p = add(fma(P, r2, r), k.one);  // r + r²·P(r) first: adding 1 last keeps 1 + r exact
    const f32x4 two_n = shl_i32(t, 23);  // (n + 127) << 23: the bits of 2^n (of +0 for n = -127)
    return mul(p, two_n);
}
inline f32x4 exp(f32x4 x) { return exp(x, exp_consts()); }

// tanh: for |x| < 0.625 an odd polynomial x + x³·Q(x²) (degree 11, fitted, 0.3 ulp), because
// there 1 - 2/(e^2x + 1) loses bits to cancellation; beyond, that formula via exp (≤ 2 ulp).
// Exactly ±1 from |x| ≈ 9.01 (where the true value rounds to 1) and at ±inf.
struct TanhConsts {
    ExpConsts e;
    f32x4 sign, q4, q3, q2, q1, q0, small_limit, two;
};

inline TanhConsts tanh_consts() {
    return {
        exp_consts(),
        opaque(splat(-0.0f)),
        opaque(splat(-6.09671418e-3f)),
        opaque(splat(2.09971797e-2f)),
        opaque(splat(-5.38509078e-2f)),
        opaque(splat(1.33327693e-1f)),
        opaque(splat(-3.33333284e-1f)),
        opaque(splat(0.625f)),
        opaque(splat(2.0f)),
    };
}

inline f32x4 tanh(f32x4 x, const TanhConsts & k) {
    const f32x4 sign = bit_and(x, k.sign);
    const f32x4 ax = bit_xor(x, sign);  // |x|
    const f32x4 x2 = mul(ax, ax);
    f32x4 q = fma(k.q4, x2, k.q3);
    q = fma(q, x2, k.q2);
    q = fma(q, x2, k.q1);
    q = fma(q, x2, k.q0);
    const f32x4 small = fma(mul(q, x2), ax, ax);
    const f32x4 e2x = exp(add(ax, ax), k.e);
    const f32x4 large = sub(k.e.one, div(k.two, add(e2x, k.e.one)));
    return bit_or(select(lt(ax, k.small_limit), small, large), sign);
}
inline f32x4 tanh(f32x4 x) { return tanh(x, tanh_consts()); }

// 1 / (1 + e^-x): e^-x overflowing to +inf for x < -88 gives exactly 0, flushing to 0 for
// x > 87 gives exactly 1, so no lane needs a special case.
inline f32x4 sigmoid(f32x4 x, const ExpConsts & k) {
    return div(k.one, add(k.one, exp(sub(zero(), x), k)));
}
inline f32x4 sigmoid(f32x4 x) { return sigmoid(x, exp_consts()); }

// GELU, x·Φ(x) = x/2·(1 + erf(x/√2)), the exact erf form, with z = |x|/√2:
//   z < 0.5:  erf(z) = z·P(z²), P fitted on [0, 1] (degree 11 odd, 0.9 ulp)
//   z ≥ 0.5:  erfc(z) = e^-z²·G(t), t = 1/(1 + z/2), G fitted on z ∈ [0.5, 9] (degree 9, 0.8 ulp)
// The switch sits at 0.5, not 1, because for x < 0 the small branch needs 1 - erf(z), which
// cancels (erf(1) = 0.84) and would cost ~12 ulp near z = 1.
// and for x < 0 the factor 1 + erf(x/√2) is taken as erfc(z) itself, never as 1 - erf(z), so the
// negative tail keeps its relative accuracy instead of cancelling to 0 (the double-precision
// reference formula itself cancels there: it returns 0 below x ≈ -8.5 where the true value is
// ~1e-17). The one loss left: x²/2 rounds before the exp, which costs up to ~z² ulp of relative
// error in that tail, where |gelu| < 1e-5·|x| anyway. z is clamped at 9, beyond which gelu(x)
// is x or ±0 to float precision.
struct GeluConsts {
    ExpConsts e;
    f32x4 inv_sqrt2, half, two, small_limit, z_max, two_over_sqrt2;
    f32x4 p[6];
    f32x4 g[10];
};

inline GeluConsts gelu_consts() {
    GeluConsts k;
    k.e = exp_consts();
    k.inv_sqrt2 = opaque(splat(0.707106781f));
    k.half = opaque(splat(0.5f));
    k.two = opaque(splat(2.0f));
    k.small_limit = opaque(splat(0.5f));
    k.z_max = opaque(splat(9.0f));
    k.two_over_sqrt2 = opaque(splat(1.41421356f));  // √2: z_max·√2 is the matching clamp of |x|
    const float p[6] = {1.12837911f, -0.376123428f, 0.112803169f, -0.0267150551f, 0.00492176181f, -0.000564805989f};
    const float g[10] = {5.13432951e-06f, 0.281945854f, 0.283996135f, 0.232776046f, 0.242792845f,
                         -0.125277907f, 0.432256222f, -0.635391474f, 0.364348590f, -0.0774629787f};
    for (int i = 0; i < 6; i++) k.p[i] = opaque(splat(p[i]));
    for (int i = 0; i < 10; i++) k.g[i] = opaque(splat(g[i]));
    return k;
}

inline f32x4 gelu(f32x4 x, const GeluConsts & k) {
    const f32x4 negative = lt(x, zero());
    const f32x4 z = min(mul(abs(x), k.inv_sqrt2), k.z_max);
    const f32x4 x_clamped = min(abs(x), mul(k.z_max, k.two_over_sqrt2));
    const f32x4 z2 = mul(mul(x_clamped, x_clamped), k.half);  // x²/2: one rounding, not two (z, then z²)
    f32x4 p = k.p[5];
    for (int i = 4; i >= 0; i--) p = fma(p, z2, k.p[i]);
    const f32x4 erf_small = mul(z, p);
    const f32x4 t = div(k.e.one, fma(z, k.half, k.e.one));
    f32x4 g = k.g[9];
    for (int i = 8; i >= 0; i--) g = fma(g, t, k.g[i]);
    const f32x4 erfc_large = mul(exp(sub(zero(), z2), k.e), g);
    // w = 1 + erf(x/√2): 1 ± erf(z) near 0; 2 - erfc(z) or erfc(z) in the tails.
    const f32x4 w_small = select(negative, sub(k.e.one, erf_small), add(k.e.one, erf_small));
    const f32x4 w_large = select(negative, erfc_large, sub(k.two, erfc_large));
    const f32x4 w = select(lt(z, k.small_limit), w_small, w_large);
    return mul(mul(k.half, x), w);
}
inline f32x4 gelu(f32x4 x) { return gelu(x, gelu_consts()); }

} // namespace attn::vec4
