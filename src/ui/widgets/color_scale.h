// The one colour scale every attention view uses, so a weight reads the same in the heatmap, the
// model-view thumbnails and the legend. Pure C++ (no ImGui): the browser end-to-end test and the
// PNG/SVG export can compute the exact colour a cell was painted with.
//
// Scale: ColorBrewer "Blues" (9 classes, every other class taken as an anchor), sequential and
// single-hue, so lightness alone orders the weights and it stays readable for colour-blind users.
//   weight  0.00  #f7fbff (247,251,255)  near white: "no attention"
//           0.25  #c6dbef (198,219,239)
//           0.50  #6baed6 (107,174,214)
//           0.75  #2171b5 ( 33,113,181)
//           1.00  #08306b (  8, 48,107)  dark saturated blue: "all attention"
// Between anchors each channel is interpolated linearly in sRGB and rounded to the nearest integer.
// Every channel falls in every segment, so lightness falls strictly from 0 to 1.
// Weights outside [0,1] are clamped; NaN is a neutral grey (128,128,128) that no weight maps to
// (every ramp colour is bluish: blue exceeds red by at least 8).
#pragma once
#include <cstdint>

namespace attn {

constexpr int kAttentionScaleSegments = 4;  // anchors at 0, 1/4, 2/4, 3/4, 1 (the legend draws them)

void attention_rgb(float weight, uint8_t rgb[3]);

// Whether text printed on a cell of this weight should be dark rather than white: true below
// weight ~0.715, where the WCAG contrasts of black and of white text on the ramp cross.
// NaN cells are mid-grey: dark text.
bool attention_text_dark(float weight);

// The second scale, for signed values such as a GRU state (each unit in (-1, 1)): diverging
// ColorBrewer "RdBu", blue for negative, near white for 0, red for positive, so the sign reads at
// a glance and the strength as saturation.
//   value  -1.0  #2166ac ( 33,102,172)   -0.5  #67a9cf (103,169,207)   0  #f7f7f7 (247,247,247)
//          +0.5  #ef8a62 (239,138, 98)   +1.0  #b2182b (178, 24, 43)
// Linear in sRGB between anchors, values clamped to [-1, 1]; NaN is the same grey as above.
void diverging_rgb(float value, uint8_t rgb[3]);

} // namespace attn
