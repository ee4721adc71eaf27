// Every input a fuzz target (tests/fuzz) crashed on, fed to the same code path: each must now give
// its message, not a crash, an out-of-bounds write or a huge allocation. Under plain builds the
// messages prove the guards ran; under build/asan (./test asan) the sanitizers watch the rest.
// A new finding goes into tests/fuzz/regressions/<target>/ and gets a row here.
#include "io/image_decode.h"
#include "text/vocab.h"
#include "vision/preprocess.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace attn;

namespace {

std::vector<uint8_t> read_file(const std::string & path) {
    std::ifstream f(path, std::ios::binary);
    EXPECT_TRUE(f.good()) << "cannot read " << path;
    return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

const std::string kDir = std::string(ATTN_SOURCE_DIR) + "/tests/fuzz/";

struct Regression {
    const char * file;     // under tests/fuzz/regressions/image/
    const char * message;  // a part of the expected error
};

// What each input did before its fix (found by fuzz_image under ASan/UBSan):
const Regression kImageRegressions[] = {
    // stb_image 2.27 built a Huffman table of > 256 symbols: heap buffer overflow in stbi__build_huffman.
    {"jpeg_dht_over_256_symbols.jpg", "Huffman table declares"},
    // the same, after 0xFF fill bytes before SOI (which stb_image accepts).
    {"jpeg_fill_bytes_before_soi_dht.jpg", "Huffman table declares"},
    // a scan naming a Huffman table no DHT defined: stb_image decoded with uninitialised memory and
    // read values[c] far outside the table (UBSan out-of-bounds in stbi__jpeg_huff_decode).
    {"jpeg_scan_uses_undefined_huffman_table.jpg", "never defines"},
    // IHDR 3173602765 × 4261412864: the width × height product overflowed int64 (UB) in our bomb check.
    {"png_ihdr_4g_by_4g.png", "pixels; the limit is"},
    // a 77-byte file whose IDAT chunk claims 1.4 GB: stb_image allocated it before reading.
    {"png_idat_claims_1400mb.png", "runs past the end of the file"},
};

} // namespace

TEST(FuzzRegressions, ImagesGetTheirMessage) {
    for (const Regression & r : kImageRegressions) {
        const std::vector<uint8_t> bytes = read_file(kDir + "regressions/image/" + r.file);
        ASSERT_FALSE(bytes.empty()) << r.file;
        RgbImage rgb;
        const Status s = decode_rgb_image(bytes.data(), bytes.size(), kMaxUploadPixels, &rgb);
        EXPECT_FALSE(s.ok) << r.file;
        EXPECT_NE(s.message.find(r.message), std::string::npos) << r.file << ": " << s.message;
        PreprocessResult pre;  // the upload path the app runs
        EXPECT_FALSE(preprocess_image(bytes.data(), bytes.size(), PreprocessOptions{}, &pre).ok) << r.file;
    }
}

// Inputs whose outcome may be a picture or a message, but never undefined behaviour (UBSan): a JPEG
// whose coefficients overflowed int in stb_image's IDCT, one whose bit reader shifted by 38, a PNG
// with an empty first IDAT (memcpy to NULL); all handled by the flags on src/io/stb_impl.cpp (see
// src/CMakeLists.txt).
TEST(FuzzRegressions, ImagesDecodeWithoutUndefinedBehaviour) {
    for (const char * f : {"jpeg_idct_signed_overflow.jpg", "jpeg_code_bits_negative_shift.jpg", "png_empty_idat_memcpy_null.png"}) {
        const std::vector<uint8_t> bytes = read_file(kDir + "regressions/image/" + f);
        ASSERT_FALSE(bytes.empty()) << f;
        PreprocessResult pre;
        const Status s = preprocess_image(bytes.data(), bytes.size(), PreprocessOptions{}, &pre);
        EXPECT_TRUE(s.ok || !s.message.empty()) << f;
    }
}

// A vocabulary whose token ended in CR after the line's own CR was stripped: it parsed, but did
// not survive serialize() + parse(). Control characters in tokens are refused now (fuzz_text).
TEST(FuzzRegressions, VocabularyTokensHaveNoControlCharacters) {
    const std::vector<uint8_t> bytes = read_file(kDir + "regressions/text/vocab_token_ending_in_cr");
    Vocabulary v;
    const Status s = Vocabulary::parse(std::string_view(reinterpret_cast<const char *>(bytes.data()), bytes.size()), &v);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("control character"), std::string::npos) << s.message;
    EXPECT_TRUE(Vocabulary::parse("<pad>\r\n<s>\r\n</s>\r\n<unk>\r\ndog\r\n", &v).ok) << "CRLF files still load";
}

// The guards must not refuse real files: the seed corpus's valid JPEGs (Chromium's encoder, one
// with quality 30), PNGs, BMP and GIFs still decode.
TEST(FuzzRegressions, GuardsKeepValidImages) {
    for (const char * f : {"colour_9x7.jpg", "grey_16x16_q30.jpg", "grey_8x8.png", "rgba_4x4.png", "palette_3x2.png",
                           "rgb_6x4.bmp", "still_4x4.gif", "animated_3x3.gif", "one_pixel.png"}) {
        const std::vector<uint8_t> bytes = read_file(kDir + "corpus/image/" + f);
        RgbImage rgb;
        const Status s = decode_rgb_image(bytes.data(), bytes.size(), kMaxUploadPixels, &rgb);
        EXPECT_TRUE(s.ok) << f << ": " << s.message;
        EXPECT_GT(rgb.width, 0) << f;
    }
}
