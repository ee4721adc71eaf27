#include "ui/fonts.h"

#include <imgui.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace attn {

static bool read_file(const std::string & path, std::string * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    std::stringstream ss;
    ss << f.rdbuf();
    *out = ss.str();
    return true;
}

// Each font ships the list of characters it holds, so the atlas bakes exactly those: asking ImGui
// for all 21k CJK glyphs would cost 1.6 s and a 17 MB atlas in the browser.
static bool glyph_ranges_from_file(const std::string & path, ImVector<ImWchar> * ranges, int * glyphs) {
    std::string chars;
    if (!read_file(path, &chars) || chars.empty()) return false;
    ImFontGlyphRangesBuilder builder;
    builder.AddText(chars.c_str(), chars.c_str() + chars.size());
    ranges->clear();
    builder.BuildRanges(ranges);
    *glyphs = 0;
    for (int i = 0; i + 1 < ranges->Size; i += 2) *glyphs += (*ranges)[i + 1] - (*ranges)[i] + 1;
    return true;
}

std::string load_ui_fonts(const std::string & dir, float px) {
    ImGuiIO & io = ImGui::GetIO();
    // Ranges must outlive the atlas build, which happens at the first frame.
    static ImVector<ImWchar> ui_ranges, cjk_ranges;
    int ui_glyphs = 0, cjk_glyphs = 0;

    ImFontConfig base;
    base.OversampleH = 2;
    ImFont * font = nullptr;
    if (glyph_ranges_from_file(dir + "/ui-chars.txt", &ui_ranges, &ui_glyphs))
        font = io.Fonts->AddFontFromFileTTF((dir + "/ui.ttf").c_str(), px, &base, ui_ranges.Data);
    if (!font) {
        io.Fonts->AddFontDefault();
        return "UI fonts not found in " + dir + ": using ImGui's built-in font (Latin only)";
    }

    ImFontConfig merge;
    merge.MergeMode = true;
    merge.OversampleH = 1;  // CJK glyphs are dense; 1x keeps the atlas within 2048x2048
    merge.OversampleV = 1;
    merge.PixelSnapH = true;
    char status[160];
    if (!glyph_ranges_from_file(dir + "/cjk-chars.txt", &cjk_ranges, &cjk_glyphs) ||
        !io.Fonts->AddFontFromFileTTF((dir + "/cjk.ttf").c_str(), px, &merge, cjk_ranges.Data)) {
        snprintf(status, sizeof status, "DejaVu Sans (%d glyphs); CJK font missing, Chinese shows as ?", ui_glyphs);
    } else {
        snprintf(status, sizeof status, "DejaVu Sans (%d glyphs) + Droid Sans Fallback (%d CJK glyphs)",
                 ui_glyphs, cjk_glyphs);
    }
    return status;
}

} // namespace attn
