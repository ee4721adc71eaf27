// An ImGui context without a window or GPU, for drawing the UI in tests: the font atlas is built
// (so text has a size) and frames run the real draw_ui on an AppState.
#pragma once
#include "ui/ui.h"

#include <imgui.h>

namespace attn {

struct HeadlessUi {
    explicit HeadlessUi(float width = 1280, float height = 800) {
        ImGui::CreateContext();
        ImGuiIO & io = ImGui::GetIO();
        io.DisplaySize = ImVec2(width, height);
        io.IniFilename = nullptr;
        unsigned char * px = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    }
    ~HeadlessUi() { ImGui::DestroyContext(); }
    HeadlessUi(const HeadlessUi &) = delete;
    HeadlessUi & operator=(const HeadlessUi &) = delete;

    void frames(AppState & s, int n) {
        for (int i = 0; i < n; i++) {
            ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
            ImGui::NewFrame();
            draw_ui(s);
            ImGui::Render();
        }
    }
};

} // namespace attn
