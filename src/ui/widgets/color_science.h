// The colour measurements the accessibility checks need, in plain C++ (no ImGui), checked against
// an independent library (tests/fixtures/color_golden.json, made by culori):
//   - WCAG 2.1 relative luminance and contrast ratio (text must reach 4.5:1 on its background);
//   - CIELAB under D65 and the CIEDE2000 difference ΔE00 (about 1: just noticeable; a legend's
//     neighbouring steps should stay well apart);
//   - what a reader with a colour-vision deficiency sees: the dichromat matrices of Machado,
//     Oliveira & Fernandes (2009) at severity 1, applied to linear RGB and clamped to the gamut.
#pragma once
#include <array>
#include <cstdint>

namespace attn {

struct Srgb {
    double r = 0, g = 0, b = 0;  // 0..255, gamma-encoded as stored in a pixel
};
struct Lab {
    double l = 0, a = 0, b = 0;
};

double srgb_to_linear(double channel255);     // 0..1
double linear_to_srgb(double linear);         // 0..255, unclamped input clamped to [0, 1] first

double relative_luminance(Srgb c);            // WCAG 2.1: 0 (black) .. 1 (white)
double contrast_ratio(Srgb a, Srgb b);        // 1 .. 21, order-free

Lab to_lab(Srgb c);                           // D65 white point
double delta_e2000(Lab x, Lab y);             // CIEDE2000, k_L = k_C = k_H = 1

enum class Deficiency { Protanopia, Deuteranopia, Tritanopia };
constexpr Deficiency kDeficiencies[] = {Deficiency::Protanopia, Deficiency::Deuteranopia, Deficiency::Tritanopia};
const char * deficiency_name(Deficiency d);
// Machado et al.'s matrix for `d` at severity 1, row-major, acting on linear RGB.
const std::array<double, 9> & machado_matrix(Deficiency d);
Srgb simulate(Srgb c, Deficiency d);

} // namespace attn
