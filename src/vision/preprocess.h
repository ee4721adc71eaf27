// From an uploaded picture to what the classifiers were trained on: a 28×28 grey image, white
// object on black, filling the frame (how Fashion-MNIST was made from product photos: trimmed,
// longest side scaled to 28, centred, negated). Each step can be switched off, and each records
// the image it produced, so the panel can show the whole chain and what skipping a step does.
//
//   1 decode     PNG, JPEG, BMP or GIF (stb_image); the pixel count is checked from the header
//                first (io/image_decode.h), so a decompression bomb is refused before decoding
//   2 grayscale  luminance Y = 0.299 R + 0.587 G + 0.114 B (ITU-R BT.601); off: the red channel
//                alone (the network has one input channel: something has to be dropped)
//   3 crop       to the bounding box of the pixels that differ from the background by more than
//                kContentThreshold (the background is the median of the border pixels); off: the
//                whole picture
//   4 resize     longest side to 28 by area averaging, centred on a 28×28 canvas filled with the
//                background; off: the centre 28×28 pixels at full resolution (what a network sees
//                of a big photo without it)
//   5 invert     255 − v when the background is light (above mid-grey): the training images are
//                light objects on black; off: never
#pragma once
#include "core/status.h"
#include "io/image_decode.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct PreprocessOptions {
    bool grayscale = true, crop = true, resize = true, invert = true;
};

// One step's picture for display: grey (channels 1) or RGB (channels 3, the decoded input),
// scaled down to at most kStagePreviewSide on its longest side so a 16-megapixel upload does not
// become five 16-megapixel textures. `width`/`height` are the preview's; `note` gives the real
// size and what the step did, to be said in the interface language.
struct PreprocessStage {
    std::string name;
    Message note;
    bool enabled = true;
    int width = 0, height = 0, channels = 1;
    std::vector<uint8_t> pixels;
};

struct PreprocessResult {
    std::vector<PreprocessStage> stages;  // decode, grayscale, crop, resize, invert
    std::vector<float> input;             // 28 × 28 in [0, 1]: what the networks get
    int source_width = 0, source_height = 0;
    int background = 0;                   // 0..255, from the border, after the grayscale step
    bool inverted = false;
    int crop_x = 0, crop_y = 0, crop_w = 0, crop_h = 0;  // in source pixels
    // What a visitor should know about a picture that was classified anyway: only the first frame
    // of an animated GIF, or too few pixels to show a garment (kMinUsefulSide).
    std::vector<Message> warnings;
};

constexpr int kModelImageSide = 28;
constexpr int kStagePreviewSide = 256;
constexpr int kContentThreshold = 24;
constexpr int kMinUsefulSide = 8;  // below this on either side, scaling up to 28×28 invents the picture

// bytes -> result, or a message a visitor can read (empty, not an image, damaged, too many pixels).
Status preprocess_image(const uint8_t * bytes, size_t size, const PreprocessOptions & opts, PreprocessResult * out);
// The same from decoded pixels (the gallery's test images, tests).
PreprocessResult preprocess_rgb(const RgbImage & image, const PreprocessOptions & opts);

} // namespace attn
