// The upload pipeline (vision/preprocess.h) on pictures whose right answer is known by hand: a dark
// rectangle on a light page is cropped exactly, scaled by its longest side, centred, inverted and
// levelled; each toggle does what its note says; and every bad file gets a message.
#include "vision/preprocess.h"

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <cmath>
#include <cstring>

using namespace attn;

namespace {

RgbImage page(int w, int h, uint8_t r, uint8_t g, uint8_t b) {
    RgbImage img{w, h, std::vector<uint8_t>(size_t(w) * size_t(h) * 3)};
    for (size_t i = 0; i < img.pixels.size(); i += 3) img.pixels[i] = r, img.pixels[i + 1] = g, img.pixels[i + 2] = b;
    return img;
}

void paint(RgbImage & img, int x0, int y0, int x1, int y1, uint8_t r, uint8_t g, uint8_t b) {
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            uint8_t * p = &img.pixels[(size_t(y) * img.width + x) * 3];
            p[0] = r, p[1] = g, p[2] = b;
        }
}

float at(const PreprocessResult & r, int x, int y) { return r.input[size_t(y) * kModelImageSide + x]; }

std::vector<uint8_t> png_of(const RgbImage & img) {
    std::vector<uint8_t> out;
    stbi_write_png_to_func([](void * ctx, void * data, int n) {
        auto * v = static_cast<std::vector<uint8_t> *>(ctx);
        v->insert(v->end(), static_cast<uint8_t *>(data), static_cast<uint8_t *>(data) + n);
    }, &out, img.width, img.height, 3, img.pixels.data(), img.width * 3);
    return out;
}

TEST(Preprocess, DarkObjectOnAPageBecomesALightObjectFillingTheFrame) {
    // A 200×100 white page with a black 56×112 (w×h)... a 112 wide, 56 tall bar at (40, 20).
    RgbImage img = page(200, 100, 255, 255, 255);
    paint(img, 40, 20, 152, 76, 0, 0, 0);
    const PreprocessResult r = preprocess_rgb(img, {});
    ASSERT_EQ(r.stages.size(), 5u);
    EXPECT_EQ(r.stages[0].name, "decode");
    EXPECT_EQ(r.stages[4].name, "invert");
    EXPECT_EQ(r.background, 255);
    EXPECT_EQ(r.crop_x, 40);
    EXPECT_EQ(r.crop_y, 20);
    EXPECT_EQ(r.crop_w, 112);
    EXPECT_EQ(r.crop_h, 56);
    EXPECT_TRUE(r.inverted);
    // 112×56 -> 28×14, centred: rows 7..20 are the object (white after inverting), the rest black.
    ASSERT_EQ(r.input.size(), size_t(28 * 28));
    for (int y = 0; y < 28; y++)
        for (int x = 0; x < 28; x++) EXPECT_FLOAT_EQ(at(r, x, y), (y >= 7 && y < 21) ? 1.0f : 0.0f) << x << "," << y;
}

TEST(Preprocess, AreaAveragingIsExactOnWholeBlocks) {
    // 56×56, no crop: every output pixel is the mean of a 2×2 block. A vertical ramp of grey levels
    // on a black background (dark: not inverted; background 0: nothing to level).
    RgbImage img = page(56, 56, 0, 0, 0);
    for (int y = 2; y < 54; y++) paint(img, 2, y, 54, y + 1, uint8_t(y * 4), uint8_t(y * 4), uint8_t(y * 4));
    PreprocessOptions o;
    o.crop = false;
    const PreprocessResult r = preprocess_rgb(img, o);
    EXPECT_FALSE(r.inverted);
    for (int y = 1; y < 27; y++) {
        const double want = (2 * y * 4 + (2 * y + 1) * 4) / 2.0;  // rows 2y and 2y+1
        EXPECT_NEAR(at(r, 10, y) * 255.0, std::round(want), 1e-3) << y;
    }
    EXPECT_EQ(at(r, 0, 10), 0.0f);
}

