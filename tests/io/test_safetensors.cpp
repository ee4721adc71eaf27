// safetensors: round trips, every kind of corruption we know of, a deterministic mini-fuzz, atomic
// saves, and interop with tests/reference/safetensors_np.py (an independent numpy implementation).
// Runs natively and under node (NODERAWFS: the fixture and test-output paths are real files).
#include "io/safetensors.h"

#include "core/row_quant.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace attn;

namespace {

using Bytes = std::vector<uint8_t>;

// The values every interop test uses; safetensors_np.py's ramp() computes the same float32 bits.
float ramp(int64_t i) { return (float(i) - 5.0f) / 3.0f; }

Tensor ramp_tensor(Shape s) {
    Tensor t(s);
    for (int64_t i = 0; i < t.numel(); i++) t[i] = ramp(i);
    return t;
}

std::string out_dir() {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);  // may exist already
    return ATTN_TEST_OUT_DIR;
}

bool file_exists(const std::string & path) {
    struct stat info;
    return ::stat(path.c_str(), &info) == 0;
}

bool same_bits(const Tensor & a, const Tensor & b) {
    return a.shape() == b.shape() && std::memcmp(a.data(), b.data(), size_t(a.numel()) * 4) == 0;
}

bool same_file(const WeightsFile & a, const WeightsFile & b) {
    if (a.metadata != b.metadata || a.tensors.size() != b.tensors.size()) return false;
    for (const auto & [name, t] : a.tensors) {
        auto it = b.tensors.find(name);
        if (it == b.tensors.end() || !same_bits(t, it->second)) return false;
    }
    return true;
}

Bytes floats(std::initializer_list<float> values) {
    Bytes b(values.size() * 4);
    std::memcpy(b.data(), values.begin(), b.size());
    return b;
}

// A file from a hand-written header (its length is filled in) and data section.
Bytes file_with(const std::string & header, const Bytes & data = {}) {
    Bytes b(8 + header.size() + data.size());
    for (int i = 0; i < 8; i++) b[i] = uint8_t(uint64_t(header.size()) >> (8 * i));
    std::memcpy(b.data() + 8, header.data(), header.size());
    if (!data.empty()) std::memcpy(b.data() + 8 + header.size(), data.data(), data.size());
    return b;
}

// One valid F32 tensor "w" of two values.
const char * kOneTensor = R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})";

Status read_bytes(const Bytes & b, WeightsFile * out, const ReadLimits & limits = {}) {
    return read_safetensors(b.data(), b.size(), out, limits);
}

// The read fails, its message contains every part, and *out is left as it was.
::testing::AssertionResult fails_with(const Bytes & file, std::initializer_list<const char *> parts,
                                      const ReadLimits & limits = {}) {
    WeightsFile out;
    out.metadata["before"] = "untouched";
    const Status s = read_bytes(file, &out, limits);
    if (s.ok) return ::testing::AssertionFailure() << "the read succeeded";
    for (const char * part : parts)
        if (s.message.find(part) == std::string::npos)
            return ::testing::AssertionFailure() << "message \"" << s.message << "\" lacks \"" << part << "\"";
    if (out.metadata.size() != 1 || !out.tensors.empty())
        return ::testing::AssertionFailure() << "a failed read modified its output";
    return ::testing::AssertionSuccess() << s.message;
}

WeightsFile small_weights() {
    WeightsFile w;
    w.tensors.emplace("b.weight", ramp_tensor({2, 3}));
    w.tensors.emplace("a.bias", ramp_tensor({4}));
    w.metadata["k"] = "v";
    return w;
}

} // namespace

// ---- Round trips ------------------------------------------------------------------------------------

TEST(Safetensors, RoundTripKeepsEveryBitAndTheMetadata) {
    WeightsFile w;
    w.tensors.emplace("enc.layers.0.attn.wq", random_normal({3, 4}, 7));
    w.tensors.emplace("special", Tensor({7}, {-0.0f, std::numeric_limits<float>::denorm_min(),
                                              std::numeric_limits<float>::max(), std::numeric_limits<float>::lowest(),
                                              1e-30f, 3.14159265f, 0.0f}));
    w.tensors.emplace("rank4", random_uniform({2, 1, 3, 2}, 9, -1.0f, 1.0f));
    w.tensors.emplace("rank3", ramp_tensor({1, 2, 3}));
    w.tensors.emplace("empty", Tensor({0, 3}));
    w.metadata = {{"format", "pt"}, {"note", "注意力 \"quoted\"\n"}, {"empty", ""}};

    const Bytes bytes = serialize_safetensors(w);
    WeightsFile back;
    ASSERT_TRUE(read_bytes(bytes, &back).ok);
    EXPECT_TRUE(same_file(w, back));
    EXPECT_EQ(back.tensors.at("empty").shape(), Shape({0, 3}));
    EXPECT_TRUE(std::signbit(back.tensors.at("special")[0]));  // -0.0 kept

    const std::string path = out_dir() + "/roundtrip.safetensors";
    ASSERT_TRUE(save_safetensors(path, w).ok);
    WeightsFile loaded;
    const Status s = load_safetensors(path, &loaded);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_TRUE(same_file(w, loaded));
}

TEST(Safetensors, WriterPadsTheHeaderAndStoresTensorsInNameOrderWithoutGaps) {
    const Bytes bytes = serialize_safetensors(small_weights());
    uint64_t n = 0;
    for (int i = 7; i >= 0; i--) n = (n << 8) | bytes[i];
    EXPECT_EQ(n % 8, 0u);
    const std::string header(bytes.begin() + 8, bytes.begin() + 8 + long(n));
    const size_t a = header.find(R"("a.bias":{"data_offsets":[0,16],)");
    const size_t b = header.find(R"("b.weight":{"data_offsets":[16,40],)");
    EXPECT_TRUE(a != std::string::npos && b != std::string::npos && a < b) << header;
    EXPECT_EQ(bytes.size(), 8 + n + 40);
    EXPECT_EQ(header.find_last_not_of(' '), header.rfind('}'));  // only spaces after the JSON
}

