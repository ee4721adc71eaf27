// See color_scale.h for the choice of scale and its anchors.
#include "ui/widgets/color_scale.h"

#include <cmath>

namespace attn {

namespace {

constexpr uint8_t kAnchors[kAttentionScaleSegments + 1][3] = {
    {247, 251, 255}, {198, 219, 239}, {107, 174, 214}, {33, 113, 181}, {8, 48, 107}};
constexpr uint8_t kNanGrey[3] = {128, 128, 128};
constexpr int kDivergingSegments = 4;
constexpr uint8_t kDivergingAnchors[kDivergingSegments + 1][3] = {
    {33, 102, 172}, {103, 169, 207}, {247, 247, 247}, {239, 138, 98}, {178, 24, 43}};

// t in [0, segments]: the colour between anchors[floor(t)] and the next, rounded per channel.
void ramp(const uint8_t (*anchors)[3], int segments, float t, uint8_t rgb[3]) {
    const int seg = t >= float(segments) ? segments - 1 : int(t);
    const float f = t - float(seg);
    for (int k = 0; k < 3; k++) {
        const float a = anchors[seg][k], b = anchors[seg + 1][k];
        rgb[k] = uint8_t(std::lround(a + (b - a) * f));
    }
}

// Dark text while its WCAG contrast beats white's. Black on the cell has contrast (L+0.05)/0.05,
// white 1.05/(L+0.05), L the cell's relative luminance; they cross at L ~0.179, which this ramp
// reaches at weight ~0.715 (L = 0.96 at 0, 0.38 at 0.5, 0.155 at 0.75, 0.03 at 1).
constexpr float kDarkTextBelow = 0.715f;

} // namespace

void attention_rgb(float weight, uint8_t rgb[3]) {
    if (std::isnan(weight)) {
        for (int k = 0; k < 3; k++) rgb[k] = kNanGrey[k];
        return;
    }
    ramp(kAnchors, kAttentionScaleSegments, std::fmin(std::fmax(weight, 0.0f), 1.0f) * kAttentionScaleSegments, rgb);
}

void diverging_rgb(float value, uint8_t rgb[3]) {
    if (std::isnan(value)) {
        for (int k = 0; k < 3; k++) rgb[k] = kNanGrey[k];
        return;
    }
    const float unit = (std::fmin(std::fmax(value, -1.0f), 1.0f) + 1.0f) / 2.0f;  // [-1, 1] -> [0, 1]
    ramp(kDivergingAnchors, kDivergingSegments, unit * kDivergingSegments, rgb);
}

bool attention_text_dark(float weight) {
    return std::isnan(weight) || weight < kDarkTextBelow;
}

} // namespace attn
