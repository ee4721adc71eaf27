// The attention exports (app/attention_export.h): .npy header layout and values, the stacked
// (layers, heads, rows, cols) order, the .npz container, and refusals. tests/cli/check_npy_export.py
// checks the CLI's files with numpy itself.
#include "share/attention_export.h"
#include "io/npy_write.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>

namespace attn {
namespace {

AttentionTrace two_by_two_trace() {
    AttentionTrace t;
    for (int layer = 0; layer < 2; layer++)
        for (int head = 0; head < 2; head++) {
            AttentionMap m{"cross", layer, head, 2, 3, {}};
            for (int i = 0; i < 6; i++) m.values.push_back(float(layer * 100 + head * 10 + i));
            t.maps.push_back(m);
        }
    t.maps.push_back({"encoder_self", 0, 0, 3, 3, std::vector<float>(9, 0.5f)});
    return t;
}

TEST(NpyWrite, HeaderIsVersion1AlignedTo64) {
    const float v[6] = {1, 2, 3, 4, 5, 6};
    const std::string b = npy_bytes({2, 3}, v);
    ASSERT_GE(b.size(), 10u);
    EXPECT_EQ(b.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
    const size_t header_len = uint8_t(b[8]) | uint8_t(b[9]) << 8;
    EXPECT_EQ((10 + header_len) % 64, 0u);
    const std::string header = b.substr(10, header_len);
    EXPECT_NE(header.find("'descr': '<f4'"), std::string::npos);
    EXPECT_NE(header.find("'fortran_order': False"), std::string::npos);
    EXPECT_NE(header.find("'shape': (2, 3)"), std::string::npos) << header;
    EXPECT_EQ(header.back(), '\n');
    ASSERT_EQ(b.size(), 10 + header_len + sizeof v);
    EXPECT_EQ(std::memcmp(b.data() + 10 + header_len, v, sizeof v), 0);
    EXPECT_NE(npy_bytes({5}, v).find("'shape': (5,)"), std::string::npos);  // a 1-tuple keeps its comma
}

TEST(AttentionExport, StacksLayersThenHeads) {
    std::string npy;
    ASSERT_TRUE(attention_kind_npy(two_by_two_trace(), "cross", &npy).ok);
    EXPECT_NE(npy.find("'shape': (2, 2, 2, 3)"), std::string::npos);
    const size_t header_len = uint8_t(npy[8]) | uint8_t(npy[9]) << 8;
    const float * data = reinterpret_cast<const float *>(npy.data() + 10 + header_len);
    // [layer 1][head 0][row 1][col 2] = 100 + 0 + 5
    EXPECT_EQ(data[((1 * 2 + 0) * 2 + 1) * 3 + 2], 105.0f);
    EXPECT_EQ(data[((0 * 2 + 1) * 2 + 0) * 3 + 0], 10.0f);
}

TEST(AttentionExport, RefusesMissingKindsAndRaggedGrids) {
    AttentionTrace t = two_by_two_trace();
    std::string out;
    Status s = attention_kind_npy(t, "decoder_self", &out);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("no decoder_self attention"), std::string::npos);
    t.maps.push_back({"cross", 0, 0, 4, 4, std::vector<float>(16, 0.f)});
    EXPECT_FALSE(attention_kind_npy(t, "cross", &out).ok);
    EXPECT_FALSE(attention_maps_npz(AttentionTrace{}, &out).ok);
}

TEST(AttentionExport, NpzIsAStoredZipWithOneArrayPerKind) {
    std::string npz;
    ASSERT_TRUE(attention_maps_npz(two_by_two_trace(), &npz).ok);
    EXPECT_EQ(npz.substr(0, 4), std::string("PK\x03\x04", 4));
    EXPECT_NE(npz.find("cross.npy"), std::string::npos);
    EXPECT_NE(npz.find("encoder_self.npy"), std::string::npos);
    EXPECT_EQ(npz.substr(npz.size() - 22, 4), std::string("PK\x05\x06", 4));
}

TEST(AttentionExport, JsonHasEveryMapAndTheTokens) {
    AttentionExportInfo info;
    info.sentence = "注意 \xff";  // invalid UTF-8 from a user must not throw
    info.source_tokens = {"a", "b", "</s>"};
    const nlohmann::json j = nlohmann::json::parse(attention_maps_json(two_by_two_trace(), info));
    ASSERT_EQ(j["maps"].size(), 5u);
    EXPECT_EQ(j["maps"][3]["layer"], 1);
    EXPECT_EQ(j["maps"][3]["values"][1][2], 115.0f);
    EXPECT_EQ(j["source_tokens"][2], "</s>");
}

} // namespace
} // namespace attn