TEST(Safetensors, AFileWithNoTensorsIsValid) {
    WeightsFile w;
    ASSERT_TRUE(read_bytes(file_with("{}"), &w).ok);
    EXPECT_TRUE(w.tensors.empty());
    ASSERT_TRUE(read_bytes(serialize_safetensors(WeightsFile{}), &w).ok);
}

TEST(Safetensors, ConvertsF16AndBF16ToFloat32) {
    // F16: 1, -2, 65504 (max), 2^-14 (min normal), 2^-24 (min subnormal), -0
    const Bytes f16 = {0x00, 0x3C, 0x00, 0xC0, 0xFF, 0x7B, 0x00, 0x04, 0x01, 0x00, 0x00, 0x80};
    // BF16: 1, -1.5, 3.3895314e38 (max)
    const Bytes bf16 = {0x80, 0x3F, 0xC0, 0xBF, 0x7F, 0x7F};
    Bytes data = f16;
    data.insert(data.end(), bf16.begin(), bf16.end());
    WeightsFile w;
    const Status s = read_bytes(file_with(R"({"h":{"dtype":"F16","shape":[2,3],"data_offsets":[0,12]},)"
                                          R"("b":{"dtype":"BF16","shape":[3],"data_offsets":[12,18]}})", data), &w);
    ASSERT_TRUE(s.ok) << s.message;
    const Tensor & h = w.tensors.at("h");
    EXPECT_EQ(h.shape(), Shape({2, 3}));
    EXPECT_EQ(h[0], 1.0f);
    EXPECT_EQ(h[1], -2.0f);
    EXPECT_EQ(h[2], 65504.0f);
    EXPECT_EQ(h[3], std::ldexp(1.0f, -14));
    EXPECT_EQ(h[4], std::ldexp(1.0f, -24));
    EXPECT_TRUE(h[5] == 0.0f && std::signbit(h[5]));
    const Tensor & b = w.tensors.at("b");
    EXPECT_EQ(b[0], 1.0f);
    EXPECT_EQ(b[1], -1.5f);
    EXPECT_EQ(b[2], 3.3895314e38f);
}

// Half floats by hand (IEEE 754 binary16): nearest, ties to even, overflow to Inf.
TEST(Safetensors, FloatToF16RoundsToNearestEven) {
    EXPECT_EQ(float_to_f16(1.0f), 0x3C00);
    EXPECT_EQ(float_to_f16(-2.0f), 0xC000);
    EXPECT_EQ(float_to_f16(0.1f), 0x2E66);
    EXPECT_EQ(float_to_f16(65504.0f), 0x7BFF);
    EXPECT_EQ(float_to_f16(65519.0f), 0x7BFF);                    // below the halfway point
    EXPECT_EQ(float_to_f16(65520.0f), 0x7C00);                    // halfway, odd neighbour: up to Inf
    EXPECT_EQ(float_to_f16(1.0f + std::ldexp(1.0f, -11)), 0x3C00); // tie: stays on the even 1.0
    EXPECT_EQ(float_to_f16(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);
    EXPECT_EQ(float_to_f16(std::ldexp(1.0f, -24)), 0x0001);        // smallest subnormal
    EXPECT_EQ(float_to_f16(std::ldexp(1.0f, -25)), 0x0000);        // tie: even is zero
    EXPECT_EQ(float_to_f16(3 * std::ldexp(1.0f, -25)), 0x0002);
    EXPECT_EQ(float_to_f16(std::ldexp(1023.5f, -24)), 0x0400);     // rounds up into the normals
    EXPECT_EQ(float_to_f16(-0.0f), 0x8000);
    EXPECT_EQ(float_to_f16(INFINITY), 0x7C00);
    EXPECT_EQ(float_to_f16(NAN) & 0x7C00, 0x7C00);
    EXPECT_NE(float_to_f16(NAN) & 0x3FF, 0);
}

// Every finite half, written from its exact float value, comes back as the same 16 bits, and the
// reader turns those bits back into that value: F16 storage loses nothing a half can hold.
TEST(Safetensors, F16StorageRoundTripsEveryHalf) {
    std::vector<float> values;
    std::vector<uint16_t> bits;
    for (uint32_t h = 0; h < 0x10000; h++) {
        const uint32_t e = (h >> 10) & 0x1F, m = h & 0x3FF;
        if (e == 0x1F) continue;  // Inf and NaN: not savable
        float v = e == 0 ? std::ldexp(float(m), -24) : std::ldexp(float(1024 + m), int(e) - 25);
        if (h & 0x8000) v = -v;
        values.push_back(v);
        bits.push_back(uint16_t(h));
    }
    WeightsFile w;
    Tensor t(Shape({int64_t(values.size())}));
    std::copy(values.begin(), values.end(), t.data());
    w.tensors["all"] = std::move(t);
    w.store_as = StoreAs::F16;
    ASSERT_TRUE(check_savable(w).ok);
    const std::vector<uint8_t> bytes = serialize_safetensors(w);
    const size_t data = bytes.size() - 2 * values.size();
    for (size_t i = 0; i < values.size(); i++)
        ASSERT_EQ(uint16_t(bytes[data + 2 * i] | (bytes[data + 2 * i + 1] << 8)), bits[i]) << i;
    WeightsFile back;
    ASSERT_TRUE(read_safetensors(bytes.data(), bytes.size(), &back).ok);
    for (size_t i = 0; i < values.size(); i++) ASSERT_EQ(back.tensors.at("all")[int64_t(i)], values[i]) << i;
    // What a half cannot hold is refused, naming the tensor.
    w.tensors["all"].data()[3] = 70000.0f;
    const Status s = check_savable(w);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("all"), std::string::npos) << s.message;
}

