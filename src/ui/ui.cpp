#include "ui/ui.h"

#include <imgui.h>

namespace attn {

static void draw_main_menu_bar(AppState & s) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Translate", nullptr, &s.show_translate);
        ImGui::MenuItem("Attention", nullptr, &s.show_attention);
        ImGui::MenuItem("Step-through", nullptr, &s.show_step);
        ImGui::MenuItem("Architecture", nullptr, &s.show_architecture);
        ImGui::MenuItem("Compare: RNN vs. attention vs. Transformer", nullptr, &s.show_compare);
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
    if (s.show_translate) draw_panel_translate(s);
    if (s.show_attention) draw_panel_attention(s);
    if (s.show_step) draw_panel_step(s);
    if (s.show_architecture) draw_panel_architecture(s);
    if (s.show_compare) draw_panel_compare(s);
    if (s.show_about) draw_panel_about(s);
    if (s.show_imgui_demo) ImGui::ShowDemoWindow(&s.show_imgui_demo);
}

} // namespace attn
