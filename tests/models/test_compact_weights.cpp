// Compact weights against float32: each shipped translator (trained in float32, shipped as F16)
// loaded widened to float32, against the same weights stored as F16 and as I8 with per-row scales
// (io/safetensors.h) and loaded back with their matrices kept compact (so the kernels that widen
// as they read are what runs), on the committed 300-sentence sample. The quality gates, which F16
// (the format the app ships) must meet:
//   - BLEU within 0.3 and exact match within 1 point of the widened model's;
//   - where both write the same tokens, every attention weight within 0.02 (reported per kind and
//     layer);
//   - the tensors at most 51% of the same weights' float32 bytes (I8: 28%); the header, the same
//     metadata in every storage, is left out (the subword pieces make it 2% of an RNN's F16 file).
// I8 misses them (attention weights up to 0.087 apart on the Transformers and RNNsearch,
// BLEU 0.35 apart on two RNNs: docs/models.md), so it is not shipped; its looser bounds here
// (BLEU 1, exact match 2 points, attention 0.1) only catch a regression. The Transformers ship as
// F16 with their last decoder layer's feed-forward matrices in I8 ("F16+I8-last-FFN"), which
// must meet F16's gates.
#include "io/safetensors.h"
#include "models/image_classifier.h"
#include "train/image_train.h"
#include "translation_sample.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

using namespace attn;

namespace {

const std::string kModels = std::string(ATTN_SOURCE_DIR) + "/assets/models/";

uint64_t file_size(const std::string & path) {
    struct stat info;
    return ::stat(path.c_str(), &info) == 0 ? uint64_t(info.st_size) : 0;
}

// The bytes of a safetensors file's tensors: the file less its 8-byte length and JSON header,
// which holds the same metadata (config, pieces, manifest) whatever the storage.
uint64_t tensor_bytes(const std::string & path) {
    std::ifstream f(path, std::ios::binary);
    uint64_t header = 0;
    f.read(reinterpret_cast<char *>(&header), sizeof header);
    return f ? file_size(path) - 8 - header : 0;
}

std::vector<Translation> translate_all(Compute & cc, const Translator & t, const std::vector<EvalItem> & items,
                                       std::vector<AttentionTrace> * traces) {
    std::vector<Translation> out;
    traces->assign(items.size(), {});
    for (size_t i = 0; i < items.size(); i++) out.push_back(t.translate(cc, items[i].source, {}, &(*traces)[i]));
    return out;
}

// The largest attention-weight difference per map kind and layer, over the sentences both models
// translate to the same tokens (maps of different outputs have different rows).
std::map<std::string, float> worst_by_layer(const std::vector<Translation> & a, const std::vector<AttentionTrace> & ta,
                                            const std::vector<Translation> & b, const std::vector<AttentionTrace> & tb) {
    std::map<std::string, float> worst;
    for (size_t i = 0; i < a.size(); i++) {
        if (a[i].output_ids != b[i].output_ids) continue;
        for (const AttentionMap & m : ta[i].maps) {
            if (m.kind == "alignment_energy") continue;  // scores, not weights: the alignment made from them is compared
            const AttentionMap * n = tb[i].find(m.kind, m.layer, m.head);
            EXPECT_TRUE(n && n->values.size() == m.values.size()) << m.kind << " layer " << m.layer;
            if (!n || n->values.size() != m.values.size()) continue;
            float & w = worst[m.kind + " layer " + std::to_string(m.layer)];
            for (size_t k = 0; k < m.values.size(); k++) w = std::max(w, std::fabs(m.values[k] - n->values[k]));
        }
    }
    return worst;
}

void check_compact(const std::string & model, const std::string & lang) {
#ifdef __EMSCRIPTEN__
    GTEST_SKIP() << "thousands of translations take minutes under node; the native run checks the gates";
#endif
    const std::string path = kModels + model + "-" + lang + ".safetensors";
    WeightsFile weights;
    Status s = load_safetensors(path, &weights);
    ASSERT_TRUE(s.ok) << s.message;
    Translator full;
    ASSERT_TRUE(Translator::load(path, &full).ok);
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);
    const std::string f32_path = std::string(ATTN_TEST_OUT_DIR) + "/" + model + "-" + lang + "-F32.safetensors";
    weights.store_as = StoreAs::F32;
    s = save_safetensors(f32_path, weights);
    ASSERT_TRUE(s.ok) << s.message;
    const std::vector<EvalItem> items = translation_sample(lang);
    ASSERT_EQ(items.size(), 300u);
    Compute cc = Compute::fastest();
    const TranslationEval base = evaluate_translator(cc, full, items, DecodeOptions{}, false);
    std::vector<AttentionTrace> base_traces;
    const std::vector<Translation> base_out = translate_all(cc, full, items, &base_traces);

