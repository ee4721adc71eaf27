#include "ui/shortcuts.h"

#include "ui/i18n.h"

#include <imgui.h>

#include <algorithm>

namespace attn {

namespace {

struct Shortcut {
    const char * keys;
    const char * what;  // English, for the catalogue
};
constexpr Shortcut kShortcuts[] = {
    {"?", N_("this sheet")},
    {"1  2  3", N_("encoder self-attention, decoder masked self-attention, cross-attention")},
    {"[  ]", N_("previous, next layer")},
    {",  .", N_("previous, next head (before the first: the mean over heads)")},
    {"m", N_("the mean over heads")},
    {"c", N_("move to the heatmap's cells: the arrows move, Enter opens the row in the step-through")},
    {"s", N_("open or close the step-through")},
    {"t", N_("open or close the Train panel")},
    {"Tab, arrows, Space", N_("move between and use the controls of a window (Ctrl+Tab: the next window)")},
#ifdef __EMSCRIPTEN__
    // Inside the canvas Tab belongs to the app; the page's web/app.js lets this pair through.
    {"Esc, Tab", N_("leave the playground for the rest of the page (Shift+Tab: back to the sentence box)")},
#endif
};

} // namespace

bool handle_shortcuts(AppState & s) {
    ImGuiIO & io = ImGui::GetIO();
    if (io.WantTextInput || io.KeyCtrl || io.KeyAlt || io.KeySuper) return false;
    AttentionSelection & a = s.attention;
    bool any = false;
    for (ImWchar c : io.InputQueueCharacters) {
        bool used = true;
        switch (c) {
        case '?': s.show_shortcuts = !s.show_shortcuts; break;
        case '1': a.kind = AttentionKind::EncoderSelf; break;
        case '2': a.kind = AttentionKind::DecoderSelf; break;
        case '3': a.kind = AttentionKind::Cross; break;
        case '[': a.layer = std::max(0, a.layer - 1); break;
        case ']': a.layer++; break;  // the translation runner clamps it to the model
        case ',': a.head = std::max(-1, a.head - 1); break;
        case '.': a.head++; break;
        case 'm': a.head = -1; break;
        case 'c':
            s.show_attention = true;
            a.focus_heatmap = true;
            break;
        case 's': s.show_step = !s.show_step; break;
        case 't': s.show_train = !s.show_train; break;
        default: used = false;
        }
        any |= used;
    }
    if (any) {
        a.highlight_row = a.highlight_col = -1;
        s.request_translation(-1e9);  // the step-through's Q, K, V are recorded for the selected head
    }
    return any;
}

void draw_shortcut_sheet(AppState & s) {
    if (!s.show_shortcuts) return;
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(560.0f, vp->WorkSize.x - 20), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowBgAlpha(1.0f);
    if (!ImGui::Begin(tr_id("Keyboard shortcuts", "shortcuts"), &s.show_shortcuts, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    if (ImGui::BeginTable("##shortcuts", 2, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("##keys", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("##what", ImGuiTableColumnFlags_WidthStretch);
        for (const Shortcut & k : kShortcuts) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(k.keys);
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(tr(k.what));
            ImGui::PopTextWrapPos();
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace attn
