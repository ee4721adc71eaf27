// Renders frames of the real app through SDL + GLES3 without a display (SDL offscreen driver,
// EGL, Mesa llvmpipe; CTest sets SDL_VIDEODRIVER=offscreen) and checks what was drawn.
#include "real_app.h"

#include <gtest/gtest.h>

#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>

namespace {

struct Rgb { int r, g, b; };
Rgb pixel(const attn::FramePixels & px, int x, int y) {
    const uint8_t * p = px.rgba.data() + (size_t(y) * px.width + x) * 4;
    return {p[0], p[1], p[2]};
}

class RenderTest : public attn::testing::RealAppTest {
protected:
    void SetUp() override { start(1024, 640); }
};

TEST_F(RenderTest, ContextIsGles3) {
    EXPECT_NE(app.state().gl_version.find("OpenGL ES 3"), std::string::npos) << app.state().gl_version;
    EXPECT_FALSE(app.state().gl_renderer.empty());
}

TEST_F(RenderTest, FontsLoadedWithChineseGlyphs) {
    render(1, "render_first_frame.png");  // the atlas is built on the first frame
    EXPECT_NE(app.state().font_status.find("DejaVu"), std::string::npos) << app.state().font_status;
    EXPECT_NE(app.state().font_status.find("CJK glyphs"), std::string::npos) << app.state().font_status;
    ImFont * font = ImGui::GetIO().Fonts->Fonts[0];
    EXPECT_NE(font->FindGlyphNoFallback(0x6CE8), nullptr);  // 注 (Traditional and Simplified)
    EXPECT_NE(font->FindGlyphNoFallback(0x6A5F), nullptr);  // 機 (Traditional only)
    EXPECT_NE(font->FindGlyphNoFallback(0x221A), nullptr);  // √
}

TEST_F(RenderTest, FramesAreNotBlank) {
    const attn::FramePixels & px = render(5, "render_main.png");
    ASSERT_EQ(px.width, 1024);
    ASSERT_EQ(px.height, 640);

    // A blank or cleared-only frame has 1 colour; text, window frames and the menu bar give many.
    std::set<int> colours;
    std::map<int, int> histogram;
    for (int y = 0; y < px.height; y += 2)
        for (int x = 0; x < px.width; x += 2) {
            const Rgb c = pixel(px, x, y);
            const int key = (c.r << 16) | (c.g << 8) | c.b;
            colours.insert(key);
            histogram[key]++;
        }
    EXPECT_GT(colours.size(), 20u);
    int dominant = 0;
    for (auto & kv : histogram) dominant = std::max(dominant, kv.second);
    const int samples = (px.width / 2) * (px.height / 2);
    EXPECT_LT(dominant, samples * 95 / 100) << "one colour covers >95% of the frame";

    // The menu bar (top 20 px) differs from the clear colour (0.11, 0.12, 0.14 -> 28, 31, 36).
    const Rgb bar = pixel(px, px.width / 2, 8);
    EXPECT_FALSE(bar.r == 28 && bar.g == 31 && bar.b == 36);

    // The sentence box has a position inside the frame.
    const attn::WidgetRect r = app.state().sentence_rect;
    EXPECT_GT(r.w, 100.0f);
    EXPECT_GT(r.h, 10.0f);
    EXPECT_LT(r.x + r.w, float(px.width));
}

TEST_F(RenderTest, AboutPanelDrawsMoreThanTheMainView) {
    const attn::FramePixels & before = render(3, "render_main_only.png");
    std::vector<uint8_t> first = before.rgba;
    app.state().show_about = true;
    const attn::FramePixels & after = render(3, "render_about.png");
    ASSERT_EQ(first.size(), after.rgba.size());
    size_t changed = 0;
    for (size_t i = 0; i < first.size(); i += 4) changed += first[i] != after.rgba[i];
    EXPECT_GT(changed, first.size() / 4 / 50) << "opening About changed under 2% of the pixels";
}

} // namespace
