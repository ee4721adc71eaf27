// See color_scale.h for the choice of scale and its anchors.
#include "ui/widgets/color_scale.h"

#include "ui/widgets/color_science.h"

#include <cmath>

namespace attn {

namespace {

constexpr uint8_t kViridis[kAttentionScaleSegments + 1][3] = {
    {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
constexpr uint8_t kBlues[kAttentionScaleSegments + 1][3] = {
    {247, 251, 255}, {198, 219, 239}, {107, 174, 214}, {33, 113, 181}, {8, 48, 107}};
AttentionPalette g_palette = AttentionPalette::Viridis;
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

} // namespace

const char * attention_palette_id(AttentionPalette p) { return p == AttentionPalette::Blues ? "blues" : "viridis"; }
void set_attention_palette(AttentionPalette p) { g_palette = p; }
AttentionPalette attention_palette() { return g_palette; }

void attention_rgb(float weight, uint8_t rgb[3]) {
    if (std::isnan(weight)) {
        for (int k = 0; k < 3; k++) rgb[k] = kNanGrey[k];
        return;
    }
    ramp(g_palette == AttentionPalette::Blues ? kBlues : kViridis, kAttentionScaleSegments,
         std::fmin(std::fmax(weight, 0.0f), 1.0f) * kAttentionScaleSegments, rgb);
}

void diverging_rgb(float value, uint8_t rgb[3]) {
    if (std::isnan(value)) {
        for (int k = 0; k < 3; k++) rgb[k] = kNanGrey[k];
        return;
    }
    const float unit = (std::fmin(std::fmax(value, -1.0f), 1.0f) + 1.0f) / 2.0f;  // [-1, 1] -> [0, 1]
    ramp(kDivergingAnchors, kDivergingSegments, unit * kDivergingSegments, rgb);
}

// Black on the cell has contrast (L+0.05)/0.05, white 1.05/(L+0.05), L the cell's relative
// luminance: black wins above L ~0.179.
bool attention_text_dark(float weight) {
    if (std::isnan(weight)) return true;
    uint8_t c[3];
    attention_rgb(weight, c);
    const double l = relative_luminance({double(c[0]), double(c[1]), double(c[2])});
    return (l + 0.05) / 0.05 > 1.05 / (l + 0.05);
}

} // namespace attn
