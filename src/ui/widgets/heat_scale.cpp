// See heat_scale.h for the choice of scale and its anchors.
#include "ui/widgets/heat_scale.h"

#include <cmath>

namespace attn {

namespace {

constexpr int kSegments = 4;
constexpr uint8_t kInferno[kSegments + 1][3] = {{0, 0, 4}, {87, 16, 110}, {188, 55, 84}, {249, 142, 9}, {252, 255, 164}};

} // namespace

void heat_rgb(float t, uint8_t rgb[3]) {
    if (std::isnan(t)) t = 0;
    const float x = std::fmin(std::fmax(t, 0.0f), 1.0f) * kSegments;
    const int seg = x >= float(kSegments) ? kSegments - 1 : int(x);
    const float f = x - float(seg);
    for (int k = 0; k < 3; k++) {
        const float a = kInferno[seg][k], b = kInferno[seg + 1][k];
        rgb[k] = uint8_t(std::lround(a + (b - a) * f));
    }
}

std::vector<uint8_t> heat_pixels(const AttentionMap & map, float lo, float hi) {
    std::vector<uint8_t> rgb(map.values.size() * 3);
    for (size_t i = 0; i < map.values.size(); i++) heat_rgb(hi > lo ? (map.values[i] - lo) / (hi - lo) : 0.0f, &rgb[i * 3]);
    return rgb;
}

} // namespace attn