TEST(Safetensors, IgnoresUnknownFieldsAndReadsUnalignedData) {
    std::string header =
        R"({"w":{"x":{"y":[1,[2,{"z":null}]]},"dtype":"F32","shape":[2],"data_offsets":[0,8],"q":true}})";
    if ((8 + header.size()) % 4 == 0) header += ' ';
    ASSERT_NE((8 + header.size()) % 4, 0u);  // the floats start at an unaligned offset of the file
    WeightsFile w;
    const Status s = read_bytes(file_with(header, floats({1.5f, -2.5f})), &w);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_EQ(w.tensors.at("w")[0], 1.5f);
    EXPECT_EQ(w.tensors.at("w")[1], -2.5f);
}

// ---- I8 with per-row scales -------------------------------------------------------------------

// Worked by hand: codes [[1, -2, 3], [127, 0, -127]] with scales [0.5, 2] are [[0.5, -1, 1.5],
// [254, 0, -254]]; the scales tensor is consumed, and each tensor's stored dtype is reported.
TEST(SafetensorsI8, ReadsCodesTimesTheirRowsScale) {
    Bytes data = {1, 0xFE, 3, 127, 0, 0x81};  // int8 1, -2, 3, 127, 0, -127
    const Bytes scales = floats({0.5f, 2.0f});
    data.insert(data.end(), scales.begin(), scales.end());
    WeightsFile w;
    const Status s = read_bytes(file_with(R"({"w":{"dtype":"I8","shape":[2,3],"data_offsets":[0,6]},)"
                                          R"("w.scale":{"dtype":"F32","shape":[2],"data_offsets":[6,14]}})", data), &w);
    ASSERT_TRUE(s.ok) << s.message;
    ASSERT_EQ(w.tensors.size(), 1u);
    const Tensor & t = w.tensors.at("w");
    EXPECT_EQ(t.shape(), Shape({2, 3}));
    const float expected[] = {0.5f, -1.0f, 1.5f, 254.0f, 0.0f, -254.0f};
    for (int i = 0; i < 6; i++) EXPECT_EQ(t[i], expected[i]) << i;
    EXPECT_EQ(w.stored_dtype.at("w"), "I8");
    EXPECT_EQ(w.stored_dtype.count("w.scale"), 0u);
}

TEST(SafetensorsI8, RowQuantisationIsSymmetricAndWithinHalfAStep) {
    const float row[] = {0.0f, 1.0f, -2.54f, 0.013f, 2.54f, -0.02f};
    const float scale = row_scale_i8(row, 6);
    EXPECT_FLOAT_EQ(scale, 2.54f / 127.0f);
    int8_t q[6];
    quantize_row_i8(row, 6, scale, q);
    const int expected[] = {0, 50, -127, 1, 127, -1};
    for (int i = 0; i < 6; i++) {
        EXPECT_LE(std::fabs(q[i] * scale - row[i]), scale / 2 * 1.0001f) << i;
        EXPECT_EQ(q[i], expected[i]) << i;
    }
    const float zeros[] = {0.0f, -0.0f};
    EXPECT_EQ(row_scale_i8(zeros, 2), 1.0f);  // a zero row keeps a positive scale
    EXPECT_EQ(row_scale_i8(zeros, 0), 1.0f);
    const float tiny[] = {1e-40f};
    EXPECT_GT(row_scale_i8(tiny, 1), 0.0f);
}

TEST(SafetensorsI8, WriterStoresMatricesAsI8AndVectorsAsF16) {
    WeightsFile w;
    w.tensors.emplace("layer/weight", random_normal({5, 7}, 3));
    w.tensors.emplace("layer/bias", ramp_tensor({5}));
    w.tensors.emplace("embed", random_uniform({2, 1, 3, 2}, 9, -1.0f, 1.0f));
    w.tensors.emplace("zero_rows", Tensor({3, 2}));
    w.metadata["k"] = "v";
    w.store_as = StoreAs::I8;
    ASSERT_TRUE(check_savable(w).ok);
    const Bytes bytes = serialize_safetensors(w);
    WeightsFile back;
    const Status s = read_bytes(bytes, &back);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_EQ(back.metadata, w.metadata);
    ASSERT_EQ(back.tensors.size(), 4u);
    EXPECT_EQ(back.stored_dtype.at("layer/weight"), "I8");
    EXPECT_EQ(back.stored_dtype.at("embed"), "I8");
    EXPECT_EQ(back.stored_dtype.at("layer/bias"), "F16");
    for (const auto & [name, t] : w.tensors) {
        const Tensor & b = back.tensors.at(name);
        ASSERT_EQ(b.shape(), t.shape()) << name;
        const int64_t rows = t.shape()[0], cols = t.numel() / rows;
        for (int64_t r = 0; r < rows; r++) {
            const float step = t.shape().rank >= 2 ? row_scale_i8(t.data() + r * cols, cols) : 0.0f;
            for (int64_t c = 0; c < cols; c++) {
                const float want = t[r * cols + c];
                const float tolerance = t.shape().rank >= 2 ? step / 2 * 1.0001f : std::fabs(want) / 1024;
                EXPECT_LE(std::fabs(b[r * cols + c] - want), tolerance) << name << " [" << r << "][" << c << "]";
            }
        }
    }
    EXPECT_EQ(back.storage(), "I8 + F16");
    // Kept as stored: the same values once widened, the matrices compact, the vectors float32.
    ReadLimits as_stored;
    as_stored.keep_compact = true;
    WeightsFile compact;
    ASSERT_TRUE(read_bytes(bytes, &compact, as_stored).ok);
    EXPECT_EQ(compact.tensors.size(), 1u);
    ASSERT_EQ(compact.compact.size(), 3u);
    for (const auto & [name, c] : compact.compact) {
        EXPECT_EQ(c.type(), CompactType::I8) << name;
        EXPECT_TRUE(same_bits(c.widen(), back.tensors.at(name))) << name;
    }
    EXPECT_TRUE(same_bits(compact.tensors.at("layer/bias"), back.tensors.at("layer/bias")));
    EXPECT_EQ(compact.storage(), "I8 + F16");
    // One byte per matrix element, 4 per row scale, 2 per vector element.
    uint64_t n = 0;
    for (int i = 7; i >= 0; i--) n = (n << 8) | bytes[i];
    EXPECT_EQ(bytes.size() - 8 - n, uint64_t(35 + 12 + 6) + 4 * (5 + 2 + 3) + 2 * 5);
}

