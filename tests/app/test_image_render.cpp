// The Image panel in the real app, rendered through SDL's offscreen driver (EGL + Mesa llvmpipe;
// CTest sets SDL_VIDEODRIVER=offscreen): a PNG dropped on the window (an SDL_DROPFILE event, as
// the window system sends it) opens the panel and is classified, and the pictures really reach
// the screen as GL textures: the heat overlays change the frame when their opacity does.
#include "real_app.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <string>

namespace {

class ImageRenderTest : public attn::testing::RealAppTest {
protected:
    void SetUp() override { start(1280, 800); }
};

// A 120 × 160 picture: a dark sandal-like bar on a white background, written as a real PNG file.
std::string write_picture() {
    const int w = 120, h = 160;
    std::vector<uint8_t> rgba(size_t(w) * h * 4, 255);
    for (int y = 100; y < 130; y++)
        for (int x = 10; x < 110; x++) {
            uint8_t * p = &rgba[(size_t(y) * w + x) * 4];
            p[0] = 60, p[1] = 40, p[2] = 30;
        }
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/dropped-picture.png";
    std::string err;
    EXPECT_TRUE(attn::write_png(path, w, h, rgba.data(), &err)) << err;
    return path;
}

TEST_F(ImageRenderTest, DroppedFileOpensThePanelAndItsPicturesAreDrawn) {
    render(2, "image_before_drop.png");
    EXPECT_FALSE(app.state().show_image);
    SDL_Event drop{};
    drop.type = SDL_DROPFILE;
    drop.drop.file = SDL_strdup(write_picture().c_str());  // the receiver frees it, as for a real drop
    ASSERT_EQ(SDL_PushEvent(&drop), 1);
    app.state().image.opacity = 0.0f;
    const attn::FramePixels plain = render(4, "image_dropped_opacity0.png");
    const attn::ImageState & v = app.state().image;
    EXPECT_TRUE(app.state().show_image) << "a drop opens the Image panel";
    EXPECT_TRUE(v.error.empty()) << attn::english(v.error);
    EXPECT_EQ(v.source.name, "dropped-picture.png");
    ASSERT_TRUE(v.ready);
    EXPECT_EQ(v.stages[0].width, 120);
    for (const attn::ImageModelState & m : v.models) EXPECT_TRUE(m.has_result) << attn::english(m.error);

    app.state().image.opacity = 1.0f;
    const attn::FramePixels covered = render(2, "image_dropped_opacity1.png");
    ASSERT_EQ(plain.rgba.size(), covered.rgba.size());
    size_t changed = 0;
    for (size_t i = 0; i < plain.rgba.size(); i += 4)
        changed += plain.rgba[i] != covered.rgba[i] || plain.rgba[i + 1] != covered.rgba[i + 1] || plain.rgba[i + 2] != covered.rgba[i + 2];
    // Two Grad-CAMs of 140² px and three CBAM maps of 80² px are drawn over the input.
    EXPECT_GT(changed, size_t(2 * 140 * 140)) << "the heat overlays did not reach the screen";
}

} // namespace
