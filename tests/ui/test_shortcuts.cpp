// The keyboard shortcuts (ui/shortcuts.h) and a whole task done with the keyboard only, in the
// real UI drawn headless: choose the decoder's masked self-attention, layer 2 and head 1, move to
// a cell, open its row in the step-through and read the softmax from the screen-reader text.
#include "headless_ui.h"
#include "app/runners/translation_runner.h"
#include "ui/screen_reader.h"
#include "ui/shortcuts.h"

#include <gtest/gtest.h>
#include <imgui.h>

namespace attn {
namespace {

struct KeyboardOnly {
    AppState s;
    TranslationRunner translations;
    HeadlessUi ui;

    KeyboardOnly() {
        translations.load(ATTN_BUILD_ASSETS_DIR, s);
        s.model = 1;
        s.set_sentence("we are watching a movie .", false);
        translations.run(s);
        ImGuiIO & io = ImGui::GetIO();
        io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
        for (int k = 0; k < ImGuiKey_COUNT; k++) io.KeyMap[k] = 10 + k;  // no platform backend here
    }
    // One frame as the app draws it: the typed characters and keys, then a translation if asked.
    void frame(const char * typed = "", ImGuiKey key = ImGuiKey_COUNT, bool down = false) {
        ImGuiIO & io = ImGui::GetIO();
        for (const char * c = typed; *c; c++) io.AddInputCharacter(ImWchar(*c));
        if (key != ImGuiKey_COUNT) io.KeysDown[io.KeyMap[key]] = down;
        ui.frames(s, 1);
        if (s.translate_requested) translations.run(s);
    }
    void press(ImGuiKey key) {
        frame("", key, true);
        frame("", key, false);
    }
};

std::string all_text(const AppState & s) {
    std::string out;
    for (const ReaderSection & r : screen_reader_text(s)) {
        out += r.heading + "\n";
        for (const std::string & l : r.lines) out += l + "\n";
    }
    return out;
}

TEST(Shortcuts, TypedCharactersChooseKindLayerHeadAndPanels) {
    KeyboardOnly k;
    k.frame();
    EXPECT_EQ(k.s.attention.kind, AttentionKind::Cross);
    k.frame("2");
    EXPECT_EQ(k.s.attention.kind, AttentionKind::DecoderSelf);
    k.frame("1");
    EXPECT_EQ(k.s.attention.kind, AttentionKind::EncoderSelf);
    k.frame("]]]]]]]]");
    k.frame();
    EXPECT_EQ(k.s.attention.layer, k.s.translation.config.encoder_layers - 1) << "clamped to the model";
    k.frame("[");
    EXPECT_EQ(k.s.attention.layer, k.s.translation.config.encoder_layers - 2);
    EXPECT_EQ(k.s.attention.head, -1);
    k.frame("..");
    EXPECT_EQ(k.s.attention.head, 1);
    k.frame(",,,,");
    EXPECT_EQ(k.s.attention.head, -1) << "the mean, before the first head";
    k.frame(".m");
    EXPECT_EQ(k.s.attention.head, -1);
    EXPECT_FALSE(k.s.show_shortcuts);
    k.frame("?");
    EXPECT_TRUE(k.s.show_shortcuts);
    k.frame("?");
    EXPECT_FALSE(k.s.show_shortcuts);
    const bool step = k.s.show_step;
    k.frame("s");
    EXPECT_NE(k.s.show_step, step);
    k.frame("t");
    EXPECT_TRUE(k.s.show_train);
    k.frame("x");  // not a shortcut: nothing changes
    EXPECT_TRUE(k.s.show_train);
}

TEST(Shortcuts, NothingHappensWhileATextFieldHasTheKeyboard) {
    KeyboardOnly k;
    k.frame();
    ImGui::GetIO().WantTextInput = true;  // as while the sentence box or a number field is being typed in
    ImGui::GetIO().AddInputCharacter('2');
    EXPECT_FALSE(handle_shortcuts(k.s));
    EXPECT_EQ(k.s.attention.kind, AttentionKind::Cross);
}

TEST(Shortcuts, AWholeTaskWithTheKeyboardOnly) {
    KeyboardOnly k;
    k.s.show_step = false;
    k.frame();
    k.frame("2]].");  // masked self-attention, layer 2, head 0 ...
    k.frame(".");     // ... head 1
    EXPECT_EQ(k.s.attention.kind, AttentionKind::DecoderSelf);
    EXPECT_EQ(k.s.attention.layer, 2);
    EXPECT_EQ(k.s.attention.head, 1);
    k.frame("c");     // to the heatmap's cells
    k.frame();
    k.press(ImGuiKey_DownArrow);  // the cursor appears on the first cell
    k.press(ImGuiKey_DownArrow);
    k.press(ImGuiKey_DownArrow);
    k.press(ImGuiKey_RightArrow);
    EXPECT_EQ(k.s.attention.highlight_row, 2);
    EXPECT_EQ(k.s.attention.highlight_col, 1);
    EXPECT_NE(all_text(k.s).find("Selected cell: "), std::string::npos);
    k.press(ImGuiKey_Enter);  // the row in the step-through
    k.frame();
    EXPECT_TRUE(k.s.show_step);
    EXPECT_EQ(k.s.attention.query, 2);
    const std::string text = all_text(k.s);
    EXPECT_NE(text.find("(row 2) over "), std::string::npos) << text;
    EXPECT_NE(text.find("softmax"), std::string::npos) << text;
}

} // namespace
} // namespace attn
