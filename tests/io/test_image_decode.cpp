// Uploaded images (io/image_decode.h): a real PNG decodes to grey, and each kind of bad file
// the bad-input catalogue names gets a message instead of a crash or an unbounded allocation.
#include "io/image_decode.h"

#include <gtest/gtest.h>
#include <stb_image_write.h>

#include <cstring>

using namespace attn;

namespace {

std::vector<uint8_t> png_of(int w, int h, int channels, const std::vector<uint8_t> & pixels) {
    std::vector<uint8_t> out;
    stbi_write_png_to_func([](void * ctx, void * data, int n) {
        auto * v = static_cast<std::vector<uint8_t> *>(ctx);
        v->insert(v->end(), static_cast<uint8_t *>(data), static_cast<uint8_t *>(data) + n);
    }, &out, w, h, channels, pixels.data(), w * channels);
    return out;
}

TEST(ImageDecode, ColourPngBecomesGrey) {
    // 3×2 RGB: pure red, green, blue, white, black, mid grey.
    const std::vector<uint8_t> rgb = {255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 128, 128, 128};
    const std::vector<uint8_t> png = png_of(3, 2, 3, rgb);
    GrayImage img;
    Status s = decode_gray_image(png.data(), png.size(), kMaxUploadPixels, &img);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_EQ(img.width, 3);
    EXPECT_EQ(img.height, 2);
    EXPECT_EQ(img.pixels[3], 255);  // white
    EXPECT_EQ(img.pixels[4], 0);    // black
    EXPECT_EQ(img.pixels[5], 128);  // grey stays grey
    EXPECT_GT(img.pixels[1], img.pixels[2]) << "green is lighter than blue (luma weights)";
}

TEST(ImageDecode, BadFilesGetAMessage) {
    GrayImage img;
    img.width = 7;  // the previous result must survive every failure
    const char text[] = "this is a text file, not an image";
    EXPECT_NE(decode_gray_image(nullptr, 0, kMaxUploadPixels, &img).message.find("empty"), std::string::npos);
    EXPECT_NE(decode_gray_image(reinterpret_cast<const uint8_t *>(text), sizeof text, kMaxUploadPixels, &img)
                  .message.find("not an image"), std::string::npos);
    std::vector<uint8_t> png = png_of(16, 16, 1, std::vector<uint8_t>(256, 77));
    std::vector<uint8_t> corrupt(png.begin(), png.begin() + long(png.size() / 2));  // header intact, data cut
    Status s = decode_gray_image(corrupt.data(), corrupt.size(), kMaxUploadPixels, &img);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("damaged"), std::string::npos) << s.message;
    // A decompression bomb: a valid PNG header claiming 20000×20000 pixels, then nothing. Refused
    // from the header alone, before any allocation for its pixels.
    std::vector<uint8_t> bomb = png;
    const uint8_t dims[8] = {0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20};  // IHDR width, height = 20000
    std::memcpy(bomb.data() + 16, dims, 8);
    s = decode_gray_image(bomb.data(), bomb.size(), kMaxUploadPixels, &img);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("20000×20000"), std::string::npos) << s.message;
    EXPECT_EQ(img.width, 7);
}

} // namespace
