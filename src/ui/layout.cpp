#include "ui/layout.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace attn {

static bool g_fill_viewport = false;  // a UI mode for one panel's Begin, like ImGui's own SetNext* state
static float g_leave_below = 0;

void set_fill_viewport(bool on, float leave_below) {
    g_fill_viewport = on;
    g_leave_below = on ? leave_below : 0.0f;
}

void place_next_window(Panel p) {
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    if (g_fill_viewport) {
        ImGui::SetNextWindowPos(vp->WorkPos, ImGuiCond_Always);
        ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, std::max(100.0f, vp->WorkSize.y - g_leave_below)), ImGuiCond_Always);
        return;
    }
    const ImVec2 o = vp->WorkPos, s = vp->WorkSize;
    const float gap = 8.0f;
    ImVec2 pos, size;
    if (s.x >= 900.0f) {
        const float left_w = std::min(620.0f, s.x * 0.48f), right_x = o.x + left_w + 2 * gap, right_w = s.x - left_w - 3 * gap;
        const float top_h = std::floor(s.y * 0.62f);
        switch (p) {
            case Panel::Translate: pos = {o.x + gap, o.y + gap}; size = {left_w, s.y - 2 * gap}; break;
            case Panel::Attention: pos = {right_x, o.y + gap}; size = {right_w, top_h - gap}; break;
            case Panel::Step: pos = {right_x, o.y + top_h + gap}; size = {right_w, s.y - top_h - 2 * gap}; break;
            case Panel::Architecture: pos = {o.x + 3 * gap, o.y + 6 * gap}; size = {std::min(620.0f, s.x - 6 * gap), s.y * 0.7f}; break;
            case Panel::Compare:
            case Panel::Image:
            case Panel::Train: pos = {o.x + gap, o.y + gap}; size = {s.x - 2 * gap, s.y - 2 * gap}; break;
        }
    } else {
        // Stacked: translation, attention, step-through, each the full width.
        const float a = std::floor(s.y * 0.36f), b = std::floor(s.y * 0.72f);
        switch (p) {
            case Panel::Translate: pos = {o.x, o.y}; size = {s.x, a}; break;
            case Panel::Attention: pos = {o.x, o.y + a}; size = {s.x, b - a}; break;
            case Panel::Step: pos = {o.x, o.y + b}; size = {s.x, s.y - b}; break;
            case Panel::Architecture: pos = {o.x, o.y}; size = {s.x, s.y * 0.7f}; break;
            case Panel::Compare:
            case Panel::Image:
            case Panel::Train: pos = {o.x, o.y}; size = {s.x, s.y}; break;
        }
    }
    // Placed once, then the user's to move; but when the screen itself changes size (a browser
    // window resized, a phone turned) the layout is laid out again for it: a window sized for the
    // old screen would hang off the new one's edge, or squeeze a phone layout into a wide screen.
    static ImVec2 placed_for[int(Panel::Train) + 1];
    ImVec2 & last = placed_for[int(p)];
    const bool screen_changed = (last.x != 0 || last.y != 0) && (last.x != s.x || last.y != s.y);
    last = s;
    const ImGuiCond cond = screen_changed ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(pos, cond);
    ImGui::SetNextWindowSize(size, cond);
}

void same_line_if_fits(float width) {
    // Decided before moving: SameLine() then NewLine() would leave the line's end, spacing
    // included, in the window's content width, a few pixels wider than the window.
    const float line_end = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= line_end) ImGui::SameLine();
}

void text_beside(const char * text, const ImVec4 * color) {
    same_line_if_fits(ImGui::CalcTextSize(text).x);
    ImGui::TextColored(color ? *color : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), "%s", text);
}

bool collapsing_header_that_fits(const char * full, const char * shorter, const char * id) {
    const ImGuiStyle & st = ImGui::GetStyle();
    const float arrow = ImGui::GetFontSize() + st.FramePadding.x * 3;  // the triangle and its spacing
    const bool fits = ImGui::CalcTextSize(full).x + arrow <= ImGui::GetContentRegionAvail().x;
    const std::string label = std::string(fits ? full : shorter) + "###" + id;
    return ImGui::CollapsingHeader(label.c_str());
}

} // namespace attn
