#include "ui/ui.h"

#include <imgui.h>

namespace attn {

static void draw_main_menu_bar(AppState & s) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Sentence", nullptr, &s.show_sentence);
        ImGui::MenuItem("About", nullptr, &s.show_about);
        ImGui::Separator();
        ImGui::MenuItem("Dear ImGui demo", nullptr, &s.show_imgui_demo);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        ImGui::MenuItem("About Attention Playground", nullptr, &s.show_about);
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void draw_ui(AppState & s) {
    draw_main_menu_bar(s);
    if (s.show_sentence) draw_panel_sentence(s);
    if (s.show_about) draw_panel_about(s);
    if (s.show_imgui_demo) ImGui::ShowDemoWindow(&s.show_imgui_demo);
}

} // namespace attn