    struct Storage {
        StoreAs store_as;
        std::vector<std::string> i8_only;
        const char * name;
        double max_ratio, bleu_gap, exact_gap;
        float max_attention;
    };
    std::vector<Storage> storages{{StoreAs::F16, {}, "F16", 0.51, 0.3, 0.01, 0.02f},
                                  {StoreAs::I8, {}, "I8", 0.28, 1.0, 0.02, 0.1f}};
    if (weights.tensors.count("encoder/layer_0/ffn/fc1/weight")) {  // a Transformer: what ships
        int last = 0;
        while (weights.tensors.count("decoder/layer_" + std::to_string(last + 1) + "/ffn/fc1/weight")) last++;
        storages.push_back({StoreAs::I8, {"decoder/layer_" + std::to_string(last) + "/ffn/"}, "F16+I8-last-FFN", 0.49,
                            0.3, 0.01, 0.02f});
    }
    for (const auto & [store_as, i8_only, name, max_ratio, bleu_gap, exact_gap, max_attention] : storages) {
        SCOPED_TRACE(model + "-" + lang + " " + name);
        weights.store_as = store_as;
        weights.i8_only = i8_only;
        const std::string small_path = std::string(ATTN_TEST_OUT_DIR) + "/" + model + "-" + lang + "-" + name + ".safetensors";
        s = save_safetensors(small_path, weights);
        ASSERT_TRUE(s.ok) << s.message;
        const double ratio = double(tensor_bytes(small_path)) / double(tensor_bytes(f32_path));
        EXPECT_LE(ratio, max_ratio);
        Translator small;
        s = Translator::load(small_path, &small, /*keep_compact=*/true);  // the kernels read F16/I8 in place
        ASSERT_TRUE(s.ok) << s.message;
        const TranslationEval e = evaluate_translator(cc, small, items, DecodeOptions{}, false);
        std::vector<AttentionTrace> traces;
        const std::vector<Translation> out = translate_all(cc, small, items, &traces);
        std::printf("%s-%s %s: %.3f of the tensor bytes; BLEU %.2f (F32 %.2f), exact %.1f%% (F32 %.1f%%)\n", model.c_str(),
                    lang.c_str(), name, ratio, e.bleu, base.bleu, 100 * e.exact_match, 100 * base.exact_match);
        EXPECT_NEAR(e.bleu, base.bleu, bleu_gap);
        EXPECT_NEAR(e.exact_match, base.exact_match, exact_gap);
        const std::map<std::string, float> worst = worst_by_layer(base_out, base_traces, out, traces);
        const bool has_maps = std::any_of(base_traces.begin(), base_traces.end(),
                                          [](const AttentionTrace & t) { return !t.maps.empty(); });
        EXPECT_EQ(worst.empty(), !has_maps);  // RNNencdec has no attention to compare
        for (const auto & [where, w] : worst) {
            std::printf("  %-22s largest attention-weight difference %.2e\n", where.c_str(), w);
            EXPECT_LE(w, max_attention) << where;
        }
    }
}

} // namespace

TEST(CompactWeights, TransformerToChinese) { check_compact("en", "zh_TW"); }
TEST(CompactWeights, TransformerToGerman) { check_compact("en", "de"); }
TEST(CompactWeights, RnnSearchToChinese) { check_compact("rnn_search-en", "zh_TW"); }
TEST(CompactWeights, RnnSearchToGerman) { check_compact("rnn_search-en", "de"); }
TEST(CompactWeights, RnnEncDecToChinese) { check_compact("rnn_encdec-en", "zh_TW"); }
TEST(CompactWeights, RnnEncDecToGerman) { check_compact("rnn_encdec-en", "de"); }

// The image classifiers: test accuracy on all 10,000 Fashion-MNIST test images within 0.1 point
// of the float32 file's (the gate), in F16 and in I8. Measured: F16 93.27% / 93.41% against
// 93.26% / 93.39%, I8 93.27% / 93.33%: both pass.
TEST(CompactWeights, ImageClassifiersKeepTheirAccuracy) {
#ifdef __EMSCRIPTEN__
    GTEST_SKIP() << "60,000 classifications take minutes under node; the native run checks the gate";
#endif
    ImageSet test;
    ASSERT_TRUE(load_image_set(kFashionMnistDir, "t10k", kFashionClasses, &test).ok) << "dataset-fashion-mnist installed?";
    Compute cc = Compute::fastest();
    for (const char * name : {"resnet-fashion", "resnet_cbam-fashion"}) {
        const std::string path = kModels + name + ".safetensors";
        ImageClassifier full;
        ASSERT_TRUE(ImageClassifier::load(path, &full).ok);
        CnnModel full_model = full.model();
        const double base = evaluate_classifier(cc, full_model, test).accuracy();
        WeightsFile weights;
        ASSERT_TRUE(load_safetensors(path, &weights).ok);
        for (const auto & [store_as, format] : {std::pair{StoreAs::F16, "F16"}, std::pair{StoreAs::I8, "I8"}}) {
            weights.store_as = store_as;
            ::mkdir(ATTN_TEST_OUT_DIR, 0755);
            const std::string small_path = std::string(ATTN_TEST_OUT_DIR) + "/" + name + "-" + format + ".safetensors";
            ASSERT_TRUE(save_safetensors(small_path, weights).ok);
            ImageClassifier small;
            const Status s = ImageClassifier::load(small_path, &small);
            ASSERT_TRUE(s.ok) << s.message;
            CnnModel small_model = small.model();
            const double accuracy = evaluate_classifier(cc, small_model, test).accuracy();
            std::printf("%s %s: %.3f of the file, test accuracy %.2f%% (float32 %.2f%%)\n", name, format,
                        double(file_size(small_path)) / double(file_size(path)), 100 * accuracy, 100 * base);
            EXPECT_NEAR(accuracy, base, 0.001) << name << " " << format;
        }
    }
}