TEST(Preprocess, GrayscaleToggleUsesLuminanceOrTheRedChannel) {
    // Pure green on black: luminance 0.587·255 = 150; the red channel alone sees nothing.
    RgbImage img = page(28, 28, 0, 0, 0);
    paint(img, 4, 4, 24, 24, 0, 255, 0);
    PreprocessOptions o;
    o.crop = false;
    PreprocessResult on = preprocess_rgb(img, o);
    EXPECT_NEAR(at(on, 14, 14) * 255.0f, 150.0f, 0.01f);
    o.grayscale = false;
    PreprocessResult off = preprocess_rgb(img, o);
    EXPECT_EQ(at(off, 14, 14), 0.0f);
    EXPECT_FALSE(off.stages[1].enabled);
    EXPECT_NE(attn::english(off.stages[1].note).find("red"), std::string::npos);
}

TEST(Preprocess, TogglesOffKeepTheirStepsOut) {
    RgbImage img = page(100, 60, 240, 240, 240);
    paint(img, 30, 10, 70, 50, 20, 20, 20);
    PreprocessOptions o;
    o.crop = false, o.resize = false, o.invert = false;
    const PreprocessResult r = preprocess_rgb(img, o);
    EXPECT_EQ(r.crop_w, 100);
    EXPECT_EQ(r.crop_h, 60);
    EXPECT_FALSE(r.inverted);
    // The centre 28×28 of 100×60 starts at (36, 16): all inside the dark square (30..70, 10..50).
    for (int y = 0; y < 28; y++)
        for (int x = 0; x < 28; x++) ASSERT_NEAR(at(r, x, y) * 255.0f, 20.0f, 1e-3f);
    for (size_t i = 2; i < r.stages.size(); i++) EXPECT_FALSE(r.stages[i].enabled) << r.stages[i].name;
}

TEST(Preprocess, BigPicturesGetSmallPreviews) {
    RgbImage img = page(1200, 600, 255, 255, 255);
    paint(img, 100, 100, 1100, 500, 10, 60, 200);
    const PreprocessResult r = preprocess_rgb(img, {});
    EXPECT_EQ(r.stages[0].width, kStagePreviewSide);
    EXPECT_EQ(r.stages[0].height, kStagePreviewSide / 2);
    EXPECT_EQ(r.stages[0].channels, 3);
    EXPECT_NE(attn::english(r.stages[0].note).find("1200×600"), std::string::npos) << attn::english(r.stages[0].note);
    EXPECT_EQ(r.stages[3].width, 28);
}

TEST(Preprocess, BadFilesGetAMessageAndLeaveTheResultAlone) {
    PreprocessResult r;
    r.background = 42;  // a previous result, which every failure must leave untouched
    const char text[] = "this is a text file, not an image";
    EXPECT_NE(preprocess_image(nullptr, 0, {}, &r).message.find("empty"), std::string::npos);
    EXPECT_NE(preprocess_image(reinterpret_cast<const uint8_t *>(text), sizeof text, {}, &r).message.find("not an image"),
              std::string::npos);
    const uint8_t tiff[] = {'I', 'I', 42, 0, 8, 0, 0, 0, 0, 0, 0, 0};  // a format stb_image does not read
    EXPECT_NE(preprocess_image(tiff, sizeof tiff, {}, &r).message.find("PNG, JPEG, BMP or GIF"), std::string::npos);
    RgbImage img = page(40, 40, 200, 10, 10);
    const std::vector<uint8_t> png = png_of(img);
    const std::vector<uint8_t> cut(png.begin(), png.begin() + long(png.size() / 2));
    EXPECT_NE(preprocess_image(cut.data(), cut.size(), {}, &r).message.find("damaged"), std::string::npos);
    std::vector<uint8_t> bomb = png;
    const uint8_t dims[8] = {0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20};  // IHDR: 20000×20000
    std::memcpy(bomb.data() + 16, dims, 8);
    EXPECT_NE(preprocess_image(bomb.data(), bomb.size(), {}, &r).message.find("megapixels"), std::string::npos);
    EXPECT_EQ(r.background, 42);
    ASSERT_TRUE(preprocess_image(png.data(), png.size(), {}, &r).ok);
    EXPECT_EQ(r.source_width, 40);
}

} // namespace
