#include "io/image_decode.h"

#include "io/gif_frames.h"
#include "io/jpeg_check.h"
#include "io/png_check.h"

#include <stb_image.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

namespace attn {

// A PNG's size straight from its IHDR chunk. stb_image's own header parser refuses colour PNGs
// over 2^30 bytes with a generic "unknown image type", which would hide that the file is a bomb.
static bool png_dimensions(const uint8_t * b, size_t size, int64_t * w, int64_t * h) {
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (size < 24 || std::memcmp(b, kSignature, 8) != 0 || std::memcmp(b + 12, "IHDR", 4) != 0) return false;
    auto be32 = [&](size_t at) { return int64_t(b[at]) << 24 | int64_t(b[at + 1]) << 16 | int64_t(b[at + 2]) << 8 | b[at + 3]; };
    *w = be32(16), *h = be32(20);
    return true;
}

static Status too_many_pixels(int64_t w, int64_t h, int64_t max_pixels) {
    return Status::error(Message{N_("the image is {0}×{1} pixels; the limit is {2} megapixels"),
                                 {std::to_string(w), std::to_string(h), std::to_string(max_pixels / 1000000)}});
}

// Header checks, then stb_image's decode to `channels` channels (1 grey, 4 RGBA).
static Status decode(const uint8_t * bytes, size_t size, int64_t max_pixels, int channels, int * w_out, int * h_out,
                     std::vector<uint8_t> * pixels) {
    if (size == 0) return Status::error(Message{N_("the file is empty (0 bytes)"), {}});
    if (size > size_t(INT_MAX)) return Status::error(Message{N_("the file is too large to be an image we can read"), {}});
    int64_t png_w = 0, png_h = 0;
    // IHDR sides are up to 2^32 - 1 each, so their product can overflow int64: divide instead.
    if (png_dimensions(bytes, size, &png_w, &png_h) && png_w > 0 && png_h > max_pixels / png_w)
        return too_many_pixels(png_w, png_h, max_pixels);
    // Before stbi_info: reading a JPEG's header already builds its Huffman tables (io/jpeg_check.h).
    if (Status s = check_jpeg_huffman_tables(bytes, size); !s) return s;
    if (Status s = check_png_chunk_lengths(bytes, size); !s) return s;  // before stb allocates for IDAT
    int w = 0, h = 0, file_channels = 0;
    if (!stbi_info_from_memory(bytes, int(size), &w, &h, &file_channels))
        return Status::error(Message{N_("not an image this playground can read (PNG, JPEG, BMP or GIF): {0}"), {stbi_failure_reason()}});
    if (w <= 0 || h <= 0) return Status::error(Message{N_("the image has no pixels"), {}});
    if (int64_t(w) * int64_t(h) > max_pixels) return too_many_pixels(w, h, max_pixels);
    int dw = 0, dh = 0, dc = 0;
    stbi_uc * data = stbi_load_from_memory(bytes, int(size), &dw, &dh, &dc, channels);
    if (!data) return Status::error(Message{N_("the image is damaged or cut short (the decoder stopped at: {0})"), {stbi_failure_reason()}});
    pixels->assign(data, data + size_t(dw) * size_t(dh) * size_t(channels));
    stbi_image_free(data);
    *w_out = dw, *h_out = dh;
    return Status::success();
}

Status decode_gray_image(const uint8_t * bytes, size_t size, int64_t max_pixels, GrayImage * out) {
    GrayImage img;
    if (Status s = decode(bytes, size, max_pixels, 1, &img.width, &img.height, &img.pixels); !s) return s;
    img.frames = std::max(1, gif_frame_count(bytes, size));
    *out = std::move(img);
    return Status::success();
}

Status decode_rgb_image(const uint8_t * bytes, size_t size, int64_t max_pixels, RgbImage * out) {
    std::vector<uint8_t> rgba;
    RgbImage img;
    if (Status s = decode(bytes, size, max_pixels, 4, &img.width, &img.height, &rgba); !s) return s;
    img.frames = std::max(1, gif_frame_count(bytes, size));
    // Transparent pixels over white, as a browser shows a PNG cut-out on a page.
    const size_t n = size_t(img.width) * size_t(img.height);
    img.pixels.resize(n * 3);
    for (size_t i = 0; i < n; i++) {
        const unsigned a = rgba[i * 4 + 3];
        for (int c = 0; c < 3; c++) img.pixels[i * 3 + c] = uint8_t((rgba[i * 4 + c] * a + 255u * (255u - a) + 127u) / 255u);
    }
    *out = std::move(img);
    return Status::success();
}

} // namespace attn