TEST(SafetensorsI8, WriterRefusesWhatItCannotStore) {
    WeightsFile w;
    w.store_as = StoreAs::I8;
    w.tensors.emplace("w", ramp_tensor({2, 2}));
    w.tensors.emplace("w.scale", ramp_tensor({2}));  // would be taken for w's scales
    Status s = check_savable(w);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("w.scale"), std::string::npos) << s.message;
    w.tensors.erase("w.scale");
    w.tensors.at("w")[1] = NAN;  // not even allow_non_finite can store NaN as a code
    EXPECT_FALSE(check_savable(w, /*allow_non_finite=*/true).ok);
}

TEST(SafetensorsI8, DamagedScalesAreRefusedWhatever) {
    const Bytes codes = {1, 2};
    auto with_scale = [&](const std::string & scale_entry, const Bytes & scale_bytes) {
        Bytes data = codes;
        data.insert(data.end(), scale_bytes.begin(), scale_bytes.end());
        return file_with(R"({"w":{"dtype":"I8","shape":[2,1],"data_offsets":[0,2]})" + scale_entry + "}", data);
    };
    const std::string two_f32 = R"(,"w.scale":{"dtype":"F32","shape":[2],"data_offsets":[2,10]})";
    ReadLimits lenient;
    lenient.allow_non_finite = true;
    EXPECT_TRUE(fails_with(with_scale("", {}), {"'w'", "I8", "'w.scale'", "missing"}));
    EXPECT_TRUE(fails_with(with_scale(two_f32, floats({1.0f, NAN})), {"'w.scale'", "scale 1", "finite and positive"},
                           lenient));
    EXPECT_TRUE(fails_with(with_scale(two_f32, floats({0.0f, 1.0f})), {"'w.scale'", "scale 0", "positive"}));
    EXPECT_TRUE(fails_with(with_scale(two_f32, floats({1.0f, -3.0f})), {"'w.scale'", "scale 1", "positive"}));
    EXPECT_TRUE(fails_with(with_scale(two_f32, floats({INFINITY, 1.0f})), {"'w.scale'", "scale 0"}, lenient));
    EXPECT_TRUE(fails_with(with_scale(R"(,"w.scale":{"dtype":"F32","shape":[3],"data_offsets":[2,14]})",
                                      floats({1.0f, 1.0f, 1.0f})),
                           {"'w.scale'", "(3)", "2 rows"}));
    EXPECT_TRUE(fails_with(with_scale(R"(,"w.scale":{"dtype":"I8","shape":[2],"data_offsets":[2,4]})", {1, 1}),
                           {"'w.scale'", "not I8"}));
    // int8 x the largest float overflows: refused like any Inf in a file.
    EXPECT_TRUE(fails_with(with_scale(two_f32, floats({1.0f, 3e38f})), {"'w'", "Inf"}));
    // An F16 scale is fine.
    WeightsFile w;
    const Status s = read_bytes(with_scale(R"(,"w.scale":{"dtype":"F16","shape":[2],"data_offsets":[2,6]})",
                                           {0x00, 0x3C, 0x00, 0x40}), &w);  // 1.0, 2.0
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_EQ(w.tensors.at("w")[0], 1.0f);
    EXPECT_EQ(w.tensors.at("w")[1], 4.0f);
}

TEST(SafetensorsI8, CompactF16MatricesMustBeFinite) {
    // F16 [2, 1]: 1.0 and +Inf. Widened, the policy decides; kept compact, never.
    const Bytes file = file_with(R"({"h":{"dtype":"F16","shape":[2,1],"data_offsets":[0,4]}})", {0x00, 0x3C, 0x00, 0x7C});
    ReadLimits lenient;
    lenient.allow_non_finite = true;
    WeightsFile w;
    EXPECT_TRUE(read_bytes(file, &w, lenient).ok);
    lenient.keep_compact = true;
    EXPECT_TRUE(fails_with(file, {"'h'", "NaN or Inf"}, lenient));
    // A finite one is kept as its halves.
    const Bytes ok = file_with(R"({"h":{"dtype":"F16","shape":[2,1],"data_offsets":[0,4]}})", {0x00, 0x3C, 0x00, 0xC0});
    ASSERT_TRUE(read_bytes(ok, &w, lenient).ok);
    ASSERT_EQ(w.compact.count("h"), 1u);
    EXPECT_EQ(w.compact.at("h").widen()[1], -2.0f);
    EXPECT_EQ(w.storage(), "F16");
}

// ---- Corruption: each kind has its own message -----------------------------------------------------

TEST(SafetensorsCorrupt, ShorterThanTheLengthField) {
    for (size_t n = 0; n < 8; n++) EXPECT_TRUE(fails_with(Bytes(n, 0), {"header", "too short"})) << n;
}

