// A heat map laid over the picture it explains: the model's 28 × 28 input drawn with square
// pixels, the map (any resolution: 7 × 7 Grad-CAM, CBAM's 28², 14², 7²) stretched over it with
// bilinear interpolation at the chosen opacity, and under it a colour bar from 0 (or, stretched,
// from the map's minimum) to its maximum. Hovering the picture shows the map's value at that spot.
#pragma once
#include "nn/attention_trace.h"

#include <cstdint>
#include <vector>

namespace attn {

// One item, `side` px square plus the legend. `revision` changes whenever input or map do (the
// textures are uploaded again then). `what` names the map in the tooltip ("Grad-CAM").
// `stretch`: the scale runs from the map's minimum, not 0, for maps whose values all sit close
// together (CBAM's spatial weights are often all above 0.9: from 0 they would be one flat colour).
// `outline` (input_side², as the input; nullptr for none): a line is drawn around its set pixels,
// e.g. where Grad-CAM counts as lit (models/cam_coverage.h).
void draw_heat_overlay(const char * id, uint64_t revision, const std::vector<float> & input, int input_side,
                       const AttentionMap & map, float opacity, float side, const char * what, bool stretch = false,
                       const std::vector<uint8_t> * outline = nullptr);

// The scale alone: a colour bar `width` px wide with `lo` under its left end and `hi` under its
// right; one item.
void draw_heat_legend(const char * id, float lo, float hi, float width);

} // namespace attn
