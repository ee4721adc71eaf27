// gelu: y = x·Φ(x) = x/2·(1 + erf(x/√2)), the exact erf form   reference: RefBackend::gelu
//   u_x     x as (R, C): texel (c, r)
//   output  y as (R, C): fragment (c, r)
// GLSL has no erf. erfc(z) for z >= 0 comes from Abramowitz & Stegun 7.1.26,
//   erfc(z) = (a1·t + a2·t² + a3·t³ + a4·t⁴ + a5·t⁵)·exp(-z²),  t = 1/(1 + p·z),  |error| <= 1.5e-7,
// and 1 + erf(x/√2) is 2 - erfc(z) for x >= 0 and erfc(z) for x < 0 (z = |x|/√2). Using erfc on
// the negative side avoids 1 - (1 - tiny), so the absolute error of y stays below |x|/2 · 1.5e-7
// plus float rounding: the test measures 4.8e-7 at most over [-10, 10] (tests/gpu/test_gpu_ops.cpp).
uniform sampler2D u_x;

float erfc_nonneg(float z) {
    float t = 1.0 / (1.0 + 0.3275911 * z);
    float poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return poly * exp(-z * z);
}

void main() {
    ivec2 p = out_pos();
    float x = at(u_x, p.y, p.x);
    float q = erfc_nonneg(abs(x) * 0.70710678118654752);
    emit(0.5 * x * (x >= 0.0 ? 2.0 - q : q));
}
