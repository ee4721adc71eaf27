// The screen-reader text of what the canvas shows (ui/screen_reader.h), on the shipped German
// translator: the translation, and for the map on screen the three words each output word
// attends to most, in the interface language; it follows a change of sentence and of head.
#include "app/runners/translation_runner.h"
#include "headless_ui.h"
#include "ui/screen_reader.h"

#include <gtest/gtest.h>
#include <imgui_internal.h>  // the heatmap's window and ID, to give it the keyboard focus

namespace attn {
namespace {

std::string all_lines(const std::vector<ReaderSection> & sections) {
    std::string out;
    for (const ReaderSection & s : sections) {
        out += "# " + s.heading + "\n";
        for (const std::string & l : s.lines) out += l + "\n";
    }
    return out;
}

TEST(ScreenReader, TopAttendedWordsLargestFirst) {
    const float row[] = {0.05f, 0.7f, 0.0f, 0.25f};
    EXPECT_EQ(top_attended(row, 4, {"the", "cat", "sat", "."}, 3), "cat 0.70, . 0.25, the 0.05");
    EXPECT_EQ(top_attended(row, 2, {"the", "cat"}, 3), "cat 0.70, the 0.05");  // fewer keys than asked
    EXPECT_EQ(top_attended(row, 4, {"the"}, 2), "? 0.70, ? 0.25");            // keys missing: never out of range
}

TEST(ScreenReader, SaysTheTranslationAndWhereEachWordLooked) {
    AppState s;
    TranslationRunner translations;
    translations.load(ATTN_BUILD_ASSETS_DIR, s);
    s.model = 1;  // English → Deutsch
    s.attention = AttentionSelection{};
    s.attention.kind = AttentionKind::Cross;
    s.attention.layer = 2;
    s.attention.head = 0;  // the guided head
    s.attention.words = true;
    s.set_sentence("my mother is cooking in the kitchen .", false);
    translations.run(s);
    ASSERT_TRUE(s.translation.ready) << english(s.translation.error);
    std::string text = all_lines(screen_reader_text(s));
    EXPECT_NE(text.find("Translation: " + s.translation.display), std::string::npos) << text;
    EXPECT_NE(text.find("Where each word looked: Encoder-decoder (cross) attention, layer 2, head 0"), std::string::npos) << text;
    EXPECT_NE(text.find("\nMutter: mother "), std::string::npos) << text;
    EXPECT_NE(text.find("\nKüche.: kitchen "), std::string::npos) << text;

    // The step-through's row: its scores divided by √64 = 8 and its softmax, the heatmap's row.
    s.show_step = true;
    s.attention.query = 1;
    translations.run(s);
    text = all_lines(screen_reader_text(s));
    EXPECT_NE(text.find("(row 1) over "), std::string::npos) << text;
    EXPECT_NE(text.find("divided by √d_k = √64 = 8.00"), std::string::npos) << text;
    EXPECT_NE(text.find("\nscores q·k/√d_k: "), std::string::npos) << text;
    EXPECT_NE(text.find("\nsoftmax: "), std::string::npos) << text;

    // Another head, another sentence: the text follows.
    s.attention.head = -1;
    s.set_sentence("we are watching a movie .", false);
    translations.run(s);
    text = all_lines(screen_reader_text(s));
    EXPECT_NE(text.find("Translation: " + s.translation.display), std::string::npos) << text;
    EXPECT_NE(text.find("layer 2, mean of heads"), std::string::npos) << text;
    EXPECT_EQ(text.find("Mutter"), std::string::npos) << text;

    // In Chinese, with the Chinese interface.
    ASSERT_TRUE(load_ui_catalogues(ATTN_BUILD_ASSETS_DIR).ok);
    set_ui_language(UiLanguage::TraditionalChinese);
    text = all_lines(screen_reader_text(s));
    set_ui_language(UiLanguage::English);
    EXPECT_NE(text.find("翻譯結果：" + s.translation.display), std::string::npos) << text;
    EXPECT_NE(text.find("每個字看向哪裡："), std::string::npos) << text;
}

// The keyboard: with the heatmap focused, the arrow keys move a cell cursor (the text names the
// cell and its weight), and Enter opens the cursor's row in the step-through.
TEST(ScreenReader, KeyboardCursorOverTheHeatmap) {
    AppState s;
    TranslationRunner translations;
    translations.load(ATTN_BUILD_ASSETS_DIR, s);
    s.model = 1;
    s.attention.kind = AttentionKind::DecoderSelf;
    s.attention.layer = 2;
    s.attention.head = 1;
    s.set_sentence("we are watching a movie .", false);
    translations.run(s);
    ASSERT_TRUE(s.translation.ready);
    s.show_translate = s.show_architecture = s.show_compare = s.show_image = s.show_about = false;
    s.show_attention = true;
    s.show_step = false;

    HeadlessUi ui;
    ImGuiIO & io = ImGui::GetIO();
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    for (int k = 0; k < ImGuiKey_COUNT; k++)
        io.KeyMap[k] = 10 + k;  // every key an index of its own (no platform backend here)
    ui.frames(s, 3);
    ImGuiWindow * heat = nullptr;
    for (ImGuiWindow * w : ImGui::GetCurrentContext()->Windows)
        if (std::string(w->Name).find("/##heat_") != std::string::npos) heat = w;
    ASSERT_NE(heat, nullptr);
    const ImGuiID id = heat->GetID("##heatmap");
    auto press = [&](ImGuiKey key) {  // a frame with the key down while the map has the focus, then one with it up
        for (bool down : {true, false}) {
            io.KeysDown[io.KeyMap[key]] = down;
            io.DeltaTime = 1.0f / 60.0f;
            ImGui::NewFrame();
            ImGui::SetFocusID(id, heat);
            draw_ui(s);
            ImGui::Render();
        }
    };
    press(ImGuiKey_DownArrow);  // the cursor appears at the first cell
    EXPECT_EQ(s.attention.highlight_row, 0);
    EXPECT_EQ(s.attention.highlight_col, 0);
    press(ImGuiKey_DownArrow);
    press(ImGuiKey_DownArrow);
    press(ImGuiKey_RightArrow);
    EXPECT_EQ(s.attention.highlight_row, 2);
    EXPECT_EQ(s.attention.highlight_col, 1);
    for (int i = 0; i < 50; i++) press(ImGuiKey_RightArrow);  // stops at the last column
    const int cols = int(s.translation.outputs.size());  // decoder self-attention: <s> and the outputs but the last
    EXPECT_EQ(s.attention.highlight_col, cols - 1);
    std::string text = all_lines(screen_reader_text(s));
    EXPECT_NE(text.find("Selected cell: "), std::string::npos) << text;
    press(ImGuiKey_Enter);  // the row in the step-through
    EXPECT_TRUE(s.show_step);
    EXPECT_EQ(s.attention.query, 2);
    text = all_lines(screen_reader_text(s));
    EXPECT_NE(text.find("(row 2) over "), std::string::npos) << text;
}

} // namespace
} // namespace attn
