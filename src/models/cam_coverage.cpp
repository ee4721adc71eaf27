#include "models/cam_coverage.h"

#include <algorithm>

namespace attn {

std::vector<float> upsample_bilinear(const float * map, int h, int w, int H, int W) {
    std::vector<float> out(size_t(H) * size_t(W));
    auto coord = [](int i, int in, int out_n, int * i0, int * i1, float * t) {
        const float s = std::clamp((float(i) + 0.5f) * float(in) / float(out_n) - 0.5f, 0.0f, float(in - 1));
        *i0 = int(s);
        *i1 = std::min(*i0 + 1, in - 1);
        *t = s - float(*i0);
    };
    for (int y = 0; y < H; y++) {
        int y0, y1;
        float ty;
        coord(y, h, H, &y0, &y1, &ty);
        for (int x = 0; x < W; x++) {
            int x0, x1;
            float tx;
            coord(x, w, W, &x0, &x1, &tx);
            const float top = map[y0 * w + x0] * (1 - tx) + map[y0 * w + x1] * tx;
            const float bottom = map[y1 * w + x0] * (1 - tx) + map[y1 * w + x1] * tx;
            out[size_t(y) * W + x] = top * (1 - ty) + bottom * ty;
        }
    }
    return out;
}

CamCoverage cam_coverage(const float * image, int H, int W, const float * map, int h, int w) {
    CamCoverage c;
    const std::vector<float> up = upsample_bilinear(map, h, w, H, W);
    const float peak = *std::max_element(up.begin(), up.end());
    if (peak <= 0.0f) return c;
    int64_t object = 0, lit = 0, both = 0;
    c.lit.resize(up.size());
    for (size_t i = 0; i < up.size(); i++) {
        const bool on_object = image[i] > kObjectLevel, highlighted = up[i] >= 0.5f * peak;
        c.lit[i] = highlighted;
        object += on_object;
        lit += highlighted;
        both += on_object && highlighted;
    }
    if (object == 0) return c;
    c.coverage = double(both) / double(object);
    c.spill = lit ? double(lit - both) / double(lit) : 0.0;
    c.valid = true;
    return c;
}

} // namespace attn
