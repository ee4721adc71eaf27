// The Transformer against PyTorch (golden files from tests/reference/make_reference.py), on every CPU
// backend, plus the properties the UI relies on: the incremental decoder equals the full pass,
// masked maps are exactly zero above the diagonal, beam search is exact when the beam covers
// every prefix, and bad weights are refused with a message.
#include "io/safetensors.h"
#include "models/decode.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>

using namespace attn;

namespace {

std::string data_path(const std::string & name) { return std::string(ATTN_FIXTURES_DIR) + "/" + name; }

double max_abs_diff(const float * a, const float * b, int64_t n) {
    double m = 0.0;
    for (int64_t i = 0; i < n; i++) m = std::max(m, std::fabs(double(a[i]) - b[i]));
    return m;
}

std::vector<int32_t> ids_of(const Tensor & t) {
    std::vector<int32_t> ids;
    for (int64_t i = 0; i < t.numel(); i++) ids.push_back(int32_t(std::lround(t[i])));
    return ids;
}

// The golden comparison: PyTorch computed in float64; float32 kernels stay well inside 1e-4.
constexpr double kGoldenTol = 1e-4;

struct GoldenCase { const char * name; BackendKind backend; };

class Golden : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(Golden, MatchesPyTorch) {
    const GoldenCase gc = GetParam();
    Transformer model;
    const std::string base = std::string("transformer_") + gc.name;
    Status st = Transformer::load(data_path(base + ".safetensors"), &model);
    ASSERT_TRUE(st) << st.message;
    WeightsFile ref;
    st = load_safetensors(data_path(base + "_ref.safetensors"), &ref);
    ASSERT_TRUE(st) << st.message;
    const TransformerConfig & c = model.config();
    Compute cc(gc.backend);

    const std::vector<int32_t> src = ids_of(ref.tensors.at("src")), tgt_in = ids_of(ref.tensors.at("tgt_in"));
    AttentionTrace trace;
    EncoderOutput enc;
    model.encode(cc, src, &enc, &trace);
    const Tensor & memory = ref.tensors.at("memory");
    ASSERT_EQ(enc.memory.shape(), memory.shape());
    EXPECT_LE(max_abs_diff(enc.memory.data(), memory.data(), memory.numel()), kGoldenTol);

    Tensor logits;
    model.decode_full(cc, enc, tgt_in, &logits, &trace);
    const Tensor & ref_logits = ref.tensors.at("logits");
    ASSERT_EQ(logits.shape(), ref_logits.shape());
    EXPECT_LE(max_abs_diff(logits.data(), ref_logits.data(), ref_logits.numel()), kGoldenTol);

    // Every attention probability of every layer and head.
    int compared = 0;
    for (const char * kind : {"encoder_self", "decoder_self", "cross"}) {
        const int layers = std::string(kind) == "encoder_self" ? c.encoder_layers : c.decoder_layers;
        for (int l = 0; l < layers; l++) {
            const Tensor & want = ref.tensors.at(std::string(kind) + "/" + std::to_string(l));  // (H, rows, cols)
            for (int h = 0; h < c.heads; h++) {
                const AttentionMap * m = trace.find(kind, l, h);
                ASSERT_NE(m, nullptr) << kind << " " << l << " " << h;
                ASSERT_EQ(m->rows, want.shape()[1]);
                ASSERT_EQ(m->cols, want.shape()[2]);
                const int64_t n = int64_t(m->rows) * m->cols;
                EXPECT_LE(max_abs_diff(m->values.data(), want.data() + h * n, n), kGoldenTol) << kind << l << h;
                compared++;
            }
        }
    }
    EXPECT_EQ(compared, c.heads * (c.encoder_layers + 2 * c.decoder_layers));

