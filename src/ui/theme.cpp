#include "ui/theme.h"

namespace attn {

void apply_theme(float scale) {
    ImGui::StyleColorsDark();
    ImGuiStyle & st = ImGui::GetStyle();
    // Dimmed hints (captions, the sentence box's placeholder) at WCAG AA on windows and input
    // frames: the dark style's grey 0.50 reaches only 3.4:1 on a frame.
    st.Colors[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.62f, 0.62f, 1.0f);
    st.WindowRounding = 6.0f;
    st.FrameRounding = 4.0f;
    st.GrabRounding = 4.0f;
    st.WindowPadding = ImVec2(12, 10);
    st.FramePadding = ImVec2(8, 5);
    st.ItemSpacing = ImVec2(8, 6);
    st.ScaleAllSizes(scale);
}

namespace theme {

const std::vector<NamedColor> & text_colors() {
    static const std::vector<NamedColor> colors = {
        {"warning", kWarning}, {"caveat", kCaveat}, {"holds", kHolds}, {"fails", kFails},
        {"sure", kSure},       {"unsure", kUnsure}, {"doubtful", kDoubtful},
    };
    return colors;
}

} // namespace theme
} // namespace attn
