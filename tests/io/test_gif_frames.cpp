// Animated GIFs (io/gif_frames.h): the frames are counted from the block structure, a truncated
// or damaged file counts only its whole frames, and decoding keeps the first frame and says how
// many there were. The GIFs are written byte by byte here after the GIF89a specification.
#include "io/gif_frames.h"
#include "io/image_decode.h"
#include "vision/preprocess.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

// A 2×1 GIF with a 4-colour global table (black, white, red, blue), `frames` frames of palette
// index `index` each, and the looping extension when animated.
std::vector<uint8_t> gif_2x1(int frames, uint8_t index) {
    std::vector<uint8_t> g = {'G', 'I', 'F', '8', '9', 'a', 2, 0, 1, 0, 0xF1, 0, 0,
                              0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255};
    if (frames > 1) {
        const uint8_t loop[] = {0x21, 0xFF, 11, 'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0', 3, 1, 0, 0, 0};
        g.insert(g.end(), loop, loop + sizeof loop);
    }
    // LZW with 2-bit minimum code size, 3-bit codes packed LSB first: clear (4), index, index, end (5).
    const unsigned bits = 4u | unsigned(index) << 3 | unsigned(index) << 6 | 5u << 9;
    for (int f = 0; f < frames; f++) {
        const uint8_t control[] = {0x21, 0xF9, 4, 0, 10, 0, 0, 0};  // 100 ms delay
        const uint8_t frame[] = {0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0, 2, 2, uint8_t(bits & 0xFF), uint8_t(bits >> 8), 0};
        g.insert(g.end(), control, control + sizeof control);
        g.insert(g.end(), frame, frame + sizeof frame);
    }
    g.push_back(0x3B);
    return g;
}

} // namespace

TEST(GifFrames, CountsEveryFrame) {
    for (int n : {1, 2, 3, 7}) {
        const std::vector<uint8_t> g = gif_2x1(n, 1);
        EXPECT_EQ(gif_frame_count(g.data(), g.size()), n);
    }
}

TEST(GifFrames, NotAGifIsZero) {
    const uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    EXPECT_EQ(gif_frame_count(png, sizeof png), 0);
    EXPECT_EQ(gif_frame_count(nullptr, 0), 0);
}

TEST(GifFrames, TruncatedFileCountsOnlyWholeFrames) {
    const std::vector<uint8_t> g = gif_2x1(3, 1);
    // Each frame is 8 + 15 bytes; cutting into the third leaves two whole ones.
    EXPECT_EQ(gif_frame_count(g.data(), g.size() - 1 - 5), 2);
    // Every prefix is safe to walk and never counts more than the whole file holds.
    for (size_t n = 0; n <= g.size(); n++) EXPECT_LE(gif_frame_count(g.data(), n), 3);
}

TEST(GifFrames, DecodeKeepsTheFirstFrameAndWarns) {
    const std::vector<uint8_t> g = gif_2x1(3, 1);
    GrayImage grey;
    ASSERT_TRUE(decode_gray_image(g.data(), g.size(), kMaxUploadPixels, &grey).ok);
    EXPECT_EQ(grey.width, 2);
    EXPECT_EQ(grey.height, 1);
    EXPECT_EQ(grey.frames, 3);
    EXPECT_EQ(grey.pixels, (std::vector<uint8_t>{255, 255}));  // palette index 1: white

    PreprocessResult r;
    ASSERT_TRUE(preprocess_image(g.data(), g.size(), PreprocessOptions{}, &r).ok);
    ASSERT_EQ(r.warnings.size(), 2u);  // three frames, and 2×1 is too small to show a garment
    const std::vector<std::string> said = attn::english(r.warnings);
    EXPECT_NE(said[0].find("animated GIF with 3 frames: only the first frame"), std::string::npos) << said[0];
    EXPECT_NE(said[1].find("only 2×1 pixels"), std::string::npos) << said[1];
}

TEST(GifFrames, StillGifAndBigPicturesGetNoWarning) {
    const std::vector<uint8_t> g = gif_2x1(1, 2);
    RgbImage rgb;
    ASSERT_TRUE(decode_rgb_image(g.data(), g.size(), kMaxUploadPixels, &rgb).ok);
    EXPECT_EQ(rgb.frames, 1);
    EXPECT_EQ(rgb.pixels, (std::vector<uint8_t>{255, 0, 0, 255, 0, 0}));  // palette index 2: red
    EXPECT_EQ(preprocess_rgb(rgb, PreprocessOptions{}).warnings.size(), 1u);  // only "too small"

    RgbImage big;
    big.width = big.height = kMinUsefulSide;
    big.pixels.assign(size_t(big.width) * big.height * 3, 200);
    EXPECT_TRUE(preprocess_rgb(big, PreprocessOptions{}).warnings.empty());
}