    // Greedy decoding gives PyTorch's ids (the fixture checked every step has a clear winner).
    // PyTorch decodes plainly, so the loop guard is off: an untrained model repeats itself.
    const std::vector<int32_t> want_ids = ids_of(ref.tensors.at("greedy"));
    const DecodeResult r = greedy_decode(cc, model, enc, int(want_ids.size()), RepeatRule::off());
    EXPECT_EQ(r.tokens, want_ids);
}

std::string golden_name(const ::testing::TestParamInfo<GoldenCase> & info) {
    return std::string(info.param.name) + "_" + backend_kind_name(info.param.backend);
}

INSTANTIATE_TEST_SUITE_P(
    Transformer, Golden,
    ::testing::Values(GoldenCase{"golden_post", BackendKind::Reference}, GoldenCase{"golden_post", BackendKind::Eigen},
                      GoldenCase{"golden_post", BackendKind::Simd}, GoldenCase{"golden_pre", BackendKind::Reference},
                      GoldenCase{"golden_pre", BackendKind::Eigen}, GoldenCase{"golden_pre", BackendKind::Simd}),
    golden_name);

TransformerConfig small_config() {
    TransformerConfig c;
    c.encoder_layers = 2;
    c.decoder_layers = 2;
    c.d_model = 32;
    c.d_ff = 64;
    c.heads = 4;
    c.src_vocab = 30;
    c.tgt_vocab = 31;
    c.max_positions = 40;
    return c;
}

Transformer small_model(TransformerConfig c = small_config(), uint64_t seed = 5) {
    Transformer m;
    Status st = Transformer::create(c, Transformer::random_weights(c, seed), &m);
    EXPECT_TRUE(st) << st.message;
    return m;
}

TEST(Transformer, DefaultsAreThePapersBaseModel) {
    TransformerConfig c;
    EXPECT_EQ(c.encoder_layers, 6);
    EXPECT_EQ(c.decoder_layers, 6);
    EXPECT_EQ(c.d_model, 512);
    EXPECT_EQ(c.d_ff, 2048);
    EXPECT_EQ(c.heads, 8);
    EXPECT_EQ(c.head_dim(), 64);  // so QKᵀ is divided by √64 = 8
    EXPECT_EQ(c.norm, NormPlacement::Post);
    c.src_vocab = c.tgt_vocab = 37000;
    c.tied = TiedEmbeddings::All;
    ASSERT_TRUE(c.validate());
    // The paper's base model has about 65 M parameters with a shared 37k vocabulary.
    EXPECT_NEAR(double(Transformer::parameter_count(c)) / 1e6, 63.0, 3.0);
}

TEST(Transformer, ConfigJsonRoundTripAndRejectsTypos) {
    TransformerConfig c = small_config();
    c.norm = NormPlacement::Pre;
    c.activation = Activation::Gelu;
    TransformerConfig back;
    ASSERT_TRUE(TransformerConfig::from_json(c.to_json(), &back));
    EXPECT_EQ(back.to_json(), c.to_json());
    Status st = TransformerConfig::from_json(R"({"d_modle": 64})", &back);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("d_modle"), std::string::npos);
    EXPECT_FALSE(TransformerConfig::from_json(R"({"heads": "eight"})", &back));
    EXPECT_FALSE(TransformerConfig::from_json(R"({"d_model": 30, "heads": 4, "src_vocab": 9, "tgt_vocab": 9})", &back));
    EXPECT_FALSE(TransformerConfig::from_json("not json", &back));
}

TEST(Transformer, IncrementalDecodingEqualsFullPass) {
    for (NormPlacement norm : {NormPlacement::Post, NormPlacement::Pre}) {
        TransformerConfig c = small_config();
        c.norm = norm;
        Transformer m = small_model(c);
        Compute cc(BackendKind::Reference);
        EncoderOutput enc;
        m.encode(cc, {1, 4, 9, 16, 25, 2}, &enc, nullptr);
        const std::vector<int32_t> tgt_in = {1, 7, 3, 22, 11, 5, 19};
        Tensor full;
        m.decode_full(cc, enc, tgt_in, &full, nullptr);
        DecoderCache cache = m.new_cache();
        for (size_t t = 0; t < tgt_in.size(); t++) {
            Tensor step;
            m.decode_step(cc, enc, cache, tgt_in[t], &step);
            EXPECT_LE(max_abs_diff(step.data(), full.data() + int64_t(t) * c.tgt_vocab, c.tgt_vocab), 1e-5) << t;
        }
        EXPECT_EQ(cache.length, int(tgt_in.size()));
    }
}

