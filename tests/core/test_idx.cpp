// The Fashion-MNIST reader (data/idx.h, data/gzip.h): fixtures written by Python's gzip
// (tests/reference/make_idx_fixture.py), malformed headers and sizes rejected with a message that says
// what is wrong, and the real dataset Debian's dataset-fashion-mnist installs.
#include "data/gzip.h"
#include "data/idx.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace attn;

namespace {

const std::string kDir = std::string(ATTN_FIXTURES_DIR) + "/idx";

std::vector<uint8_t> read_bytes(const std::string & path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

TEST(Idx, ReadsGzippedFixture) {
    ImageSet s;
    Status st = load_image_set(kDir, "tiny", 10, &s);
    ASSERT_TRUE(st.ok) << st.message;
    EXPECT_EQ(s.count, 3);
    EXPECT_EQ(s.rows, 2);
    EXPECT_EQ(s.cols, 3);
    ASSERT_EQ(s.images.size(), 18u);
    EXPECT_EQ(s.images[5], 50);
    EXPECT_EQ(s.images[17], 170);
    EXPECT_EQ(s.labels, (std::vector<uint8_t>{9, 0, 4}));
}

TEST(Idx, RejectsMalformedHeadersAndSizes) {
    IdxArray a;
    const std::vector<uint8_t> good = {0, 0, 8, 1, 0, 0, 0, 2, 5, 6};
    ASSERT_TRUE(parse_idx(good, &a).ok);
    EXPECT_EQ(a.dims, (std::vector<uint32_t>{2}));
    auto message = [&](std::vector<uint8_t> bytes) {
        Status s = parse_idx(bytes, &a);
        EXPECT_FALSE(s.ok);
        return s.message;
    };
    EXPECT_NE(message({0, 1, 8, 1, 0, 0, 0, 2, 5, 6}).find("magic"), std::string::npos);
    EXPECT_NE(message({0, 0, 0x0D, 1, 0, 0, 0, 2, 5, 6}).find("element type"), std::string::npos);
    EXPECT_NE(message({0, 0, 8, 9, 0, 0, 0, 2}).find("rank"), std::string::npos);
    EXPECT_NE(message({0, 0, 8, 2, 0, 0}).find("truncated"), std::string::npos);
    EXPECT_NE(message({0, 0, 8, 1, 0, 0, 0, 3, 5, 6}).find("need 3 data bytes"), std::string::npos);
    // Dimensions whose product overflows 64 bits must not wrap around to a small size.
    EXPECT_FALSE(parse_idx({0, 0, 8, 4, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255}, &a).ok);
    EXPECT_FALSE(parse_idx({}, &a).ok);
}

TEST(Idx, RejectsCorruptGzipAndBadLabels) {
    std::vector<uint8_t> gz = read_bytes(kDir + "/tiny-labels-idx1-ubyte.gz"), out;
    ASSERT_TRUE(gunzip(gz, 1 << 20, &out).ok);
    EXPECT_EQ(out.size(), 11u);
    EXPECT_FALSE(gunzip(gz, 5, &out).ok) << "the output cap comes from the trailer, before inflating";
    std::vector<uint8_t> broken = gz;
    broken[0] = 0x1e;
    EXPECT_NE(gunzip(broken, 1 << 20, &out).message.find("magic"), std::string::npos);
    std::vector<uint8_t> truncated(gz.begin(), gz.begin() + long(gz.size() / 2));
    EXPECT_FALSE(gunzip(truncated, 1 << 20, &out).ok);
    EXPECT_FALSE(gunzip({}, 1 << 20, &out).ok);
    ImageSet s;
    Status st = load_image_set(kDir, "badlabel", 10, &s);
    EXPECT_FALSE(st.ok);
    EXPECT_NE(st.message.find("label 12"), std::string::npos) << st.message;
    EXPECT_FALSE(load_image_set(kDir, "missing", 10, &s).ok);
}

// Debian's dataset-fashion-mnist (scripts/setup-deps installs it): 60k + 10k 28×28 images,
// exactly a tenth of each split per class.
TEST(Idx, ReadsDebiansFashionMnist) {
    std::ifstream probe(std::string(kFashionMnistDir) + "/t10k-labels-idx1-ubyte.gz");
    if (!probe) GTEST_SKIP() << "dataset-fashion-mnist is not installed (scripts/setup-deps installs it)";
    for (const auto & [split, count] : {std::pair<const char *, int>{"train", 60000}, {"t10k", 10000}}) {
        ImageSet s;
        Status st = load_image_set(kFashionMnistDir, split, 10, &s);
        ASSERT_TRUE(st.ok) << st.message;
        EXPECT_EQ(s.count, count);
        EXPECT_EQ(s.rows, 28);
        EXPECT_EQ(s.cols, 28);
        std::vector<int> per_class(10, 0);
        for (uint8_t l : s.labels) per_class[l]++;
        for (int c = 0; c < 10; c++) EXPECT_EQ(per_class[size_t(c)], count / 10) << split << " class " << c;
    }
}

} // namespace
