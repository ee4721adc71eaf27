// The colour scale of the Image panel's heat maps (Grad-CAM, CBAM's spatial attention), laid over
// a grey picture. Pure C++ (no ImGui), so tests and exports can compute a painted colour.
//
// Scale: matplotlib's "inferno", taken at five anchors and interpolated linearly in sRGB between
// them: black where the map is 0 (the picture shows through darkened), through purple and red to
// pale yellow at the map's maximum. Perceptually uniform and readable in greyscale, and unlike
// the Blues of the attention heatmaps it stays visible over both black and white pixels.
//   0.00 (0, 0, 4)   0.25 (87, 16, 110)   0.50 (188, 55, 84)   0.75 (249, 142, 9)   1.00 (252, 255, 164)
#pragma once
#include "nn/attention_trace.h"

#include <cstdint>
#include <vector>

namespace attn {

// t in [0, 1] (clamped; NaN is black).
void heat_rgb(float t, uint8_t rgb[3]);

// A map as an RGB picture of rows × cols pixels, each (value − lo) / (hi − lo) through heat_rgb
// (hi <= lo: all black).
std::vector<uint8_t> heat_pixels(const AttentionMap & map, float lo, float hi);

} // namespace attn