TEST(Transformer, TraceHasEveryMapWithExactZerosAboveTheDiagonal) {
    Transformer m = small_model();
    const TransformerConfig & c = m.config();
    Compute cc(BackendKind::Simd);
    AttentionTrace trace;
    trace.capture.push_back({"cross", 1, 2});
    const std::vector<int32_t> src = {1, 5, 6, 7, 2};
    DecodeOptions opts;
    opts.max_length = 6;
    const DecodeResult r = translate(cc, m, src, opts, &trace);
    const int S = int(src.size()), T = int(r.tokens.size());
    ASSERT_GT(T, 0);
    EXPECT_EQ(trace.maps.size(), size_t(c.heads * (c.encoder_layers + 2 * c.decoder_layers)));
    for (const AttentionMap & map : trace.maps) {
        const int rows = map.kind == "encoder_self" ? S : T;
        const int cols = map.kind == "decoder_self" ? T : S;
        EXPECT_EQ(map.rows, rows) << map.kind;
        EXPECT_EQ(map.cols, cols) << map.kind;
        for (int i = 0; i < map.rows; i++) {
            double sum = 0;
            for (int j = 0; j < map.cols; j++) sum += map.at(i, j);
            EXPECT_NEAR(sum, 1.0, 1e-5);
            if (map.kind == "decoder_self") {
                for (int j = i + 1; j < map.cols; j++) ASSERT_EQ(map.at(i, j), 0.0f) << "future position visible";
            }
        }
    }
    ASSERT_EQ(trace.steps.size(), size_t(T));
    for (int t = 0; t < T; t++) {
        EXPECT_EQ(trace.steps[size_t(t)].chosen, r.tokens[size_t(t)]);
        ASSERT_EQ(trace.steps[size_t(t)].top.size(), 5u);
        EXPECT_EQ(trace.steps[size_t(t)].top[0].id, r.tokens[size_t(t)]);  // greedy picks the top-1
        EXPECT_GE(trace.steps[size_t(t)].top[0].prob, trace.steps[size_t(t)].top[4].prob);
    }
    ASSERT_EQ(trace.qkv.size(), 1u);
    const QkvCapture & q = trace.qkv[0];
    EXPECT_EQ(q.dh, c.head_dim());
    EXPECT_EQ(q.q.size(), size_t(T * q.dh));
    EXPECT_EQ(q.k.size(), size_t(S * q.dh));
    EXPECT_FLOAT_EQ(q.scale, 1.0f / std::sqrt(float(c.head_dim())));
    // Recomputing softmax(q·kᵀ·scale) from the captured numbers gives the recorded map: the
    // step-through view shows the real computation.
    const AttentionMap * map = trace.find("cross", 1, 2);
    ASSERT_NE(map, nullptr);
    for (int i = 0; i < T; i++) {
        std::vector<double> s(static_cast<size_t>(S));
        double mx = -INFINITY, sum = 0;
        for (int j = 0; j < S; j++) {
            double dot = 0;
            for (int d = 0; d < q.dh; d++) dot += double(q.q[size_t(i * q.dh + d)]) * q.k[size_t(j * q.dh + d)];
            s[size_t(j)] = dot * q.scale;
            mx = std::max(mx, s[size_t(j)]);
        }
        for (double & v : s) sum += (v = std::exp(v - mx));
        for (int j = 0; j < S; j++) EXPECT_NEAR(s[size_t(j)] / sum, map->at(i, j), 1e-5);
    }
}

