// The Compare panel's runner and data on the shipped models (build/assets): three translations of
// one sentence, RNNencdec's C, RNNsearch's alignment, the timing strip, the BLEU table and its
// incremental recompute, missing files, and the panel drawn headless.
#include "headless_ui.h"
#include "app/runners/compare_runner.h"
#include "app/state_json.h"
#include "app/runners/translation_runner.h"
#include "io/bleu_csv.h"
#include "ui/compare_data.h"
#include "ui/screen_reader.h"
#include "ui/ui.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sys/stat.h>

namespace attn {
namespace {

const char * const kSentence = "the girl who bought a red dress yesterday is my sister";

struct Compared {
    AppState state;
    TranslationRunner translations;
    CompareRunner runner{ATTN_BUILD_ASSETS_DIR};

    explicit Compared(int model = 0, const std::string & sentence = kSentence) {
        translations.load(ATTN_BUILD_ASSETS_DIR, state);
        state.model = model;
        state.set_sentence(sentence, false);
        runner.run(state, translations);
    }
    const CompareState & view() const { return state.compare; }
};

// The RNNs of one language, loaded on their own: their configs say what the view must hold.
RnnConfig rnn_config(const std::string & file) {
    Translator t;
    const Status s = Translator::load(std::string(ATTN_BUILD_ASSETS_DIR) + "/models/" + file, &t);
    EXPECT_TRUE(s.ok) << s.message;
    return t.rnn().config();
}

TEST(CompareRunner, ThreeTranslationsOfOneSentence) {
    for (int model = 0; model < 2; model++) {
        Compared c(model);
        const CompareState & v = c.view();
        ASSERT_TRUE(v.ready) << attn::english(v.message);
        EXPECT_EQ(v.sentence, kSentence);
        EXPECT_EQ(v.language, model == 0 ? "zh_TW" : "de");
        // The three read the same pieces: the Transformer's own encoding of the sentence, then </s>.
        Translator transformer;
        ASSERT_TRUE(Translator::load(std::string(ATTN_BUILD_ASSETS_DIR) + "/models/en-" + v.language + ".safetensors",
                                     &transformer).ok);
        Compute cc = Compute::fastest();
        DecodeOptions one_token;
        one_token.max_length = 1;
        const Translation pieces = transformer.translate(cc, kSentence, one_token, nullptr);
        ASSERT_EQ(v.source.size(), pieces.source_ids.size());
        EXPECT_GE(v.source.size(), 12u);  // at least the 11 words and </s>
        EXPECT_EQ(v.source.back(), "</s>");
        for (int i = 0; i < kCompareModels; i++) {
            const ComparedTranslation & t = v.models[i];
            SCOPED_TRACE(compare_title(CompareModel(i)));
            ASSERT_TRUE(t.ok()) << attn::english(t.error);
            EXPECT_FALSE(t.display.empty());
            EXPECT_FALSE(t.outputs.empty());
            EXPECT_EQ(t.probabilities.size(), t.outputs.size());
            for (float p : t.probabilities) EXPECT_TRUE(p > 0 && p <= 1) << p;
            EXPECT_GT(t.parameters, 10000);
            EXPECT_GT(t.encoder_ms, 0);
        }
        // The architectures really are the three the columns name.
        const nlohmann::json j = nlohmann::json::parse(app_state_json(c.state));
        ASSERT_EQ(j["compare"]["models"].size(), 3u);
        EXPECT_EQ(j["compare"]["models"][0]["architecture"], "rnn_encdec");
        EXPECT_EQ(j["compare"]["models"][1]["architecture"], "rnn_search");
        EXPECT_EQ(j["compare"]["models"][2]["architecture"], "transformer");
        EXPECT_EQ(j["compare"]["models"][2]["display"], v[CompareModel::Transformer].display);
    }
}

TEST(CompareRunner, TheTransformerColumnIsThePlaygroundsTranslation) {
    Compared c;
    c.translations.run(c.state);  // greedy, like the Compare panel
    EXPECT_EQ(c.view()[CompareModel::Transformer].display, c.state.translation.display);
}

TEST(CompareRunner, EncDecContextVectorHasOneValuePerHiddenUnit) {
    Compared c;
    const int n = rnn_config("rnn_encdec-en-zh_TW.safetensors").hidden;
    ASSERT_EQ(int(c.view().context_c.size()), n);
    // A GRU state: every unit within [-1, 1] (tanh may round to ±1 in float), and not all zero.
    double sum_abs = 0;
    for (float x : c.view().context_c) {
        EXPECT_LE(std::fabs(x), 1.0f);
        sum_abs += std::fabs(x);
    }
    EXPECT_GT(sum_abs, 0);
}

// The screen-reader text of the Compare panel: the three translations and what C is.
TEST(CompareRunner, ScreenReaderTextHasTheTranslationsAndC) {
    Compared c;
    c.state.show_compare = true;
    const std::vector<ReaderSection> text = screen_reader_text(c.state);
    const auto it = std::find_if(text.begin(), text.end(), [](const ReaderSection & r) { return r.heading.rfind("Compare", 0) == 0; });
    ASSERT_NE(it, text.end());
    for (int m = 0; m < kCompareModels; m++) {
        const std::string line = std::string(compare_title(CompareModel(m))) + ": " + c.view().models[m].display;
        EXPECT_NE(std::find(it->lines.begin(), it->lines.end(), line), it->lines.end()) << line;
    }
    const std::string size = std::to_string(c.view().context_c.size()) + " numbers";
    EXPECT_TRUE(std::any_of(it->lines.begin(), it->lines.end(), [&](const std::string & l) { return l.find(size) != std::string::npos; }))
        << "no line says C has " << size;
}

TEST(CompareRunner, SearchAlignmentRowsSumToOne) {
    Compared c(1);
    const CompareState & v = c.view();
    const AttentionMap & a = v.alignment;
    ASSERT_EQ(a.rows, int(v[CompareModel::RnnSearch].outputs.size()));  // a row per output token
    ASSERT_EQ(a.cols, int(v.source.size()));                            // a column per source token
    for (int r = 0; r < a.rows; r++) {
        double sum = 0;
        for (int col = 0; col < a.cols; col++) {
            EXPECT_GE(a.at(r, col), 0.0f);
            sum += a.at(r, col);
        }
        EXPECT_NEAR(sum, 1.0, 1e-5) << "row " << r;
    }
}

TEST(CompareRunner, CrossAttentionDefaultsToTheMeanOfTheLastLayer) {
    Compared c;
    const CompareState & v = c.view();
    ASSERT_GT(v.transformer_layers, 0);
    EXPECT_EQ(compare_cross_layer(v), v.transformer_layers - 1);
    std::vector<float> mean;
    const AttentionMatrix m = compare_cross_matrix(v, &mean);
    ASSERT_NE(m.values, nullptr);
    EXPECT_EQ(m.rows, int(v[CompareModel::Transformer].outputs.size()));
    EXPECT_EQ(m.cols, int(v.source.size()));
    // The mean of the heads is what the heads average to, cell by cell.
    const AttentionMap * h0 = nullptr;
    for (const AttentionMap & map : v.cross)
        if (map.layer == v.transformer_layers - 1 && map.head == 0) h0 = &map;
    ASSERT_NE(h0, nullptr);
    double manual = 0;
    int heads = 0;
    for (const AttentionMap & map : v.cross)
        if (map.layer == v.transformer_layers - 1) manual += map.at(0, 0), heads++;
    EXPECT_EQ(heads, v.transformer_heads);
    EXPECT_NEAR(m.values[0], manual / heads, 1e-6);
}

TEST(CompareRunner, TimingStripHasOneStepPerSourceToken) {
    Compared c;
    const std::vector<TimingLane> lanes = compare_timing_lanes(c.view());
    ASSERT_EQ(lanes.size(), 3u);
    for (int i = 0; i < 2; i++) {  // the RNNs: one sequential step per source token
        EXPECT_EQ(lanes[size_t(i)].ms.size(), c.view().source.size()) << lanes[size_t(i)].label;
        EXPECT_EQ(lanes[size_t(i)].box_labels, c.view().source);
        for (double ms : lanes[size_t(i)].ms) EXPECT_GE(ms, 0);
    }
    ASSERT_EQ(lanes[2].ms.size(), 1u);  // the Transformer: one parallel pass
    EXPECT_DOUBLE_EQ(lanes[2].ms[0], c.view()[CompareModel::Transformer].encoder_ms);
}

TEST(CompareRunner, MissingModelFilesGiveAMessage) {
    // The Transformers are there, the RNNs are not: the two RNN columns say which file is missing.
    const std::string empty = std::string(ATTN_TEST_OUT_DIR) + "/compare-no-rnns";
    mkdir(ATTN_TEST_OUT_DIR, 0755);
    mkdir(empty.c_str(), 0755);
    AppState s;
    TranslationRunner translations;
    translations.load(ATTN_BUILD_ASSETS_DIR, s);
    CompareRunner runner(empty);
    runner.run(s, translations);
    const CompareState & v = s.compare;
    ASSERT_TRUE(v.ready);
    EXPECT_NE(attn::english(v[CompareModel::RnnEncDec].error).find("rnn_encdec-en-zh_TW.safetensors was not found"), std::string::npos)
        << attn::english(v[CompareModel::RnnEncDec].error);
    EXPECT_NE(attn::english(v[CompareModel::RnnSearch].error).find("rnn_search-en-zh_TW.safetensors was not found"), std::string::npos);
    EXPECT_TRUE(v[CompareModel::Transformer].ok());
    EXPECT_FALSE(v.bleu.shipped_error.empty());
    // Recomputing needs all three: a message, not a crash.
    s.show_compare = true;
    s.compare.bleu.recompute_requested = true;
    runner.update(s, translations, 1e9);
    EXPECT_FALSE(s.compare.bleu.recompute_error.empty());
    EXPECT_FALSE(runner.busy(s));

    // No models at all.
    AppState none;
    TranslationRunner nothing;
    nothing.load("/nonexistent", none);
    CompareRunner("/nonexistent").run(none, nothing);
    EXPECT_FALSE(none.compare.ready);
    EXPECT_NE(attn::english(none.compare.message).find("No translation model"), std::string::npos);
}

TEST(BleuCsv, TheShippedTableHasEveryShippedModel) {
    BleuTable t;
    const Status s = read_bleu_csv(std::string(ATTN_BUILD_ASSETS_DIR) + "/models/bleu-by-length.csv", &t);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_GE(t.buckets.size(), 8u);
    for (const char * lang : {"zh_TW", "de"})
        for (int m = 0; m < kCompareModels; m++) {
            std::string stem = CompareRunner::model_file(CompareModel(m), lang);
            stem = stem.substr(0, stem.rfind('.'));
            EXPECT_NE(t.column(stem), nullptr) << stem;
        }
    Compared c;
    EXPECT_TRUE(c.view().bleu.shipped_error.empty()) << attn::english(c.view().bleu.shipped_error);
    EXPECT_EQ(c.view().bleu.shipped.series.size(), 3u);
}

TEST(CompareRunner, RecomputeRunsAFewSentencesPerFrame) {
    Compared c;
    c.state.show_compare = true;
    c.state.compare.bleu.recompute_requested = true;
    float last = -1;
    int frames = 0;
    do {
        c.runner.update(c.state, c.translations, 1e9);
        const CompareBleu & b = c.state.compare.bleu;
        ASSERT_TRUE(b.recompute_error.empty()) << attn::english(b.recompute_error);
        EXPECT_GE(b.progress, last);
        last = b.progress;
        ASSERT_LT(++frames, 10000);
    } while (c.state.compare.bleu.running);
    EXPECT_GT(frames, 2);  // spread over frames, not done in one
    const CompareBleu & b = c.state.compare.bleu;
    EXPECT_EQ(b.sentences, 80);
    EXPECT_TRUE(b.show_recomputed);
    ASSERT_EQ(b.recomputed.series.size(), 3u);
    EXPECT_EQ(b.recomputed.categories.size(), 8u);
    for (const LineSeries & s : b.recomputed.series) {
        ASSERT_EQ(s.values.size(), 8u);
        for (double v : s.values) EXPECT_TRUE(v >= 0 && v <= 100) << s.label << " " << v;
    }
    EXPECT_FALSE(c.runner.busy(c.state));
}

TEST(PanelCompare, DrawsEveryStateWithoutAsserting) {
    HeadlessUi ui;
    Compared c;
    c.state.show_compare = true;
    c.state.compare.cross_head = 1;
    ui.frames(c.state, 3);
    EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 3000);
    c.state.compare.cross_head = -1;
    c.state.compare.bleu.running = true;  // the progress bar instead of the button
    ui.frames(c.state, 2);
    // Missing RNNs and a message only.
    AppState s;
    TranslationRunner translations;
    translations.load(ATTN_BUILD_ASSETS_DIR, s);
    CompareRunner("/nonexistent").run(s, translations);
    s.show_compare = true;
    ui.frames(s, 2);
    s.compare = CompareState{};
    s.compare.message = {"Downloading…", {}};
    ui.frames(s, 2);
}

// The browser's <input> follows sentence_rect: covered by the Compare panel, it must report none.
TEST(PanelCompare, HidesTheSentenceBoxItCovers) {
    HeadlessUi ui;
    AppState s;
    ui.frames(s, 3);
    EXPECT_GT(s.sentence_rect.w, 0);
    s.show_compare = true;
    ui.frames(s, 3);
    EXPECT_EQ(s.sentence_rect.w, 0);
    s.show_compare = false;
    ui.frames(s, 2);
    EXPECT_GT(s.sentence_rect.w, 0);
}

} // namespace
} // namespace attn
