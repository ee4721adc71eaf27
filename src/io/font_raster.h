// Text rasterised from TrueType fonts, for the pictures the playground exports: the same fonts the
// UI draws with (DejaVu Sans, and the CJK subset for every character it lacks), so an exported
// attention map carries its tokens and its title as the screen shows them, Chinese included.
// stb_truetype does the rasterising: it is already what ImGui bakes its atlas with.
//
//     FontRaster f;
//     if (f.load({dir + "/ui.ttf", dir + "/cjk.ttf"})) { TextBitmap b = f.render("注意力 attention", 18); }
#pragma once
#include "core/status.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace attn {

// 8-bit coverage, width × height, row-major; the text's top at row 0 and its baseline at `baseline`.
struct TextBitmap {
    int width = 0, height = 0, baseline = 0;
    std::vector<uint8_t> coverage;
};

class FontRaster {
public:
    FontRaster();
    ~FontRaster();
    FontRaster(FontRaster &&) noexcept;
    FontRaster & operator=(FontRaster &&) noexcept;

    // The fonts in the order they are asked for a glyph; the first must load, later ones may be
    // missing (their characters then fall back to the first font's '?').
    Status load(const std::vector<std::string> & ttf_paths);
    bool loaded() const;

    // Width in pixels of `utf8` at a line height of `px` pixels (invalid bytes count as '?').
    int width(const std::string & utf8, float px) const;
    // The text on one line, `px` pixels high; empty when nothing is loaded.
    TextBitmap render(const std::string & utf8, float px) const;

    struct Font;  // one loaded file, opaque

private:
    std::vector<std::unique_ptr<Font>> m_fonts;
};

} // namespace attn
