// The .mo reader against a catalogue compiled by gettext's msgfmt (tests/fixtures/i18n/sample.mo,
// made by tests/reference/make_mo_fixture.sh), and on every damaged form of it.
#include "io/mo_file.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace attn;

namespace {

std::vector<uint8_t> sample_bytes() {
    std::ifstream f(std::string(ATTN_FIXTURES_DIR) + "/i18n/sample.mo", std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), {});
}

void swap_word(std::vector<uint8_t> & b, size_t at) {
    std::swap(b[at], b[at + 3]);
    std::swap(b[at + 1], b[at + 2]);
}

} // namespace

TEST(MoFile, ReadsWhatMsgfmtWrote) {
    const std::vector<uint8_t> bytes = sample_bytes();
    ASSERT_GT(bytes.size(), 28u);
    MessageCatalogue c;
    ASSERT_TRUE(parse_mo(bytes, &c).ok);
    EXPECT_EQ(c.at("View"), "檢視");
    EXPECT_EQ(c.at("Encoder time on this sentence (best of %d runs, just now):"), "這個句子的編碼器時間（%d 次中最快的一次，剛剛）：");
    EXPECT_EQ(c.at("one layer"), "%d 層");                 // a plural entry: its first form
    EXPECT_EQ(c.at(std::string("menu\x04Open")), "開啟");  // a context joins its id with EOT
    EXPECT_EQ(c.count(""), 0u);                             // the header is not a message
    EXPECT_EQ(c.count("Not yet translated"), 0u);           // msgfmt leaves untranslated ones out
    EXPECT_EQ(c.size(), 4u);
}

TEST(MoFile, ReadsTheOtherByteOrder) {
    std::vector<uint8_t> b = sample_bytes();
    ASSERT_GT(b.size(), 28u);
    MessageCatalogue little, big;
    ASSERT_TRUE(parse_mo(b, &little).ok);
    // Every u32 of the header and of both tables, big-endian.
    const uint32_t n = b[8] | b[9] << 8, originals = b[12] | b[13] << 8, translations = b[16] | b[17] << 8;
    for (size_t at = 0; at < 28; at += 4) swap_word(b, at);
    for (uint32_t i = 0; i < 2 * n; i++) {
        swap_word(b, originals + 4 * i);
        swap_word(b, translations + 4 * i);
    }
    ASSERT_TRUE(parse_mo(b, &big).ok);
    EXPECT_EQ(big, little);
}

TEST(MoFile, EveryTruncationIsAnErrorNotACrash) {
    const std::vector<uint8_t> bytes = sample_bytes();
    ASSERT_GT(bytes.size(), 28u);
    // Past the last string's NUL nothing is read; before it, every cut loses something.
    for (size_t len = 0; len + 1 < bytes.size(); len++) {
        MessageCatalogue c{{"kept", "as it was"}};
        const Status s = parse_mo(std::vector<uint8_t>(bytes.begin(), bytes.begin() + long(len)), &c);
        EXPECT_FALSE(s.ok) << len;
        EXPECT_FALSE(s.message.empty());
        EXPECT_EQ(c.size(), 1u) << "a failed read leaves the catalogue as it was";
    }
}

TEST(MoFile, DamagedFilesSayWhatIsWrong) {
    const std::vector<uint8_t> good = sample_bytes();
    ASSERT_GT(good.size(), 28u);
    MessageCatalogue c;
    std::vector<uint8_t> b = good;
    b[0] ^= 0xff;
    EXPECT_NE(parse_mo(b, &c).message.find("magic"), std::string::npos);
    b = good;
    b[8] = 0xff, b[9] = 0xff, b[10] = 0xff, b[11] = 0x0f;  // N far beyond the file
    EXPECT_NE(parse_mo(b, &c).message.find("more than fit"), std::string::npos);
    b = good;
    const uint32_t originals = b[12] | b[13] << 8;
    b[originals + 4] = 0xf0, b[originals + 5] = 0xff;  // the first string's offset past the end
    EXPECT_NE(parse_mo(b, &c).message.find("past the end"), std::string::npos);
    b = good;
    const uint32_t off = b[originals + 4] | b[originals + 5] << 8, len = b[originals] | b[originals + 1] << 8;
    b[off + len] = 'x';  // its NUL gone
    EXPECT_NE(parse_mo(b, &c).message.find("NUL"), std::string::npos);
    EXPECT_FALSE(load_mo("/nonexistent/zh_TW.mo", &c).ok);
}
