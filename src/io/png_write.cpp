#include "io/png_write.h"

#include <stb_image_write.h>

namespace attn {

bool write_png(const std::string & path, int width, int height, const uint8_t * rgba, std::string * error) {
    if (width <= 0 || height <= 0 || !rgba) {
        if (error) *error = "empty image";
        return false;
    }
    if (!stbi_write_png(path.c_str(), width, height, 4, rgba, width * 4)) {
        if (error) *error = "cannot write " + path;
        return false;
    }
    return true;
}

} // namespace attn
