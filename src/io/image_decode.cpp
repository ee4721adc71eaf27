#include "io/image_decode.h"

#include <stb_image.h>

#include <climits>
#include <string>

namespace attn {

Status decode_gray_image(const uint8_t * bytes, size_t size, int64_t max_pixels, GrayImage * out) {
    if (size == 0) return Status::error("the file is empty (0 bytes)");
    if (size > size_t(INT_MAX)) return Status::error("the file is too large to be an image we can read");
    int w = 0, h = 0, channels = 0;
    if (!stbi_info_from_memory(bytes, int(size), &w, &h, &channels))
        return Status::error(std::string("not an image this playground can read (PNG, JPEG, BMP or GIF): ") +
                             stbi_failure_reason());
    if (w <= 0 || h <= 0) return Status::error("the image has no pixels");
    if (int64_t(w) * int64_t(h) > max_pixels)
        return Status::error("the image is " + std::to_string(w) + "×" + std::to_string(h) + " pixels; the limit is " +
                             std::to_string(max_pixels / 1000000) + " megapixels");
    int dw = 0, dh = 0, dc = 0;
    stbi_uc * data = stbi_load_from_memory(bytes, int(size), &dw, &dh, &dc, 1);
    if (!data) return Status::error(std::string("the image is damaged: ") + stbi_failure_reason());
    GrayImage img;
    img.width = dw, img.height = dh;
    img.pixels.assign(data, data + size_t(dw) * size_t(dh));
    stbi_image_free(data);
    *out = std::move(img);
    return Status::success();
}

} // namespace attn