TEST(SafetensorsCorrupt, HeaderLengthPastTheEndOfTheFile) {
    Bytes b = file_with(kOneTensor, floats({1, 2}));
    b[0] = 0xE8, b[1] = 0x03;  // 1000
    EXPECT_TRUE(fails_with(b, {"header: length 1000", "truncated"}));
    for (int i = 0; i < 8; i++) b[i] = 0xFF;  // 2^64 - 1: no overflow in "8 + length"
    EXPECT_TRUE(fails_with(b, {"header: length 18446744073709551615"}));
}

TEST(SafetensorsCorrupt, HeaderOverTheLimit) {
    ReadLimits limits;
    limits.max_header_bytes = 16;
    EXPECT_TRUE(fails_with(file_with(kOneTensor, floats({1, 2})), {"header", "max_header_bytes"}, limits));
}

TEST(SafetensorsCorrupt, InvalidJson) {
    const Bytes data = floats({1, 2});
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32",)", data), {"header: invalid JSON"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32"},})", data), {"header: invalid JSON"}));
    EXPECT_TRUE(fails_with(file_with("", data), {"header: invalid JSON"}));
    EXPECT_TRUE(fails_with(file_with(std::string("{}\0\0", 4), data),  // NUL padding
                           {"header: invalid JSON: a NUL byte at offset 2"}));
    EXPECT_TRUE(fails_with(file_with("{\"w\xff\":{}}", data), {"header: invalid JSON"}));  // not UTF-8
}

TEST(SafetensorsCorrupt, JsonThatIsNotAnObject) {
    EXPECT_TRUE(fails_with(file_with("[1,2]"), {"header: the JSON is an array, not an object"}));
    EXPECT_TRUE(fails_with(file_with("42"), {"header: the JSON is a number"}));
    // Deep nesting is refused at the first bracket, not recursed into.
    EXPECT_TRUE(fails_with(file_with(std::string(100000, '[') + std::string(100000, ']')), {"not an object"}));
}

TEST(SafetensorsCorrupt, EntryThatIsNotAnObject) {
    EXPECT_TRUE(fails_with(file_with(R"({"w":[0,8]})"), {"tensor 'w': entry is an array, not an object"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":"F32"})"), {"tensor 'w': entry is a string"}));
}

TEST(SafetensorsCorrupt, MissingOrIllTypedFields) {
    const Bytes data = floats({1, 2});
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"shape":[2],"data_offsets":[0,8]}})", data),
                           {"tensor 'w': missing \"dtype\""}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","data_offsets":[0,8]}})", data),
                           {"tensor 'w': missing \"shape\""}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":[2]}})", data),
                           {"tensor 'w': missing \"data_offsets\""}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":32,"shape":[2],"data_offsets":[0,8]}})", data),
                           {"tensor 'w': dtype is a number, not a string"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":"2","data_offsets":[0,8]}})", data),
                           {"tensor 'w': shape is a string, not an array"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":{"0":2},"data_offsets":[0,8]}})", data),
                           {"tensor 'w': shape is an object"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,"8"]}})", data),
                           {"tensor 'w': data_offsets contains a string, not an integer"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":[[2]],"data_offsets":[0,8]}})", data),
                           {"tensor 'w': shape contains an array"}));
}

TEST(SafetensorsCorrupt, UnsupportedDtype) {
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})", floats({1, 2})),
                           {"tensor 'w': dtype 'F64' is not supported"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"I32","shape":[2],"data_offsets":[0,8]}})", floats({1, 2})),
                           {"tensor 'w'", "'I32'"}));
}

TEST(SafetensorsCorrupt, BadShapes) {
    const Bytes data = floats({1, 2});
    auto with_shape = [&](const std::string & shape) {
        return file_with(R"({"w":{"dtype":"F32","shape":)" + shape + R"(,"data_offsets":[0,8]}})", data);
    };
    EXPECT_TRUE(fails_with(with_shape("[]"), {"tensor 'w': shape [] (a scalar) is not supported"}));
    EXPECT_TRUE(fails_with(with_shape("[1,1,1,1,2]"), {"tensor 'w': rank 5 is not supported"}));
    EXPECT_TRUE(fails_with(with_shape("[-2]"), {"tensor 'w': shape has a negative value -2"}));
    EXPECT_TRUE(fails_with(with_shape("[2.5]"), {"tensor 'w': shape has 2.5", "not a non-negative integer"}));
    EXPECT_TRUE(fails_with(with_shape("[1e300]"), {"tensor 'w': shape has 1e+300"}));
    EXPECT_TRUE(fails_with(with_shape("[true]"), {"tensor 'w': shape contains a boolean"}));
}

TEST(SafetensorsCorrupt, ShapeWhoseProductOverflows) {
    const Bytes data = floats({1, 2});
    for (const char * shape : {"[4294967296,4294967296,4294967296]", "[18446744073709551615]",
                               "[1099511627776,1099511627776,0]", "[65536,65536,65536,65536]"}) {
        EXPECT_TRUE(fails_with(file_with(std::string(R"({"w":{"dtype":"F32","shape":)") + shape +
                                         R"(,"data_offsets":[0,8]}})", data),
                               {"tensor 'w': shape", "too many elements"}))
            << shape;
    }
}

