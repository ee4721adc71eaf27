// Decoding an uploaded image (PNG, JPEG, BMP, GIF: stb_image) to 8-bit grey or RGB, safely: the
// header is read first and an image with more than max_pixels is refused before a byte is decoded,
// so a small file that claims 20000×20000 pixels (a decompression bomb) costs nothing. Every
// failure is a message a visitor can read; nothing here crashes on any input.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <vector>

namespace attn {

struct GrayImage {
    int width = 0, height = 0;
    std::vector<uint8_t> pixels;  // height × width, row-major, 0 = black
    int frames = 1;               // in the file; only the first of an animated GIF's is decoded
};

struct RgbImage {
    int width = 0, height = 0;
    std::vector<uint8_t> pixels;  // height × width × 3, row-major (transparent pixels over white)
    int frames = 1;               // in the file; only the first of an animated GIF's is decoded
};

constexpr int64_t kMaxUploadPixels = 4096 * 4096;  // 16.8 megapixels: any photo, not a bomb

Status decode_gray_image(const uint8_t * bytes, size_t size, int64_t max_pixels, GrayImage * out);
Status decode_rgb_image(const uint8_t * bytes, size_t size, int64_t max_pixels, RgbImage * out);

} // namespace attn
