#include "ui/theme.h"

namespace attn {

namespace {

Theme g_theme = Theme::Dark;

} // namespace

const char * theme_id(Theme t) { return t == Theme::Light ? "light" : "dark"; }

void apply_theme(float scale, Theme theme) {
    g_theme = theme;
    ImGuiStyle & st = ImGui::GetStyle();
    st = ImGuiStyle();
    if (theme == Theme::Light) {
        ImGui::StyleColorsLight();
        // Dimmed hints at WCAG AA: the light style's grey 0.60 reaches only 2.5:1 on a window.
        st.Colors[ImGuiCol_TextDisabled] = ImVec4(0.36f, 0.36f, 0.36f, 1.0f);
    } else {
        ImGui::StyleColorsDark();
        // Dimmed hints (captions, the sentence box's placeholder) at WCAG AA on windows and input
        // frames: the dark style's grey 0.50 reaches only 3.4:1 on a frame.
        st.Colors[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.62f, 0.62f, 1.0f);
    }
    st.WindowRounding = 6.0f;
    st.FrameRounding = 4.0f;
    st.GrabRounding = 4.0f;
    st.WindowPadding = ImVec2(12, 10);
    st.FramePadding = ImVec2(8, 5);
    st.ItemSpacing = ImVec2(8, 6);
    st.ScaleAllSizes(scale);
}

namespace theme {

const TextColors & text_of(Theme t) {
    static const TextColors dark{
        {1.0f, 0.55f, 0.25f, 1.0f}, {0.9f, 0.8f, 0.5f, 1.0f}, {0.47f, 0.86f, 0.47f, 1.0f}, {1.0f, 0.7f, 0.3f, 1.0f},
        {0.45f, 0.85f, 0.45f, 1.0f}, {0.95f, 0.8f, 0.3f, 1.0f}, {1.0f, 0.45f, 0.35f, 1.0f},
    };
    // The same hues, dark enough for a light page.
    static const TextColors light{
        {0.65f, 0.25f, 0.0f, 1.0f}, {0.42f, 0.33f, 0.0f, 1.0f}, {0.0f, 0.43f, 0.0f, 1.0f}, {0.65f, 0.3f, 0.0f, 1.0f},
        {0.0f, 0.43f, 0.0f, 1.0f}, {0.45f, 0.33f, 0.0f, 1.0f}, {0.72f, 0.1f, 0.05f, 1.0f},
    };
    return t == Theme::Light ? light : dark;
}

const TextColors & text() { return text_of(g_theme); }

ImVec4 background() { return g_theme == Theme::Light ? ImVec4(0.86f, 0.87f, 0.89f, 1.0f) : ImVec4(0.11f, 0.12f, 0.14f, 1.0f); }

std::vector<NamedColor> text_colors(Theme t) {
    const TextColors & c = text_of(t);
    return {{"warning", c.warning}, {"caveat", c.caveat}, {"holds", c.holds}, {"fails", c.fails},
            {"sure", c.sure},       {"unsure", c.unsure}, {"doubtful", c.doubtful}};
}

} // namespace theme
} // namespace attn
