// The one translation unit that compiles stb's implementations (headers from Debian's libstb-dev).
// Compiled for both targets: the web build has no libstb to link against. stb_image decodes
// uploaded images and (its zlib inflater) the gzipped datasets; STBI_NO_SIMD because its SSE2
// paths do not build for wasm, and decoding speed does not matter here. stb_truetype draws the
// exported pictures' text (font_raster.cpp); ImGui compiles its own private copy for the atlas.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#define STBI_NO_SIMD
// Only the formats the playground promises (and zlib, which PNG brings): every other decoder
// (TGA has no magic number at all, PSD, HDR, PIC, PNM) would be attack surface for uploads.
#define STBI_ONLY_PNG
#define STBI_ONLY_JPEG
#define STBI_ONLY_BMP
#define STBI_ONLY_GIF
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>