TEST(Transformer, BeamOfOneIsGreedyAndWideBeamIsExactSearch) {
    TransformerConfig c = small_config();
    c.tgt_vocab = 6;
    c.src_vocab = 6;
    Transformer m = small_model(c, 11);
    Compute cc(BackendKind::Reference);
    EncoderOutput enc;
    m.encode(cc, {1, 4, 5, 2}, &enc, nullptr);
    const int L = 3;
    const DecodeResult greedy = greedy_decode(cc, m, enc, L);
    const DecodeResult beam1 = beam_decode(cc, m, enc, 1, 0.0f, L);
    EXPECT_EQ(beam1.tokens, greedy.tokens);

    // Exhaustive search over every sequence of up to L tokens (stopping at EOS), scored like beam
    // search: log p / ((5 + |Y|) / 6)^α. A beam of V² keeps every prefix, so it must find the best.
    const float alpha = 0.6f;
    double best = -INFINITY;
    std::vector<int32_t> best_tokens;
    std::function<void(std::vector<int32_t> &, double)> search = [&](std::vector<int32_t> & prefix, double lp) {
        if (!prefix.empty() && (prefix.back() == c.eos_id || int(prefix.size()) == L)) {
            const double score = lp / std::pow((5.0 + double(prefix.size())) / 6.0, double(alpha));
            if (score > best) { best = score; best_tokens = prefix; }
            return;
        }
        std::vector<int32_t> tgt_in{c.bos_id};
        tgt_in.insert(tgt_in.end(), prefix.begin(), prefix.end());
        Tensor logits;
        m.decode_full(cc, enc, tgt_in, &logits, nullptr);
        const float * row = logits.data() + int64_t(prefix.size()) * c.tgt_vocab;
        double mx = -INFINITY, sum = 0;
        for (int v = 0; v < c.tgt_vocab; v++) mx = std::max(mx, double(row[v]));
        for (int v = 0; v < c.tgt_vocab; v++) sum += std::exp(row[v] - mx);
        for (int32_t v = 0; v < c.tgt_vocab; v++) {
            prefix.push_back(v);
            search(prefix, lp + row[v] - mx - std::log(sum));
            prefix.pop_back();
        }
    };
    std::vector<int32_t> prefix;
    search(prefix, 0.0);
    // The exhaustive search writes what the model prefers, repetitions too.
    const DecodeResult wide = beam_decode(cc, m, enc, c.tgt_vocab * c.tgt_vocab, alpha, L, RepeatRule::off());
    EXPECT_EQ(wide.tokens, best_tokens);
    EXPECT_NEAR(wide.score, best, 1e-5);
}

TEST(Transformer, CreateRefusesMissingOrMisshapedWeights) {
    TransformerConfig c = small_config();
    TensorMap w = Transformer::random_weights(c, 1);
    w.erase("decoder/layer_1/cross_attn/k/weight");
    Transformer m;
    Status st = Transformer::create(c, w, &m);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("decoder/layer_1/cross_attn/k/weight"), std::string::npos) << st.message;

    w = Transformer::random_weights(c, 1);
    w["encoder/layer_0/ffn/fc1/weight"] = Tensor({3, 3});
    st = Transformer::create(c, w, &m);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("encoder/layer_0/ffn/fc1/weight"), std::string::npos) << st.message;

    w = Transformer::random_weights(c, 1);
    w["stowaway"] = Tensor({1});
    EXPECT_FALSE(Transformer::create(c, w, &m));
}

TEST(Transformer, SaveLoadRoundTrip) {
    Transformer m = small_model();
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/roundtrip_model.safetensors";
    ASSERT_TRUE(m.save(path));
    Transformer back;
    Status st = Transformer::load(path, &back);
    ASSERT_TRUE(st) << st.message;
    EXPECT_EQ(back.config().to_json(), m.config().to_json());
    for (const auto & [name, t] : m.tensors())
        ASSERT_EQ(max_abs_diff(t.data(), back.tensors().at(name).data(), t.numel()), 0.0) << name;
}

// Stored as F16, a model file is about half the size and every weight is its nearest half
// (relative error at most 2^-11 for normal halves), and it decodes the same tokens.
TEST(Transformer, SavedAsF16IsHalfTheSizeAndCloseToTheOriginal) {
    Transformer m = small_model();
    const std::string full = std::string(ATTN_TEST_OUT_DIR) + "/model_f32.safetensors";
    const std::string half = std::string(ATTN_TEST_OUT_DIR) + "/model_f16.safetensors";
    ASSERT_TRUE(m.save(full));
    ASSERT_TRUE(m.save(half, StoreAs::F16));
    auto size = [](const std::string & p) { std::ifstream f(p, std::ios::binary | std::ios::ate); return double(f.tellg()); };
    EXPECT_LT(size(half), 0.55 * size(full));
    Transformer back;
    ASSERT_TRUE(Transformer::load(half, &back));
    for (const auto & [name, t] : m.tensors()) {
        const Tensor & b = back.tensors().at(name);
        for (int64_t i = 0; i < t.numel(); i++)
            ASSERT_LE(std::fabs(b[i] - t[i]), std::max(std::fabs(t[i]) * 0x1p-11f, 0x1p-25f)) << name << " " << i;
    }
    Compute cc(BackendKind::Reference);
    DecodeOptions opts;
    opts.max_length = 8;
    EXPECT_EQ(translate(cc, back, {5, 6, 7, 2}, opts, nullptr).tokens, translate(cc, m, {5, 6, 7, 2}, opts, nullptr).tokens);
}

} // namespace

