// attn_ui_tests: headless ImGui (no window, no GL) so widget code runs in CI without a display.
#include <gtest/gtest.h>
#include <imgui.h>

TEST(ImGuiHeadless, ContextRunsFrames) {
    ImGui::CreateContext();
    ImGuiIO & io = ImGui::GetIO();
    io.DisplaySize = ImVec2(1280, 720);
    io.IniFilename = nullptr;  // no imgui.ini left in the working folder
    unsigned char * pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    for (int i = 0; i < 3; i++) {
        ImGui::NewFrame();
        ImGui::Begin("x");
        ImGui::Text("frame %d", i);
        ImGui::End();
        ImGui::Render();
    }
    EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
    ImGui::DestroyContext();
}

// The panel tests rely on ImGui's asserts being on in Release builds (src/ui/imgui_config.h):
// misuse must abort, not draw garbage.
static void end_without_begin() {
    ImGui::CreateContext();
    ImGui::GetIO().DisplaySize = ImVec2(100, 100);
    unsigned char * px = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&px, &w, &h);
    ImGui::NewFrame();
    ImGui::End();  // no matching Begin
}

TEST(ImGuiHeadless, AssertsAreOnInThisBuild) { EXPECT_DEATH(end_without_begin(), "Dear ImGui assertion failed"); }