TEST(SafetensorsCorrupt, BadDataOffsets) {
    const Bytes data = floats({1, 2});
    auto with_offsets = [&](const std::string & shape, const std::string & offsets) {
        return file_with(R"({"w":{"dtype":"F32","shape":)" + shape + R"(,"data_offsets":)" + offsets + "}}", data);
    };
    EXPECT_TRUE(fails_with(with_offsets("[3]", "[0,8]"),
                           {"tensor 'w': shape [3] of F32 is 12 bytes, but data_offsets [0, 8] span 8"}));
    EXPECT_TRUE(fails_with(with_offsets("[0]", "[8,0]"), {"tensor 'w': data_offsets [8, 0] has begin > end"}));
    EXPECT_TRUE(fails_with(with_offsets("[200]", "[0,800]"),
                           {"tensor 'w': data_offsets end 800 is past the end of the data (8 bytes)"}));
    EXPECT_TRUE(fails_with(with_offsets("[2]", "[0]"), {"tensor 'w': data_offsets has 1 values, not 2"}));
    EXPECT_TRUE(fails_with(with_offsets("[2]", "[0,8,8]"), {"tensor 'w': data_offsets has 3 values"}));
}

TEST(SafetensorsCorrupt, OverlappingTensors) {
    EXPECT_TRUE(fails_with(file_with(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                     R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})", floats({1, 2, 3})),
                           {"tensors 'a' and 'b' overlap"}));
    // The same range twice, listed in the other order.
    EXPECT_TRUE(fails_with(file_with(R"({"b":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                     R"("a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", floats({1, 2})),
                           {"overlap"}));
}

TEST(SafetensorsCorrupt, HolesAndTrailingBytes) {
    EXPECT_TRUE(fails_with(file_with(R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},)"
                                     R"("b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})", floats({1, 2, 3})),
                           {"data bytes [4, 8) before tensor 'b' belong to no tensor"}));
    EXPECT_TRUE(fails_with(file_with(kOneTensor, floats({1, 2, 3})),
                           {"header: 4 bytes of data after the last tensor"}));
}

TEST(SafetensorsCorrupt, DuplicateNamesFieldsAndMetadataKeys) {
    const Bytes data = floats({1, 2});
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                                     R"("w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", data),
                           {"tensor 'w': appears twice"}));
    EXPECT_TRUE(fails_with(file_with(R"({"w":{"dtype":"F32","shape":[2],"dtype":"F16","data_offsets":[0,8]}})", data),
                           {"tensor 'w': field 'dtype' appears twice"}));
    EXPECT_TRUE(fails_with(file_with(R"({"__metadata__":{"k":"a","k":"b"},)"
                                     R"("w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})", data),
                           {"metadata 'k': key appears twice"}));
    EXPECT_TRUE(fails_with(file_with(R"({"__metadata__":{},"__metadata__":{}})"), {"__metadata__ appears twice"}));
}

TEST(SafetensorsCorrupt, MetadataThatIsNotStrings) {
    const std::string w = R"("w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]})";
    const Bytes data = floats({1, 2});
    EXPECT_TRUE(fails_with(file_with(R"({"__metadata__":{"epochs":3},)" + w + "}", data),
                           {"metadata 'epochs': value is a number, not a string"}));
    EXPECT_TRUE(fails_with(file_with(R"({"__metadata__":{"cfg":{"a":"b"}},)" + w + "}", data),
                           {"metadata 'cfg': value is an object"}));
    EXPECT_TRUE(fails_with(file_with(R"({"__metadata__":["a"],)" + w + "}", data),
                           {"header: __metadata__ is an array"}));
}

TEST(SafetensorsCorrupt, NonFiniteValuesUnlessAllowed) {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(fails_with(file_with(kOneTensor, floats({1, nan})), {"tensor 'w': value 1 of 2 is NaN"}));
    EXPECT_TRUE(fails_with(file_with(kOneTensor, floats({inf, 1})), {"tensor 'w': value 0 of 2 is +Inf"}));
    EXPECT_TRUE(fails_with(file_with(kOneTensor, floats({1, -inf})), {"is -Inf"}));
    EXPECT_TRUE(fails_with(file_with(R"({"h":{"dtype":"F16","shape":[1],"data_offsets":[0,2]}})", {0x00, 0x7C}),
                           {"tensor 'h': value 0 of 1 is +Inf"}));

    ReadLimits allow;
    allow.allow_non_finite = true;
    WeightsFile w;
    ASSERT_TRUE(read_bytes(file_with(kOneTensor, floats({1, nan})), &w, allow).ok);
    EXPECT_TRUE(std::isnan(w.tensors.at("w")[1]));
}

TEST(SafetensorsCorrupt, OverTheByteAndEntryLimits) {
    ReadLimits limits;
    limits.max_total_bytes = 7;
    EXPECT_TRUE(fails_with(file_with(kOneTensor, floats({1, 2})), {"header", "'w'", "max_total_bytes"}, limits));
    // F16 counts as float32, the size it takes in memory: 4 bytes in the file, 8 loaded.
    EXPECT_TRUE(fails_with(file_with(R"({"h":{"dtype":"F16","shape":[2],"data_offsets":[0,4]}})", {0, 0, 0, 0}),
                           {"max_total_bytes"}, limits));

    ReadLimits few;
    few.max_tensors = 1;
    EXPECT_TRUE(fails_with(serialize_safetensors(small_weights()),
                           {"header: more than 1 tensors", "max_tensors"}, few));
    few.max_metadata_entries = 0;
    EXPECT_TRUE(fails_with(file_with(R"({"__metadata__":{"k":"v"}})"), {"header: more than 0 metadata entries"}, few));
}

TEST(SafetensorsCorrupt, TruncatedAtEveryPart) {
    const Bytes good = serialize_safetensors(small_weights());
    uint64_t n = 0;
    for (int i = 7; i >= 0; i--) n = (n << 8) | good[i];
    struct Cut { size_t at; const char * message; };
    const Cut cuts[] = {
        {0, "too short"},
        {5, "too short"},                           // mid length field
        {8, "truncated"},                           // length, no header
        {8 + size_t(n) / 2, "truncated"},           // mid header
        {8 + size_t(n), "past the end of the data"},  // header, no data
        {8 + size_t(n) + 20, "past the end of the data"},  // mid data
        {good.size() - 1, "past the end of the data"},     // one byte short
    };
    for (const Cut & c : cuts) {
        const Bytes cut(good.begin(), good.begin() + long(c.at));
        EXPECT_TRUE(fails_with(cut, {c.message})) << "cut at " << c.at;
    }
}

