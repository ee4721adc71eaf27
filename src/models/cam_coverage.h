// How much of the object a class-activation map covers: the measurement behind the article's claim
// that Grad-CAM on the CBAM network "covers more of the object" (Woo et al. 2018, Fig. 4).
//
// The map (h × w, e.g. Grad-CAM's 7×7) is upsampled bilinearly to the image (align-corners off, as
// the panel draws it), and a pixel counts as highlighted when the map there is at least half its
// maximum. The object is the input's pixels brighter than kObjectLevel (the background is black).
//   coverage = |object ∩ highlighted| / |object|      how much of the item the map lights up
//   spill    = |highlighted \ object| / |highlighted|  how much of the light falls off it
#pragma once
#include <cstdint>
#include <vector>

namespace attn {

constexpr float kObjectLevel = 0.1f;

// map (h × w) -> (H × W), each output pixel's centre mapped into the map's grid and interpolated.
std::vector<float> upsample_bilinear(const float * map, int h, int w, int H, int W);

struct CamCoverage {
    double coverage = 0.0, spill = 0.0;
    bool valid = false;  // false when the image has no object pixels or the map is all zero
    std::vector<uint8_t> lit;  // H × W, 1 where highlighted: what the panel outlines
};
CamCoverage cam_coverage(const float * image, int H, int W, const float * map, int h, int w);

} // namespace attn
