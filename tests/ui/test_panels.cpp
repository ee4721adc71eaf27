// Every panel drawn for a few frames with a real translation, in every attention kind and view,
// headless (no window, no GL). ImGui asserts on API misuse (unbalanced Begin/End, ID clashes in
// tables), so drawing without an abort is the test; the checks below make sure there was
// something to draw.
#include "headless_ui.h"
#include "app/state_json.h"
#include "app/runners/translation_runner.h"
#include "ui/ui.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <nlohmann/json.hpp>

#include <filesystem>

namespace {

TEST(Panels, EveryPanelAndViewDraws) {
    attn::HeadlessUi ui(1280, 720);
    attn::AppState s;
    attn::TranslationRunner runner;
    runner.load(ATTN_BUILD_ASSETS_DIR, s);
    ASSERT_FALSE(s.model_names.empty()) << attn::english(s.translation.error);
    s.show_architecture = true;
    s.set_sentence("the girl who bought a red dress yesterday is my sister", false);
    for (int model = 0; model < int(s.model_names.size()); model++) {
        s.model = model;
        for (int kind = 0; kind < 3; kind++) {
            for (int view = 0; view < 3; view++) {
                s.attention.kind = attn::AttentionKind(kind);
                s.attention.layer = 1;
                s.attention.head = view == 1 ? -1 : 1;
                s.attention.view = view;
                runner.run(s);
                ASSERT_TRUE(s.translation.ready);
                ui.frames(s, 3);
                EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 1000);
            }
        }
    }
    const nlohmann::json j = nlohmann::json::parse(attn::app_state_json(s));
    EXPECT_EQ(j["sentence"], s.sentence);
    EXPECT_GT(j["map"]["rows"].get<int>(), 0);
    ASSERT_TRUE(j.contains("step"));
    // The step-through's softmax is the map's row (native counterpart of the browser check).
    const int q = j["step"]["query"], cols = j["map"]["cols"];
    for (int c = 0; c < cols; c++)
        EXPECT_NEAR(j["step"]["weights"][size_t(c)].get<float>(), j["map"]["values"][size_t(q * cols + c)].get<float>(), 1e-5);
}

TEST(Panels, HostileSentencesDraw) {
    attn::HeadlessUi ui(1280, 720);
    attn::AppState s;
    attn::TranslationRunner runner;
    runner.load(ATTN_BUILD_ASSETS_DIR, s);
    std::string huge;
    for (int i = 0; i < 400; i++) huge += "dog ";
    for (const std::string & text : {std::string(""), std::string("\xff\xfe binary \x01"), std::string("注意力機制"), huge}) {
        s.set_sentence(text, true);
        runner.run(s);
        ui.frames(s, 2);
        EXPECT_TRUE(s.translation.ready);
    }
}

// Each translator has its own slot: with one file missing, the other still translates, and
// choosing the missing one says which file and why, instead of translating with the other.
TEST(Panels, OneMissingTranslatorIsNamedAndTheOtherWorks) {
    const std::string dir = std::string(ATTN_TEST_OUT_DIR) + "/one-translator";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir + "/models");
    std::filesystem::copy_file(std::string(ATTN_BUILD_ASSETS_DIR) + "/models/en-de.safetensors", dir + "/models/en-de.safetensors");
    attn::HeadlessUi ui(1280, 720);
    attn::AppState s;
    attn::TranslationRunner runner;
    runner.load(dir, s);
    ASSERT_EQ(s.model_names.size(), 2u);
    s.set_sentence("the dog", false);
    s.model = 0;
    runner.run(s);
    EXPECT_FALSE(s.translation.ready);
    EXPECT_NE(attn::english(s.translation.error).find("en-zh_TW.safetensors"), std::string::npos)
        << attn::english(s.translation.error);
    EXPECT_EQ(runner.current(s), nullptr);
    ui.frames(s, 2);
    s.model = 1;
    runner.run(s);
    EXPECT_TRUE(s.translation.ready) << attn::english(s.translation.error);
    EXPECT_TRUE(s.translation.error.empty());
    ASSERT_NE(runner.current(s), nullptr);
    EXPECT_EQ(runner.current(s)->target_language(), "de");
    ui.frames(s, 2);
}

TEST(Panels, MissingModelsGiveAMessage) {
    attn::HeadlessUi ui(1280, 720);
    attn::AppState s;
    attn::TranslationRunner runner;
    runner.load("/nonexistent", s);
    EXPECT_TRUE(s.model_names.empty());
    EXPECT_NE(attn::english(s.translation.error).find("No translation model"), std::string::npos);
    ui.frames(s, 2);
}

} // namespace