TEST(SafetensorsCorrupt, LongNamesAreShortenedInMessages) {
    const std::string name(100000, 'n');
    WeightsFile w;
    const std::string header = R"({")" + name + R"(":{"dtype":"F64","shape":[1],"data_offsets":[0,8]}})";
    const Status s = read_bytes(file_with(header, floats({1, 2})), &w);
    ASSERT_FALSE(s.ok);
    EXPECT_LT(s.message.size(), 200u) << s.message;
    EXPECT_NE(s.message.find("F64"), std::string::npos);
}

TEST(SafetensorsCorrupt, LoadReportsThePath) {
    WeightsFile w;
    const std::string missing = out_dir() + "/no-such-file.safetensors";
    Status s = load_safetensors(missing, &w);
    ASSERT_FALSE(s.ok);
    EXPECT_EQ(s.message.find(missing), 0u) << s.message;

    s = load_safetensors(out_dir(), &w);  // a directory
    ASSERT_FALSE(s.ok);
    EXPECT_NE(s.message.find("not a regular file"), std::string::npos) << s.message;

    const std::string corrupt = out_dir() + "/corrupt.safetensors";
    FILE * f = std::fopen(corrupt.c_str(), "wb");
    ASSERT_TRUE(f);
    std::fwrite("\x05\0\0\0\0\0\0\0{}", 1, 10, f);
    std::fclose(f);
    s = load_safetensors(corrupt, &w);
    ASSERT_FALSE(s.ok);
    EXPECT_EQ(s.message.find(corrupt + ": header: length 5"), 0u) << s.message;
}

// ---- Mini-fuzz: every mutated or truncated file gives a Status, never a crash ---------------------

TEST(SafetensorsFuzz, MutatedFilesReturnAStatus) {
    const Bytes good = serialize_safetensors(small_weights());
    std::mt19937 rng(20240611);  // mt19937's raw output is the same on every platform
    const char json_chars[] = "{}[]\",:0123456789-.eE \\ntf";
    int accepted = 0, rejected = 0;
    for (int variant = 0; variant < 4000; variant++) {
        Bytes b = good;
        const int edits = 1 + int(rng() % 4);
        for (int e = 0; e < edits && !b.empty(); e++) {
            const size_t pos = rng() % b.size();
            switch (rng() % 6) {
            case 0: b[pos] ^= uint8_t(1u << (rng() % 8)); break;                     // flip a bit
            case 1: b[pos] = uint8_t(rng()); break;                                  // any byte
            case 2: b[pos] = uint8_t(json_chars[rng() % (sizeof json_chars - 1)]); break;  // JSON syntax
            case 3: b.erase(b.begin() + long(pos)); break;                           // shift the rest
            case 4: { const uint8_t copy = b[pos]; b.insert(b.begin() + long(pos), copy); break; }
            case 5: b[rng() % 3] = uint8_t(rng()); break;                            // the length field
            }
        }
        const Bytes exact(b);  // exact-size copy: an overread leaves the allocation (ASan, valgrind)
        WeightsFile w;
        const Status s = read_bytes(exact, &w);
        if (s.ok) {
            accepted++;
            for (const auto & [name, t] : w.tensors)
                ASSERT_TRUE(t.shape().rank >= 1 && t.shape().rank <= kMaxRank && size_t(t.numel()) * 4 <= b.size() * 2);
        } else {
            rejected++;
            ASSERT_FALSE(s.message.empty());
        }
    }
    std::printf("%d variants accepted, %d rejected\n", accepted, rejected);
    EXPECT_GT(rejected, 3000);  // most mutations break something...
    EXPECT_GT(accepted, 0);     // ...but some only change a value, and must still load
}

TEST(SafetensorsFuzz, EveryTruncationIsRejected) {
    const Bytes good = serialize_safetensors(small_weights());
    for (size_t len = 0; len < good.size(); len++) {
        const Bytes cut(good.begin(), good.begin() + long(len));
        WeightsFile w;
        const Status s = read_bytes(cut, &w);
        ASSERT_FALSE(s.ok) << "a file cut to " << len << " of " << good.size() << " bytes loaded";
        ASSERT_FALSE(s.message.empty());
    }
    WeightsFile w;
    EXPECT_TRUE(read_bytes(good, &w).ok);
}

// ---- Saving -----------------------------------------------------------------------------------------

