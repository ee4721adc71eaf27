// Writes 8-bit RGBA images as PNG (screenshots, exported attention views).
#pragma once
#include <cstdint>
#include <string>

namespace attn {

// rgba: width*height*4 bytes, top row first. Returns false and fills *error on failure.
bool write_png(const std::string & path, int width, int height, const uint8_t * rgba, std::string * error);

} // namespace attn
