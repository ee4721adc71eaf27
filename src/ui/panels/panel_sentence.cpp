// The sentence a user wants to see attention on. Later issues attach translation and attention
// views to it; here it is the input box plus what the app knows about the text.
#include "core/utf8.h"
#include "ui/ui.h"

#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID / ClearActiveID
#include <imgui_stdlib.h>

namespace attn {

void draw_panel_sentence(AppState & s) {
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + 16, vp->Pos.y + ImGui::GetFrameHeight() + 16), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(640, 0), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Sentence", &s.show_sentence)) { ImGui::End(); return; }

    ImGui::TextUnformatted("Type an English sentence:");
    const ImGuiID box_id = ImGui::GetID("##sentence");
    if (s.sentence_set_from_outside) {
        // An active InputText keeps its own copy of the text and would write it back over ours.
        if (ImGui::GetActiveID() == box_id) ImGui::ClearActiveID();
        s.sentence_set_from_outside = false;
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::InputText("##sentence", &s.sentence)) {
        // Pasted text may be invalid UTF-8 or very long: repair it and cap it, never crash.
        const std::string edited = s.sentence;
        s.set_sentence(edited, /*from_outside=*/false);
    }
    const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
    s.sentence_rect = {mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};

    ImGui::TextDisabled("%zu / %zu characters, %zu bytes", utf8_length(s.sentence),
                        AppState::kMaxSentenceChars, s.sentence.size());
    if (s.sentence_was_truncated)
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f),
                           "The text was cut to %zu characters, the most the playground accepts.",
                           AppState::kMaxSentenceChars);
    ImGui::End();
}

} // namespace attn
