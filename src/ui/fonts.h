// Loads the UI fonts made at build time (see cmake/fonts.cmake): DejaVu Sans for Latin, Greek and
// math symbols, merged with a Droid Sans Fallback subset for Traditional and Simplified Chinese.
#pragma once
#include <string>

namespace attn {

// Adds the fonts to the current ImGui context's atlas. Missing or unreadable files are not fatal:
// ImGui's built-in font is used and the returned status says what is missing.
std::string load_ui_fonts(const std::string & font_dir, float pixel_size);

} // namespace attn