namespace {

// Weights files are untrusted: each corruption gives a message, never a crash.
TEST(Transformer, LoadRefusesCorruptFilesWithAMessage) {
    Transformer m = small_model();
    const std::string dir = std::string(ATTN_TEST_OUT_DIR) + "/";
    const std::string good = dir + "corrupt_base.safetensors";
    ASSERT_TRUE(m.save(good));
    WeightsFile file;
    ASSERT_TRUE(load_safetensors(good, &file));
    const std::vector<uint8_t> bytes = serialize_safetensors(file);

    auto write_bytes = [&](const std::string & name, const std::vector<uint8_t> & b) {
        const std::string path = dir + name;
        FILE * f = fopen(path.c_str(), "wb");
        if (!b.empty()) fwrite(b.data(), 1, b.size(), f);  // an empty vector's data() may be null: UB for fwrite (UBSan)
        fclose(f);
        return path;
    };
    auto expect_refused = [&](const std::string & path, const std::string & needle) {
        Transformer out;
        Status st = Transformer::load(path, &out);
        EXPECT_FALSE(st) << path;
        EXPECT_NE(st.message.find(needle), std::string::npos) << "message: " << st.message;
    };

    // 1. truncated in the data; 2. truncated in the header; 3. empty file
    expect_refused(write_bytes("trunc_data.safetensors", {bytes.begin(), bytes.end() - 100}), "trunc_data");
    expect_refused(write_bytes("trunc_header.safetensors", {bytes.begin(), bytes.begin() + 40}), "trunc_header");
    expect_refused(write_bytes("empty.safetensors", {}), "empty");
    // 4. a missing file
    expect_refused(dir + "does_not_exist.safetensors", "does_not_exist");
    // 5. not a model: no format metadata; 6. a config that does not parse; 7. a config that
    // disagrees with the tensors; 8. NaN in a weight; 9. a tensor missing
    WeightsFile f2 = file;
    f2.metadata.erase("format");
    ASSERT_TRUE(save_safetensors(dir + "no_format.safetensors", f2));
    expect_refused(dir + "no_format.safetensors", "format");
    f2 = file;
    f2.metadata["config"] = "{\"d_model\": ";
    ASSERT_TRUE(save_safetensors(dir + "bad_config.safetensors", f2));
    expect_refused(dir + "bad_config.safetensors", "config");
    f2 = file;
    TransformerConfig other = m.config();
    other.d_ff = 48;
    f2.metadata["config"] = other.to_json();
    ASSERT_TRUE(save_safetensors(dir + "mismatch.safetensors", f2));
    expect_refused(dir + "mismatch.safetensors", "ffn/fc1/weight");
    f2 = file;
    std::vector<uint8_t> nan_bytes = serialize_safetensors(f2);
    uint64_t header = 0;  // the little-endian u64 header length
    for (int i = 7; i >= 0; i--) header = header << 8 | nan_bytes[size_t(i)];
    const float nan = NAN;
    std::memcpy(nan_bytes.data() + 8 + header, &nan, 4);  // first value of the first tensor
    expect_refused(write_bytes("nan.safetensors", nan_bytes), "NaN");
    f2 = file;
    f2.tensors.erase("generator/bias");
    ASSERT_TRUE(save_safetensors(dir + "missing.safetensors", f2));
    expect_refused(dir + "missing.safetensors", "generator/bias");
}

} // namespace
