// libFuzzer target: an uploaded picture through decode (stb_image behind src/io/image_decode.h) and
// the classifiers' preprocessing (src/vision/preprocess.h). The pixel cap is small here so that a
// header claiming a huge image is refused cheaply, as the real cap refuses a bomb (the real cap's
// own behaviour is covered by the unit tests), and executions stay fast; it is just above
// kStagePreviewSide² so the previews' downscaling is reached. On success the model input must be
// 28×28 in [0, 1].
#include "io/image_decode.h"
#include "vision/preprocess.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
    constexpr int64_t kMaxPixels = 260 * 260;
    attn::GrayImage gray;
    attn::decode_gray_image(data, size, kMaxPixels, &gray);
    attn::RgbImage rgb;
    if (!attn::decode_rgb_image(data, size, kMaxPixels, &rgb).ok) return 0;
    if (rgb.pixels.size() != size_t(rgb.width) * rgb.height * 3) std::abort();

    attn::PreprocessOptions opts;  // the first byte picks which steps run (all 16 combinations)
    const uint8_t pick = size ? data[0] : 0;
    opts.grayscale = pick & 1;
    opts.crop = pick & 2;
    opts.resize = pick & 4;
    opts.invert = pick & 8;
    const attn::PreprocessResult r = attn::preprocess_rgb(rgb, opts);
    if (r.input.size() != size_t(attn::kModelImageSide * attn::kModelImageSide)) std::abort();
    for (float v : r.input)
        if (!(v >= 0.0f && v <= 1.0f)) std::abort();
    return 0;
}
