// The colour scales every attention view uses, so a weight reads the same in the heatmap, the
// model-view thumbnails, the step-through, the legend and the PNG export. Pure C++ (no ImGui): the
// browser end-to-end test and the exports can compute the exact colour a cell was painted with.
//
// Attention weights, two palettes (the View menu chooses; viridis by default):
//   viridis (matplotlib's, five anchors, Smith & van der Walt 2015): dark for "no attention",
//   bright for "all attention", perceptually uniform, and its neighbouring legend steps stay apart
//   under every simulated dichromacy (tests/ui/test_color_science.cpp):
//     weight  0.00 (68, 1, 84)   0.25 (59, 82, 139)   0.50 (33, 145, 140)   0.75 (94, 201, 98)   1.00 (253, 231, 37)
//   Blues (ColorBrewer, 9 classes, every other one an anchor), the earlier default: near white for
//   0, dark saturated blue for 1; single-hue, but its darkest steps come close under protanopia:
//     weight  0.00 (247, 251, 255)   0.25 (198, 219, 239)   0.50 (107, 174, 214)   0.75 (33, 113, 181)   1.00 (8, 48, 107)
// Between anchors each channel is interpolated linearly in sRGB and rounded to the nearest integer.
// Weights outside [0,1] are clamped; NaN is a neutral grey (128,128,128) that no weight maps to.
#pragma once
#include <cstdint>

namespace attn {

constexpr int kAttentionScaleSegments = 4;  // anchors at 0, 1/4, 2/4, 3/4, 1 (the legend draws them)

enum class AttentionPalette { Viridis, Blues };
constexpr AttentionPalette kAttentionPalettes[] = {AttentionPalette::Viridis, AttentionPalette::Blues};
const char * attention_palette_id(AttentionPalette p);  // "viridis", "blues"
// The palette attention_rgb paints with, for the whole interface (a setting, like the language).
void set_attention_palette(AttentionPalette p);
AttentionPalette attention_palette();

void attention_rgb(float weight, uint8_t rgb[3]);

// Whether text printed on a cell of this weight should be dark rather than white: where the WCAG
// contrast of black text on the cell's colour beats that of white text. NaN cells are mid-grey:
// dark text.
bool attention_text_dark(float weight);

// The second scale, for signed values such as a GRU state (each unit in (-1, 1)): diverging
// ColorBrewer "RdBu", blue for negative, near white for 0, red for positive, so the sign reads at
// a glance and the strength as saturation.
//   value  -1.0  #2166ac ( 33,102,172)   -0.5  #67a9cf (103,169,207)   0  #f7f7f7 (247,247,247)
//          +0.5  #ef8a62 (239,138, 98)   +1.0  #b2182b (178, 24, 43)
// Linear in sRGB between anchors, values clamped to [-1, 1]; NaN is the same grey as above.
void diverging_rgb(float value, uint8_t rgb[3]);

} // namespace attn