TEST(SafetensorsSave, AnInterruptedSaveLeavesThePreviousFileIntact) {
    const std::string path = out_dir() + "/atomic.safetensors";
    const std::string tmp = path + ".tmp";
    std::remove(tmp.c_str());
    ::rmdir(tmp.c_str());

    WeightsFile a = small_weights();
    WeightsFile b;
    b.tensors.emplace("other", ramp_tensor({3, 3}));
    ASSERT_TRUE(save_safetensors(path, a).ok);
    EXPECT_TRUE(file_exists(path));
    EXPECT_FALSE(file_exists(tmp)) << "a successful save leaves no .tmp behind";

    // 1. The process died while writing B: half of B sits in the .tmp file.
    const Bytes b_bytes = serialize_safetensors(b);
    FILE * f = std::fopen(tmp.c_str(), "wb");
    ASSERT_TRUE(f);
    std::fwrite(b_bytes.data(), 1, b_bytes.size() / 2, f);
    std::fclose(f);
    WeightsFile loaded;
    ASSERT_TRUE(load_safetensors(path, &loaded).ok);
    EXPECT_TRUE(same_file(a, loaded));

    // 2. Saving B fails (its .tmp cannot be created: a directory is in the way).
    std::remove(tmp.c_str());
    ASSERT_EQ(::mkdir(tmp.c_str(), 0755), 0);
    const Status failed = save_safetensors(path, b);
    EXPECT_FALSE(failed.ok);
    EXPECT_NE(failed.message.find(".tmp"), std::string::npos) << failed.message;
    ASSERT_TRUE(load_safetensors(path, &loaded).ok);
    EXPECT_TRUE(same_file(a, loaded));
    ::rmdir(tmp.c_str());

    // 3. A stale partial .tmp does not stop the next save, which replaces A with B.
    f = std::fopen(tmp.c_str(), "wb");
    ASSERT_TRUE(f);
    std::fwrite(b_bytes.data(), 1, 5, f);
    std::fclose(f);
    ASSERT_TRUE(save_safetensors(path, b).ok);
    ASSERT_TRUE(load_safetensors(path, &loaded).ok);
    EXPECT_TRUE(same_file(b, loaded));
}

TEST(SafetensorsSave, RefusesWhatTheReaderWouldReject) {
    const std::string path = out_dir() + "/refused.safetensors";
    std::remove(path.c_str());
    auto refused = [&](const WeightsFile & w, const char * part) {
        const Status s = save_safetensors(path, w);
        return !s.ok && s.message.find(part) != std::string::npos && !file_exists(path);
    };
    WeightsFile nan;
    nan.tensors.emplace("w", Tensor({2}, {1.0f, std::numeric_limits<float>::quiet_NaN()}));
    EXPECT_TRUE(refused(nan, "tensor 'w': value 1 of 2 is NaN"));
    EXPECT_TRUE(check_savable(nan, /*allow_non_finite=*/true).ok);

    WeightsFile reserved;
    reserved.tensors.emplace("__metadata__", ramp_tensor({1}));
    EXPECT_TRUE(refused(reserved, "__metadata__"));

    WeightsFile empty;
    empty.tensors.emplace("w", Tensor());
    EXPECT_TRUE(refused(empty, "tensor 'w': is empty"));

    WeightsFile bad_utf8;
    bad_utf8.metadata["k"] = "\xff";
    EXPECT_TRUE(refused(bad_utf8, "metadata 'k': not valid UTF-8"));

    EXPECT_FALSE(save_safetensors(out_dir() + "/no-such-dir/x.safetensors", small_weights()).ok);
}

// ---- Interop with tests/reference/safetensors_np.py -------------------------------------------------------

// tests/fixtures/python_written.safetensors, made by tests/reference/make_safetensors_fixture.py: numpy
// wrote it, in an order and spacing our writer never uses, with F16 and BF16 tensors.
TEST(SafetensorsInterop, LoadsThePythonWrittenFixture) {
    WeightsFile w;
    const Status s = load_safetensors(ATTN_FIXTURES_DIR "/python_written.safetensors", &w);
    ASSERT_TRUE(s.ok) << s.message;
    ASSERT_EQ(w.tensors.size(), 6u);
    EXPECT_TRUE(same_bits(w.tensors.at("layers.0.attn.qkv"), ramp_tensor({2, 3, 4})));
    EXPECT_TRUE(same_bits(w.tensors.at("embed.weight"), ramp_tensor({4, 3})));
    EXPECT_TRUE(same_bits(w.tensors.at("conv.weight"), ramp_tensor({2, 1, 3, 2})));
    EXPECT_TRUE(same_bits(w.tensors.at("bias"), ramp_tensor({5})));
    const Tensor & half = w.tensors.at("half");
    ASSERT_EQ(half.shape(), Shape({2, 4}));
    for (int64_t i = 0; i < 8; i++) EXPECT_EQ(half[i], (float(i) - 3) * 0.25f) << i;
    const Tensor & brain = w.tensors.at("brain");
    ASSERT_EQ(brain.shape(), Shape({3}));
    for (int64_t i = 0; i < 3; i++) EXPECT_EQ(brain[i], (float(i) - 1) * 1.5f) << i;
    const std::map<std::string, std::string> metadata = {
        {"format", "pt"}, {"written_by", "tests/reference/make_safetensors_fixture.py"}, {"unicode", "注意力 ✓"}};
    EXPECT_EQ(w.metadata, metadata);
}

// Writes the file that the CTest native.safetensors_python_reads_ours hands to safetensors_np.py;
// tests/CMakeLists.txt lists the same names, shapes and metadata on its command line.
TEST(SafetensorsInterop, WriteFileForPython) {
    WeightsFile w;
    w.tensors.emplace("encoder.layers.0.ffn.w1", ramp_tensor({3, 5}));
    w.tensors.emplace("a.bias", ramp_tensor({7}));
    w.tensors.emplace("z.rank4", ramp_tensor({2, 2, 1, 3}));
    w.tensors.emplace("m.rank3", ramp_tensor({1, 2, 3}));
    w.metadata = {{"format", "pt"}, {"producer", "attention-playground"}, {"note", "注意力"}};

    // That CTest's path lies in the output folder too, which may not exist yet: CTest can run this
    // fixture first of all.
    const std::string dir = out_dir();
    const char * env = std::getenv("ATTN_SAFETENSORS_INTEROP_OUT");
    const std::string path = env ? env : dir + "/interop-selfcheck.safetensors";
    const Status s = save_safetensors(path, w);
    ASSERT_TRUE(s.ok) << s.message;
    WeightsFile back;
    ASSERT_TRUE(load_safetensors(path, &back).ok);
    EXPECT_TRUE(same_file(w, back));
}
